import { describe, expect, it } from 'vitest';
import { CsvError, CsvReader, parseCsv } from './parse-csv.ts';

describe('parseCsv', () => {
  it('reads plain, quoted and multi-line fields, CRLF or LF, and skips blank lines', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
    expect(parseCsv('name,message\n"Rao, Asha","said ""hi""\nthen left"\n\nx,y')).toEqual([
      { line: 1, cells: ['name', 'message'] },
      { line: 2, cells: ['Rao, Asha', 'said "hi"\nthen left'] },
      { line: 5, cells: ['x', 'y'] },
    ]);
    expect(parseCsv('a,,\n')).toEqual([{ line: 1, cells: ['a', '', ''] }]);
    expect(parseCsv('आशा,वर्मा')).toEqual([{ line: 1, cells: ['आशा', 'वर्मा'] }]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote left open, saying where, and keeps a quote inside an unquoted field', () => {
    let caught: unknown;
    try {
      parseCsv('a,b\nx,y\n"open,x\n');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CsvError);
    expect((caught as CsvError).line).toBe(3);
    expect(parseCsv('a\n5"6 tall\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['5"6 tall'] },
    ]);
  });

  it('takes linear time on a large hostile file', () => {
    const big = `${'"'.repeat(1)}${'x'.repeat(2_000_000)}"\n${'a,'.repeat(500_000)}\n`;
    const started = performance.now();
    const rows = parseCsv(big);
    expect(rows).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads a file given piece by piece as it reads it whole, wherever the pieces are cut', () => {
    const text = 'name,message\r\n"Rao, Asha","said ""hi""\r\nthen left"\r\n\r\nx,""\r\n"",y\n5"6,z';
    const whole = parseCsv(text);
    for (let a = 0; a <= text.length; a++)
      for (let b = a; b <= text.length; b++) {
        const reader = new CsvReader();
        const rows = [...reader.push(text.slice(0, a)), ...reader.push(text.slice(a, b)), ...reader.push(text.slice(b)), ...reader.end()];
        expect(rows, `cut at ${a} and ${b}`).toEqual(whole);
      }
  });
});
