// What a public page makes the browser load before anything is clicked: the scripts its
// prerendered HTML names (the entry and its module preloads) and everything they import
// statically, read from the build's own manifest. The admin console's code and the
// personality test's code are never among them; on the home pages, which have no form on
// their first screen, neither are form validation (yup, Formik) nor the outbox's code
// (IndexedDB, delivery), which loads once the page is idle.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/server.ts';

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

const MANIFEST = path.join(ROOT, 'dist/vite-manifest.json');
const SITE = path.join(ROOT, 'dist/pwa');

/** Source modules that must not load with a public page. */
const NEVER_ON_PUBLIC_PAGES: Array<[string, RegExp]> = [
  ['the admin console', /^features\/admin\/(?!AdminLoginPage)/],
  ['the personality test', /^features\/quiz\/(QuizPage|ProfilePanel)\.tsx$/],
];

/**
 * Code the home pages leave for later, found by what it contains (it sits in chunks shared
 * by several pages, which the manifest names by their first module only).
 */
const NOT_ON_HOME_PAGES: Array<[string, string]> = [
  ['yup', 'ValidationError'],
  ['Formik', 'formik'],
  // pwa/lib/outbox/client.ts
  ['the outbox client', 'persistAsked'],
];

function load(): { manifest: Record<string, Chunk>; byFile: Map<string, string> } {
  if (!existsSync(MANIFEST)) throw new Error('The production build is missing: run `npm run build:pwa` first (npm test does it).');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  return { manifest, byFile: new Map(Object.entries(manifest).map(([key, c]) => [c.file, key])) };
}

/** The manifest keys a page's HTML loads, and all they import statically. */
function staticClosure(html: string, manifest: Record<string, Chunk>, byFile: Map<string, string>): Set<string> {
  const named = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    if (!key || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  for (const file of named) {
    const key = byFile.get(file);
    if (!key) throw new Error(`${file} is named by a page but not in the build's manifest`);
    visit(key);
  }
  return seen;
}

/** The modules each chunk was made from are not in Vite's manifest; a dynamic entry's source is (`src`). */
function offenders(keys: Set<string>, manifest: Record<string, Chunk>): string[] {
  const out: string[] = [];
  for (const key of keys) {
    const src = manifest[key]!.src ?? key;
    for (const [what, pattern] of NEVER_ON_PUBLIC_PAGES) if (pattern.test(src)) out.push(`${what}: ${src}`);
  }
  return out;
}

const publicPaths = (): string[] =>
  [...readFileSync(path.join(SITE, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');

const htmlOf = (p: string) => readFileSync(path.join(SITE, p === '/' ? 'index.html' : `${p.slice(1)}/index.html`), 'utf8');

describe('what a public page loads before it is used', () => {
  it('lists the site’s pages in both languages', () => {
    const paths = publicPaths();
    for (const p of ['/', '/about', '/contact', '/course/soft-skills', '/blog', '/webinars', '/hi', '/hi/course/soft-skills']) {
      expect(paths).toContain(p);
    }
  });

  it('never the admin console’s, the personality test’s or the outbox’s code', () => {
    const { manifest, byFile } = load();
    const found: string[] = [];
    for (const p of publicPaths()) {
      const keys = staticClosure(htmlOf(p), manifest, byFile);
      expect(keys.has('index.html'), p).toBe(true);
      found.push(...offenders(keys, manifest).map((o) => `${p}: ${o}`));
    }
    expect(found).toEqual([]);
  });

  it('on / and /hi: no form validation and no outbox code', () => {
    const { manifest, byFile } = load();
    for (const p of ['/', '/hi']) {
      const keys = staticClosure(htmlOf(p), manifest, byFile);
      const text = [...keys].map((k) => readFileSync(path.join(SITE, manifest[k]!.file), 'utf8')).join('\n');
      expect(
        NOT_ON_HOME_PAGES.filter(([, marker]) => text.includes(marker)).map(([what]) => what),
        p,
      ).toEqual([]);
    }
    // The markers are real: the contact page's form loads all three.
    const contact = staticClosure(htmlOf('/contact'), manifest, byFile);
    const contactText = [...contact].map((k) => readFileSync(path.join(SITE, manifest[k]!.file), 'utf8')).join('\n');
    expect(NOT_ON_HOME_PAGES.filter(([, marker]) => !contactText.includes(marker))).toEqual([]);
  });

  it('would see them if a page loaded them (the console route, the test’s route)', () => {
    const { manifest, byFile } = load();
    const named = (src: string) => `<link rel="modulepreload" crossorigin href="/${manifest[src]!.file}" />`;
    const console = staticClosure(named('features/admin/console/shell/AdminConsole.tsx'), manifest, byFile);
    expect(offenders(console, manifest)).toContain('the admin console: features/admin/console/shell/AdminConsole.tsx');
    const quiz = staticClosure(named('features/quiz/QuizPage.tsx'), manifest, byFile);
    expect(offenders(quiz, manifest)).toContain('the personality test: features/quiz/QuizPage.tsx');
  });
});
