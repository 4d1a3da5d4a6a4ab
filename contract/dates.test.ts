// The calendar rule the forms and the API share (contract/dates.ts).
import { describe, expect, it } from 'vitest';
import { isCalendarDateTime, isCalendarDay } from './dates.ts';

describe('isCalendarDay', () => {
  it('takes real days, leap days of leap years included', () => {
    for (const day of ['2026-01-31', '2026-02-28', '2028-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '0001-01-01'])
      expect(isCalendarDay(day), day).toBe(true);
  });
  it('refuses days past the end of their month, which Date.parse rolls over', () => {
    for (const day of ['2026-02-30', '2027-02-29', '1900-02-29', '2027-04-31', '2026-06-31', '2026-13-01', '2026-00-01', '2026-01-00'])
      expect(isCalendarDay(day), day).toBe(false);
    expect(Number.isNaN(Date.parse('2026-02-30T00:00:00Z'))).toBe(false);
  });
  it('refuses what is not YYYY-MM-DD', () => {
    for (const day of ['3 Dec', '2026-1-01', '2026-01-01T00:00Z', '0000-01-01', ' 2026-01-01', ''])
      expect(isCalendarDay(day), day).toBe(false);
  });
});

describe('isCalendarDateTime', () => {
  it('takes ISO date-times with their zone', () => {
    for (const v of ['2026-12-01T10:30Z', '2026-12-01T10:30:15Z', '2026-12-01T10:30:15.123Z', '2028-02-29T23:59:59+05:30'])
      expect(isCalendarDateTime(v), v).toBe(true);
  });
  it('refuses impossible days and clocks, and a time without a zone', () => {
    for (const v of [
      '2027-02-29T10:00Z',
      '2027-04-31T10:00:00Z',
      '2026-01-01T24:00Z',
      '2026-01-01T10:60Z',
      '2026-01-01T10:00',
      '2026-01-01',
    ])
      expect(isCalendarDateTime(v), v).toBe(false);
  });
});
