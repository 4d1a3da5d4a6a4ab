import type { FaqItem, Stat } from './types.ts';

export const HERO = {
  eyebrow: 'Live soft-skills training across India',
  title: 'Speak with confidence. Work with anyone. Get hired.',
  lead: 'SkillUp trains college students, school students, colleges, schools and companies in communication, teamwork and workplace confidence — in live, practical sessions in Hindi and English.',
  freeClass: 'Free live class every Tuesday, 7 pm — bring a friend.',
  image: { src: '/images/hero.svg', alt: 'Students practising a group discussion with a SkillUp trainer', width: 560, height: 440 },
};

/** Marketing claims (spec §1). */
export const CLAIMS: Stat[] = [
  { value: 5000, suffix: '+', label: 'youth trained' },
  { value: 98, suffix: '%', label: 'satisfaction' },
  { value: 100, suffix: '+', label: 'projects delivered' },
  { value: 5200, suffix: '+', label: 'reviews' },
];

/** The stats strip (spec §1, §9). */
export const STATS: Stat[] = [
  { value: 10, suffix: '+', label: 'Courses' },
  { value: 20, suffix: '+', label: 'Industry mentors' },
  { value: 5000, suffix: '+', label: 'Youth transformed' },
  { value: 55, suffix: '%', label: 'Average salary hike' },
];

/** How we work: the four-step process. */
export const PROCESS_STEPS = [
  {
    title: 'Assessment',
    text: 'A short diagnostic call and our personality checker show where you stand today: how you speak, listen, write and handle pressure.',
  },
  {
    title: 'Goal Setting',
    text: 'Together we set two or three concrete goals — an interview, a presentation, a new team — and plan the sessions that get you there.',
  },
  {
    title: 'Coaching Session',
    text: 'Live, small-batch sessions with industry mentors: role plays, mock interviews and group discussions, with honest feedback every time.',
  },
  {
    title: 'Ongoing Support',
    text: 'Recordings, practice tasks and a mentor on WhatsApp for the weeks after the course, so new habits stick when it matters.',
  },
] as const;

export const INTRO_VIDEO = {
  title: 'Meet SkillUp in 30 seconds',
  /** Local files (WebM first, MP4 for older Safari); an embed URL could replace them here. */
  sources: [
    { src: '/video/intro.webm', type: 'video/webm' },
    { src: '/video/intro.mp4', type: 'video/mp4' },
  ],
  poster: '/video/intro-poster.webp',
  width: 360,
  height: 640,
};

/** The home page's words beside the constants above: what content/hi/home.ts gives in Hindi. */
export interface HomeWords {
  title: string;
  description: string;
  hero: Omit<typeof HERO, 'image'> & { imageAlt: string };
  joinFree: string;
  exploreCourse: string;
  claimsLabel: string;
  claims: Stat[];
  stats: Stat[];
  processTitle: string;
  steps: ReadonlyArray<{ title: string; text: string }>;
  faqs: FaqItem[];
  videoTitle: string;
}
