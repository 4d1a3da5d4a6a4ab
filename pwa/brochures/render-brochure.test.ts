// Every brochure is a real PDF whose text is its programme's own content (read back with
// poppler's pdftotext, as a reader's PDF viewer would).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brochures } from '../content/brochures.ts';
import { BROCHURE_SLUGS } from '../content/brochure-files.ts';
import { PROGRAMS } from '../content/programs.ts';
import { renderBrochure } from './render-brochure.ts';
import { brochureFonts } from './fonts.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'brochure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext reads it, with its line breaks and hyphens folded to spaces. */
function textOf(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('programme brochures', () => {
  const fonts = brochureFonts(path.resolve(import.meta.dirname, '../..'));

  it('there is one for the course and each programme, named for it', () => {
    expect(brochures().map((b) => b.slug)).toEqual([...BROCHURE_SLUGS]);
    for (const b of brochures()) expect(b.fileName).toContain(b.title);
  });

  it.each(brochures().map((b) => [b.slug, b] as const))(
    '%s: a PDF holding the promise, approach, outcomes and contact',
    async (slug, b) => {
      const pdf = await renderBrochure(b, fonts);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = textOf(pdf, slug);
      expect(text).toContain(b.title);
      expect(text).toContain(b.promise.slice(0, 60));
      for (const step of b.approach.steps) expect(text).toContain(step.title);
      expect(text).toContain(b.outcomes[0]!.items[0]!);
      expect(text).toContain(b.contact.phone);
      expect(text).toContain(b.contact.email);
    },
  );

  it.each(brochures().map((b) => [b.slug, b] as const))(
    '%s: the contact block stays whole on one page, with the programme beside it, never alone on a page',
    async (slug, b) => {
      const file = path.join(dir, `${slug}-pages.pdf`);
      writeFileSync(file, await renderBrochure(b, fonts));
      const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
      const pages = Array.from({ length: count }, (_, i) =>
        execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }).replace(
          /\s+/g,
          ' ',
        ),
      );
      const lines = [
        'Contact us',
        `Phone / WhatsApp: ${b.contact.phone}`,
        `Email: ${b.contact.email}`,
        `Address: ${b.contact.address}`,
        `Web: ${b.contact.web}`,
      ];
      const holding = pages.filter((text) => lines.some((line) => text.includes(line)));
      expect(holding, 'pages with contact lines').toHaveLength(1);
      const [page] = holding;
      for (const line of lines) expect(page, line).toContain(line);
      // What else the page holds: the programme's own text, not just the contact lines.
      const rest = lines.reduce((text, line) => text.replace(line, ''), page!).trim();
      expect(rest.length, `the rest of the contact page: "${rest}"`).toBeGreaterThan(200);
    },
  );

  it("the course's packages carry their prices, rupee sign and all", async () => {
    const course = brochures().find((b) => b.slug === 'soft-skills')!;
    const text = textOf(await renderBrochure(course, fonts), 'course-prices');
    expect(text).toContain('Elevate — ₹2,499');
    expect(text).toContain('Elite — ₹7,499');
  });

  it('prints names in any script whole: Devanagari, Latin with accents, and both in one line, bold and regular', async () => {
    const names = ['सरकारी कॉलेज पुणे', 'Université Côte d’Azur', 'IIT दिल्ली'];
    const colleges = brochures().find((b) => b.slug === 'skill-for-colleges')!;
    const text = textOf(
      await renderBrochure(
        {
          ...colleges,
          title: `${colleges.title}: IIT दिल्ली`,
          promise: `Run with ${names.join(', ')} and more, for ₹2,499 a seat.`,
          facts: [['Trained at', names.join(' · ')], ...colleges.facts],
          outcomes: [{ title: 'सरकारी कॉलेज पुणे', items: names }, ...colleges.outcomes],
        },
        fonts,
      ),
      'names',
    );
    for (const name of names) expect(text.split(name).length - 1, name).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`${colleges.title}: IIT दिल्ली`);
    expect(text).toContain(`Trained at: ${names.join(' · ')}`);
    // Not in drawing order (the vowel sign before its consonant), not dropped.
    expect(text).not.toMatch(/िद|पुण,े/);
  });

  it("follows the page's content (nothing is copied into the brochure by hand)", () => {
    const colleges = brochures().find((b) => b.slug === 'skill-for-colleges')!;
    expect(colleges.promise).toBe(PROGRAMS['skill-for-colleges']!.header.description);
    expect(colleges.approach.steps).toEqual(PROGRAMS['skill-for-colleges']!.approach.steps);
  });
});
