// The personality-test certificate: a 1600×1131 landscape PNG (A4 proportions, so it
// prints well) built as a plain element tree, laid out by satori into SVG with the text
// as paths, and rasterised by resvg. No JSX runtime, no browser, no system fonts.
import { Resvg, renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { QUIZ_DOMAIN_LABELS } from '../../contract/quiz/items.ts';
import type { QuizLanguage } from '../../contract/quiz/options.ts';
import { QUIZ_BAND_LABELS, QUIZ_BAND_PROFILES, type QuizDomainScore, type QuizResult } from '../../contract/quiz/scoring.ts';
import { certificateFonts, FONT_FAMILY } from './fonts.ts';
import { qrShape } from './qr.ts';
import { certificateWords, shortLabel, type CertificateWords } from './words.ts';

export const CERTIFICATE_WIDTH = 1600;
export const CERTIFICATE_HEIGHT = 1131;

// The PWA's site config (pwa/config/site.ts) holds the same name; the API may not import
// the PWA, so the certificate keeps its own copy.
const BRAND = { short: 'SkillUp', rest: 'Soft Skills Academy', tagline: 'Soft skills that open doors' };

const NAVY = '#1d3557';
const ACCENT = '#e76f51';
const STEEL = '#457b9d';
const INK = '#2b3a4f';
const MUTED = '#6b7a8f';
const PAPER = '#fffdf8';
const TRACK = '#e6ebf1';

export interface CertificateData {
  certificateId: string;
  name: string;
  language: QuizLanguage;
  issuedAt: Date;
  result: QuizResult;
  verifyUrl: string;
  /** The organisation of the classroom session the test was taken in, if any. */
  organisation?: string | undefined;
}

export interface RenderOptions {
  /** Fonts to lay out with; defaults to the bundled set. Tests pass a reduced set. */
  fonts?: Font[];
}

const RASTER_OPTIONS = { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } } as const;

export async function renderCertificatePng(data: CertificateData, options: RenderOptions = {}): Promise<Buffer> {
  const svg = await renderCertificateSvg(data, options);
  // resvg's async render runs on libuv's thread pool, keeping the calling thread free.
  const image = await renderAsync(svg, RASTER_OPTIONS);
  return image.asPng();
}

/**
 * The same PNG, rasterised on the calling thread: for a worker thread of the render pool,
 * whose whole job it is (libuv's pool is shared with scrypt and file reads of the process).
 */
export async function renderCertificatePngHere(data: CertificateData, options: RenderOptions = {}): Promise<Buffer> {
  const svg = await renderCertificateSvg(data, options);
  return new Resvg(svg, RASTER_OPTIONS).render().asPng();
}

export async function renderCertificateSvg(data: CertificateData, options: RenderOptions = {}): Promise<string> {
  const fonts = options.fonts ?? (await certificateFonts());
  return satori(certificateTree(data) as unknown as Parameters<typeof satori>[0], {
    width: CERTIFICATE_WIDTH,
    height: CERTIFICATE_HEIGHT,
    fonts,
  });
}

// ---- a tiny element builder: satori takes React-shaped objects, not React itself ----

type Style = Record<string, string | number>;
export type Child = El | string | null | false;
export interface El {
  type: string;
  props: Record<string, unknown> & { style?: Style; children?: Child | Child[] };
}

function h(type: string, props: (Record<string, unknown> & { style?: Style }) | null, ...children: Child[]): El {
  const kids = children.filter((c) => c !== null && c !== false);
  return { type, props: { ...props, children: kids.length === 1 ? kids[0] : kids } };
}

/** A flex box: satori requires display:flex on every element with more than one child. */
const box = (style: Style, ...children: Child[]) => h('div', { style: { display: 'flex', ...style } }, ...children);
const text = (style: Style, value: string) => h('div', { style: { display: 'flex', ...style } }, value);

// ---- the certificate ----

