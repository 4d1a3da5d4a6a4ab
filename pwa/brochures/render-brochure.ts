// Draws a programme's brochure (content/brochures.ts) as an A4 PDF with pdfkit. Build-time
// only: scripts/prerender.mjs calls it through entry-server.tsx, so no page ever loads it.
// The Noto faces are the certificate's (api/certificate/fonts); their Latin subsets lack
// the rupee sign, so every "₹" is set in the Latin-extended face, which has it.
import PDFDocument from 'pdfkit';
import type { Brochure } from '../content/brochures.ts';

export interface BrochureFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  /** A face with "₹" (U+20B9). */
  rupee: Uint8Array;
}

type Doc = InstanceType<typeof PDFDocument>;
const INK = '#1d3557';
const ACCENT = '#e76f51';
const MUTED = '#4a5568';

/** Text in `font`, with each rupee sign in the face that has it; ends the line unless `continued`. */
function write(doc: Doc, text: string, font: 'regular' | 'bold', options: PDFKit.Mixins.TextOptions = {}): void {
  const parts = text.split(/(₹)/).filter((p) => p !== '');
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    doc.font(part === '₹' ? 'rupee' : font).text(part, { ...options, continued: last ? (options.continued ?? false) : true });
  });
}

function heading(doc: Doc, text: string): void {
  doc.moveDown(0.8).fillColor(INK).fontSize(14);
  write(doc, text, 'bold');
  doc.moveDown(0.2).fillColor('black').fontSize(10.5);
}

function bullets(doc: Doc, items: readonly string[]): void {
  doc.fontSize(10.5).fillColor('black');
  for (const item of items) write(doc, `•  ${item}`, 'regular', { indent: 8, paragraphGap: 2 });
}

function cover(doc: Doc, b: Brochure): void {
  doc.fillColor(ACCENT).fontSize(10);
  write(doc, 'SkillUp Soft Skills Academy · Programme brochure', 'bold');
  doc.moveDown(0.3).fillColor(INK).fontSize(24);
  write(doc, b.title, 'bold');
  doc.moveDown(0.4).fillColor('black').fontSize(12);
  write(doc, b.promise, 'regular', { lineGap: 2 });
  doc.moveDown(0.6).fontSize(10.5);
  for (const [label, value] of b.facts) {
    doc.fillColor(MUTED);
    write(doc, `${label}: `, 'bold', { continued: true });
    doc.fillColor('black');
    write(doc, value, 'regular');
  }
}

function approach(doc: Doc, b: Brochure): void {
  heading(doc, b.approach.title);
  b.approach.steps.forEach((s, i) => {
    write(doc, `${i + 1}. ${s.title}: `, 'bold', { continued: true });
    write(doc, s.text, 'regular', { paragraphGap: 3 });
  });
}

function packages(doc: Doc, b: Brochure): void {
  heading(doc, 'Packages');
  if (b.pricingNote) write(doc, b.pricingNote, 'regular');
  for (const p of b.packages) {
    doc.moveDown(0.3).fillColor(INK);
    write(doc, `${p.title} — ${p.price}`, 'bold');
    bullets(doc, p.features);
  }
}

function outcomes(doc: Doc, b: Brochure): void {
  heading(doc, 'Outcomes');
  for (const group of b.outcomes) {
    doc.moveDown(0.2).fillColor(INK);
    write(doc, group.title, 'bold');
    bullets(doc, group.items);
  }
  heading(doc, 'Certificate');
  bullets(doc, b.certificate);
}

function contactLines(b: Brochure): string[] {
  const c = b.contact;
  return [`Phone / WhatsApp: ${c.phone}`, `Email: ${c.email}`, `Address: ${c.address}`, `Web: ${c.web}`];
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The height of the contact block's lines. */
function contactLinesHeight(doc: Doc, b: Brochure): number {
  const width = contentWidth(doc);
  doc.font('regular').fontSize(10.5);
  return contactLines(b).reduce((sum, line) => sum + doc.heightOfString(line, { width }), 0);
}

/** After the programme, on its last page: chosen when the whole block fits there. */
function contactAfter(doc: Doc, b: Brochure): void {
  heading(doc, 'Contact us');
  for (const line of contactLines(b)) write(doc, line, 'regular');
}

/**
 * The block pinned whole at the foot of the first page, when it would not fit after the
 * programme: the text of that page flows above it (its bottom margin takes the block's
 * height), so the contact lines are never split from their heading or left alone on a page.
 */
function contactFooter(doc: Doc, b: Brochure): void {
  const width = contentWidth(doc);
  const lines = contactLinesHeight(doc, b);
  doc.font('bold').fontSize(14);
  const headingHeight = doc.heightOfString('Contact us', { width }) + 4;
  const margin = doc.page.margins.bottom;
  const top = doc.page.height - margin - headingHeight - lines;
  doc
    .moveTo(doc.page.margins.left, top - 10)
    .lineTo(doc.page.margins.left + width, top - 10)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  // Drawn in the bottom margin's room, so its last line's rounding cannot start a new page.
  doc.page.margins.bottom = 0;
  doc.fillColor(INK).font('bold').fontSize(14).text('Contact us', doc.page.margins.left, top, { width });
  doc.y = top + headingHeight;
  doc.fillColor('black').fontSize(10.5);
  for (const line of contactLines(b)) write(doc, line, 'regular', { width });
  doc.page.margins.bottom = margin + headingHeight + lines + 20;
  doc.x = doc.page.margins.left;
  doc.y = doc.page.margins.top;
}

function newDocument(b: Brochure, fonts: BrochureFonts): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${b.title} — SkillUp Soft Skills Academy`, Author: 'SkillUp Soft Skills Academy', Subject: 'Programme brochure' },
  });
  doc.registerFont('regular', Buffer.from(fonts.regular));
  doc.registerFont('bold', Buffer.from(fonts.bold));
  doc.registerFont('rupee', Buffer.from(fonts.rupee));
  return doc;
}

function programme(doc: Doc, b: Brochure): void {
  cover(doc, b);
  approach(doc, b);
  packages(doc, b);
  outcomes(doc, b);
}

/** Whether the contact block fits whole after the programme: laid out once in a document that is thrown away. */
function contactFitsAfter(b: Brochure, fonts: BrochureFonts): boolean {
  const trial = newDocument(b, fonts);
  programme(trial, b);
  let added = false;
  trial.on('pageAdded', () => {
    added = true;
  });
  contactAfter(trial, b);
  trial.end();
  return !added;
}

/** The brochure as PDF bytes. */
export function renderBrochure(b: Brochure, fonts: BrochureFonts): Promise<Buffer> {
  const after = contactFitsAfter(b, fonts);
  const doc = newDocument(b, fonts);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (!after) contactFooter(doc, b);
  programme(doc, b);
  if (after) contactAfter(doc, b);
  doc.end();
  return done;
}
