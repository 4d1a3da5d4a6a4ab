// The business's clock: India Standard Time days and the desk's working hours.

/** India Standard Time: UTC+5:30 all year. */
export const IST_OFFSET_MS = 330 * 60_000;
/** The IST date of an instant, as YYYY-MM-DD. */
export function istDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
/** The start of an IST day, as an instant. */
export function istMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}
/** Waited time in words: "12 min", "3 h 5 min", "2 d 4 h". */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.floor((m % (24 * 60)) / 60);
  return `${Math.floor(m / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

/** The desk's working hours as GET /api/admin/me gives them: days 0 (Sunday) … 6, minutes after midnight IST. */
export interface DeskHours {
  days: number[];
  start: number;
  end: number;
}
/** WORKING_HOURS's default, until /me answers. */
export const DEFAULT_DESK_HOURS: DeskHours = { days: [1, 2, 3, 4, 5, 6], start: 9 * 60, end: 19 * 60 };

/**
 * The first moment at or after `at`, on the quarter hour, when the desk is open: `at` itself
 * (rounded up) inside working hours, else the next opening (a follow-up suggested for 07:26
 * becomes 09:00 that day; for 19:40, the next working day's 09:00).
 */
export function nextWorkingSlot(at: Date, hours: DeskHours): Date {
  const quarter = 15 * 60_000;
  const t = Math.ceil(at.getTime() / quarter) * quarter;
  if (hours.days.length === 0) return new Date(t);
  for (let day = 0; day < 8; day++) {
    const midnight = istMidnight(istDateOf(new Date(t + day * 86_400_000))).getTime();
    const weekday = new Date(midnight + IST_OFFSET_MS).getUTCDay();
    if (!hours.days.includes(weekday)) continue;
    const open = midnight + hours.start * 60_000;
    const close = midnight + hours.end * 60_000;
    if (t < open) return new Date(open);
    if (t < close) return new Date(t);
  }
  return new Date(t);
}
