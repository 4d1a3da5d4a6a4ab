import { PROGRAM_INDEX } from './programs-index.ts';

export interface NavLink {
  to: string;
  label: string;
}
export interface NavGroup {
  id: string;
  label: string;
  links: NavLink[];
}
export type NavItem = NavLink | NavGroup;

export const SERVICE_LINKS: NavLink[] = Object.values(PROGRAM_INDEX).map((p) => ({ to: p.path, label: p.title }));

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/gallery', label: 'Gallery' },
  { id: 'services', label: 'Services', links: SERVICE_LINKS },
  { id: 'courses', label: 'Courses', links: [{ to: '/course/soft-skills', label: 'Soft Skills for Students' }] },
  {
    id: 'personality',
    label: 'Personality Test',
    links: [
      { to: '/personality/english-test', label: 'English Test' },
      { to: '/personality/hinglish-test', label: 'Hinglish Test' },
      { to: '/personality/hindi-test', label: 'Hindi Test' },
    ],
  },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact Us' },
];

export const COMPANY_LINKS: NavLink[] = [
  { to: '/about', label: 'About Us' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/join-now', label: 'Join Now' },
];

export const CATEGORY_LINKS: NavLink[] = [{ to: '/course/soft-skills', label: 'Soft Skills for Students' }, ...SERVICE_LINKS];
