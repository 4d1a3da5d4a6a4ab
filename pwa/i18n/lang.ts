// The site's two languages and how a page's path says which one it is in: English at the
// root, Hindi under /hi/. The same components render both (design.md, "Languages").
export type Lang = 'en' | 'hi';

export const HINDI_PREFIX = '/hi';

/** The BCP 47 tags the HTML and hreflang use. */
export const LANG_TAG: Record<Lang, string> = { en: 'en', hi: 'hi' };

export function langOfPath(pathname: string): Lang {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? 'hi' : 'en';
}

/** The page's path without its language prefix: '/hi/about' → '/about', '/hi' → '/'. */
export function pagePath(pathname: string): string {
  if (langOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(HINDI_PREFIX.length);
  return rest === '' || rest === '/' ? '/' : rest;
}

/** The same page in `lang`: ('/about', 'hi') → '/hi/about', ('/', 'hi') → '/hi'. Leaves other sites' links alone. */
export function pathIn(path: string, lang: Lang): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const page = pagePath(path);
  if (lang === 'en') return page;
  return page === '/' ? HINDI_PREFIX : `${HINDI_PREFIX}${page}`;
}
