// The admin lists' shared query: newest first, with optional `?page=&limit=&q=&from=&to=`.
// q searches the name, email and phone columns (case-insensitive substring); from/to are
// ISO dates or date-times on the list's time column, `to` inclusive (a bare date means
// the whole day, UTC). The total number of matches goes in X-Total-Count, so the
// response bodies keep the spec's shapes.
import type { Context } from 'hono';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { LIST_LIMIT_MAX, TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import type { Database } from '../db/schema.ts';
import { isStorableText, TEXT_MESSAGES } from '../../contract/text-rules.ts';
import { HttpError } from './http.ts';

export interface ListSpec<T extends keyof Database> {
  table: T;
  /** Columns returned (never a password hash). */
  columns: ReadonlyArray<string>;
  timeColumn: string;
  /** Text columns q matches; `phone` also matches q's digits alone. */
  searchColumns: ReadonlyArray<string>;
  /** Extra filters from the query string (e.g. the mail queue's status). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time
  filter?: (c: Context) => ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | undefined;
}

export interface ListQueryParsed {
  page: number;
  limit: number | undefined;
  q: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
}

function positiveInt(raw: string | undefined, name: string, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new HttpError(400, `${name} must be a whole number from 1 to ${max}`);
  }
  return Number(raw);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function date(raw: string | undefined, name: 'from' | 'to'): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const dateOnly = DATE_ONLY.test(raw);
  const value = dateOnly ? new Date(`${raw}T00:00:00Z`) : DATE_TIME.test(raw) ? new Date(raw) : undefined;
  if (!value || Number.isNaN(value.getTime())) {
    throw new HttpError(400, `${name} must be an ISO date (2026-01-31) or date-time (2026-01-31T10:00:00Z)`);
  }
  // `to=2026-01-31` includes all of the 31st.
  return dateOnly && name === 'to' ? new Date(value.getTime() + 86_400_000 - 1) : value;
}

export function parseListQuery(c: Context): ListQueryParsed {
  const q = c.req.query('q')?.trim();
  if (q !== undefined && q.length > 100) throw new HttpError(400, 'q must be at most 100 characters');
  if (q !== undefined && !isStorableText(q)) throw new HttpError(400, TEXT_MESSAGES.notAllowedCharacters('q'));
  const from = date(c.req.query('from'), 'from');
  const to = date(c.req.query('to'), 'to');
  if (from && to && from > to) throw new HttpError(400, 'from must not be after to');
  return {
    page: positiveInt(c.req.query('page'), 'page', 1_000_000) ?? 1,
    limit: positiveInt(c.req.query('limit'), 'limit', LIST_LIMIT_MAX),
    q: q === '' ? undefined : q,
    from,
    to,
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Runs the list query for a request and sets X-Total-Count; returns the page of rows. */
export async function listRows<T extends keyof Database>(
  db: Kysely<Database>,
  c: Context,
  spec: ListSpec<T>,
): Promise<Array<Record<string, unknown>>> {
  const query = parseListQuery(c);
  const extra = spec.filter?.(c);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time
  const where = (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (query.q !== undefined) {
      const pattern = likePattern(query.q);
      const digits = query.q.replace(/\D/g, '');
      const alternatives = spec.searchColumns.map((col) => eb(eb.ref(col), 'ilike', pattern));
      if (digits.length >= 3 && digits !== query.q && spec.searchColumns.includes('phone')) {
        alternatives.push(eb(eb.ref('phone'), 'like', likePattern(digits)));
      }
      // Contact messages keep first and last name apart; "Asha Rao" should still match.
      if (spec.searchColumns.includes('first_name') && spec.searchColumns.includes('last_name')) {
        alternatives.push(eb(sql`first_name || ' ' || last_name`, 'ilike', pattern));
      }
      parts.push(eb.or(alternatives));
    }
    if (query.from) parts.push(eb(eb.ref(spec.timeColumn), '>=', query.from));
    if (query.to) parts.push(eb(eb.ref(spec.timeColumn), '<=', query.to));
    if (extra) parts.push(extra(eb));
    return eb.and(parts);
  };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time
  const anyDb = db as unknown as Kysely<any>;
  const table: string = spec.table;
  let rows = anyDb
    .selectFrom(table)
    .select(spec.columns as string[])
    .where(where)
    .orderBy(spec.timeColumn, 'desc')
    .orderBy('id', 'desc');
  if (query.limit === undefined) {
    // Every match is returned: the total is what came back, no second scan.
    const all = (await rows.execute()) as Array<Record<string, unknown>>;
    c.header(TOTAL_COUNT_HEADER, String(all.length));
    return all;
  }
  const counted = await anyDb
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  c.header(TOTAL_COUNT_HEADER, String(Number(counted.total)));
  rows = rows.limit(query.limit).offset((query.page - 1) * query.limit);
  return (await rows.execute()) as Array<Record<string, unknown>>;
}
