// The linker: joins each new lead to its person, off the lead's request path. A lead joins
// the person who already has its email, else its phone (ten digits), else a new person; two
// leads of one batch with one email or phone join one person. The scheduler runs it; a
// round holds an advisory lock, so two instances never make two people of one newcomer,
// and takes the queue's rows in the same transaction that writes the links (a round that
// fails leaves them queued).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { ALL_LISTED, listedLead, type ListedLead } from '../leads/definitions.ts';

/** Leads joined per round at most; a backlog (an import, the first start) takes several. */
export const LINK_BATCH = 1000;

interface Newcomer {
  list: string;
  id: string;
  email: string;
  phone: string;
  created_at: Date;
}

async function newcomers(trx: Kysely<Database>, limit: number): Promise<Newcomer[]> {
  const queued = await sql<{ list: string; lead_id: string }>`
    delete from people_queue where (list, lead_id) in (select list, lead_id from people_queue limit ${limit})
    returning list, lead_id`.execute(trx);
  const found: Newcomer[] = [];
  for (const list of new Set(queued.rows.map((r) => r.list))) {
    const lead = listedLead(list);
    if (!lead) continue;
    const ids = queued.rows.filter((r) => r.list === list).map((r) => r.lead_id);
    // A lead erased while it waited is simply not found.
    const rows = await sql<Omit<Newcomer, 'list'>>`
      select id, email, phone, created_at from ${sql.table(lead.table)} where id = any(${ids}::uuid[])`.execute(trx);
    for (const row of rows.rows) found.push({ list, ...row });
  }
  return found.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id));
}

/**
 * The people that already hold these emails and phones, by email and by phone: for each
 * address and number, the first linked lead that has it (its index, then one row). Not every
 * lead that has it: one phone typed by thousands of leads (a placeholder, a centre's own
 * number) made each round read them all into this process, and a round's cost grew with the
 * table (measured: 4.4 s of CPU in 15 s of 32 connections posting leads, the lead POST's p99
 * at 250 ms).
 */
async function known(trx: Kysely<Database>, emails: string[], phones: string[]) {
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  for (const lead of ALL_LISTED) {
    const rows = await holders(lead, emails, phones).execute(trx);
    for (const r of rows.rows) {
      const found = r.by === 'email' ? byEmail : byPhone;
      if (!found.has(r.key)) found.set(r.key, r.person_id);
    }
  }
  return { byEmail, byPhone };
}

/** One kind's holders of these emails and phones: for each, the person of one linked lead that has it. */
export function holders(lead: ListedLead, emails: string[], phones: string[]) {
  const list = LEAD_KINDS[lead.kind].list.slug;
  // The link is read per lead found, by its key (`offset 0` keeps that subquery from being
  // turned into a join): left to the planner, a fresh table's stale statistics (a burst, an
  // import) made it read every link of the list once per address, 0.2–0.5 s a round at
  // 1,000 leads with ten thousand linked, a quarter of both cores under a flood of POSTs.
  const holder = (column: 'email' | 'phone') => sql`
    cross join lateral (
      select lp.person_id from ${sql.table(lead.table)} t
      cross join lateral (select l.person_id from lead_people l where l.list = ${list} and l.lead_id = t.id offset 0) lp
      where t.${sql.ref(column)} = k.key
      limit 1
    ) p`;
  return sql<{ by: 'email' | 'phone'; key: string; person_id: string }>`
    select 'email' as by, k.key, p.person_id from unnest(${emails}::text[]) as k(key) ${holder('email')}
    union all
    select 'phone' as by, k.key, p.person_id from unnest(${phones}::text[]) as k(key) ${holder('phone')}`;
}

/** One round: links up to `limit` queued leads; resolves how many. */
export async function linkOnce(db: Kysely<Database>, limit = LINK_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('people-linker', 0))`.execute(trx);
    const leads = await newcomers(trx, limit);
    if (leads.length === 0) return 0;
    const phoneKey = (p: string) => (/^\d{10}$/.test(p) ? p : undefined);
    const { byEmail, byPhone } = await known(
      trx,
      [...new Set(leads.map((l) => l.email.toLowerCase()))],
      [...new Set(leads.map((l) => phoneKey(l.phone)).filter((p): p is string => p !== undefined))],
    );
    const fresh: Array<{ id: string; created_at: Date }> = [];
    const links: Array<{ list: string; lead_id: string; person_id: string }> = [];
    for (const lead of leads) {
      const email = lead.email.toLowerCase();
      const phone = phoneKey(lead.phone);
      let person = byEmail.get(email) ?? (phone ? byPhone.get(phone) : undefined);
      if (!person) {
        person = randomUUID();
        fresh.push({ id: person, created_at: lead.created_at });
      }
      if (!byEmail.has(email)) byEmail.set(email, person);
      if (phone && !byPhone.has(phone)) byPhone.set(phone, person);
      links.push({ list: lead.list, lead_id: lead.id, person_id: person });
    }
    if (fresh.length > 0) await trx.insertInto('people').values(fresh).execute();
    await trx
      .insertInto('lead_people')
      .values(links)
      .onConflict((oc) => oc.columns(['list', 'lead_id']).doNothing())
      .execute();
    return leads.length;
  });
}
