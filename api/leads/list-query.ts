// The admin lists' query, shared by the five: newest first, with the optional
// `?page=&limit=&q=&from=&to=&status=&utm_source=` (the first five read by the one parser of
// every admin list, api/http/list-params.ts). q is a case-insensitive substring of name, email or
// phone (its digits alone also match the phone: "98765 43210" finds 9876543210), served by
// each table's trigram index; from/to are ISO dates or date-times, a bare date meaning that
// whole day in India Standard Time (the business's day), `to` inclusive; status one of the
// lead statuses (without it, every status but spam: a bot's submission shows only under the
// spam filter); utm_source the source a lead is filed under (exactly); assignee a team
// member's id, or `none` for the unassigned pool; score_min and score_max the lead score's
// bounds (0–100, inclusive); tag a tag the lead has (leads/tags.ts). The total number of matches goes in
// X-Total-Count, so the bodies keep the spec's shapes. Every query is narrowed by the
// member's scope (desk/access.ts visibleTo): a counsellor's lists hold theirs and the pool.
import type { Context } from 'hono';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import {
  DEFAULT_SORT,
  LEAD_KINDS,
  LEAD_STATUSES,
  SORT_EXTRA,
  sortKeysOf,
  sortedAsStored,
  type LeadListDef,
  type LeadStatus,
  type ListedKind,
  type ListSlug,
} from '../../contract/lead-kinds.ts';
import { TAG_MESSAGE, TAG_PATTERN } from '../../contract/tags.ts';
import { BULK_MAX } from '../../contract/bulk.ts';
import { LEAD_UPDATE_MESSAGES } from '../../contract/lead-detail.ts';
import { tenDigitPhone } from '../../contract/phone.ts';
import { WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
import { SOURCE_VALUE_MAX } from '../../contract/lead-signals.ts';
import { isStorableText } from '../../contract/text-rules.ts';
import { SCORE_FILTER_MESSAGE, SCORE_MAX } from '../../contract/score.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import { HttpError } from '../http/http.ts';
import { parseListParams } from '../http/list-params.ts';
import type { ListedRow } from './definitions.ts';
import { isLeadId } from './history.ts';
import { taggedCondition } from './tags.ts';

export interface LeadListQuery {
  page: number;
  /** Undefined: every match (the spec's own client asks for no page). */
  limit: number | undefined;
  q: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
  status: LeadStatus | undefined;
  utmSource: string | undefined;
  /** A member's id, or 'none' for leads no one owns. */
  assignee: string | undefined;
  /** `?sort=`: a key of the list (contract sortKeysOf), descending with `desc`. */
  /** `asStored`: the column itself is the order (contract sortedAsStored), read from its look-up index. */
  sort: { key: string; desc: boolean; asStored?: boolean };
  /** `?ids=`: only these leads (the CSV's "Export selected"). */
  ids: string[] | undefined;
  /** `?score_min=&score_max=`: the lead score within these bounds, inclusive. */
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  /** `?tag=`: only the leads with this tag, on this list. */
  tag?: { list: ListSlug; tag: string } | undefined;
}

function parseTag(raw: string | undefined, list: LeadListDef | undefined): LeadListQuery['tag'] {
  const tag = raw?.trim();
  if (tag === undefined || tag === '' || list === undefined) return undefined;
  if (!TAG_PATTERN.test(tag)) throw new HttpError(400, TAG_MESSAGE);
  return { list: list.slug as ListSlug, tag };
}

function parseScore(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!/^\d{1,3}$/.test(raw.trim()) || n > SCORE_MAX) throw new HttpError(400, SCORE_FILTER_MESSAGE);
  return n;
}

function parseSort(raw: string | undefined, list: LeadListDef | undefined): LeadListQuery['sort'] {
  const value = raw === undefined || raw === '' ? DEFAULT_SORT : raw;
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  const known = list ? sortKeysOf(list) : [...SORT_EXTRA];
  // The spec's free-join users call their date joinedAt.
  const normal = key === 'joinedAt' ? 'createdAt' : key;
  if (!known.includes(normal)) throw new HttpError(400, WORKSPACE_MESSAGES.sortInvalid);
  const field = list?.columns.find((c) => c.key === normal);
  return { key: normal, desc, ...(field && sortedAsStored(field) ? { asStored: true } : {}) };
}

function parseIds(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ids = raw.split(',');
  if (ids.length > BULK_MAX || !ids.every(isLeadId))
    throw new HttpError(400, `ids must be up to ${BULK_MAX} lead ids, separated by commas`);
  return ids;
}

