// The report's rollup (migrations/2026-11-27T0220_reports.ts): the queued people's facts
// recomputed from their leads, and the day's cells moved by the difference. A person is:
//   first seen   the IST day of their first lead that is not spam;
//   source       that lead's utm_source as the lists file it; campaign its utm_campaign
//                (last touch, else first, as the source is read);
//   organisation the first organisation any of their leads names (a proposal's, or the
//                classroom session's that made an enquiry);
//   counsellor   their owner as the People page says it (the newest lead with an owner);
//   package      their paid booking's package, else their latest booking's;
//   stages       nested, so the funnel only narrows: booked counts as contacted, paid as
//                booked; contacted is a lead moved on from "new" or a first contact logged;
//   revenue      the rupees of their paid bookings; days to paid from the first-seen day
//                to the IST day of their first payment.
// Rounds hold an advisory lock (two instances never add one difference twice) and take the
// queue's rows in the transaction that writes the difference.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED, type ListedLead } from '../leads/definitions.ts';

/** People looked at per round; a backlog (the first start, a big import) takes several. */
export const REFRESH_BATCH = 2000;

const ist = (column: RawBuilder<unknown>) => sql`((${column} at time zone 'UTC') + interval '330 minutes')::date`;

/** What one list adds to a lead's row beside the common columns. */
function ownColumns(lead: ListedLead): RawBuilder<unknown> {
  if (lead.table === 'bookings') {
    return sql`null::text as organisation, true as is_booking, t.package,
      t.payment_status in ('paid', 'enrolled') as is_paid, t.amount::bigint as amount,
      coalesce(t.paid_at, t.payment_updated_at, t.created_at) as paid_time`;
  }
  const organisation =
    lead.table === 'proposals'
      ? sql`t.organisation`
      : lead.table === 'enquiries'
        ? sql`(select s.organisation from classroom_sessions s where s.lead_id = t.id order by s.created_at limit 1)`
        : sql`null::text`;
  return sql`${organisation} as organisation, false as is_booking, null::text as package, false as is_paid,
    0::bigint as amount, null::timestamptz as paid_time`;
}

/**
 * Every lead that is not spam of these people, one row shape for every list. Their links are
 * read once by person (its index), then each list's rows by id: a round's cost follows its
 * people, never the size of the lists.
 */
function leadsOf(people: string[]): RawBuilder<unknown> {
  const perList = sql.join(
    ALL_LISTED.map(
      (lead) => sql`
      select lp.person_id, t.id, t.created_at, t.utm_source,
        coalesce(t.source->'last'->>'utm_campaign', t.source->'first'->>'utm_campaign') as campaign,
        t.assignee_id, t.status, t.first_contact_at, ${ownColumns(lead)}
      from links lp join ${sql.table(lead.table)} t on t.id = lp.lead_id
      where lp.list = ${LEAD_KINDS[lead.kind].list.slug} and t.status <> 'spam'`,
    ),
    sql` union all `,
  );
  return sql`with links as materialized (select list, lead_id, person_id from lead_people where person_id = any(${people}::uuid[]))
    ${perList}`;
}

/** The facts of these people, in report_people's columns. */
function factsOf(people: string[]): RawBuilder<unknown> {
  return sql`
    select person_id, first_day, source, campaign, organisation, counsellor, package, contacted or booked as contacted,
      booked, paid, revenue, case when paid then ${ist(sql`paid_time`)} - first_day else -1 end as days_to_paid
    from (
      select person_id,
        ${ist(sql`min(created_at)`)} as first_day,
        coalesce((array_agg(utm_source order by created_at, id))[1], '') as source,
        coalesce((array_agg(campaign order by created_at, id))[1], '') as campaign,
        coalesce((array_agg(organisation order by created_at, id) filter (where organisation is not null))[1], '') as organisation,
        coalesce((array_agg(assignee_id::text order by created_at desc, id desc) filter (where assignee_id is not null))[1], '') as counsellor,
        coalesce((array_agg(package order by is_paid desc, created_at desc) filter (where is_booking))[1], '') as package,
        bool_or(status <> 'new' or first_contact_at is not null) as contacted,
        bool_or(is_booking) as booked,
        bool_or(is_paid) as paid,
        coalesce(sum(amount) filter (where is_paid), 0) as revenue,
        min(paid_time) filter (where is_paid) as paid_time
      from (${leadsOf(people)}) leads
      group by person_id
    ) person`;
}

const KEYS = sql`first_day, source, campaign, organisation, counsellor, package, days_to_paid`;

/**
 * The cells moved by these facts, `sign` 1 to add them and -1 to take them away: each person
 * in one cell per dimension, in the scope every reader sums ('*') and in their owner's.
 */
function moveCells(facts: RawBuilder<unknown>, sign: 1 | -1): RawBuilder<unknown> {
  const s = sql.lit(sign);
  return sql`
    insert into report_cells (dimension, scope, day, key, days_to_paid, leads, contacted, booked, paid, revenue)
    select d.dimension, s.scope, f.first_day, d.key, f.days_to_paid, ${s} * count(*), ${s} * count(*) filter (where f.contacted),
      ${s} * count(*) filter (where f.booked), ${s} * count(*) filter (where f.paid), ${s} * sum(f.revenue)
    from ${facts} f
    cross join lateral (values ('source', f.source), ('campaign', f.campaign), ('organisation', f.organisation),
      ('counsellor', f.counsellor), ('package', f.package)) d(dimension, key)
    cross join lateral (values ('*'), (f.counsellor)) s(scope)
    group by d.dimension, s.scope, f.first_day, d.key, f.days_to_paid
    on conflict (dimension, scope, day, key, days_to_paid) do update set
      leads = report_cells.leads + excluded.leads, contacted = report_cells.contacted + excluded.contacted,
      booked = report_cells.booked + excluded.booked, paid = report_cells.paid + excluded.paid,
      revenue = report_cells.revenue + excluded.revenue`;
}

/**
 * One round: recomputes up to `limit` queued people; resolves how many were taken. With
 * `wait` false a round already under way elsewhere is left to finish (a report being read
 * does not queue behind the backlog's rounds) and this one takes nothing.
 */
export async function refreshReport(db: Kysely<Database>, limit = REFRESH_BATCH, wait = true): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (wait) await sql`select pg_advisory_xact_lock(hashtextextended('report-rollup', 0))`.execute(trx);
    else {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtextextended('report-rollup', 0)) as ok`.execute(trx);
      if (!got.rows[0]?.ok) return 0;
    }
    const taken = await sql<{ person_id: string }>`
      delete from report_queue where person_id in (select person_id from report_queue limit ${limit})
      returning person_id`.execute(trx);
    if (taken.rows.length === 0) return 0;
    const people = taken.rows.map((r) => r.person_id);
    await sql`with old as (delete from report_people where person_id = any(${people}::uuid[]) returning *)
      ${moveCells(sql`old`, -1)}`.execute(trx);
    await sql`with fresh as (
        insert into report_people (person_id, ${KEYS}, contacted, booked, paid, revenue)
        select person_id, ${KEYS}, contacted, booked, paid, revenue from (${factsOf(people)}) facts
        returning *
      ) ${moveCells(sql`fresh`, 1)}`.execute(trx);
    await sql`delete from report_cells where leads = 0`.execute(trx);
    return people.length;
  });
}

/** Rounds until the queue is empty (the bench, and a report that must be current). */
export async function refreshAll(db: Kysely<Database>, limit = REFRESH_BATCH): Promise<number> {
  let total = 0;
  for (let n = await refreshReport(db, limit); n > 0; n = await refreshReport(db, limit)) total += n;
  return total;
}
