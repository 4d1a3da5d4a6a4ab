// People: the leads that share an email or a phone are one person (the linker joins them),
// plus the merges members make. What the People page lists, one person in full (every
// submission, status, owner and one timeline), the people who look like the same person
// (another person with one of their emails or phones), and the flag the lists show.
import { sql, type Kysely } from 'kysely';
import type { LeadHistoryEntry, TimelineEntry } from '../../contract/lead-detail.ts';
import { LEAD_KINDS, type ListSlug } from '../../contract/lead-kinds.ts';
import type { LikelyDuplicate, PersonDetail, PersonMerge, PersonSummary } from '../../contract/people.ts';
import type { Config } from '../config.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import { seesAllLeads, visibleTo } from '../desk/access.ts';
import { deskFields, teamNames } from '../desk/lead-fields.ts';
import { nameOf } from '../desk/my-day.ts';
import { ALL_LISTED, listedLead, type ListedLead, type ListedRow } from '../leads/definitions.ts';
import { historyOf } from '../leads/history.ts';
import { withExtras } from '../leads/extras.ts';
import { submissionsOf } from '../leads/person.ts';
import { searchCondition } from '../leads/list-query.ts';
import { submissionSummary, testEntry } from '../leads/timeline.ts';
import type { Member } from '../auth/auth.ts';
import { iso } from '../lib/dates.ts';

type AnyRow = ListedRow<ListedLead['table']>;
interface Found {
  list: ListSlug;
  lead: ListedLead;
  row: AnyRow;
  person: string;
}

const slugOf = (lead: ListedLead) => LEAD_KINDS[lead.kind].list.slug;

/** The leads of these people the member may see, newest first. */
async function leadsOfPeople(db: Kysely<Database>, people: string[], member: Member): Promise<Found[]> {
  if (people.length === 0) return [];
  const scope = visibleTo(member, 't');
  const found: Found[] = [];
  await Promise.all(
    ALL_LISTED.map(async (lead) => {
      const list = slugOf(lead);
      const rows = await sql<AnyRow & { person: string }>`
        select t.*, lp.person_id as person from lead_people lp join ${sql.table(lead.table)} t on t.id = lp.lead_id
        where lp.list = ${list} and lp.person_id = any(${people}::uuid[]) and ${scope}`.execute(db);
      for (const r of rows.rows) found.push({ list, lead, row: r, person: r.person });
    }),
  );
  return found.sort((a, b) => new Date(b.row.created_at).getTime() - new Date(a.row.created_at).getTime());
}

function summarise(id: string, leads: Found[], names: ReadonlyMap<string, string>): PersonSummary {
  const newest = leads[0]!;
  const owner = leads.find((l) => l.row.assignee_id)?.row.assignee_id ?? null;
  return {
    id,
    name: nameOf(newest.lead.listItem(newest.row)),
    email: newest.row.email,
    phone: newest.row.phone,
    leads: leads.length,
    lists: [...new Set(leads.map((l) => l.list))],
    lastAt: iso(newest.row.created_at),
    status: newest.row.status,
    assignee: owner ? { _id: owner, name: names.get(owner) ?? 'A former member' } : null,
  };
}

/** Summaries of these people (in this order), leaving out those the member sees nothing of. */
export async function summariesOf(db: Kysely<Database>, people: string[], member: Member): Promise<PersonSummary[]> {
  const [found, names] = await Promise.all([leadsOfPeople(db, people, member), teamNames(db)]);
  return people.flatMap((id) => {
    const theirs = found.filter((f) => f.person === id);
    return theirs.length > 0 ? [summarise(id, theirs, names)] : [];
  });
}

/**
 * A page of people, newest first (by when they were first seen), or those with a lead that
 * matches `q`; `hasMore` instead of a total (counting everyone at a million leads is not worth
 * its time on every page).
 */