/** The certificate as satori's element tree (exported so a test can read the words it prints). */
export function certificateTree(data: CertificateData): El {
  const words = certificateWords(data.language);
  return box(
    {
      width: CERTIFICATE_WIDTH,
      height: CERTIFICATE_HEIGHT,
      position: 'relative',
      backgroundColor: PAPER,
      fontFamily: FONT_FAMILY,
      color: INK,
    },
    frame(),
    box(
      {
        position: 'absolute',
        top: 78,
        left: 110,
        right: 110,
        bottom: 70,
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'space-between',
      },
      brandHeader(),
      titleBlock(words),
      recipientBlock(data, words),
      profilePanel(data.result, words),
      footer(data, words),
    ),
  );
}

// Lines and rings are drawn as filled boxes, not CSS borders: satori turns every border
// into a clip path, and resvg rasterises each clip path as a mask the size of its box,
// which for a page-sized frame cost more than the rest of the certificate together.
const rect = (left: number, top: number, width: number, height: number, color: string) =>
  box({ position: 'absolute', left, top, width, height, backgroundColor: color });

function frame(): El {
  const W = CERTIFICATE_WIDTH;
  const H = CERTIFICATE_HEIGHT;
  const outline = (inset: number, weight: number, color: string) => [
    rect(inset, inset, W - 2 * inset, weight, color),
    rect(inset, H - inset - weight, W - 2 * inset, weight, color),
    rect(inset, inset, weight, H - 2 * inset, color),
    rect(W - inset - weight, inset, weight, H - 2 * inset, color),
  ];
  const arm = 46;
  const at = 52;
  const t = 4;
  const corners = [
    [at, at, 1, 1],
    [W - at - arm, at, -1, 1],
    [at, H - at - arm, 1, -1],
    [W - at - arm, H - at - arm, -1, -1],
  ].flatMap(([x = 0, y = 0, dx, dy]) => [
    rect(x, dy === 1 ? y : y + arm - t, arm, t, ACCENT),
    rect(dx === 1 ? x : x + arm - t, y, t, arm, ACCENT),
  ]);
  return box(
    { position: 'absolute', top: 0, left: 0, width: W, height: H },
    ...wash(44, 44, W - 88, 200),
    ...outline(24, 10, NAVY),
    ...outline(44, 1.5, STEEL),
    ...corners,
  );
}

/**
 * A soft wash of colour fading down into the paper, like letterhead. Drawn as thin solid
 * bands rather than a CSS gradient: satori turns a gradient into an SVG pattern that resvg
 * renders off-screen, and this one, page-wide, cost about 40 % of the rasterising time. The
 * steps are about one colour level apart, so no banding shows.
 */
function wash(left: number, top: number, width: number, height: number): El[] {
  const from = [0xed, 0xf1, 0xf7];
  const to = [0xff, 0xfd, 0xf8];
  const steps = 20;
  return Array.from({ length: steps }, (_, i) => {
    const t = i / (steps - 1);
    const rgb = from.map((c, k) => Math.round(c + ((to[k] ?? c) - c) * t));
    const y0 = Math.round((height * i) / steps);
    const y1 = Math.round((height * (i + 1)) / steps);
    return rect(left, top + y0, width, y1 - y0, `rgb(${rgb.join(',')})`);
  });
}

interface Ring {
  width: number;
  color: string;
  /** Paper-coloured space between the ring and the disc. */
  gap?: number;
}

/** A disc, optionally ringed: nested filled circles, for the reason given at rect(). */
function disc(size: number, color: string, ring?: Ring, ...children: Child[]): El {
  const round = (diameter: number, fill: string, ...inner: Child[]) =>
    box(
      {
        width: diameter,
        height: diameter,
        borderRadius: diameter / 2,
        backgroundColor: fill,
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
      },
      ...inner,
    );
  const core = round(size, color, ...children);
  if (!ring) return core;
  const gap = ring.gap ?? 0;
  const spaced = gap ? round(size + 2 * gap, PAPER, core) : core;
  return round(size + 2 * gap + 2 * ring.width, ring.color, spaced);
}

function brandHeader(): El {
  return box(
    { alignItems: 'center', gap: 18 },
    box(
      { position: 'relative', width: 60, height: 60 },
      disc(60, NAVY, undefined, text({ color: '#ffffff', fontSize: 34, fontWeight: 700, marginTop: -4 }, 'S')),
      box({ position: 'absolute', right: 2, top: 2 }, disc(12, ACCENT, { width: 2.5, color: PAPER })),
    ),
    box(
      { flexDirection: 'column' },
      box(
        { alignItems: 'baseline', gap: 12 },
        text({ fontSize: 30, fontWeight: 700, color: NAVY, letterSpacing: 2 }, BRAND.short.toUpperCase()),
        text({ fontSize: 20, color: NAVY, letterSpacing: 5 }, BRAND.rest.toUpperCase()),
      ),
      text({ fontSize: 16, fontStyle: 'italic', color: MUTED, letterSpacing: 0.5 }, BRAND.tagline),
    ),
  );
}

