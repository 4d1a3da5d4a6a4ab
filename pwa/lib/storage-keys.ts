// Every localStorage key the app uses. Spec §3/§6: the signed-up flag and 'user' gate the
// personality tests; the admin session is the token and the admin object.
export const STORAGE_KEYS = {
  signedUp: 'isSignedUp',
  user: 'user',
  adminToken: 'adminToken',
  admin: 'admin',
} as const;
