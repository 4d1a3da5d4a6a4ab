// The median from per-owner histograms: the same figure percentile_cont(0.5) gives over the rows.
import { describe, expect, it } from 'vitest';
import { medianOf } from './speed-to-lead.ts';

describe('medianOf', () => {
  it('takes the middle value, or the mean of the middle two, over the bars’ leads', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([{ minutes: 5, leads: 0 }])).toBeNull();
    expect(medianOf([{ minutes: 8, leads: 1 }])).toBe(8);
    // 8, 70, 720 → 70
    expect(
      medianOf([
        { minutes: 720, leads: 1 },
        { minutes: 8, leads: 1 },
        { minutes: 70, leads: 1 },
      ]),
    ).toBe(70);
    // 10, 10, 10, 30 → (10 + 10) / 2
    expect(
      medianOf([
        { minutes: 30, leads: 1 },
        { minutes: 10, leads: 3 },
      ]),
    ).toBe(10);
    // 10, 30 → 20
    expect(
      medianOf([
        { minutes: 10, leads: 1 },
        { minutes: 30, leads: 1 },
      ]),
    ).toBe(20);
    // 1,2 | 2,2,3,3: six values 1 2 2 2 3 3 → (2 + 2) / 2
    expect(
      medianOf([
        { minutes: 3, leads: 2 },
        { minutes: 1, leads: 1 },
        { minutes: 2, leads: 3 },
      ]),
    ).toBe(2);
  });
});
