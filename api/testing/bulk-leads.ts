// Many contact messages at once, straight into the table (a bulk test needs thousands, and
// posting each would test the ingest instead): each its own email and phone, filed under
// `utmSource`, owned by `assignee` (null: the pool). The insert's triggers run as for any lead.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

let batch = 0;

export async function insertContactLeads(
  db: Kysely<Database>,
  n: number,
  options: { utmSource: string; assignee?: string | null; status?: string },
): Promise<string[]> {
  batch += 1;
  const prefix = `${batch}-${Date.now().toString(36)}`;
  const rows = await sql<{ id: string }>`
    insert into contact_messages (first_name, last_name, email, phone, message, utm_source, assignee_id, status)
    select 'Bulk', 'Lead ' || g, 'bulk-' || ${prefix} || '-' || g || '@example.in', '9' || lpad((g + ${batch * 100_000})::text, 9, '0'),
      'Hello', ${options.utmSource}, ${options.assignee ?? null}::uuid, ${options.status ?? 'new'}
    from generate_series(1, ${n}::int) g
    returning id`.execute(db);
  return rows.rows.map((r) => r.id);
}
