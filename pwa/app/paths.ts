// The routes written to HTML at build time, and the client-only routes that get an empty
// shell instead (guards read localStorage, so they can only run in the browser).
// Paths come from the content indexes: listing routes needs no page text.
import { BLOG_POST_IDS } from '../content/blog-index.ts';
import { POLICY_INDEX } from '../content/policies-index.ts';
import { PROGRAM_INDEX } from '../content/programs-index.ts';
import { CONSOLE_FIXED_PATHS } from '../../contract/routes.ts';
import { pathIn } from '../i18n/lang.ts';

const ENGLISH_PAGES: string[] = [
  '/',
  '/about',
  '/gallery',
  '/blog',
  ...BLOG_POST_IDS.map((id) => `/blog/${id}`),
  '/contact',
  '/webinars',
  '/join-now',
  '/signup',
  '/course/soft-skills',
  ...Object.values(PROGRAM_INDEX).map((p) => p.path),
  ...Object.values(POLICY_INDEX).map((p) => p.path),
  '/admin-login',
  '/delete-my-data',
];

/** Every public page in English and, under /hi/, in Hindi (the console stays English). */
export const PRERENDERED_PATHS: string[] = [...ENGLISH_PAGES, ...ENGLISH_PAGES.map((p) => pathIn(p, 'hi'))];

/** Not in the sitemap (and disallowed in robots.txt). */
export const UNLISTED_PATHS = new Set(['/admin-login', '/hi/admin-login']);

const TEST_PATHS = ['/personality/english-test', '/personality/hinglish-test', '/personality/hindi-test'];

export const CLIENT_ONLY_PATHS: string[] = [
  ...TEST_PATHS,
  ...TEST_PATHS.map((p) => pathIn(p, 'hi')),
  // Every console page with no value in its path, each list's among them (the console's route table).
  ...CONSOLE_FIXED_PATHS,
  // An invited member's page reads its token from the link.
  '/admin-invite',
  // What waits on this device: read from IndexedDB, so nothing to prerender.
  '/outbox',
  '/hi/outbox',
];

/** Rendered to 404.html: any path no route matches. */
export const NOT_FOUND_PATH = '/__not-found__';
