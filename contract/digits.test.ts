// Indian digit grouping without Intl gives what Intl's 'en-IN' gives, for every magnitude.
import { describe, expect, it } from 'vitest';
import { indianDigits } from './digits.ts';

describe('indianDigits', () => {
  it('groups as Intl en-IN does, from one digit to sixteen, and below zero', () => {
    const values = [0, 7, 42, 999, 1000, 2499, 99_999, 1_00_000, 12_34_567, 9_99_99_999, 12_34_56_789, 2 ** 53 - 1];
    for (let d = 1, n = 1; d <= 16; d++, n = n * 10 + (d % 10)) values.push(n, -n);
    for (const n of values) expect(indianDigits(n), String(n)).toBe(n.toLocaleString('en-IN'));
    expect(indianDigits(1_00_000)).toBe('1,00,000');
    expect(indianDigits(-12_34_567)).toBe('-12,34,567');
  });

  it('leaves a fraction to Intl', () => {
    expect(indianDigits(1234.5)).toBe('1,234.5');
  });
});
