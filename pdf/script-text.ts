// Text in a PDF whatever script it is written in. pdfkit draws a string in one font, and no
// one face covers "IIT दिल्ली", "Université Côte d’Azur" and "सरकारी कॉलेज पुणे": each
// character goes to the first face of its family that has a glyph for it (spaces stay with
// the run they are in), and the runs are laid out side by side, wrapped by words. A line
// with a run in another face than the first (Devanagari, whose vowel signs are drawn before
// the consonant they follow) is marked with its ActualText, so copying or extracting the
// text (pdftotext, screen readers) gives the words as written, not glyphs in drawing order.
//
// A library, not a product part: it knows no page, no brand and no language of ours, so the
// API's PDFs (the class report, receipts) and the build's brochures (pwa/brochures) share it
// without importing each other (docs/architecture.md, "Shared PDF text").
import * as fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;

export interface TextRun {
  face: number;
  text: string;
}

/** Text in one weight, part of a line of several (a bold label and its value). */
export interface Piece {
  text: string;
  weight: string;
}

export interface LineOptions {
  weight: string;
  size: number;
  width: number;
  /** Lines at most (default 1); the last one ends in "…" when the text is longer. */
  maxLines?: number;
  /** Line height as a multiple of the size (Devanagari needs more room than Latin). */
  lineHeight?: number;
}

const WHITESPACE = /\s/u;
/** The Indic scripts (Devanagari to Sinhala), whose shaping draws some vowel signs before the consonant they follow. */
const REORDERING_SCRIPTS = /[\u0900-\u0DFF]/u;

/** A face: its file's path, or its bytes (a build reading fonts it bundles). */
export type FaceSource = string | Uint8Array;

function openFace(source: FaceSource): fontkit.Font {
  return typeof source === 'string' ? fontkit.openSync(source) : fontkit.create(Buffer.from(source));
}

/** The faces of each weight, in the order a character looks for its glyph. */
export class ScriptText {
  private readonly faces = new Map<string, { names: string[]; fonts: fontkit.Font[] }>();

  constructor(
    private readonly doc: Doc,
    families: Record<string, readonly FaceSource[]>,
  ) {
    for (const [weight, files] of Object.entries(families)) {
      const names = files.map((file, i) => {
        const name = `${weight}-${i}`;
        doc.registerFont(name, typeof file === 'string' ? file : Buffer.from(file));
        return name;
      });
      this.faces.set(weight, { names, fonts: files.map(openFace) });
    }
  }

  private family(weight: string) {
    const family = this.faces.get(weight);
    if (!family) throw new Error(`No faces for weight ${weight}`);
    return family;
  }

