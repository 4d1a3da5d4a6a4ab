// The admin console's paths and the words its routes share, and the live events. Its concepts
// have modules of their own: lead-detail.ts (a lead, its history, its changes), bulk.ts,
// people.ts, overview.ts.
import type { ListSlug } from './lead-kinds.ts';
import type { NextAction } from './activities.ts';

export const CONSOLE_PATHS = {
  /** GET `/{list}/{id}` (detail and history), PATCH `/{list}/{id}`, POST `/{list}/bulk` (contract/bulk.ts). */
  leads: '/api/admin/leads',
  /** GET `/{list}.csv`: every lead of the list that matches its filters, as CSV. */
  export: '/api/admin/export',
  people: '/api/admin/people',
  overview: '/api/admin/overview',
  events: '/api/admin/events',
} as const;

export function leadPath(list: ListSlug, id: string): string {
  return `${CONSOLE_PATHS.leads}/${list}/${encodeURIComponent(id)}`;
}
export function csvPath(list: ListSlug): string {
  return `${CONSOLE_PATHS.export}/${list}.csv`;
}

/** The business's day: overview dates are in India Standard Time (UTC+5:30, no daylight saving). */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

export const CONSOLE_MESSAGES = {
  leadNotFound: 'This lead does not exist (it may have been removed)',
  listNotFound: 'There is no such list',
  sessionEnded: 'Your session has ended. Please log in again.',
  tooManyStreams: 'Too many live connections; the list still works without live updates',
} as const;

/**
 * Server-sent events of GET /api/admin/events (`event: lead`), as each member receives them:
 * a counsellor hears only of their leads and the pool.
 */
export interface LeadEvent {
  list: ListSlug;
  /**
   * 'created': new leads arrived; 'updated': a lead's status, notes, owner or next step
   * changed; 'reminder': the member's next action on a lead is due now; 'notified': the
   * member has a new notification about the lead (the bell refreshes).
   */
  type: 'created' | 'updated' | 'reminder' | 'notified';
  count: number;
  /** For 'updated' and 'reminder': the lead. */
  id?: string;
  /** For 'created': how many of them were assigned to the member receiving it. */
  assignedToYou?: number;
  /** For 'updated': the lead was just assigned to the member receiving it. */
  assignedToYouNow?: boolean;
  /** For 'reminder': the lead's name, and its next action. */
  name?: string;
  nextAction?: NextAction;
}
