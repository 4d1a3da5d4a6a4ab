// Reads CSV as spreadsheets write it (RFC 4180): fields split by commas, a quoted field may
// hold commas, line breaks and "" for a quote; lines end with CRLF or LF. One pass over the
// text (no regular expression per field), so a large or hostile file costs linear time.
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

export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let touched = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
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
      touched = true;
    } else if (ch === ',') {
      endCell();
      touched = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvError('A quoted field is not closed', rowLine);
  if (cell !== '' || cells.length > 0 || touched) endRow();
  return rows;
}