  /** `text` cut into runs of one face each. */
  runs(text: string, weight: string): TextRun[] {
    const { fonts } = this.family(weight);
    const runs: TextRun[] = [];
    for (const char of text) {
      const last = runs.at(-1);
      const code = char.codePointAt(0)!;
      const keeps = last && (WHITESPACE.test(char) || fonts[last.face]!.hasGlyphForCodePoint(code));
      if (last && keeps) {
        last.text += char;
        continue;
      }
      const found = fonts.findIndex((font) => font.hasGlyphForCodePoint(code));
      const face = found === -1 ? 0 : found;
      if (last && last.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    return runs;
  }

  width(text: string, weight: string, size: number): number {
    const { names } = this.family(weight);
    return this.runs(text, weight).reduce((sum, run) => sum + this.doc.font(names[run.face]!).fontSize(size).widthOfString(run.text), 0);
  }

  /** Greedy word wrap into at most `maxLines` lines, the last cut with "…" when needed. */
  lines(text: string, { weight, size, width, maxLines = 1 }: LineOptions): string[] {
    const words = text.trim().split(/\s+/u).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const [i, word] of words.entries()) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || this.width(candidate, weight, size) <= width) {
        line = candidate;
        continue;
      }
      if (lines.length === maxLines - 1) return [...lines, this.ellipsis(`${line} ${words.slice(i).join(' ')}`, weight, size, width)];
      lines.push(line);
      line = word;
    }
    if (line) lines.push(this.width(line, weight, size) > width ? this.ellipsis(line, weight, size, width) : line);
    return lines;
  }

  private ellipsis(text: string, weight: string, size: number, width: number): string {
    const chars = [...text];
    while (chars.length > 1 && this.width(`${chars.join('').trimEnd()}…`, weight, size) > width) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  /**
   * Pieces of text in their weights (a bold label, then its value), wrapped by words into
   * lines at most `width` wide (the first `firstWidth`, for a hanging label); a word wider
   * than a line has one to itself. Spaces between words stay with the pieces.
   */
  wrap(pieces: readonly Piece[], size: number, width: number, firstWidth = width): Piece[][] {
    const lines: Piece[][] = [];
    let line: Piece[] = [];
    let used = 0;
    let space: Piece | undefined;
    const add = (piece: Piece) => {
      const last = line.at(-1);
      if (last && last.weight === piece.weight) last.text += piece.text;
      else line.push({ ...piece });
      used += this.width(piece.text, piece.weight, size);
    };
    for (const piece of pieces) {
      for (const token of piece.text.split(/(\s+)/u).filter(Boolean)) {
        if (/^\s+$/u.test(token)) {
          space = line.length > 0 ? { text: ' ', weight: piece.weight } : undefined;
          continue;
        }
        const room = lines.length === 0 ? firstWidth : width;
        const needed = (space ? this.width(' ', space.weight, size) : 0) + this.width(token, piece.weight, size);
        if (line.length > 0 && used + needed > room) {
          lines.push(line);
          line = [];
          used = 0;
          space = undefined;
        }
        if (space) add(space);
        space = undefined;
        add({ text: token, weight: piece.weight });
      }
    }
    if (line.length > 0) lines.push(line);
    return lines;
  }

  /** Whether `text` holds letters drawn in another order than written (an Indic vowel sign before its consonant). */
  static reorders(text: string): boolean {
    return REORDERING_SCRIPTS.test(text);
  }

  /** One line's runs in their faces from `left`, on the baseline below `top`; returns the x after them. */
  private drawRuns(line: string, weight: string, left: number, top: number, size: number): number {
    const { names } = this.family(weight);
    let x = left;
    for (const run of this.runs(line, weight)) {
      this.doc.font(names[run.face]!).fontSize(size);
      // The alphabetic baseline, so faces with different ascenders sit on one line.
      this.doc.text(run.text, x, top + size, { lineBreak: false, baseline: 'alphabetic' });
      x += this.doc.widthOfString(run.text);
    }
    return x;
  }

  /** Draws `text` from (x, y), the top of its first line; returns the y below its last line. */
  draw(text: string, x: number, y: number, options: LineOptions): number {
    const step = options.size * (options.lineHeight ?? 1.4);
    let top = y;
    for (const line of this.lines(text, options)) {
      // The whole line is one marked span, so a reader takes it as one piece of text in order.
      const marked = ScriptText.reorders(line);
      if (marked) this.doc.markContent('Span', { actual: line });
      this.drawRuns(line, options.weight, x, top, options.size);
      if (marked) this.doc.endMarkedContent();
      top += step;
    }
    return top;
  }

  /** Draws one wrapped line of pieces (wrap()) from (x, y), its top, as one marked span when it needs one. */
  drawPieces(line: readonly Piece[], x: number, y: number, size: number): void {
    const whole = line.map((p) => p.text).join('');
    const marked = ScriptText.reorders(whole);
    if (marked) this.doc.markContent('Span', { actual: whole.trim() });
    let left = x;
    for (const piece of line) {
      const lead = /^\s*/u.exec(piece.text)![0];
      const words = piece.text.trim();
      if (lead) left += this.width(lead, piece.weight, size);
      if (words) left = this.drawRuns(words, piece.weight, left, y, size);
      if (piece.text.length > lead.length + words.length) left += this.width(' ', piece.weight, size);
    }
    if (marked) this.doc.endMarkedContent();
  }
}
