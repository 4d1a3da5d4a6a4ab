// The class report as a PDF for the organisation (GET /api/admin/sessions/{code}/report.pdf),
// made with pdfkit: the class's profile on the five domains, each drawn as vector shapes (a
// mean bar on the 0–100 scale with the median marked, and the five-band distribution),
// what each domain means, the programme that fits and how to reach us. Aggregate only: no
// names, and below REPORT_MIN_FINISHED finished participants, no figures at all.
import PDFDocument from 'pdfkit';
import { BRAND } from '../../contract/brand.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS, type QuizDomain } from '../../contract/quiz/items.ts';
import {
  REPORT_BANDS,
  REPORT_MIN_FINISHED,
  type DomainFigures,
  type SessionAudience,
  type SessionReport,
} from '../../contract/sessions.ts';
import { ScriptText } from '../../pdf/script-text.ts';
import { DOMAIN_MEANINGS, GROWTH_FOCUS, growthDomain, PROGRAMME_FOR } from './report-words.ts';

type Doc = PDFKit.PDFDocument;

const FONT_DIR = new URL('../certificate/fonts/', import.meta.url);
const font = (file: string) => new URL(file, FONT_DIR).pathname;
const REGULAR = font('noto-sans-latin-400-normal.woff');
const BOLD = font('noto-sans-latin-700-normal.woff');
// What an organisation's name or city may be written in: Latin with accents, Devanagari.
const NAME_FACES = {
  regular: [REGULAR, font('noto-sans-latin-ext-400-normal.woff'), font('noto-sans-devanagari-devanagari-400-normal.woff')],
  bold: [BOLD, font('noto-sans-latin-ext-700-normal.woff'), font('noto-sans-devanagari-devanagari-700-normal.woff')],
};

const NAVY = '#1d3557';
const ACCENT = '#e76f51';
const MUTED = '#5c6b7a';
const TRACK = '#e6ebf1';
const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;

export interface ReportContext {
  report: SessionReport;
  city: string | null;
  audience: SessionAudience;
  publicUrl: string;
}

/** The organisation and city are typed by people, in any script: each run gets a face that has its letters. */
function header(doc: Doc, { report, city }: ReportContext): void {
  const names = new ScriptText(doc, NAME_FACES);
  doc.rect(0, 0, doc.page.width, 114).fill(NAVY);
  doc.fillColor('#ffffff').font(BOLD).fontSize(11).text(BRAND.name.toUpperCase(), MARGIN, 22, { characterSpacing: 1.5 });
  names.draw(`Class profile: ${report.organisation}`, MARGIN, 40, { weight: 'bold', size: 17, width: WIDTH, maxLines: 2, lineHeight: 1.3 });
  const place = city ? `${city} · ` : '';
  const line = `${place}Session of ${report.date} · ${report.joined} joined, ${report.finished} finished the test`;
  names.draw(line, MARGIN, 88, { weight: 'regular', size: 11, width: WIDTH });
}

/** The mean as a bar on the 0–100 scale, the median as a marker on it. */
function meanBar(doc: Doc, x: number, y: number, width: number, figures: DomainFigures): void {
  doc.roundedRect(x, y, width, 12, 6).fill(TRACK);
  doc.roundedRect(x, y, Math.max(12, (width * figures.mean) / 100), 12, 6).fill(NAVY);
  const mx = x + (width * figures.median) / 100;
  doc
    .moveTo(mx, y - 4)
    .lineTo(mx, y + 16)
    .lineWidth(2)
    .stroke(ACCENT);
  doc.fillColor(MUTED).font(REGULAR).fontSize(8);
  for (const tick of [0, 50, 100]) doc.text(String(tick), x + (width * tick) / 100 - 8, y + 16, { width: 16, align: 'center' });
}

/** How many students fall in each of the five bands, as columns. */
function distribution(doc: Doc, x: number, y: number, width: number, figures: DomainFigures): void {
  const most = Math.max(1, ...figures.distribution);
  const column = width / REPORT_BANDS.length;
  const height = 44;
  figures.distribution.forEach((count, i) => {
    const h = (height * count) / most;
    const cx = x + i * column + 4;
    doc.rect(cx, y + height - h, column - 8, h).fill(i < 2 ? '#9fb3c8' : i === 2 ? '#6c8ead' : NAVY);
    doc
      .fillColor(NAVY)
      .font(BOLD)
      .fontSize(8)
      .text(String(count), cx, y + height - h - 10, { width: column - 8, align: 'center' });
    doc
      .fillColor(MUTED)
      .font(REGULAR)
      .fontSize(7)
      .text(REPORT_BANDS[i]!, cx - 2, y + height + 3, { width: column - 4, align: 'center' });
  });
}

