// §9: the enquiry form's fixed option lists. The server accepts nothing else.
export const BACKGROUND_OPTIONS = ['College Student', 'School Student', 'Corporate Employee'] as const;
export const COURSE_OPTIONS = ['Soft Skills', 'B2B Training', 'Corporate Training'] as const;

export type Background = (typeof BACKGROUND_OPTIONS)[number];
export type Course = (typeof COURSE_OPTIONS)[number];

// Field length ceilings. The spec shows none; these are generous for real people and
// small enough that one request cannot bloat a row.
export const LIMITS = {
  // A name is printed on a certificate: 80 characters fits the longest real ones.
  name: 80,
  email: 254,
  message: 5000,
  passwordMin: 6,
  passwordMax: 128,
  batch: 120,
  organisation: 120,
  city: 80,
  participants: 100_000,
} as const;