/** Letter spacing for spaced capitals; none in a script that joins its letters. */
function spacing(words: CertificateWords, px: number): number {
  return words.spaced ? px : 0;
}

function titleBlock(words: CertificateWords): El {
  const rule = box({ width: 90, height: 2, backgroundColor: ACCENT });
  return box(
    { flexDirection: 'column', alignItems: 'center' },
    text(
      { fontSize: 78, fontWeight: 700, color: NAVY, letterSpacing: spacing(words, 14), lineHeight: 1.1, marginLeft: spacing(words, 14) },
      words.title,
    ),
    box(
      { alignItems: 'center', gap: 20, marginTop: 6 },
      rule,
      text({ fontSize: 22, color: ACCENT, letterSpacing: spacing(words, 7), fontWeight: 700 }, words.subtitle),
      rule,
    ),
  );
}

// In English for the English and Hinglish tests, in Hindi for the Hindi one (./words.ts).
function recipientBlock(data: CertificateData, words: CertificateWords): El {
  const { name, fontSize } = fitName(data.name);
  return box(
    { flexDirection: 'column', alignItems: 'center' },
    text({ fontSize: 24, fontStyle: 'italic', color: MUTED }, words.certifies),
    text(
      {
        fontSize,
        fontWeight: 700,
        color: NAVY,
        marginTop: 6,
        whiteSpace: 'nowrap',
        lineHeight: 1.35,
      },
      name,
    ),
    box({ width: 560, height: 2, backgroundColor: ACCENT, marginTop: 2 }),
    text({ fontSize: 23, color: INK, marginTop: 16, lineHeight: 1.45 }, words.completed(words.date(data.issuedAt), data.organisation)),
    text({ fontSize: 23, color: INK, lineHeight: 1.45 }, words.assessment(data.language)),
  );
}

const NAME_MAX_WIDTH = 1300;
const NAME_MAX_SIZE = 74;
const NAME_MIN_SIZE = 40;
// Average advance of a bold Noto Sans character, in em; Devanagari clusters are counted as
// one grapheme each, and they are about as wide.
const EM_PER_CHAR = 0.62;
const NAME_MAX_GRAPHEMES = Math.floor(NAME_MAX_WIDTH / (NAME_MIN_SIZE * EM_PER_CHAR));

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The name as printed, and its font size: as large as the page allows, shrinking for long
 * names, and cut with an ellipsis only past what fits even at the smallest size. Cuts fall
 * between graphemes so a Devanagari conjunct or vowel sign is never split.
 */
export function fitName(raw: string): { name: string; fontSize: number } {
  const clusters = [...graphemes.segment(raw.trim().replace(/\s+/g, ' '))].map((s) => s.segment);
  const name =
    clusters.length > NAME_MAX_GRAPHEMES
      ? `${clusters
          .slice(0, NAME_MAX_GRAPHEMES - 1)
          .join('')
          .trimEnd()}…`
      : clusters.join('');
  const count = Math.min(clusters.length, NAME_MAX_GRAPHEMES);
  const fontSize = Math.floor(NAME_MAX_WIDTH / (Math.max(count, 1) * EM_PER_CHAR));
  return { name, fontSize: Math.max(NAME_MIN_SIZE, Math.min(NAME_MAX_SIZE, fontSize)) };
}

function profilePanel(result: QuizResult, words: CertificateWords): El {
  // The hairline border is a 1px ring of background around the white card (see rect()).
  return box(
    { width: 1200, padding: 1, backgroundColor: TRACK, borderRadius: 15 },
    box(
      {
        flexDirection: 'column',
        width: '100%',
        padding: '22px 44px 18px',
        backgroundColor: '#ffffff',
        borderRadius: 14,
      },
      box(
        { alignItems: 'center', justifyContent: 'space-between', marginBottom: 10 },
        text({ fontSize: 17, fontWeight: 700, color: NAVY, letterSpacing: spacing(words, 4) }, words.profile),
        text({ fontSize: 15, color: MUTED }, words.profileNote),
      ),
      ...result.domains.map((score) => profileRow(score, words)),
    ),
  );
}

