// Text in a PDF whatever script it is written in. pdfkit draws a string in one font, and no
// one face covers "IIT दिल्ली", "Université Côte d’Azur" and "सरकारी कॉलेज पुणे": each
// character goes to the first face of its family that has a glyph for it (spaces stay with
// the run they are in), and the runs are laid out side by side, wrapped by words. A line
// with a run in another face than the first (Devanagari, whose vowel signs are drawn before
// the consonant they follow) is marked with its ActualText, so copying or extracting the
// text (pdftotext, screen readers) gives the words as written, not glyphs in drawing order.
import * as fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;

export interface TextRun {
  face: number;
  text: string;
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

/** The faces of each weight, in the order a character looks for its glyph. */
export class ScriptText {
  private readonly faces = new Map<string, { names: string[]; fonts: fontkit.Font[] }>();

  constructor(
    private readonly doc: Doc,
    families: Record<string, readonly string[]>,
  ) {
    for (const [weight, files] of Object.entries(families)) {
      const names = files.map((file, i) => {
        const name = `${weight}-${i}`;
        doc.registerFont(name, file);
        return name;
      });
      this.faces.set(weight, { names, fonts: files.map((file) => fontkit.openSync(file)) });
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

  /** Draws `text` from (x, y), the top of its first line; returns the y below its last line. */
  draw(text: string, x: number, y: number, options: LineOptions): number {
    const step = options.size * (options.lineHeight ?? 1.4);
    const { names } = this.family(options.weight);
    let top = y;
    for (const line of this.lines(text, options)) {
      const runs = this.runs(line, options.weight);
      // The whole line is one marked span, so a reader takes it as one piece of text in order.
      const marked = runs.some((run) => run.face !== 0);
      if (marked) this.doc.markContent('Span', { actual: line });
      let left = x;
      for (const run of runs) {
        this.doc.font(names[run.face]!).fontSize(options.size);
        // The alphabetic baseline, so faces with different ascenders sit on one line.
        this.doc.text(run.text, left, top + options.size, { lineBreak: false, baseline: 'alphabetic' });
        left += this.doc.widthOfString(run.text);
      }
      if (marked) this.doc.endMarkedContent();
      top += step;
    }
    return top;
  }
}
