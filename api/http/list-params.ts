// The query parameters every admin list reads alike, parsed in one place: `?page=&limit=`,
// `?q=` (at most 100 characters of storable text) and `?from=&to=` (an ISO date is a day in
// India Standard Time, as the console shows it, `to` taking the whole day; or an ISO
// date-time). The lead lists (api/leads/list-query.ts) and the other admin lists
// (api/resources/admin-list.ts, the mail queue) add their own filters on top.
import type { Context } from 'hono';
import { LIST_LIMIT_MAX } from '../../contract/admin.ts';
import { isCalendarDateTime, isCalendarDay } from '../../contract/dates.ts';
import { isStorableText, TEXT_MESSAGES } from '../../contract/text-rules.ts';
import { HttpError } from './http.ts';

export interface ListParams {
  page: number;
  /** Undefined: every match (the spec's own client asks for no page). */
  limit: number | undefined;
  q: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
}

/** India Standard Time: UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/** The start of an IST day, as an instant. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

export function positiveInt(raw: string | undefined, name: string, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new HttpError(400, `${name} must be a whole number from 1 to ${max}`);
  }
  return Number(raw);
}

function listDate(raw: string | undefined, name: 'from' | 'to'): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const dateOnly = isCalendarDay(raw);
  const value = dateOnly ? istDayStart(raw) : isCalendarDateTime(raw) ? new Date(raw) : undefined;
  if (!value || Number.isNaN(value.getTime())) {
    throw new HttpError(400, `${name} must be an ISO date (2026-01-31) or date-time (2026-01-31T10:00:00Z)`);
  }
  // `to=2026-01-31` includes all of the 31st.
  return dateOnly && name === 'to' ? new Date(value.getTime() + 86_400_000 - 1) : value;
}

export function parseListParams(c: Context): ListParams {
  const q = c.req.query('q')?.trim();
  if (q !== undefined && q.length > 100) throw new HttpError(400, 'q must be at most 100 characters');
  if (q !== undefined && !isStorableText(q)) throw new HttpError(400, TEXT_MESSAGES.notAllowedCharacters('q'));
  const from = listDate(c.req.query('from'), 'from');
  const to = listDate(c.req.query('to'), 'to');
  if (from && to && from > to) throw new HttpError(400, 'from must not be after to');
  return {
    page: positiveInt(c.req.query('page'), 'page', 1_000_000) ?? 1,
    limit: positiveInt(c.req.query('limit'), 'limit', LIST_LIMIT_MAX),
    q: q === '' ? undefined : q,
    from,
    to,
  };
}