function profileRow(score: QuizDomainScore, { key }: CertificateWords): El {
  const profile = QUIZ_BAND_PROFILES[score.domain][score.band];
  const track = 440;
  const filled = Math.round((track * Math.max(0, Math.min(100, score.percent))) / 100);
  return box(
    { alignItems: 'center', height: 46 },
    text({ width: 240, flexShrink: 0, fontSize: 21, fontWeight: 700, color: NAVY }, shortLabel(QUIZ_DOMAIN_LABELS[score.domain][key])),
    box(
      { width: track, flexShrink: 0, height: 16, borderRadius: 8, backgroundColor: TRACK, position: 'relative' },
      filled > 0
        ? box({
            width: Math.max(filled, 16),
            height: 16,
            borderRadius: 8,
            backgroundImage: `linear-gradient(90deg, ${NAVY}, ${STEEL})`,
          })
        : null,
      // A mark at the midpoint, so "balanced" reads at a glance.
      rect(track / 2 - 1, -4, 2, 24, '#b9c4d0'),
    ),
    text({ width: 86, flexShrink: 0, fontSize: 21, fontWeight: 700, color: NAVY, justifyContent: 'flex-end' }, `${score.percent}%`),
    box(
      { marginLeft: 26, alignItems: 'baseline', gap: 10, whiteSpace: 'nowrap' },
      text({ fontSize: 19, fontWeight: 700, color: ACCENT }, QUIZ_BAND_LABELS[score.band][key]),
      text({ fontSize: 19, color: INK }, profile.title[key]),
    ),
  );
}

function footer(data: CertificateData, words: CertificateWords): El {
  const qr = qrShape(data.verifyUrl);
  const shownUrl = data.verifyUrl.replace(/^https?:\/\//, '');
  return box(
    { width: '100%', alignItems: 'flex-end', justifyContent: 'space-between' },
    box(
      { flexDirection: 'column', width: 520, gap: 4 },
      text({ fontSize: 14, color: MUTED, letterSpacing: spacing(words, 3) }, words.certificateId),
      text({ fontSize: 22, fontWeight: 700, color: NAVY, letterSpacing: 1 }, data.certificateId),
      text({ fontSize: 16, color: INK, marginTop: 6 }, words.issued(words.date(data.issuedAt))),
      text({ fontSize: 14, color: MUTED, maxWidth: 520 }, words.verifyAt(shownUrl)),
      text({ fontSize: 12, color: MUTED, marginTop: 10, maxWidth: 520, lineHeight: 1.4 }, words.source),
    ),
    seal(),
    box(
      { width: 520, justifyContent: 'flex-end' },
      box(
        { flexDirection: 'column', alignItems: 'center' },
        h(
          'svg',
          { width: 150, height: 150, viewBox: `0 0 ${qr.size} ${qr.size}`, 'shape-rendering': 'crispEdges' },
          h('rect', { width: qr.size, height: qr.size, fill: PAPER }),
          h('path', { d: qr.d, fill: NAVY }),
        ),
        text({ fontSize: 14, color: MUTED, letterSpacing: spacing(words, 2), marginTop: 4 }, words.scan),
      ),
    ),
  );
}

function seal(): El {
  return box(
    { marginBottom: 8 },
    disc(
      130,
      NAVY,
      { width: 3, color: ACCENT, gap: 7 },
      text({ fontSize: 13, color: '#cdd8e6', letterSpacing: 3 }, 'CERTIFIED'),
      text({ fontSize: 24, fontWeight: 700, color: '#ffffff', letterSpacing: 1, marginTop: 2 }, BRAND.short),
      box({ width: 44, height: 2, backgroundColor: ACCENT, marginTop: 6, marginBottom: 6 }),
      text({ fontSize: 11, color: '#cdd8e6', letterSpacing: 1.5 }, 'BIG FIVE · IPIP'),
    ),
  );
}
