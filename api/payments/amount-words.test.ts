// Amounts in words as an Indian accountant reads them: lakh and crore, not million; paise
// only when there are some; the figures grouped the Indian way.
import { describe, expect, it } from 'vitest';
import { numberInWords, rupeesFigures, rupeesInWords } from './amount-words.ts';

describe('amounts in words', () => {
  it.each([
    [0, 'Rupees Zero only'],
    [100, 'Rupees One only'],
    [1_100, 'Rupees Eleven only'],
    [2_000, 'Rupees Twenty only'],
    [9_900, 'Rupees Ninety Nine only'],
    [10_000, 'Rupees One Hundred only'],
    [249_900, 'Rupees Two Thousand Four Hundred Ninety Nine only'],
    [1_250_000, 'Rupees Twelve Thousand Five Hundred only'],
    [10_000_000, 'Rupees One Lakh only'],
    [125_000_000, 'Rupees Twelve Lakh Fifty Thousand only'],
    [999_999_900, 'Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine only'],
    [1_000_000_000, 'Rupees One Crore only'],
    [1_000_000_100, 'Rupees One Crore One only'],
    [100_000_000_000, 'Rupees One Hundred Crore only'],
    [100_000_000_000_000, 'Rupees One Lakh Crore only'],
    [50, 'Fifty Paise only'],
    [1, 'One Paise only'],
    [12_345, 'Rupees One Hundred Twenty Three and Forty Five Paise only'],
  ])('%i paise is "%s"', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it('groups the figures the Indian way, with paise only when there are some', () => {
    expect(rupeesFigures(1_250_000)).toBe('₹12,500');
    expect(rupeesFigures(125_000_000)).toBe('₹12,50,000');
    expect(rupeesFigures(1_000_000_000)).toBe('₹1,00,00,000');
    expect(rupeesFigures(12_345)).toBe('₹123.45');
    expect(rupeesFigures(5)).toBe('₹0.05');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});
