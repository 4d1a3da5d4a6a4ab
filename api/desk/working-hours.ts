// Working hours (WORKING_HOURS, default "Mon-Sat 09:00-19:00", India Standard Time): speed to
// lead and the SLA count only the time the desk is open, so a lead that arrives at 18:55 on
// a Saturday has waited five minutes by Monday 09:00, not a weekend.
import { IST_OFFSET_MS } from '../../contract/desk.ts';

export interface WorkingHours {
  /** Days of the week the desk is open (0 Sunday … 6 Saturday). */
  days: ReadonlySet<number>;
  /** Opening and closing, minutes after midnight IST; start < end. */
  start: number;
  end: number;
}

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

function dayIndex(name: string): number {
  const i = DAY_NAMES.indexOf(name.slice(0, 3).toLowerCase());
  if (i < 0 || name.length < 3) throw new Error(`not a day of the week: "${name}"`);
  return i;
}

function minuteOf(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59 || (Number(m[1]) === 24 && m[2] !== '00')) throw new Error(`not a time: "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Reads "Mon-Sat 09:00-19:00" (days: a range or a comma list such as "Mon,Wed,Fri"; times
 * 24-hour, IST). Throws with the reason on anything else.
 */
export function parseWorkingHours(text: string): WorkingHours {
  const m = /^\s*([A-Za-z,\s-]+?)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s*$/.exec(text);
  if (!m) throw new Error(`WORKING_HOURS must look like "Mon-Sat 09:00-19:00" (got "${text}")`);
  const days = new Set<number>();
  for (const part of m[1]!.split(',').map((p) => p.trim())) {
    const range = part.split('-').map((p) => p.trim());
    if (range.length === 1) days.add(dayIndex(range[0]!));
    else if (range.length === 2) {
      const [from, to] = [dayIndex(range[0]!), dayIndex(range[1]!)];
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
    } else throw new Error(`WORKING_HOURS: "${part}" is not a day or a range of days`);
  }
  const start = minuteOf(m[2]!);
  const end = minuteOf(m[3]!);
  if (end <= start) throw new Error('WORKING_HOURS: the desk must close after it opens');
  return { days, start, end };
}

/** Minutes of the IST day that `at` falls in, before `at`, and that day's midnight as epoch ms. */
function istParts(at: number): { midnight: number; weekday: number } {
  const shifted = at + IST_OFFSET_MS;
  const dayStartShifted = Math.floor(shifted / DAY_MS) * DAY_MS;
  return { midnight: dayStartShifted - IST_OFFSET_MS, weekday: new Date(dayStartShifted).getUTCDay() };
}

/** Working minutes in the whole week (for skipping full weeks of a long span). */
function weekMinutes(hours: WorkingHours): number {
  return hours.days.size * (hours.end - hours.start);
}

/** Working minutes between two instants (0 when `to` is not after `from`), fractional. */
export function workingMinutesBetween(from: Date, to: Date, hours: WorkingHours): number {
  let a = from.getTime();
  const b = to.getTime();
  if (!(b > a)) return 0;
  let total = 0;
  // Whole weeks at once: a lead left for months is still a few dozen steps.
  const weeks = Math.floor((b - a) / (7 * DAY_MS));
  if (weeks > 1) {
    total += (weeks - 1) * weekMinutes(hours);
    a += (weeks - 1) * 7 * DAY_MS;
  }
  for (let { midnight, weekday } = istParts(a); midnight < b; midnight += DAY_MS, weekday = (weekday + 1) % 7) {
    if (!hours.days.has(weekday)) continue;
    const open = Math.max(a, midnight + hours.start * MINUTE_MS);
    const close = Math.min(b, midnight + hours.end * MINUTE_MS);
    if (close > open) total += (close - open) / MINUTE_MS;
  }
  return total;
}

/** The instant `minutes` working minutes after `from` (the SLA's deadline for a lead that arrived then). */
export function addWorkingMinutes(from: Date, minutes: number, hours: WorkingHours): Date {
  if (hours.days.size === 0) throw new Error('WORKING_HOURS has no day');
  let left = minutes * MINUTE_MS;
  const a = from.getTime();
  for (let { midnight, weekday } = istParts(a); ; midnight += DAY_MS, weekday = (weekday + 1) % 7) {
    if (!hours.days.has(weekday)) continue;
    const open = Math.max(a, midnight + hours.start * MINUTE_MS);
    const close = midnight + hours.end * MINUTE_MS;
    if (close <= open) continue;
    if (close - open >= left) return new Date(open + left);
    left -= close - open;
  }
}
