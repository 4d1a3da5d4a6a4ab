import { describe, expect, it } from 'vitest';
import { runFailure } from './lighthouse.ts';

const scored = (score: number | null) => ({ score });
const all = { performance: scored(0.97), accessibility: scored(1), 'best-practices': scored(1), seo: scored(1) };

describe('runFailure', () => {
  it('takes a run with four scores and no runtime error as a measurement', () => {
    expect(runFailure({ categories: all })).toBeUndefined();
    // A real zero is a score, not a failure.
    expect(runFailure({ categories: { ...all, performance: scored(0) } })).toBeUndefined();
  });

  it("reports Lighthouse's runtime error, or the categories it could not score", () => {
    expect(runFailure({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' }, categories: all })).toBe(
      'NO_FCP: The page did not paint any content.',
    );
    expect(runFailure({ categories: { ...all, performance: scored(null), 'best-practices': scored(null) } })).toBe(
      'no score for performance, best-practices',
    );
    expect(runFailure({ categories: { accessibility: scored(1) } })).toBe('no score for performance, best-practices, seo');
  });
});
