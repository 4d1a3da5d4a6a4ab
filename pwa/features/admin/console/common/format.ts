// How the console writes values: dates and times in India Standard Time (the business's
// day, whatever the admin's computer says), numbers with Indian digit grouping.
import { BUSINESS_TIME_ZONE } from '../../../../../contract/console.ts';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../../../contract/lead-kinds.ts';
import { formatCount } from '../../../../lib/numbers.ts';

export { formatCount };

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short' });

export function formatDateTime(iso: unknown): string {
  const date = new Date(String(iso));
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** A YYYY-MM-DD day (already an IST date) as "23 Nov". */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A YYYY-MM-DD day as people write it: "27 Nov 2026". Written out rather than through Intl,
 * whose short months differ between engines ("Sept" in some): a projected date reads one way.
 */
export function formatDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : day;
}

export function statusLabel(status: unknown): string {
  return LEAD_STATUS_LABELS[status as LeadStatus] ?? String(status);
}

/** "1–50 of 1,234" for a page of a list. */
export function rangeLabel(page: number, size: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${formatCount(total)}`;
  const first = (page - 1) * size + 1;
  return `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as a datetime-local input's value in India Standard Time ("2026-11-24T16:00"). */
export function istInputValue(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as India Standard Time, as the API's date-time ("2026-11-24T16:00:00+05:30"). */
export function fromIstInput(value: string): string {
  return `${value}:00+05:30`;
}