export async function peoplePage(
  db: Kysely<Database>,
  member: Member,
  options: { page: number; limit: number; q: string | undefined },
): Promise<{ data: PersonSummary[]; hasMore: boolean }> {
  const offset = (options.page - 1) * options.limit;
  let ids: string[];
  const q = options.q;
  if (q) {
    const scope = visibleTo(member, 't');
    const matches = await Promise.all(
      ALL_LISTED.map((lead) =>
        sql<{ person_id: string; created_at: Date }>`
          select lp.person_id, t.created_at from ${sql.table(lead.table)} t
          join lead_people lp on lp.list = ${slugOf(lead)} and lp.lead_id = t.id
          where ${searchCondition(sql`(${lead.searchText})`, q)} and t.status <> 'spam' and ${scope}
          order by t.created_at desc limit 500`.execute(db),
      ),
    );
    const newest = new Map<string, number>();
    for (const r of matches.flatMap((m) => m.rows))
      newest.set(r.person_id, Math.max(newest.get(r.person_id) ?? 0, new Date(r.created_at).getTime()));
    ids = [...newest].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  } else {
    // A counsellor's people are those with a lead of theirs or of the pool.
    const visible = seesAllLeads(member)
      ? sql`true`
      : sql.join(
          ALL_LISTED.map(
            (lead) =>
              sql`exists (select 1 from lead_people lp join ${sql.table(lead.table)} t on t.id = lp.lead_id
                where lp.list = ${slugOf(lead)} and lp.person_id = p.id and ${visibleTo(member, 't')})`,
          ),
          sql` or `,
        );
    const rows = await sql<{ id: string }>`
      select p.id from people p where p.merged_into is null and (${visible})
      order by p.created_at desc, p.id desc limit ${options.limit + 1} offset ${offset}`.execute(db);
    ids = rows.rows.map((r) => r.id);
    const data = await summariesOf(db, ids.slice(0, options.limit), member);
    return { data, hasMore: ids.length > options.limit };
  }
  const page = ids.slice(offset, offset + options.limit);
  return { data: await summariesOf(db, page, member), hasMore: ids.length > offset + options.limit };
}

/** Other people with one of these emails or phones: likely the same person. */
async function duplicatesOf(
  db: Kysely<Database>,
  person: string,
  emails: string[],
  phones: string[],
  member: Member,
): Promise<LikelyDuplicate[]> {
  const reasons = new Map<string, LikelyDuplicate['reason']>();
  const leadOf = new Map<string, LikelyDuplicate['lead']>();
  await Promise.all(
    ALL_LISTED.map(async (lead) => {
      const rows = await sql<{ person_id: string; email: string; phone: string; id: string }>`
        select lp.person_id, t.email, t.phone, t.id from ${sql.table(lead.table)} t
        join lead_people lp on lp.list = ${slugOf(lead)} and lp.lead_id = t.id
        where (t.email = any(${emails}::text[]) or t.phone = any(${phones}::text[])) and lp.person_id <> ${person}`.execute(db);
      for (const r of rows.rows) {
        if (!reasons.has(r.person_id)) reasons.set(r.person_id, emails.includes(r.email) ? 'same email' : 'same phone');
        if (!leadOf.has(r.person_id)) leadOf.set(r.person_id, { list: slugOf(lead), _id: r.id });
      }
    }),
  );
  // summariesOf keeps only people the member may see.
  const summaries = await summariesOf(db, [...reasons.keys()], member);
  return summaries.map((s) => ({ ...s, reason: reasons.get(s.id)!, lead: leadOf.get(s.id)! }));
}

/** The name on the first of these leads the member may see ('' when they see none). */
async function nameOfLeads(db: Kysely<Database>, refs: Array<{ list: string; id: string }>, member: Member): Promise<string> {
  for (const ref of refs) {
    const lead = listedLead(ref.list);
    if (!lead) continue;
    const found = await sql<
      ListedRow<ListedTable>
    >`select * from ${sql.table(lead.table)} where id = ${ref.id} and ${visibleTo(member)}`.execute(db);
    if (found.rows[0]) return nameOf(lead.listItem(found.rows[0]));
  }
  return '';
}

async function mergesOf(db: Kysely<Database>, person: string, member: Member): Promise<PersonMerge[]> {
  const rows = await db
    .selectFrom('person_merges')
    .select(['id', 'into_person', 'from_person', 'moved', 'admin_label', 'created_at', 'undone_at'])
    .where((eb) => eb.or([eb('into_person', '=', person), eb('from_person', '=', person)]))
    .orderBy('created_at', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      from: r.from_person,
      into: r.into_person,
      moved: r.moved.length,
      name: await nameOfLeads(db, r.moved, member),
      by: r.admin_label,
      at: iso(r.created_at),
      undone: r.undone_at !== null,
    })),
  );
}

