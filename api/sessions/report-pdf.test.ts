// The class report prints every organisation's name whole, in whatever script it was typed:
// the PDF's text, read back with poppler's pdftotext, holds "सरकारी कॉलेज पुणे",
// "Université Côte d’Azur" and "IIT दिल्ली" exactly (before, the report's one Latin face
// dropped every Devanagari letter, and Devanagari extracted in drawing order: "िदल्ली").
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptText } from '../../pdf/script-text.ts';
import { renderReportPdf } from './report-pdf.ts';

const run = promisify(execFile);
const NAMES = [
  { organisation: 'सरकारी कॉलेज पुणे', city: 'पुणे' },
  { organisation: 'Université Côte d’Azur', city: 'Nice' },
  { organisation: 'IIT दिल्ली', city: 'New Delhi' },
  { organisation: 'Śrī Rāmakṛṣṇa Vidyālaya, शर्मा नगर', city: 'Kōlhāpur' },
];

describe('the class report in every script', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'report-scripts-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const textOf = async (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  };

  it.each(NAMES.map((n, i) => ({ ...n, i })))('prints "$organisation" and its city whole', async ({ organisation, city, i }) => {
    const report = { organisation, date: '2026-12-03', joined: 6, finished: 3, domains: null };
    const text = await textOf(
      await renderReportPdf({ report, city, audience: 'college', publicUrl: 'https://skillup.example.in' }),
      `r${i}`,
    );
    expect(text).toContain(`Class profile: ${organisation}`);
    expect(text).toContain(`${city} · Session of 2026-12-03`);
    // The letters are drawn, not only named: a Devanagari name embeds a Devanagari face.
    const fonts = (await run('pdffonts', [path.join(dir, `r${i}.pdf`)])).stdout;
    expect(fonts.includes('NotoSansDevanagari')).toBe(/[\u0900-\u097f]/u.test(organisation + city));
  });

  it('cuts text into runs by the face that has each letter, spaces staying with their run', () => {
    const doc = new PDFDocument();
    const fonts = (file: string) => new URL(`../certificate/fonts/${file}`, import.meta.url).pathname;
    const text = new ScriptText(doc, {
      regular: [
        fonts('noto-sans-latin-400-normal.woff'),
        fonts('noto-sans-latin-ext-400-normal.woff'),
        fonts('noto-sans-devanagari-devanagari-400-normal.woff'),
      ],
    });
    expect(text.runs('IIT दिल्ली, Śiva', 'regular')).toEqual([
      { face: 0, text: 'IIT ' },
      { face: 2, text: 'दिल्ली' },
      { face: 0, text: ', ' },
      { face: 1, text: 'Ś' },
      { face: 0, text: 'iva' },
    ]);
    // A long name wraps by words and the last allowed line ends in an ellipsis.
    const lines = text.lines('सरकारी कॉलेज पुणे '.repeat(12), { weight: 'regular', size: 17, width: 300, maxLines: 2 });
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(text.width(line, 'regular', 17)).toBeLessThanOrEqual(300);
  });
});
