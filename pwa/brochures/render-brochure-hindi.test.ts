// The brochures a visitor on /hi/ downloads: the same programmes in Hindi, their words the
// Hindi pages' own, read back whole by poppler's pdftotext (Devanagari in reading order, not
// drawing order), the Devanagari and Latin faces both embedded and each run set in its own,
// rupees in Indian grouping, and the document marked as Hindi.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rupeesText } from '../../contract/bookings.ts';
import { BROCHURE_SLUGS, brochureFileName, brochureHref } from '../content/brochure-files.ts';
import { brochures, type Brochure } from '../content/brochures.ts';
import COURSE_HI from '../content/hi/course.ts';
import PROGRAMS_HI from '../content/hi/programs.ts';
import { brochureFonts } from './fonts.ts';
import { renderBrochure } from './render-brochure.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'brochure-hi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF's text as pdftotext reads it, line breaks folded to spaces; `page` alone when given. */
function textOf(file: string, page?: number): string {
  const only = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...only, file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const ENGLISH_WORDS = ['Programme brochure', 'Packages', 'Outcomes', 'Contact us', 'Duration', 'Address:', 'How the course works'];

// Shaping a whole brochure's Devanagari takes seconds, tens of them on a loaded shared machine.
describe('programme brochures in Hindi', { timeout: 120_000 }, () => {
  const fonts = brochureFonts(path.resolve(import.meta.dirname, '../..'));
  const hindi = brochures('hi');
  // Each drawn once and read by several tests: shaping Devanagari takes seconds on a loaded machine.
  const drawn = new Map<string, Promise<string>>();
  const drawnFile = (b: Brochure) => {
    if (!drawn.has(b.slug))
      drawn.set(
        b.slug,
        renderBrochure(b, fonts).then((pdf) => fileOf(pdf, b.slug)),
      );
    return drawn.get(b.slug)!;
  };

  it('there is one for the course and each programme, served beside the English one and named in Hindi', () => {
    expect(hindi.map((b) => b.slug)).toEqual([...BROCHURE_SLUGS]);
    expect(hindi.find((b) => b.slug === 'skill-for-colleges')!.fileName).toBe('SkillUp - कॉलेजों के लिए स्किल - ब्रोशर.pdf');
    expect(brochureHref('skill-for-colleges', 'hi')).toBe('/brochures/skill-for-colleges.hi.pdf');
    expect(brochureHref('skill-for-colleges', 'en')).toBe('/brochures/skill-for-colleges.pdf');
    expect(brochureFileName('Skill for Colleges')).toBe('SkillUp - Skill for Colleges - brochure.pdf');
  });

  it.each(hindi.map((b) => [b.slug, b] as const))(
    '%s: a Hindi PDF with the page’s promise, approach, outcomes and contact',
    async (_slug, b) => {
      const file = await drawnFile(b);
      const text = textOf(file);
      expect(text).toContain('SkillUp सॉफ्ट स्किल्स अकादमी · प्रोग्राम ब्रोशर');
      expect(text).toContain(b.title);
      expect(text).toContain(b.promise);
      for (const step of b.approach.steps) expect(text).toContain(`${step.title}: ${step.text}`);
      for (const group of b.outcomes) for (const item of group.items) expect(text).toContain(item);
      for (const line of b.certificate) expect(text).toContain(line);
      for (const line of [
        'हमसे संपर्क करें',
        `फ़ोन / WhatsApp: ${b.contact.phone}`,
        `ईमेल: ${b.contact.email}`,
        'पता: दूसरी मंज़िल, 14 कम्युनिटी सेंटर, साकेत, नई दिल्ली 110017, भारत',
      ])
        expect(text).toContain(line);
      for (const english of ENGLISH_WORDS) expect(text).not.toContain(english);
      // Each run in the face that has its letters: Devanagari and Latin (the brand, the email) both embedded.
      const faces = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(faces).toMatch(/NotoSansDevanagari-Regular/);
      expect(faces).toMatch(/NotoSansDevanagari-Bold/);
      expect(faces).toMatch(/NotoSans-Regular/);
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toContain(`Title:           ${b.title} — SkillUp सॉफ्ट स्किल्स अकादमी`);
    },
  );

  it('takes its words from the Hindi pages (nothing is translated into the brochure by hand)', () => {
    const colleges = hindi.find((b) => b.slug === 'skill-for-colleges')!;
    expect(colleges.title).toBe(PROGRAMS_HI.programs['skill-for-colleges'].header.title);
    expect(colleges.approach).toEqual(PROGRAMS_HI.programs['skill-for-colleges'].approach);
    const course = hindi.find((b) => b.slug === 'soft-skills')!;
    expect(course.promise).toBe(COURSE_HI.header.description);
    expect(course.outcomes[0]!.items).toEqual(COURSE_HI.benefits);
  });

  it('the course’s packages keep their names and prices, with the Hindi notes', async () => {
    const course = hindi.find((b) => b.slug === 'soft-skills')!;
    const text = textOf(await drawnFile(course));
    expect(text).toContain('Elevate — ₹2,499 (एक बार का भुगतान)');
    expect(text).toContain('Elite — ₹7,499 (शुरुआती फ़ीस)');
    expect(text).toContain('• 4 हफ़्तों में 12 लाइव सेशन');
  });

  it('a price of a lakh or more is grouped the Indian way', async () => {
    const course = hindi.find((b) => b.slug === 'soft-skills')!;
    const lakh = { ...course, packages: [{ title: 'Elite', price: `${rupeesText(1_25_000)} (शुरुआती फ़ीस)`, features: ['पूरा बैच'] }] };
    const lakhText = textOf(fileOf(await renderBrochure(lakh, fonts), 'lakh'));
    expect(lakhText).toContain('Elite — ₹1,25,000 (शुरुआती फ़ीस)');
  });

  it.each(hindi.map((b) => [b.slug, b] as const))('%s: the contact block stays whole on one page, never alone on it', async (_slug, b) => {
    const file = await drawnFile(b);
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    const pages = Array.from({ length: count }, (_, i) => textOf(file, i + 1));
    const lines = ['हमसे संपर्क करें', `फ़ोन / WhatsApp: ${b.contact.phone}`, `ईमेल: ${b.contact.email}`, `वेबसाइट: ${b.contact.web}`];
    const holding = pages.filter((text) => lines.some((line) => text.includes(line)));
    expect(holding, 'pages with contact lines').toHaveLength(1);
    for (const line of lines) expect(holding[0], line).toContain(line);
    const rest = lines.reduce((text, line) => text.replace(line, ''), holding[0]!).trim();
    expect(rest.length, 'the rest of the contact page').toBeGreaterThan(200);
  });
});
