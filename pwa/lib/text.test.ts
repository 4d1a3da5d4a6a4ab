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

describe('sample', () => {
  it('returns distinct items of the requested count', () => {
    const got = sample([1, 2, 3, 4, 5, 6], 4);
    expect(got).toHaveLength(4);
    expect(new Set(got).size).toBe(4);
  });
});
