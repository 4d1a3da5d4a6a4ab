// Reading WORKING_HOURS (default "Mon-Sat 09:00-19:00", India Standard Time) at start, so a
// bad value stops the server. The desk's arithmetic on the result is api/desk/working-hours.ts.

export interface WorkingHours {
  /** Days of the week the desk is open (0 Sunday … 6 Saturday). */
  days: ReadonlySet<number>;
  /** Opening and closing, minutes after midnight IST; start < end. */
  start: number;
  end: number;
}

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

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
