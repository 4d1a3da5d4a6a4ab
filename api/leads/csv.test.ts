import { describe, expect, it } from 'vitest';
import { crlfRows, csvCell } from './csv.ts';

describe('csvCell', () => {
  it('defuses every cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`), JSON.stringify(start)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('quotes by RFC 4180 only what needs it, and keeps everything else as it is', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('आशा वर्मा')).toBe('आशा वर्मा');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });
});

describe('crlfRows', () => {
  const crlf = (text: string) => Buffer.from(crlfRows(Buffer.from(text))).toString('utf8');

  it("ends each of COPY's rows with CRLF and keeps a quoted cell's own line breaks as they are", () => {
    expect(crlf('a,b\nc,d\n')).toBe('a,b\r\nc,d\r\n');
    expect(crlf('"two\nlines",x\n"and\r\nthree",y\n')).toBe('"two\nlines",x\r\n"and\r\nthree",y\r\n');
  });

  it('counts doubled quotes inside a cell as staying inside it', () => {
    expect(crlf('"say ""hi""\nthere",x\n"""",y\n')).toBe('"say ""hi""\nthere",x\r\n"""",y\r\n');
    // A cell of a quote and a line break, its quote doubled.
    expect(crlf('"""\n""",z\n')).toBe('"""\n""",z\r\n');
  });

  it('reads bytes, never splitting a Devanagari character, and leaves an empty page empty', () => {
    expect(crlf('आशा,"वर्मा\nजी"\nइ\n')).toBe('आशा,"वर्मा\nजी"\r\nइ\r\n');
    expect(crlfRows(new Uint8Array(0))).toHaveLength(0);
  });
});
