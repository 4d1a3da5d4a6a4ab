// The certificate PNG: its size, that Devanagari names come out as letters (not tofu
// boxes), that the QR code encodes the verify URL module for module, and render time.
import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers } from '../../contract/quiz/options.ts';
import { scoreAnswers } from '../../contract/quiz/scoring.ts';
import { CERTIFICATE_FONT_FILES, certificateFonts, loadFonts } from './fonts.ts';
import { qrShape } from './qr.ts';
import { CERTIFICATE_HEIGHT, CERTIFICATE_WIDTH, fitName, renderCertificatePng, type CertificateData } from './render.ts';

const answers: QuizAnswers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 7 + 3) % 4) as 0 | 1 | 2 | 3]));

const base: CertificateData = {
  certificateId: 'SU-2026-7K4Q-M9XD',
  name: 'Priya Sharma',
  language: 'english',
  issuedAt: new Date('2026-11-21T06:30:00Z'),
  result: scoreAnswers(answers),
  verifyUrl: 'https://skillupacademy.in/verify/SU-2026-7K4Q-M9XD',
};

/** Width and height from the PNG's IHDR chunk, which must come first after the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.readUInt32BE(8)).toBe(13);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderCertificatePng', () => {
  let first: Buffer;
  beforeAll(async () => {
    first = await renderCertificatePng(base);
  });

  it('is a 1600×1131 PNG', () => {
    expect(pngSize(first)).toEqual({ width: 1600, height: 1131 });
    expect([CERTIFICATE_WIDTH, CERTIFICATE_HEIGHT]).toEqual([1600, 1131]);
  });

  it('is deterministic, so comparing two renders compares their content', async () => {
    expect((await renderCertificatePng(base)).equals(first)).toBe(true);
  });

  // Two names with the same number of code points: as letters they differ, as tofu (one
  // identical box per missing character) they are the same picture.
  const rahul = 'राहुल शर्मा';
  const sunil = 'सुनील वर्मा';

  it('draws Devanagari names as letters', async () => {
    const a = await renderCertificatePng({ ...base, name: rahul });
    const b = await renderCertificatePng({ ...base, name: sunil });
    expect(a.equals(b)).toBe(false);
    expect(a.equals(first)).toBe(false);
  });

  it('control: without the Devanagari font the same two names are identical tofu', async () => {
    const latinOnly = await loadFonts(CERTIFICATE_FONT_FILES.filter((f) => !f.name.includes('Devanagari')));
    const a = await renderCertificatePng({ ...base, name: rahul }, { fonts: latinOnly });
    const b = await renderCertificatePng({ ...base, name: sunil }, { fonts: latinOnly });
    expect(a.equals(b)).toBe(true);
  });

  it('changes with the language, the result, the id and the verify URL', async () => {
    const variants: CertificateData[] = [
      { ...base, language: 'hinglish' },
      { ...base, result: scoreAnswers(Object.fromEntries(QUIZ_ITEM_IDS.map((id) => [id, 0]))) },
      { ...base, certificateId: 'SU-2026-AAAA-BBBB' },
      { ...base, verifyUrl: 'https://skillupacademy.in/verify/SU-2026-AAAA-BBBB' },
    ];
    for (const variant of variants) expect((await renderCertificatePng(variant)).equals(first)).toBe(false);
  });

  it('renders in well under a second of CPU after warm-up (median of 7)', async () => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      const used = process.cpuUsage();
      await renderCertificatePng({ ...base, certificateId: `SU-2026-TIME-${i}` });
      const { user, system } = process.cpuUsage(used);
      wall.push(performance.now() - start);
      cpu.push((user + system) / 1000);
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[3]!;
    console.info(`certificate render median: ${median(wall).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU`);
    // The target is 150 ms on an idle 2-core machine (bench/certificate.ts measures it).
    // This bound is on CPU time, which other jobs on the machine barely move, and only
    // catches regressions such as re-reading the fonts on every render.
    expect(median(cpu)).toBeLessThan(600);
  });
});

describe('certificateFonts', () => {
  it('loads once and hands out the same array, so satori reuses its parsed fonts', async () => {
    const a = await certificateFonts();
    expect(await certificateFonts()).toBe(a);
    expect(a.map((f) => f.name)).toContain('Noto Sans Devanagari');
    for (const font of a) expect(font.data.byteLength).toBeGreaterThan(10_000);
  });
});

describe('qrShape', () => {
  it('draws exactly the dark modules of the QR code, inside a 4-module quiet zone', () => {
    const url = base.verifyUrl;
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const { size, d } = qrShape(url);
    expect(size).toBe(modules.size + 8);
    // Rasterise at one pixel per module and compare every pixel with the matrix.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    const pixels = new Resvg(svg).render().pixels;
    let mismatches = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const dark = pixels[(y * size + x) * 4]! < 128;
        const inCode = x >= 4 && y >= 4 && x < size - 4 && y < size - 4;
        const expected = inCode && Boolean(modules.get(y - 4, x - 4));
        if (dark !== expected) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });
});

describe('fitName', () => {
  it('prints short names large and shrinks long ones', () => {
    expect(fitName('Asha').fontSize).toBe(74);
    const long = fitName('Venkata Ramana Subrahmanyam Chandrasekharan');
    expect(long.fontSize).toBeLessThan(74);
    expect(long.fontSize).toBeGreaterThanOrEqual(40);
    expect(long.name).toBe('Venkata Ramana Subrahmanyam Chandrasekharan');
  });

  it('collapses whitespace', () => {
    expect(fitName('  Priya    Sharma ').name).toBe('Priya Sharma');
  });

  it('cuts only names too long for the page, between graphemes', () => {
    const original = 'क्षितिज '.repeat(20).trim();
    const cut = fitName(original);
    expect(cut.name.endsWith('…')).toBe(true);
    expect(cut.fontSize).toBe(40);
    const kept = cut.name.slice(0, -1);
    expect(original.startsWith(kept)).toBe(true);
    // The cut lands on a grapheme boundary: no conjunct or vowel sign is split.
    const boundaries = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(original)].map((s) => s.index);
    expect(boundaries).toContain(kept.length);
    expect(boundaries).toContain(kept.length + 1); // the space trimmed before the ellipsis
  });
});
