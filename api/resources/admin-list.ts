// The other admin lists' query (the mail queue): newest first, with optional
// `?page=&limit=&q=&from=&to=` read by the one parser of every list (./list-params.ts: a
// bare date is a day in India Standard Time, as in the lead lists). q searches the name,
// email and phone columns (case-insensitive substring). The total number of matches goes in
// X-Total-Count, so the response bodies keep the spec's shapes.
import type { Context } from 'hono';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import type { Database } from '../db/schema.ts';
import { parseListParams } from '../http/list-params.ts';

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

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Runs the list query for a request and sets X-Total-Count; returns the page of rows. */
export async function listRows<T extends keyof Database>(
  db: Kysely<Database>,
  c: Context,
  spec: ListSpec<T>,
): Promise<Array<Record<string, unknown>>> {
  const query = parseListParams(c);
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
