// The funnel and revenue report: who the leads of a period became (contacted, booked, paid),
// by source, campaign, organisation, counsellor or package, with the rupees they paid; the
// revenue by week and source; and the spend admins enter per source per month, which gives
// the source rows their cost per lead, cost per paid seat and return on spend. The period's
// days are IST days; a person counts once per stage (people, not leads).
import { isCalendarDay } from './dates.ts';
import { isStorableText } from './text-rules.ts';
import { SOURCE_VALUE_MAX } from './lead-signals.ts';

export const REPORT_PATHS = {
  base: '/api/admin/reports',
  /** GET ?by=&from=&to= → FunnelResponse. */
  funnel: '/api/admin/reports/funnel',
  /** GET ?from=&to= → RevenueResponse (by the IST week of payment). */
  revenue: '/api/admin/reports/revenue',
  /** GET ?from=YYYY-MM&to=YYYY-MM → SpendResponse; PUT { source, month, rupees } → { entry }. */
  spend: '/api/admin/reports/spend',
} as const;

export const REPORT_DIMENSIONS = ['source', 'campaign', 'organisation', 'counsellor', 'package'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const REPORT_DIMENSION_LABELS: Record<ReportDimension, string> = {
  source: 'Source',
  campaign: 'Campaign',
  organisation: 'Organisation',
  counsellor: 'Counsellor',
  package: 'Package',
};
/** What a row without the key is called (a lead with no utm_source, a person with no owner). */
export const REPORT_NONE_LABELS: Record<ReportDimension, string> = {
  source: 'No source',
  campaign: 'No campaign',
  organisation: 'No organisation',
  counsellor: 'No one (the pool)',
  package: 'No booking',
};

/** A report covers at most this many days (three years): longer asks are refused, not slow. */
export const REPORT_MAX_DAYS = 1096;
/** Without `from`, a report covers the year to `to` (today by default). */
export const REPORT_DEFAULT_DAYS = 365;
export const SPEND_MAX_RUPEES = 100_000_000;

export interface FunnelRow {
  /** The source, campaign, organisation, package or counsellor's id; null for "none". */
  key: string | null;
  /** What the console shows for the key (a counsellor's name). */
  label: string;
  leads: number;
  contacted: number;
  booked: number;
  paid: number;
  /** Rupees. */
  revenue: number;
  /** Days from first seen to paid (IST days), the median of the paid; null when none paid. */
  medianDaysToPaid: number | null;
  /** Source rows, for members who read spend: the period's spend (rupees, months pro rata) and what it bought. */
  spend?: number;
  costPerLead?: number | null;
  costPerPaidSeat?: number | null;
  /** Revenue ÷ spend (2 is two rupees back for each rupee spent). */
  returnOnSpend?: number | null;
}
export interface FunnelResponse {
  data: FunnelRow[];
  by: ReportDimension;
  from: string;
  to: string;
  totals: Omit<FunnelRow, 'key' | 'label'>;
}

export interface RevenueWeek {
  /** The Monday the IST week starts on. */
  week: string;
  source: string | null;
  revenue: number;
  paid: number;
}
export interface RevenueResponse {
  data: RevenueWeek[];
  from: string;
  to: string;
}

export interface SpendEntry {
  source: string;
  /** YYYY-MM. */
  month: string;
  rupees: number;
}
export interface SpendResponse {
  data: SpendEntry[];
}

export const REPORT_MESSAGES = {
  byInvalid: `by must be one of: ${REPORT_DIMENSIONS.join(', ')}`,
  dateInvalid: (name: string) => `${name} must be a real date written YYYY-MM-DD (for example 2026-01-31)`,
  fromAfterTo: 'from must not be after to',
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
  monthInvalid: (name: string) => `${name} must be a month written YYYY-MM (for example 2026-01)`,
  sourceRequired: 'Source is required',
  sourceInvalid: `Source must be at most ${SOURCE_VALUE_MAX} characters, without control characters`,
  rupeesInvalid: `Spend must be a whole number of rupees from 0 to ${SPEND_MAX_RUPEES.toLocaleString('en-IN')}`,
  spendSaved: 'Spend saved',
} as const;

const MONTH = /^(\d{4})-(\d{2})$/;
export function isMonth(value: string): boolean {
  return MONTH.test(value) && isCalendarDay(`${value}-01`);
}

/** A spend entry as sent, or the messages of what is wrong with it. */
export function checkSpend(body: unknown): { ok: true; value: SpendEntry } | { ok: false; errors: Record<string, string> } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const source = typeof input.source === 'string' ? input.source.trim() : '';
  if (source === '') errors.source = REPORT_MESSAGES.sourceRequired;
  else if (source.length > SOURCE_VALUE_MAX || !isStorableText(source)) errors.source = REPORT_MESSAGES.sourceInvalid;
  const month = typeof input.month === 'string' ? input.month : '';
  if (!isMonth(month)) errors.month = REPORT_MESSAGES.monthInvalid('Month');
  const rupees = input.rupees;
  if (typeof rupees !== 'number' || !Number.isInteger(rupees) || rupees < 0 || rupees > SPEND_MAX_RUPEES)
    errors.rupees = REPORT_MESSAGES.rupeesInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { source, month, rupees: rupees as number } };
}

/** A table as CSV (RFC 4180; a cell that starts like a formula is quoted with a leading '). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
