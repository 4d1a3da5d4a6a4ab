// Each programme's path and heading without its page: the routes and the Services menu need
// only these, so the main chunk stays free of the programme pages and their FAQs
// (programs.ts, loaded by the programme page, holds them).

export const PROGRAM_INDEX = {
  'skill-for-colleges': { path: '/services/skill-for-colleges', title: 'Skill for Colleges' },
  'skill-for-schools': { path: '/services/skill-for-schools', title: 'Skill for Schools' },
  'corporate-training': { path: '/services/corporate-training', title: 'Corporate Training for Freshers' },
  'b2b-outsourcing': { path: '/services/b2b-outsourcing', title: 'B2B Soft Skills Outsourcing' },
} as const satisfies Record<string, { path: string; title: string }>;

export type ProgramSlug = keyof typeof PROGRAM_INDEX;

export const PROGRAM_SLUGS = Object.keys(PROGRAM_INDEX) as ProgramSlug[];