export function parseLeadListQuery(c: Context, list?: LeadListDef): LeadListQuery {
  const { page, limit, q, from, to } = parseListParams(c);
  const status = c.req.query('status');
  if (status !== undefined && status !== '' && !(LEAD_STATUSES as readonly string[]).includes(status)) {
    throw new HttpError(400, LEAD_UPDATE_MESSAGES.statusInvalid);
  }
  const utmSource = c.req.query('utm_source')?.trim();
  if (utmSource !== undefined && (utmSource.length > SOURCE_VALUE_MAX || !isStorableText(utmSource))) {
    throw new HttpError(400, `utm_source must be at most ${SOURCE_VALUE_MAX} characters of plain text`);
  }
  const assignee = c.req.query('assignee')?.trim();
  if (assignee !== undefined && assignee !== '' && assignee !== 'none' && !isLeadId(assignee)) {
    throw new HttpError(400, "assignee must be a team member's id or none");
  }
  return {
    page,
    limit,
    q,
    from,
    to,
    status: status ? (status as LeadStatus) : undefined,
    utmSource: utmSource ? utmSource : undefined,
    assignee: assignee ? assignee : undefined,
    sort: parseSort(c.req.query('sort'), list),
    ids: parseIds(c.req.query('ids')),
    scoreMin: parseScore(c.req.query('score_min')),
    scoreMax: parseScore(c.req.query('score_max')),
    tag: parseTag(c.req.query('tag'), list),
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * The ORDER BY of a list query: the sort key, then the id, so pages never overlap or skip.
 * Each key reads in order from an index (migrations/2026-11-26T0030_sort_indexes.ts), both
 * ways; `nulls last` is written only for the keys that can be null (a lead without an
 * owner or a next step comes last either way), as the indexes of the others hold no nulls
 * and a `nulls last` descending would not match their order.
 */
export function orderBy(sort: LeadListQuery['sort']): RawBuilder<unknown> {
  const dir = sort.desc ? sql`desc` : sql`asc`;
  switch (sort.key) {
    case 'createdAt':
      return sql`created_at ${dir}, id ${dir}`;
    case 'status':
      return sql`status ${dir}, id ${dir}`;
    case 'owner':
      return sql`${ownerKey} ${dir} nulls last, id ${dir}`;
    case 'next':
      return sql`next_action_due_at ${dir} nulls last, id ${dir}`;
    case 'score':
      return sql`score ${dir}, id ${dir}`;
    default: {
      const column = snake(sort.key);
      // A message (up to 5,000 characters, too long for a b-tree entry) is indexed by its
      // first 100: sorted by those, then by all of it. That is the whole message's order
      // in a code-point collation (C.UTF-8); in a linguistic one, two messages alike in
      // their first 100 letters but for an accent could come the other way round.
      if (column === 'message') return sql`lower(left(message, 100)) ${dir}, lower(message) ${dir}, id ${dir}`;
      if (sort.asStored) return sql`${sql.ref(column)} ${dir}, id ${dir}`;
      return sql`lower(${sql.ref(column)}) ${dir}, id ${dir}`;
    }
  }
}

const ownerKey = sql`(select lower(a.name) from admins a where a.id = assignee_id)`;

export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Digits written as people write a phone: with spaces, dashes, dots, brackets or a plus. */
const PHONE_TYPED = /^[\d\s().+-]+$/;

/**
 * A search: a case-insensitive substring of the list's search text (name, email, phone). A
 * phone typed any way (`+91 98123 45678`, `098123-45678`, `98123 45678`) also matches its
 * ten digits; other digits typed with spaces or dashes match as digits alone. Words with
 * digits in them (`Room 12`, `Zoya Qx123`) match only as typed: their digits alone would
 * find every lead whose phone or email holds them (and read a whole list to find them).
 */
export function searchCondition(searchText: RawBuilder<string>, q: string): RawBuilder<boolean> {
  const alternatives = [sql`${searchText} ilike ${likePattern(q)}`];
  const phone = tenDigitPhone(q);
  const digits = q.replace(/\D/g, '');
  if (phone && phone !== q) alternatives.push(sql`${searchText} like ${likePattern(phone)}`);
  else if (digits.length >= 3 && digits !== q && PHONE_TYPED.test(q)) alternatives.push(sql`${searchText} ilike ${likePattern(digits)}`);
  return sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
}

/** Every lead: the scope of admins and viewers (desk/access.ts visibleTo gives each member's). */
export const ALL_LEADS = sql<boolean>`true`;

/** The WHERE clause of a list query, within `scope`. */
export function conditions(
  searchText: RawBuilder<string>,
  query: Omit<LeadListQuery, 'page' | 'limit'>,
  scope: RawBuilder<boolean> = ALL_LEADS,
): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [scope];
  if (query.q !== undefined) parts.push(searchCondition(searchText, query.q));
  if (query.from) parts.push(sql`created_at >= ${query.from}`);
  if (query.to) parts.push(sql`created_at <= ${query.to}`);
  parts.push(query.status ? sql`status = ${query.status}` : sql`status <> 'spam'`);
  if (query.utmSource !== undefined) parts.push(sql`utm_source = ${query.utmSource}`);
  if (query.ids !== undefined) parts.push(sql`id = any(${query.ids}::uuid[])`);
  if (query.scoreMin !== undefined) parts.push(sql`score >= ${query.scoreMin}`);
  if (query.scoreMax !== undefined) parts.push(sql`score <= ${query.scoreMax}`);
  if (query.tag !== undefined) parts.push(taggedCondition(query.tag.list, query.tag.tag));
  if (query.assignee === 'none') parts.push(sql`assignee_id is null`);
  else if (query.assignee !== undefined) parts.push(sql`assignee_id = ${query.assignee}`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

export interface ListedSource<T extends ListedTable> {
  kind: ListedKind;
  table: T;
  searchText: RawBuilder<string>;
}

/**
 * The ids of a page sorted by owner, without sorting the whole list by its owners' names:
 * the page lies within each member's first `offset + limit` leads by id and the pool's
 * (each read in order from the (assignee_id, id, status) index), ordered as orderBy orders them.
 */
function ownerPage(
  table: RawBuilder<unknown>,
  where: RawBuilder<boolean>,
  desc: boolean,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const dir = desc ? sql`desc` : sql`asc`;
  const first = offset + limit;
  return sql`select id from (
      select t.id, lower(o.name) as owner from admins o cross join lateral (
        select id from ${table} where ${where} and assignee_id = o.id order by id ${dir} limit ${first}) t
      union all
      (select id, null from ${table} where ${where} and assignee_id is null order by id ${dir} limit ${first})
    ) candidates order by owner ${dir} nulls last, id ${dir} limit ${limit} offset ${offset}`;
}

/**
 * The ids of a page sorted by the next step: the leads with one in order (a small partial
 * index), then the rest by id (the primary key), as orderBy orders them, nulls last both ways.
 */
function nextPage(
  table: RawBuilder<unknown>,
  where: RawBuilder<boolean>,
  desc: boolean,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const dir = desc ? sql`desc` : sql`asc`;
  const first = offset + limit;
  return sql`select id from (
      (select id, next_action_due_at from ${table} where ${where} and next_action_due_at is not null
        order by next_action_due_at ${dir}, id ${dir} limit ${first})
      union all
      (select id, null from ${table} where ${where} and next_action_due_at is null order by id ${dir} limit ${first})
    ) candidates order by next_action_due_at ${dir} nulls last, id ${dir} limit ${limit} offset ${offset}`;
}

/** A page of a list (every match without a limit) and the number of matches. */
export async function queryLeads<T extends ListedTable>(
  db: Kysely<Database>,
  source: ListedSource<T>,
  query: LeadListQuery,
  scope: RawBuilder<boolean> = ALL_LEADS,
): Promise<{ rows: ListedRow<T>[]; total: number }> {
  const where = conditions(source.searchText, query, scope);
  const table = sql.table(source.table);
  if (query.limit === undefined) {
    const all = await sql<ListedRow<T>>`select * from ${table} where ${where} order by ${orderBy(query.sort)}`.execute(db);
    return { rows: all.rows, total: all.rows.length };
  }
  const offset = (query.page - 1) * query.limit;
  // Filtered by status alone (or by nothing: every status but spam), the total is the sum
  // of the counts the triggers keep: a few rows instead of counting a whole table.
  const byStatusOnly =
    scope === ALL_LEADS &&
    query.q === undefined &&
    !query.from &&
    !query.to &&
    query.utmSource === undefined &&
    query.assignee === undefined &&
    query.ids === undefined &&
    query.scoreMin === undefined &&
    query.scoreMax === undefined &&
    query.tag === undefined;
  const list = LEAD_KINDS[source.kind].list.slug;
  const [page, counted] = await Promise.all([
    query.sort.key === 'owner' || query.sort.key === 'next'
      ? sql<
          ListedRow<T>
        >`select * from ${table} where id in (${(query.sort.key === 'owner' ? ownerPage : nextPage)(table, where, query.sort.desc, query.limit, offset)})
          order by ${orderBy(query.sort)}`.execute(db)
      : sql<
          ListedRow<T>
        >`select * from ${table} where ${where} order by ${orderBy(query.sort)} limit ${query.limit} offset ${offset}`.execute(db),
    byStatusOnly
      ? sql<{
          total: string | null;
        }>`select sum(n) as total from lead_status_counts where list = ${list} and ${query.status ? sql`status = ${query.status}` : sql`status <> 'spam'`}`.execute(
          db,
        )
      : sql<{ total: string }>`select count(*) as total from ${table} where ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

/** Answers a list in its spec shape, with X-Total-Count. */
export function setTotal(c: Context, total: number): void {
  c.header(TOTAL_COUNT_HEADER, String(total));
}
