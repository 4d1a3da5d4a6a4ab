import { describe, expect, it } from 'vitest';
import { excerpt, sample } from './text.ts';

describe('excerpt', () => {
  it('keeps short text whole, without an ellipsis', () => {
    expect(excerpt('Short and sweet.')).toBe('Short and sweet.');
  });
  it('cuts at 100 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(150);
    expect(excerpt(long)).toBe(`${'a'.repeat(100)}…`);
    expect(excerpt('b'.repeat(100))).toBe('b'.repeat(100));
  });
});

/** A seeded generator (mulberry32), so the sample's randomness is checked, not hoped for. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sample', () => {
  it('returns distinct items of the requested count, leaving the input alone', () => {
    const items = [1, 2, 3, 4, 5, 6];
    const got = sample(items, 4);
    expect(got).toHaveLength(4);
    expect(new Set(got).size).toBe(4);
    expect(got.every((n) => items.includes(n))).toBe(true);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('follows its random source (Fisher–Yates): the last draw picks the last slot first', () => {
    // random() = 0 always swaps the current last slot with the first: [1..5] -> [2,3,4,5,1].
    expect(sample([1, 2, 3, 4, 5], 5, () => 0)).toEqual([2, 3, 4, 5, 1]);
    // random() just under 1 always keeps each slot: the input order.
    expect(sample([1, 2, 3, 4, 5], 5, () => 0.999999)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts every item first equally often: a random sample, not the first items', () => {
    const random = seeded(42);
    const firsts = new Map<number, number>();
    const trials = 12_000;
    for (let i = 0; i < trials; i++) {
      const [first] = sample([1, 2, 3, 4, 5, 6], 2, random);
      firsts.set(first!, (firsts.get(first!) ?? 0) + 1);
    }
    expect([...firsts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // 2,000 expected each; 6 standard deviations is +-220.
    for (const count of firsts.values()) expect(Math.abs(count - trials / 6)).toBeLessThan(220);
  });
});
