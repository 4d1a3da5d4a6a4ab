// Every localStorage key the app uses. Spec §3/§6: the signed-up flag and 'user' gate the
// personality tests; the admin session is the token and the admin object, in one key
// (features/admin/session.ts); the last personality result lets the home page show the profile;
// the lead source goes with every submission.
export const STORAGE_KEYS = {
  signedUp: 'isSignedUp',
  user: 'user',
  adminSession: 'adminSession',
  quizResult: 'personalityResult',
  /** Where the visitor came from: first and last touch (lib/attribution.ts). */
  leadSource: 'leadSource',
  /** The home page's intro video was shown to this visitor (features/home/IntroVideo.tsx). */
  introVideoSeen: 'introVideoSeen',
  /** The language the visitor chose with the header's switch ('en' or 'hi'): their next visit opens in it. */
  lang: 'skillup.lang',
} as const;