function domainBlock(doc: Doc, domain: QuizDomain, figures: DomainFigures, top: number): void {
  doc.fillColor(NAVY).font(BOLD).fontSize(13).text(QUIZ_DOMAIN_LABELS[domain].en, MARGIN, top);
  doc
    .fillColor(MUTED)
    .font(REGULAR)
    .fontSize(9)
    .text(DOMAIN_MEANINGS[domain], MARGIN, top + 18, { width: 250 });
  doc
    .fillColor(NAVY)
    .font(REGULAR)
    .fontSize(9)
    .text(`Mean ${figures.mean} · Median ${figures.median} (of 100)`, MARGIN, top + 50);
  meanBar(doc, MARGIN, top + 66, 240, figures);
  distribution(doc, MARGIN + 290, top + 10, WIDTH - 290, figures);
  doc
    .moveTo(MARGIN, top + 104)
    .lineTo(MARGIN + WIDTH, top + 104)
    .lineWidth(0.5)
    .stroke(TRACK);
}

function profile(doc: Doc, domains: Record<QuizDomain, DomainFigures>): void {
  doc.fillColor(NAVY).font(BOLD).fontSize(15).text("The class's profile on the five domains", MARGIN, 128);
  doc
    .fillColor(MUTED)
    .font(REGULAR)
    .fontSize(9)
    .text('Bar: the class average (0–100), the orange mark its median. Columns: how many students scored in each range.', MARGIN, 148, {
      width: WIDTH,
    });
  QUIZ_DOMAINS.forEach((domain, i) => domainBlock(doc, domain, domains[domain], 176 + i * 112));
}

function tooFew(doc: Doc, report: SessionReport): void {
  doc.fillColor(NAVY).font(BOLD).fontSize(15).text('Not enough finished tests yet', MARGIN, 140);
  doc
    .fillColor(MUTED)
    .font(REGULAR)
    .fontSize(11)
    .text(
      `The report shows figures once at least ${REPORT_MIN_FINISHED} students have finished the test (${report.finished} so far), so that no figure can point to one student.`,
      MARGIN,
      166,
      { width: WIDTH },
    );
}

function programmePage(doc: Doc, { report, audience, publicUrl }: ReportContext): void {
  doc.addPage();
  const programme = PROGRAMME_FOR[audience];
  doc.fillColor(NAVY).font(BOLD).fontSize(15).text('The programme that fits', MARGIN, MARGIN);
  const focus = report.domains
    ? `The class's lowest average is ${QUIZ_DOMAIN_LABELS[growthDomain(report.domains)].en}: our ${programme.title} programme builds it with ${GROWTH_FOCUS[growthDomain(report.domains)]}, in live, practical sessions on your campus.`
    : `Our ${programme.title} programme brings live, practical soft-skills sessions to your campus.`;
  doc.fillColor(NAVY).font(REGULAR).fontSize(11).text(focus, { width: WIDTH }).moveDown(0.6);
  doc.text(`Details: ${publicUrl}${programme.path}`, { width: WIDTH, link: `${publicUrl}${programme.path}` }).moveDown(1.4);
  doc.font(BOLD).fontSize(13).text('Talk to us').moveDown(0.3);
  doc.font(REGULAR).fontSize(11).text(BRAND.name).text(`Phone: ${BRAND.phone}`).text(`Email: ${BRAND.email}`).text(publicUrl).moveDown(1.4);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(
      "About this report: each student took the SkillUp Personality Profile, 30 statements on the Big Five domains (IPIP, Goldberg 1992). The report shows the class as a whole, from each student's latest test; it names no one. It describes styles, not abilities.",
      { width: WIDTH },
    );
}

export function renderReportPdf(context: ReportContext): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Class profile: ${context.report.organisation}`, Author: BRAND.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, context);
  if (context.report.domains) profile(doc, context.report.domains);
  else tooFew(doc, context.report);
  programmePage(doc, context);
  doc.end();
  return done;
}
