// Every Hindi page the build writes, not a sample: served with lang="hi", canonical to itself,
// naming its English page, itself and the English default (hreflang), and listed in the
// sitemap with the same three alternates; every English page names its Hindi one.
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, UNLISTED_PATHS } from '../../pwa/app/paths.ts';
import { useSite } from '../support/site.ts';

const site = useSite();
const HINDI = PRERENDERED_PATHS.filter((p) => p === '/hi' || p.startsWith('/hi/'));
const englishOf = (p: string) => (p === '/hi' ? '/' : p.slice(3));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The three alternates of a page in either language, as `<link>` attributes or sitemap `<xhtml:link>`s. */
const alternates = (hindi: string) => [
  new RegExp(`hreflang="en" href="https?://[^/"]+${escape(englishOf(hindi))}"`),
  new RegExp(`hreflang="hi" href="https?://[^/"]+${escape(hindi)}"`),
  new RegExp(`hreflang="x-default" href="https?://[^/"]+${escape(englishOf(hindi))}"`),
];

describe('every Hindi page and its alternates', () => {
  it('there are as many Hindi pages as English ones, the blog posts and policies among them', () => {
    expect(HINDI.length * 2).toBe(PRERENDERED_PATHS.length);
    expect(HINDI).toContain('/hi/privacy-policy');
    expect(HINDI.some((p) => p.startsWith('/hi/blog/'))).toBe(true);
  });

  it('each is served in Hindi, canonical to itself, naming both languages; its English page names it back', async () => {
    for (const path of HINDI) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).toMatch(/<html lang="hi"/);
      expect(html, path).toMatch(new RegExp(`rel="canonical" href="https?://[^/"]+${escape(path)}"`));
      for (const link of alternates(path)) expect(html, path).toMatch(link);
      const english = await (await fetch(`${site.url}${englishOf(path)}`)).text();
      expect(english, englishOf(path)).toMatch(/<html lang="en"/);
      for (const link of alternates(path)) expect(english, englishOf(path)).toMatch(link);
    }
  });

  it('the sitemap lists each listed Hindi page with its three alternates, and no unlisted one', async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const entries = new Map([...sitemap.matchAll(/<url><loc>https?:\/\/[^/<]+([^<]*)<\/loc>(.*?)<\/url>/g)].map((m) => [m[1]!, m[2]!]));
    for (const path of HINDI) {
      if (UNLISTED_PATHS.has(path)) {
        expect(entries.has(path), path).toBe(false);
        continue;
      }
      const entry = entries.get(path);
      expect(entry, path).toBeDefined();
      for (const link of alternates(path)) expect(entry, path).toMatch(link);
      expect(entries.get(englishOf(path)), englishOf(path)).toBeDefined();
    }
  });
});
