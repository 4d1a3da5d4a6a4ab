// The console's overview (GET /api/admin/overview): new leads by day and list, sources, statuses.
import type { LeadStatus, ListSlug } from './lead-kinds.ts';
import type { SpeedToLead, TeamFigures } from './my-day.ts';

export const OVERVIEW_DAYS = 30;
/** The overview names this many sources; the rest are counted together. */
export const OVERVIEW_SOURCES = 20;

/** GET /api/admin/overview. */
export interface OverviewResponse {
  /** The last OVERVIEW_DAYS days in IST, oldest first, each with its new leads per list. */
  days: Array<{ date: string; counts: Record<ListSlug, number> }>;
  /** Leads per status, over all lists. */
  byStatus: Record<LeadStatus, number>;
  /** Leads per list for today, the last 7 and the last 30 days (IST days). */
  totals: { today: number; week: number; month: number };
  /** Messages in the mail queue that failed for good. */
  mailFailed: number;
  /** New leads of the last OVERVIEW_DAYS days (spam left out) by utm_source, most first; null: none given. */
  bySource: Array<{ utmSource: string | null; count: number }>;
  /** Those leads under sources past the first OVERVIEW_SOURCES (any visitor can make up a utm_source). */
  bySourceOthers: number;
  /** Over the same OVERVIEW_DAYS days. */
  speedToLead: SpeedToLead;
  team: TeamFigures[];
}
