import { describe, expect, it } from 'vitest';
import { DEFAULT_DESK_HOURS, nextWorkingSlot } from './working-hours.ts';

const ist = (text: string) => new Date(`${text}+05:30`);

describe('the next working slot for a follow-up (Mon–Sat 09:00–19:00 IST)', () => {
  it('moves a time before opening to that day’s opening, and one after closing to the next working day’s', () => {
    // Friday 27 November 2026, 07:26: the desk opens at 09:00.
    expect(nextWorkingSlot(ist('2026-11-27T07:26:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-27T09:00:00'));
    expect(nextWorkingSlot(ist('2026-11-27T19:40:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-28T09:00:00'));
    // Saturday evening: Sunday is closed, Monday 09:00.
    expect(nextWorkingSlot(ist('2026-11-28T20:05:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-30T09:00:00'));
    expect(nextWorkingSlot(ist('2026-11-29T11:00:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-30T09:00:00'));
  });

  it('keeps a time inside working hours, on the next quarter hour', () => {
    expect(nextWorkingSlot(ist('2026-11-27T10:26:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-27T10:30:00'));
    expect(nextWorkingSlot(ist('2026-11-27T10:30:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-27T10:30:00'));
    // 18:50 rounds to 19:00, when the desk closes: the next morning.
    expect(nextWorkingSlot(ist('2026-11-27T18:50:00'), DEFAULT_DESK_HOURS)).toEqual(ist('2026-11-28T09:00:00'));
  });
});
