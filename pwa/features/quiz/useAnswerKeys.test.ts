import { describe, expect, it } from 'vitest';
import { optionForKey } from './useAnswerKeys.ts';

describe('optionForKey', () => {
  it('maps 1-4 and A-D (either case) to the four options', () => {
    expect(['1', '2', '3', '4'].map((k) => optionForKey(k, undefined))).toEqual([0, 1, 2, 3]);
    expect(['a', 'B', 'c', 'D'].map((k) => optionForKey(k, 2))).toEqual([0, 1, 2, 3]);
  });

  it('steps with the arrows, stopping at the ends, from the first or last when nothing is chosen', () => {
    expect(optionForKey('ArrowDown', undefined)).toBe(0);
    expect(optionForKey('ArrowUp', undefined)).toBe(3);
    expect(optionForKey('ArrowRight', 1)).toBe(2);
    expect(optionForKey('ArrowDown', 3)).toBe(3);
    expect(optionForKey('ArrowLeft', 0)).toBe(0);
  });

  it('ignores every other key', () => {
    for (const key of ['5', '0', 'e', 'Enter', 'Tab', ' ', 'Escape', 'Backspace']) expect(optionForKey(key, 1), key).toBeUndefined();
  });
});
