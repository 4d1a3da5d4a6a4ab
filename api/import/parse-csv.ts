// Reads CSV as spreadsheets write it (RFC 4180): fields split by commas, a quoted field may
// hold commas, line breaks and "" for a quote; lines end with CRLF or LF. One pass over the
// text (no regular expression per field), so a large or hostile file costs linear time, and
// piece by piece (CsvReader), so a file is never held as one string nor as all its rows.
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
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      // A quote or a CR whose meaning is the next character's, at the end of the piece.
      if ((ch === '"' || ch === '\r') && i + 1 === text.length && !final) {
        this.carry = ch;
        break;
      }
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i++;
          } else quoted = false;
        } else {
          if (ch === '\n') line++;
          cell += ch;
        }
        continue;
      }
      if (ch === '"' && cell === '') {
        quoted = true;
        this.touched = true;
      } else if (ch === ',') {
        this.cells.push(cell);
        cell = '';
        this.touched = true;
      } else if (ch === '\r' || ch === '\n') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        this.cell = cell;
        this.endRow(rows);
        cell = '';
        line++;
        this.rowLine = line;
      } else cell += ch;
    }
    Object.assign(this, { cell, quoted, line });
    return rows;
  }
}

export function parseCsv(text: string): CsvRow[] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}
