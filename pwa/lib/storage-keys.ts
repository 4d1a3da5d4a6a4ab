// Every localStorage key the app uses. Spec §3/§6: the signed-up flag and 'user' gate the
// personality tests; the admin session is the token and the admin object; the last
// personality result lets the home page show the profile.
export const STORAGE_KEYS = {
  signedUp: 'isSignedUp',
  user: 'user',
  adminToken: 'adminToken',
  admin: 'admin',
  quizResult: 'personalityResult',
} as const;
