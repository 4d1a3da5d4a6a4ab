// The routes written to HTML at build time, and the client-only routes that get an empty
// shell instead (guards read localStorage, so they can only run in the browser).
import { BLOG_POSTS } from '../content/blog.ts';
import { POLICIES } from '../content/policies.ts';
import { PROGRAMS } from '../content/programs.ts';

export const PRERENDERED_PATHS: string[] = [
  '/',
  '/about',
  '/gallery',
  '/blog',
  ...BLOG_POSTS.map((p) => `/blog/${p.id}`),
  '/contact',
  '/join-now',
  '/signup',
  '/course/soft-skills',
  ...Object.values(PROGRAMS).map((p) => p.path),
  ...Object.values(POLICIES).map((p) => p.path),
  '/admin-login',
];

/** Not in the sitemap (and disallowed in robots.txt). */
export const UNLISTED_PATHS = new Set(['/admin-login']);

export const CLIENT_ONLY_PATHS: string[] = [
  '/personality/english-test',
  '/personality/hinglish-test',
  '/admin',
  '/admin/join-now',
  '/admin/join-free',
  '/admin/contact',
  '/admin/need-help',
  '/admin/test-form',
  // What waits on this device: read from IndexedDB, so nothing to prerender.
  '/outbox',
];

/** Rendered to 404.html: any path no route matches. */
export const NOT_FOUND_PATH = '/__not-found__';
