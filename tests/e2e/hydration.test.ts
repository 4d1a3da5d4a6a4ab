// Every prerendered public page, in both languages, hydrates without a mismatch: the first
// render in the browser produces exactly the HTML the prerender wrote (React error #418 and
// its kin otherwise, and the page is thrown away and rendered again). The pages come from
// the sitemap, plus the unlisted login page and an unknown path in each language (the
// not-found pages). The service worker is blocked so every page is the server's HTML, the
// one hydrated on a first visit (the worker would answer an unknown path with the empty shell).
import { describe, expect, it } from 'vitest';
import { gotoLive } from '../support/pwa.ts';
import { useSite } from '../support/site.ts';

const site = useSite();

/** React's production hydration errors (react.dev/errors/418, 419, 421, 422, 423, 425) and the development wording. */
const HYDRATION_ERROR = /(?:error #|errors\/)(?:418|419|421|422|423|425)\b|hydrat/i;

async function publicPaths(): Promise<string[]> {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return [...listed, '/admin-login', '/hi/admin-login', '/no-such-page', '/hi/no-such-page'];
}

describe('hydration of the prerendered pages', () => {
  it('every public page in English and Hindi hydrates with no mismatch', { timeout: 300_000 }, async () => {
    const paths = await publicPaths();
    expect(paths.filter((p) => p.startsWith('/hi/')).length, 'Hindi pages').toBeGreaterThan(20);
    expect(paths.filter((p) => !p.startsWith('/hi')).length, 'English pages').toBeGreaterThan(20);
    const { page, errors } = await site.page({ serviceWorkers: 'block' });
    const mismatches: string[] = [];
    for (const path of paths) {
      const before = errors.length;
      await gotoLive(page, `${site.url}${path}`);
      for (const e of errors.slice(before)) if (HYDRATION_ERROR.test(e)) mismatches.push(`${path}: ${e.slice(0, 300)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
