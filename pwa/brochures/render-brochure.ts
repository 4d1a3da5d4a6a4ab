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

function contact(doc: Doc, b: Brochure): void {
  heading(doc, 'Contact us');
  const c = b.contact;
  for (const line of [`Phone / WhatsApp: ${c.phone}`, `Email: ${c.email}`, `Address: ${c.address}`, `Web: ${c.web}`])
    write(doc, line, 'regular');
}

/** The brochure as PDF bytes. */
export function renderBrochure(b: Brochure, fonts: BrochureFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${b.title} — SkillUp Soft Skills Academy`, Author: 'SkillUp Soft Skills Academy', Subject: 'Programme brochure' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', Buffer.from(fonts.regular));
  doc.registerFont('bold', Buffer.from(fonts.bold));
  doc.registerFont('rupee', Buffer.from(fonts.rupee));
  cover(doc, b);
  approach(doc, b);
  packages(doc, b);
  outcomes(doc, b);
  contact(doc, b);
  doc.end();
  return done;
}
