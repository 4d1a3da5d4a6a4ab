// Working hours (WORKING_HOURS, default "Mon-Sat 09:00-19:00", India Standard Time): speed to
// lead and the SLA count only the time the desk is open, so a lead that arrives at 18:55 on
// a Saturday has waited five minutes by Monday 09:00, not a weekend.
import { IST_OFFSET_MS } from '../../contract/working-hours.ts';
import type { WorkingHours } from '../config/working-hours.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

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
