// Draws a programme's brochure (content/brochures.ts), in its language, as an A4 PDF with pdfkit. Build-time
// only: scripts/prerender.mjs calls it through entry-server.tsx, so no page ever loads it.
// The Noto faces are the certificate's (api/certificate/fonts): Latin, Latin-extended (the
// rupee sign, accents) and Devanagari. Every line is laid out and drawn by ScriptText
// (pdf/script-text.ts), which sets each run in the face that has its characters and marks
// Devanagari with the words as written, so a college written "सरकारी कॉलेज पुणे" or
// "Université Côte d’Azur" prints whole and reads back whole.
import PDFDocument from 'pdfkit';
import { ScriptText, type FaceSource, type Piece } from '../../pdf/script-text.ts';
import type { Brochure } from '../content/brochures.ts';

/** Each weight's faces, in the order a character looks for its glyph. */
export interface BrochureFonts {
  regular: readonly FaceSource[];
  bold: readonly FaceSource[];
}

type Doc = InstanceType<typeof PDFDocument>;
type Weight = 'regular' | 'bold';
const INK = '#1d3557';
const ACCENT = '#e76f51';
const MUTED = '#4a5568';
const BODY = 10.5;
/** Line height as a multiple of the size: room for Devanagari's marks above and below. */
const LEADING = 1.45;

interface ParaOptions {
  size?: number;
  color?: string;
  indent?: number;
  /** Space after the paragraph, in points. */
  gap?: number;
}

