// Bulk work on a list: the leads chosen by their ids (up to BULK_MAX, the rows ticked) or by
// the list's filter ("all N matching this filter", resolved by the server within the
// member's scope when the request arrives), and one action for all of them: assign (a
// member, the pool, or the list's round robin), a status, a next action, a tag, or a CSV.
// A change can be undone once, lead by lead, where nothing changed the lead since.
import { array, lazy, mixed, object, string, type InferType } from 'yup';
import { CONSOLE_PATHS } from './console.ts';
import { assigneeField } from './assignment.ts';
import { nextActionSchema } from './activities.ts';
import { LEAD_STATUSES, type ListSlug } from './lead-kinds.ts';
import { TAG_MESSAGE, tagField } from './tags.ts';

/** Rows one change by ids may name (the rows ticked), and the erase call. */
export const BULK_MAX = 500;

/** POST { ids | filter, action } → BulkResult (or text/csv for `export`). */
export function bulkPath(list: ListSlug): string {
  return `${CONSOLE_PATHS.leads}/${list}/bulk`;
}
/** POST → UndoResult. */
export function bulkUndoPath(list: ListSlug, id: string): string {
  return `${bulkPath(list)}/${encodeURIComponent(id)}/undo`;
}

/** Leads one change by filter may touch: past it, the filter must be narrowed. */
export const BULK_FILTER_MAX = 50_000;
/** A change can be undone for this long; after it, what it overwrote is forgotten. */
export const BULK_UNDO_DAYS = 7;

export const BULK_ACTION_TYPES = ['assign', 'status', 'nextAction', 'tag', 'export'] as const;
export type BulkActionType = (typeof BULK_ACTION_TYPES)[number];

export const BULK_MESSAGES = {
  target: 'Send either ids (the leads chosen) or filter (every lead matching it), not both',
  ids: `ids must be 1 to ${BULK_MAX} lead ids`,
  filter: "filter must be the list's filters, each a short text (q, from, to, status, utm_source, assignee)",
  tooMany: `More than ${BULK_FILTER_MAX.toLocaleString('en-IN')} leads match this filter; narrow it first`,
  action: `action.type must be one of: ${BULK_ACTION_TYPES.join(', ')}`,
  status: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
  tag: TAG_MESSAGE,
  assign: 'Assign to a member or the pool (assignee), or roundRobin: true',
  noRoundRobin: 'This list has no round robin with active members: set one on the Assignment page',
  notFound: 'There is no such bulk change (it may be older than a week)',
  undone: 'This bulk change was undone already',
} as const;

/** The list's query parameters, as the list's own GET takes them (the server parses them alike). */
const filterSchema = mixed<Record<string, string>>().test('filter', BULK_MESSAGES.filter, (v) => {
  if (v === undefined) return true;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return (
    entries.length <= 20 && entries.every(([k, value]) => /^[a-z_]{1,30}$/i.test(k) && typeof value === 'string' && value.length <= 200)
  );
});

const ACTION_SCHEMAS = {
  assign: object({
    type: string().required(),
    assignee: assigneeField.optional(),
    roundRobin: mixed().oneOf([true, undefined], BULK_MESSAGES.assign),
  }).test('assign', BULK_MESSAGES.assign, (v) => (v.roundRobin === true) !== (v.assignee !== undefined)),
  status: object({
    type: string().required(),
    status: string()
      .typeError(BULK_MESSAGES.status)
      .required(BULK_MESSAGES.status)
      .oneOf([...LEAD_STATUSES], BULK_MESSAGES.status),
  }),
  nextAction: object({ type: string().required(), nextAction: nextActionSchema.required() }),
  tag: object({
    type: string().required(),
    tag: tagField(),
  }),
  export: object({ type: string().required() }),
} as const;

const actionSchema = lazy((value: unknown) => {
  const type = value && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' && Object.hasOwn(ACTION_SCHEMAS, type) ? ACTION_SCHEMAS[type as BulkActionType] : undefined;
  return (
    schema ??
    object({
      type: string()
        .required(BULK_MESSAGES.action)
        .oneOf([...BULK_ACTION_TYPES], BULK_MESSAGES.action),
    })
  );
});

export const bulkRequestSchema = object({
  ids: array(string().required().max(64)).min(1, BULK_MESSAGES.ids).max(BULK_MAX, BULK_MESSAGES.ids).typeError(BULK_MESSAGES.ids),
  filter: filterSchema,
  action: actionSchema,
}).test('target', BULK_MESSAGES.target, (v) => (v.ids === undefined) !== (v.filter === undefined));

export type BulkAction =
  | { type: 'assign'; assignee: string | null }
  | { type: 'assign'; roundRobin: true }
  | { type: 'status'; status: (typeof LEAD_STATUSES)[number] }
  | { type: 'nextAction'; nextAction: InferType<typeof nextActionSchema> }
  | { type: 'tag'; tag: string }
  | { type: 'export' };

export interface BulkRequest {
  /** The leads chosen; or */
  ids?: string[];
  /** every lead matching the list's filter (its query parameters: q, from, to, status, utm_source, assignee, …). */
  filter?: Record<string, string>;
  action: BulkAction;
}

/**
 * What a bulk change did. A lead the member may not act on (another counsellor's) is not
 * an error: it is skipped and counted, as is a lead that no longer exists.
 */
export interface BulkResult {
  /** The change, for its undo (null when nothing changed). */
  id: string | null;
  /** Leads changed. */
  changed: number;
  /** Leads found that already were so (that status, that owner, that tag). */
  unchanged: number;
  /** Leads named by id that the member may not act on, or that no longer exist. */
  skipped: number;
}

export interface UndoResult {
  /** Leads put back as they were before the change. */
  restored: number;
  /** Leads changed since (by anyone or any rule), or no longer the member's to act on: left as they are. */
  skipped: number;
}

/** POST /api/admin/leads/{list}/erase: several leads erased at once (after the console's confirmation). */
export const bulkEraseSchema = object({
  ids: array(string().required().max(64)).required().min(1).max(BULK_MAX),
});
