// A webinar registration's list item names its webinar: the title and start as they are now
// (an admin may edit them after people registered), read for a page in one query.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { ExtrasSql, ListItem } from './list-item.ts';

/** The same as withWebinars, in SQL beside a registration (the CSV export). */
export const webinarSql: ExtrasSql = {
  // Named apart from the row's own columns, which the export's query reads unqualified.
  join: sql`left join lateral (
    select w.title || case when w.cancelled_at is null then '' else ' (cancelled)' end as webinar_title, w.starts_at as webinar_starts_at
    from webinars w where w.id = webinar_registrations.webinar_id
  ) registered_webinar on true`,
  fields: { webinarTitle: sql`registered_webinar.webinar_title`, webinarStartsAt: sql`registered_webinar.webinar_starts_at` },
};

export async function withWebinars<I extends ListItem>(db: Kysely<Database>, items: I[]): Promise<I[]> {
  const ids = [...new Set(items.map((i) => String(i.webinar)))];
  const rows = await db.selectFrom('webinars').select(['id', 'title', 'starts_at', 'cancelled_at']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const w = byId.get(String(item.webinar));
    return {
      ...item,
      webinarTitle: w ? `${w.title}${w.cancelled_at ? ' (cancelled)' : ''}` : '',
      webinarStartsAt: w ? iso(w.starts_at) : null,
    };
  });
}