/** The document's text flow: paragraphs drawn top to bottom, a new page when one is full. */
class Flow {
  y: number;
  readonly text: ScriptText;
  constructor(
    readonly doc: Doc,
    fonts: BrochureFonts,
  ) {
    this.text = new ScriptText(doc, { regular: fonts.regular, bold: fonts.bold });
    this.y = doc.page.margins.top;
    doc.on('pageAdded', () => {
      this.y = doc.page.margins.top;
    });
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** The lines `pieces` take at `size` across the page, less `indent`. */
  lines(pieces: readonly Piece[], size = BODY, indent = 0): Piece[][] {
    return this.text.wrap(pieces, size, this.width - indent);
  }

  para(
    pieces: readonly Piece[] | string,
    { size = BODY, color = 'black', indent = 0, gap = 0 }: ParaOptions = {},
    weight: Weight = 'regular',
  ) {
    const all = typeof pieces === 'string' ? [{ text: pieces, weight }] : pieces;
    const step = size * LEADING;
    this.doc.fillColor(color);
    for (const line of this.lines(all, size, indent)) {
      if (this.y + step > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
      this.text.drawPieces(line, this.left + indent, this.y, size);
      this.y += step;
    }
    this.y += gap;
  }

  space(points: number): void {
    this.y += points;
  }
}

/** A section's heading, on a new page when the page has no room for it and two lines under it. */
function heading(flow: Flow, text: string): void {
  flow.space(BODY * 0.9);
  const { doc } = flow;
  const height = flow.lines([{ text, weight: 'bold' }], 14).length * 14 * LEADING + 2 + 2 * BODY * LEADING;
  if (flow.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  flow.para(text, { size: 14, color: INK, gap: 2 }, 'bold');
}

function bullets(flow: Flow, items: readonly string[]): void {
  for (const item of items) flow.para(`•  ${item}`, { indent: 8, gap: 2 });
}

function cover(flow: Flow, b: Brochure): void {
  flow.para(b.words.kicker, { size: 10, color: ACCENT, gap: 3 }, 'bold');
  flow.para(b.title, { size: 24, color: INK, gap: 4 }, 'bold');
  flow.para(b.promise, { size: 12, gap: 6 });
  for (const [label, value] of b.facts) {
    flow.para([
      { text: `${label}: `, weight: 'bold' },
      { text: value, weight: 'regular' },
    ]);
  }
}

function approach(flow: Flow, b: Brochure): void {
  heading(flow, b.approach.title);
  b.approach.steps.forEach((s, i) =>
    flow.para(
      [
        { text: `${i + 1}. ${s.title}: `, weight: 'bold' },
        { text: s.text, weight: 'regular' },
      ],
      { gap: 3 },
    ),
  );
}

function packages(flow: Flow, b: Brochure): void {
  heading(flow, b.words.packages);
  if (b.pricingNote) flow.para(b.pricingNote);
  for (const p of b.packages) {
    flow.space(3);
    flow.para(`${p.title} — ${p.price}`, { color: INK }, 'bold');
    bullets(flow, p.features);
  }
}

function outcomes(flow: Flow, b: Brochure): void {
  heading(flow, b.words.outcomes);
  for (const group of b.outcomes) {
    flow.space(2);
    flow.para(group.title, { color: INK }, 'bold');
    bullets(flow, group.items);
  }
  heading(flow, b.words.certificate);
  bullets(flow, b.certificate);
}

function contactLines(b: Brochure): string[] {
  const { contact: c, words: w } = b;
  return [`${w.phone}: ${c.phone}`, `${w.email}: ${c.email}`, `${w.address}: ${c.address}`, `${w.web}: ${c.web}`];
}

/** After the programme, on its last page: chosen when the whole block fits there. */
function contactAfter(flow: Flow, b: Brochure): void {
  heading(flow, b.words.contactUs);
  for (const line of contactLines(b)) flow.para(line);
}

/**
 * The block pinned whole at the foot of the first page, when it would not fit after the
 * programme: the text of that page flows above it (its bottom margin takes the block's
 * height), so the contact lines are never split from their heading or left alone on a page.
 */
function contactFooter(flow: Flow, b: Brochure): void {
  const { doc } = flow;
  const lines = contactLines(b).reduce((sum, line) => sum + flow.lines([{ text: line, weight: 'regular' }]).length, 0) * BODY * LEADING;
  const headingHeight = flow.lines([{ text: b.words.contactUs, weight: 'bold' }], 14).length * 14 * LEADING + 2;
  const margin = doc.page.margins.bottom;
  const top = doc.page.height - margin - headingHeight - lines;
  doc
    .moveTo(flow.left, top - 10)
    .lineTo(flow.left + flow.width, top - 10)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  // Drawn in the bottom margin's room, so its last line cannot start a new page.
  doc.page.margins.bottom = 0;
  flow.y = top;
  flow.para(b.words.contactUs, { size: 14, color: INK, gap: 2 }, 'bold');
  for (const line of contactLines(b)) flow.para(line);
  doc.page.margins.bottom = margin + headingHeight + lines + 20;
  flow.y = doc.page.margins.top;
}

function newDocument(b: Brochure, fonts: BrochureFonts): Flow {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // The document's language, so a screen reader reads a Hindi brochure with a Hindi voice.
    lang: b.lang,
    info: { Title: `${b.title} — ${b.words.brand}`, Author: b.words.brand, Subject: b.words.subject },
  });
  return new Flow(doc, fonts);
}

function programme(flow: Flow, b: Brochure): void {
  cover(flow, b);
  approach(flow, b);
  packages(flow, b);
  outcomes(flow, b);
}

/** Whether the contact block fits whole after the programme: laid out once in a document that is thrown away. */
function contactFitsAfter(b: Brochure, fonts: BrochureFonts): boolean {
  const trial = newDocument(b, fonts);
  programme(trial, b);
  let added = false;
  trial.doc.on('pageAdded', () => {
    added = true;
  });
  contactAfter(trial, b);
  trial.doc.end();
  return !added;
}

/** The brochure as PDF bytes. */
export function renderBrochure(b: Brochure, fonts: BrochureFonts): Promise<Buffer> {
  const after = contactFitsAfter(b, fonts);
  const flow = newDocument(b, fonts);
  const { doc } = flow;
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (!after) contactFooter(flow, b);
  programme(flow, b);
  if (after) contactAfter(flow, b);
  doc.end();
  return done;
}
