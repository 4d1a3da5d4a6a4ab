// Working hours: figures computed by hand for the default desk (Mon–Sat 09:00–19:00 IST).
import { describe, expect, it } from 'vitest';
import { parseWorkingHours } from '../config/working-hours.ts';
import { addWorkingMinutes, workingMinutesBetween } from './working-hours.ts';

const desk = parseWorkingHours('Mon-Sat 09:00-19:00');
/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe('working hours', () => {
  it('reads day ranges, lists and times, and refuses the rest', () => {
    expect([...desk.days].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(desk.start).toBe(540);
    expect(desk.end).toBe(1140);
    expect([...parseWorkingHours('Mon,Wed,Fri 10:00-18:30').days].sort()).toEqual([1, 3, 5]);
    expect([...parseWorkingHours('Sat-Mon 08:00-12:00').days].sort()).toEqual([0, 1, 6]);
    for (const bad of ['', 'Mon-Sat', 'Mon-Sat 19:00-09:00', 'Funday 09:00-10:00', 'Mon-Sat 9-7', 'Mon-Sat 25:00-26:00']) {
      expect(() => parseWorkingHours(bad), bad).toThrow();
    }
  });

  it('counts only the hours the desk is open, in IST', () => {
    // 2026-11-24 is a Tuesday.
    expect(workingMinutesBetween(ist('2026-11-24T10:00:00'), ist('2026-11-24T10:17:00'), desk)).toBe(17);
    // Before opening counts from 09:00; after closing stops at 19:00.
    expect(workingMinutesBetween(ist('2026-11-24T07:00:00'), ist('2026-11-24T09:30:00'), desk)).toBe(30);
    expect(workingMinutesBetween(ist('2026-11-24T18:50:00'), ist('2026-11-24T22:00:00'), desk)).toBe(10);
    // Overnight: 18:55 Tuesday to 09:10 Wednesday is 5 + 10 minutes.
    expect(workingMinutesBetween(ist('2026-11-24T18:55:00'), ist('2026-11-25T09:10:00'), desk)).toBe(15);
    // Saturday 18:55 to Monday 09:05: Sunday is closed.
    expect(workingMinutesBetween(ist('2026-11-28T18:55:00'), ist('2026-11-30T09:05:00'), desk)).toBe(10);
    // A whole week is six days of ten hours, wherever it starts.
    expect(workingMinutesBetween(ist('2026-11-25T13:00:00'), ist('2026-12-02T13:00:00'), desk)).toBe(3600);
    // Ten weeks and a bit (the whole-week shortcut): 10 × 3,600 + 60.
    expect(workingMinutesBetween(ist('2026-11-24T10:00:00'), ist('2027-02-02T11:00:00'), desk)).toBe(36_060);
    expect(workingMinutesBetween(ist('2026-11-24T11:00:00'), ist('2026-11-24T10:00:00'), desk)).toBe(0);
  });

  it('finds the instant a number of working minutes later (the SLA deadline)', () => {
    expect(addWorkingMinutes(ist('2026-11-24T10:00:00'), 15, desk)).toEqual(ist('2026-11-24T10:15:00'));
    expect(addWorkingMinutes(ist('2026-11-24T18:55:00'), 15, desk)).toEqual(ist('2026-11-25T09:10:00'));
    expect(addWorkingMinutes(ist('2026-11-28T20:00:00'), 15, desk)).toEqual(ist('2026-11-30T09:15:00'));
    expect(addWorkingMinutes(ist('2026-11-24T03:00:00'), 0, desk)).toEqual(ist('2026-11-24T09:00:00'));
    // The two agree: minutes between a start and its deadline are the minutes asked for.
    for (const start of ['2026-11-24T08:13:00', '2026-11-27T18:59:00', '2026-11-29T12:00:00']) {
      const due = addWorkingMinutes(ist(start), 617, desk);
      expect(workingMinutesBetween(ist(start), due, desk), start).toBeCloseTo(617, 6);
    }
  });
});
