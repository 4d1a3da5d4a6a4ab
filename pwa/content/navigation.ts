// The site's menus. Labels are keys of the frame's dictionary (i18n/chrome.en.ts), so both
// languages show the same menus in their own words.
import type { ChromeKey } from '../i18n/chrome.en.ts';
import { POLICY_INDEX, POLICY_SLUGS } from './policies-index.ts';
import { PROGRAM_INDEX, PROGRAM_SLUGS } from './programs-index.ts';

export interface NavLink {
  to: string;
  label: ChromeKey;
}
export interface NavGroup {
  id: string;
  label: ChromeKey;
  links: NavLink[];
}
export type NavItem = NavLink | NavGroup;

export const SERVICE_LINKS: NavLink[] = PROGRAM_SLUGS.map((slug) => ({ to: PROGRAM_INDEX[slug].path, label: `program.${slug}` }));

export const POLICY_LINKS: NavLink[] = POLICY_SLUGS.map((slug) => ({ to: POLICY_INDEX[slug].path, label: `policy.${slug}` }));

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'navHome' },
  { to: '/about', label: 'navAbout' },
  { to: '/gallery', label: 'navGallery' },
  { id: 'services', label: 'navServices', links: SERVICE_LINKS },
  { id: 'courses', label: 'navCourses', links: [{ to: '/course/soft-skills', label: 'courseSoftSkills' }] },
  {
    id: 'personality',
    label: 'navPersonality',
    links: [
      { to: '/personality/english-test', label: 'testEnglish' },
      { to: '/personality/hinglish-test', label: 'testHinglish' },
      { to: '/personality/hindi-test', label: 'testHindi' },
    ],
  },
  { to: '/blog', label: 'navBlog' },
  { to: '/contact', label: 'navContact' },
];

export const COMPANY_LINKS: NavLink[] = [
  { to: '/about', label: 'navAbout' },
  { to: '/gallery', label: 'navGallery' },
  { to: '/blog', label: 'navBlog' },
  { to: '/webinars', label: 'navWebinars' },
  { to: '/contact', label: 'navContact' },
  { to: '/join-now', label: 'joinNow' },
];

export const CATEGORY_LINKS: NavLink[] = [{ to: '/course/soft-skills', label: 'courseSoftSkills' }, ...SERVICE_LINKS];
