// A payment receipt as a one-page A4 PDF, made with pdfkit: who it is from (the academy's
// name, address and GSTIN when set), its number and date, whom it is from and what for (the
// booking's reference, programme and package), the amount in figures and in words, and the
// payment; for a booking made on the Hindi site, the amount in Hindi words too (the receipt's
// labels stay English: it is the academy's accounting record). Every line goes through ScriptText, so "₹" (in the Devanagari face), accents and
// a name typed in Devanagari are drawn, and read back whole by pdftotext and screen readers.
import PDFDocument from 'pdfkit';
import { BRAND } from '../../contract/brand.ts';
import type { AcademyConfig } from '../config.ts';
import { ScriptText, type LineOptions } from '../../pdf/script-text.ts';
import { rupeesInHindiWords } from './amount-words-hi.ts';
import { paymentMethodText } from './method-words.ts';
import { rupeesFigures, rupeesInWords } from './amount-words.ts';

type Doc = PDFKit.PDFDocument;

export interface ReceiptDocument {
  academy: AcademyConfig;
  number: string;
  reference: string;
  programme: string;
  package: string;
  amountPaise: number;
  paymentId: string;
  paymentMethod: string;
  paidAt: Date;
  /** The booking's name; null once the booking is erased. */
  payer: string | null;
  /** The language of the form the booking came from; null once the booking is erased. */
  language?: string | null;
}

const FONT_DIR = new URL('../certificate/fonts/', import.meta.url);
const font = (file: string) => new URL(file, FONT_DIR).pathname;
const FACES = {
  regular: [
    font('noto-sans-latin-400-normal.woff'),
    font('noto-sans-latin-ext-400-normal.woff'),
    font('noto-sans-devanagari-devanagari-400-normal.woff'),
  ],
  bold: [
    font('noto-sans-latin-700-normal.woff'),
    font('noto-sans-latin-ext-700-normal.woff'),
    font('noto-sans-devanagari-devanagari-700-normal.woff'),
  ],
};

const NAVY = '#1d3557';
const MUTED = '#5c6b7a';
const RULE = '#e6ebf1';
const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
const LABEL_WIDTH = 150;

/** "27 Nov 2026" and "14:05 IST" of an instant, in India. */
function istParts(at: Date): { day: string; time: string } {
  const zone = { timeZone: 'Asia/Kolkata' } as const;
  return {
    day: new Intl.DateTimeFormat('en-IN', { ...zone, day: 'numeric', month: 'short', year: 'numeric' }).format(at),
    time: `${new Intl.DateTimeFormat('en-IN', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)} IST`,
  };
}

function header(doc: Doc, text: ScriptText, { academy }: ReceiptDocument): number {
  const lines = [...academy.address, ...(academy.gstin ? [`GSTIN: ${academy.gstin}`] : [])];
  const height = 64 + lines.length * 15;
  doc.rect(0, 0, doc.page.width, height).fill(NAVY);
  doc.fillColor('#ffffff');
  let y = text.draw(academy.name, MARGIN, 24, { weight: 'bold', size: 17, width: WIDTH, maxLines: 2, lineHeight: 1.3 });
  for (const line of lines) y = text.draw(line, MARGIN, y + 2, { weight: 'regular', size: 10, width: WIDTH, lineHeight: 1.3 });
  return height;
}

function row(doc: Doc, text: ScriptText, label: string, value: string, y: number): number {
  const options: LineOptions = { weight: 'regular', size: 11, width: WIDTH - LABEL_WIDTH, maxLines: 3 };
  doc.fillColor(MUTED);
  text.draw(label, MARGIN, y, { ...options, width: LABEL_WIDTH - 8 });
  doc.fillColor(NAVY);
  const below = text.draw(value, MARGIN + LABEL_WIDTH, y, options);
  doc
    .moveTo(MARGIN, below + 4)
    .lineTo(MARGIN + WIDTH, below + 4)
    .lineWidth(0.5)
    .stroke(RULE);
  return below + 10;
}

function body(doc: Doc, text: ScriptText, receipt: ReceiptDocument, top: number): number {
  const paid = istParts(receipt.paidAt);
  doc.fillColor(NAVY);
  let y = text.draw('Payment receipt', MARGIN, top + 24, { weight: 'bold', size: 20, width: WIDTH });
  y = text.draw(`Receipt number: ${receipt.number}`, MARGIN, y + 4, { weight: 'bold', size: 12, width: WIDTH });
  y = text.draw(`Date: ${paid.day}`, MARGIN, y, { weight: 'regular', size: 12, width: WIDTH }) + 16;
  if (receipt.payer) y = row(doc, text, 'Received from', receipt.payer, y);
  y = row(doc, text, 'Booking reference', receipt.reference, y);
  y = row(doc, text, 'Programme', receipt.programme, y);
  y = row(doc, text, 'Package', receipt.package, y);
  y = row(doc, text, 'Payment id', receipt.paymentId, y);
  y = row(doc, text, 'Paid by', paymentMethodText(receipt.paymentMethod), y);
  y = row(doc, text, 'Paid on', `${paid.day}, ${paid.time}`, y);
  doc.fillColor(NAVY);
  y = text.draw(`Amount received: ${rupeesFigures(receipt.amountPaise)}`, MARGIN, y + 14, { weight: 'bold', size: 16, width: WIDTH });
  const words: LineOptions = { weight: 'regular', size: 12, width: WIDTH, maxLines: 3 };
  y = text.draw(rupeesInWords(receipt.amountPaise), MARGIN, y + 2, words);
  return receipt.language === 'hi' ? text.draw(rupeesInHindiWords(receipt.amountPaise), MARGIN, y + 2, words) : y;
}

function footer(doc: Doc, text: ScriptText, y: number): void {
  doc.fillColor(MUTED);
  const options: LineOptions = { weight: 'regular', size: 9, width: WIDTH, maxLines: 2 };
  const next = text.draw('This receipt is computer-generated and needs no signature.', MARGIN, y + 36, options);
  text.draw(`Questions: ${BRAND.phone} · ${BRAND.email}`, MARGIN, next, options);
}

export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Receipt ${receipt.number}`, Author: receipt.academy.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = new ScriptText(doc, FACES);
  const top = header(doc, text, receipt);
  footer(doc, text, body(doc, text, receipt, top));
  doc.end();
  return done;
}
