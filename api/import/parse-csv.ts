// Reads CSV as spreadsheets write it (RFC 4180): fields split by commas, a quoted field may
// hold commas, line breaks and "" for a quote; lines end with CRLF or LF. One pass over the
// text (no regular expression per field), so a large or hostile file costs linear time, and
// piece by piece (CsvReader), so a file is never held as one string nor as all its rows.
// A field is cut out of its piece whole (slice), not built a character at a time: a long
// message built so is a chain of thousands of short-lived strings, enough garbage to grow
// the heap by tens of megabytes per file. A field is a view into its piece, so what is kept
// long after its row (a report, a key) is copied (api/import/import-rows.ts).
// Blank lines are skipped; each row keeps the line it started on, for error messages. A
// quote inside an unquoted field (some tools write `5"6`) is kept as a character.

export interface CsvRow {
  line: number;
  cells: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * A CSV read piece by piece: `push` takes the next piece of text and gives the rows it
 * completed; `end` gives the last. A piece may end anywhere (inside a quoted field, between
 * a CR and its LF, between the two quotes of ""): what needs the next character waits for it.
 */
export class CsvReader {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  private line = 1;
  private rowLine = 1;
  private touched = false;
  private carry = '';

  push(piece: string): CsvRow[] {
    return this.read(this.carry + piece, false);
  }

  end(): CsvRow[] {
    const rows = this.read(this.carry, true);
    if (this.quoted) throw new CsvError('A quoted field is not closed', this.rowLine);
    if (this.cell !== '' || this.cells.length > 0 || this.touched) this.endRow(rows);
    return rows;
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
  }

  private endRow(rows: CsvRow[]): void {
    this.endCell();
    if (this.touched || this.cells.length > 1 || this.cells[0] !== '') rows.push({ line: this.rowLine, cells: this.cells });
    this.cells = [];
    this.touched = false;
  }

  private read(text: string, final: boolean): CsvRow[] {
    const rows: CsvRow[] = [];
    this.carry = '';
    // Locals in the loop (a field access per character costs twice the time).
    let { cell, quoted, line } = this;
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (quoted) {
        // Up to the next quote in one piece: it ends the field, or is the first of "".
        const q = text.indexOf('"', i);
        const end = q === -1 ? n : q;
        line += newlines(text, i, end);
        cell += text.slice(i, end);
        if (q === -1 || (q + 1 === n && !final)) {
          if (q !== -1) this.carry = '"';
          break;
        }
        if (text.charCodeAt(q + 1) === QUOTE) cell += '"';
        else quoted = false;
        i = q + (quoted ? 2 : 1);
        continue;
      }
      const j = nextSpecial(text, i);
      if (j > i) cell += text.slice(i, j);
      if (j === n) break;
      const c = text.charCodeAt(j);
      // A quote or a CR whose meaning is the next character's, at the end of the piece.
      if ((c === QUOTE || c === CR) && j + 1 === n && !final) {
        this.carry = text[j]!;
        break;
      }
      i = j + 1;
      if (c === QUOTE) {
        if (cell === '') {
          quoted = true;
          this.touched = true;
        } else cell += '"';
      } else if (c === COMMA) {
        this.cells.push(cell);
        cell = '';
        this.touched = true;
      } else {
        if (c === CR && text.charCodeAt(i) === LF) i++;
        this.cell = cell;
        this.endRow(rows);
        cell = '';
        line++;
        this.rowLine = line;
      }
    }
    Object.assign(this, { cell, quoted, line });
    return rows;
  }
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

/** Where the next quote, comma, CR or LF is at or after `from` (the text's length if none). */
function nextSpecial(text: string, from: number): number {
  let j = from;
  for (let c = text.charCodeAt(j); j < text.length && c !== COMMA && c !== CR && c !== LF && c !== QUOTE; c = text.charCodeAt(++j));
  return j;
}

function newlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

export function parseCsv(text: string): CsvRow[] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}
