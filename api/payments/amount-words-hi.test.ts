// Amounts in Hindi words as a Hindi receipt says them: हज़ार, लाख and करोड़ (never million),
// the singular for one rupee and one paisa, paise only when there are some.
import { describe, expect, it } from 'vitest';
import { numberInHindiWords, rupeesInHindiWords } from './amount-words-hi.ts';

const RUPEE = 100;

describe('amounts in Hindi words', () => {
  it.each([
    [0, 'शून्य रुपये'],
    [1 * RUPEE, 'एक रुपया'],
    [2 * RUPEE, 'दो रुपये'],
    [19 * RUPEE, 'उन्नीस रुपये'],
    [47 * RUPEE, 'सैंतालीस रुपये'],
    [99 * RUPEE, 'निन्यानवे रुपये'],
    [100 * RUPEE, 'एक सौ रुपये'],
    [101 * RUPEE, 'एक सौ एक रुपये'],
    [999 * RUPEE, 'नौ सौ निन्यानवे रुपये'],
    [1_000 * RUPEE, 'एक हज़ार रुपये'],
    [2_499 * RUPEE, 'दो हज़ार चार सौ निन्यानवे रुपये'],
    [1_00_000 * RUPEE, 'एक लाख रुपये'],
    [1_25_000 * RUPEE, 'एक लाख पच्चीस हज़ार रुपये'],
    [1_25_050 * RUPEE, 'एक लाख पच्चीस हज़ार पचास रुपये'],
    [10_00_001 * RUPEE, 'दस लाख एक रुपये'],
    [99_99_999 * RUPEE, 'निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये'],
    [1_00_00_000 * RUPEE, 'एक करोड़ रुपये'],
    [1_00_00_100 * RUPEE, 'एक करोड़ एक सौ रुपये'],
    [1_00_000_00_00_000 * RUPEE, 'एक लाख करोड़ रुपये'],
    [1, 'एक पैसा'],
    [50, 'पचास पैसे'],
    [1 * RUPEE + 1, 'एक रुपया और एक पैसा'],
    [123 * RUPEE + 45, 'एक सौ तेईस रुपये और पैंतालीस पैसे'],
    [1_25_000 * RUPEE + 99, 'एक लाख पच्चीस हज़ार रुपये और निन्यानवे पैसे'],
  ])('%i paise is "%s"', (paise, words) => {
    expect(rupeesInHindiWords(paise)).toBe(words);
  });

  it('has its own word for every number below a hundred, each in Devanagari and none repeated', () => {
    const words = Array.from({ length: 100 }, (_, n) => numberInHindiWords(n));
    expect(new Set(words).size).toBe(100);
    for (const word of words) expect(word).toMatch(/^[\u0900-\u097F]+$/);
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => rupeesInHindiWords(-1)).toThrow(RangeError);
    expect(() => rupeesInHindiWords(1.5)).toThrow(RangeError);
    expect(() => numberInHindiWords(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});