/** One person in full, or undefined when they do not exist or the member sees none of their leads. */
export async function personDetail(
  db: Kysely<Database>,
  config: Pick<Config, 'slaMinutes' | 'workingHours'>,
  person: string,
  member: Member,
  now: Date,
): Promise<PersonDetail | undefined> {
  const found = await leadsOfPeople(db, [person], member);
  if (found.length === 0) return undefined;
  const names = await teamNames(db);
  const emails = [...new Set(found.map((f) => f.row.email))];
  const phones = [...new Set(found.map((f) => f.row.phone))];
  const leads = await Promise.all(
    found.map(async (f) => {
      const item = { ...f.lead.listItem(f.row), ...deskFields(f.row, names, config, now) };
      const [withTest] = await withExtras(db, f.lead, [item]);
      return { ...withTest!, list: f.list, createdAt: iso(f.row.created_at) };
    }),
  );
  const histories = await Promise.all(found.map(async (f) => ({ f, history: await historyOf(db, f.list, f.row.id) })));
  const timeline: TimelineEntry[] = [];
  for (const { f, history } of histories) {
    for (const h of [...history].reverse() as LeadHistoryEntry[]) {
      // A merge is written on every lead it joined; the person's timeline shows it once, from its record, below.
      if (h.action === 'merge' || h.action === 'unmerge') continue;
      timeline.push({ ...h, kind: 'history', lead: { list: f.list, _id: f.row.id } });
    }
    const item = f.lead.listItem(f.row);
    timeline.push({
      kind: 'submission',
      _id: f.row.id,
      list: f.list,
      at: iso(f.row.created_at),
      title: LEAD_KINDS[f.lead.kind].list.title,
      summary: submissionSummary({ ...item, list: f.list }),
      current: false,
    });
  }
  // Their taken tests, by any of their emails.
  for (const email of emails) {
    for (const s of await submissionsOf(db, { email }, member)) {
      if (s.kind === 'test') timeline.push(testEntry(s));
    }
  }
  const [duplicates, merges] = await Promise.all([duplicatesOf(db, person, emails, phones, member), mergesOf(db, person, member)]);
  for (const m of merges) {
    timeline.push({
      kind: 'merge',
      _id: m.id,
      at: m.at,
      by: m.by,
      name: m.name,
      forms: m.moved,
      joinedHere: m.into === person,
      undone: m.undone,
    });
  }
  timeline.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return { id: person, name: nameOf(found[0]!.lead.listItem(found[0]!.row)), emails, phones, leads, timeline, duplicates, merges };
}

/** The person of each lead (undefined: not joined yet). */
export async function personOfLeads(db: Kysely<Database>, refs: Array<{ list: string; id: string }>): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const list of new Set(refs.map((r) => r.list))) {
    if (!listedLead(list)) continue;
    const ids = refs.filter((r) => r.list === list).map((r) => r.id);
    const rows = await sql<{ lead_id: string; person_id: string }>`
      select lead_id, person_id from lead_people where list = ${list} and lead_id = any(${ids}::uuid[])`.execute(db);
    for (const r of rows.rows) map.set(`${list}:${r.lead_id}`, r.person_id);
  }
  return map;
}

/**
 * Of a page of leads, those that look like another person's: another person has a lead with
 * the same email or the same phone. `persons` is the page's people (personOfLeads), which the
 * caller has read already. Resolves "list:id" keys.
 */
export async function likelyDuplicates(
  db: Kysely<Database>,
  list: string,
  rows: Array<{ id: string; email: string; phone: string }>,
  persons: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const flagged = new Set<string>();
  if (rows.length === 0) return flagged;
  const emails = [...new Set(rows.map((r) => r.email))];
  const phones = [...new Set(rows.map((r) => r.phone))];
  const others = await Promise.all(
    ALL_LISTED.map((lead) =>
      sql<{ email: string; phone: string; person_id: string }>`
        select t.email, t.phone, lp.person_id from ${sql.table(lead.table)} t
        join lead_people lp on lp.list = ${slugOf(lead)} and lp.lead_id = t.id
        where t.email = any(${emails}::text[]) or t.phone = any(${phones}::text[])`.execute(db),
    ),
  );
  const all = others.flatMap((o) => o.rows);
  for (const r of rows) {
    const mine = persons.get(`${list}:${r.id}`);
    if (!mine) continue;
    if (all.some((o) => o.person_id !== mine && (o.email === r.email || o.phone === r.phone))) flagged.add(`${list}:${r.id}`);
  }
  return flagged;
}
