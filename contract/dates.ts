// The one rule for the dates people type (a batch's start, a session's day, a next step's
// time, a list's range). `Date.parse` is not that rule: it takes 2026-02-30 and 2027-04-31 as
// the days after the month's end, and Postgres then refuses them, so a form that passed in
// the browser failed on the server with a 500. A day is real when it names a day of the
// calendar, checked field by field.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a real calendar day written YYYY-MM-DD (years 0001 to 9999). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * True for an ISO date-time with its zone (`2026-12-01T10:30Z`, `…:00.000+05:30`) whose day is
 * real and whose clock reads under 24:00.
 */
export function isCalendarDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDay(m[1]!)) return false;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  return m[5] === undefined || (Number(m[6]) <= 14 && Number(m[7]) <= 59);
}
