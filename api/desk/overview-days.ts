// Each list's new leads over the overview's 30 IST days: per day, per source, and per owner
// and first-contact minutes (the speed-to-lead histogram). Counting a million leads' month
// on every overview took most of its time, so the closed days are kept
// (migrations/2026-11-27T0297_overview_days.ts): a kept day is used while its generation
// is the one it was counted at, and a day that changed (a status, an owner, a first contact,
// an erasure) or was never counted is counted again here, in one snapshot with the
// generation it is stored under. Today and yesterday are always counted live: new leads
// land there, and a clock a little apart from the database's at midnight cannot leave a kept
// day short. Only the whole team's figures are kept; a counsellor's overview (their leads
// and the pool) is counted live, as before.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { istDayStart } from '../http/list-params.ts';
import { ALL_LEADS } from '../leads/list-query.ts';

/** Days at the end of the window counted live on every overview. */
const LIVE_DAYS = 2;

export interface ListDays {
  /** New leads (not spam) per IST day. */
  days: Map<string, number>;
  /** New leads per utm_source over the window. */
  sources: Map<string | null, number>;
  /** Per owner and first-contact minutes: leads, and how many of them converted. */
  bars: Array<{ assignee: string | null; minutes: number | null; leads: number; converted: number }>;
}

type SourceCell = [string | null, number];
type BarCell = [string | null, number | null, number, number];

interface DayFigures {
  day: string;
  leads: number;
  sources: SourceCell[];
  bars: BarCell[];
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface ListTable {
  list: string;
  table: string;
}

/** The figures of `days` (IST dates, ascending) in each list, counted from their leads in one statement. */
async function countDays(
  db: Kysely<Database>,
  lists: ListTable[],
  days: string[],
  scope: RawBuilder<boolean>,
): Promise<Map<string, DayFigures[]>> {
  const from = istDayStart(days[0]!);
  const to = istDayStart(nextDay(days.at(-1)!));
  // Each list grouped on its own, then the groups joined: one list's rows never meet another's,
  // and a day of a few thousand leads becomes a few hundred groups before anything is moved.
  const istDay = sql`((created_at at time zone 'UTC') + interval '330 minutes')::date`;
  const grouped = sql.join(
    lists.map(
      ({ list, table }) => sql`select ${list}::text as list, ${istDay} as day, utm_source, assignee_id, first_contact_minutes,
          grouping(utm_source, assignee_id, first_contact_minutes) as set, count(*) as n,
          count(*) filter (where status = 'converted') as converted
        from ${sql.table(table)}
        where created_at >= ${from} and created_at < ${to} and ${istDay} = any(${days}::date[]) and status <> 'spam' and ${scope}
        group by grouping sets ((2), (2, utm_source), (2, assignee_id, first_contact_minutes))`,
    ),
    sql` union all `,
  );
  const query = sql<{
    list: string;
    day: string | null;
    utm_source: string | null;
    assignee_id: string | null;
    first_contact_minutes: number | null;
    set: number;
    n: string;
    converted: string;
  }>`select list, to_char(day, 'YYYY-MM-DD') as day, utm_source, assignee_id, first_contact_minutes, set, n, converted
    from (${grouped}) counted`;
  // Without parallel workers: the planner's row estimates for the newest days lag (today is
  // past the statistics' last bucket), and on two cores a parallel plan of these few thousand
  // rows took 80–160 ms where one process takes 20–40 (the 1M seed, today and yesterday).
  const count = async (trx: Kysely<Database>) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return query.execute(trx);
  };
  const rows = db.isTransaction ? await count(db) : await db.transaction().execute(count);
  // grouping(utm_source, assignee_id, first_contact_minutes): 7 = the day, 3 = by source, 4 = by owner and minutes.
  const byList = new Map(
    lists.map(({ list }) => [list, new Map(days.map((day): [string, DayFigures] => [day, { day, leads: 0, sources: [], bars: [] }]))]),
  );
  for (const r of rows.rows) {
    const figures = byList.get(r.list)?.get(r.day ?? '');
    if (!figures) continue;
    const set = Number(r.set);
    if (set === 7) figures.leads = Number(r.n);
    else if (set === 3) figures.sources.push([r.utm_source, Number(r.n)]);
    else if (set === 4) figures.bars.push([r.assignee_id, r.first_contact_minutes, Number(r.n), Number(r.converted)]);
  }
  return new Map([...byList].map(([list, days]) => [list, [...days.values()]]));
}

/**
 * Kept days already read, per database: a (list, day) with the generation its figures are of.
 * The same generation is the same figures, so an overview reads only the generations of its
 * kept days and takes from the database just the figures it has not seen (a month of bars is
 * about 1.2 MB of JSON at a million leads: 10–25 ms of every overview, read and parsed again).
 */
const seenDays = new WeakMap<Kysely<Database>, Map<string, { gen: string; figures: DayFigures }>>();

function seenOf(db: Kysely<Database>, from: string): Map<string, { gen: string; figures: DayFigures }> {
  let seen = seenDays.get(db);
  if (!seen) seenDays.set(db, (seen = new Map()));
  // Days that left the window are not asked for again.
  for (const [key, { figures }] of seen) if (figures.day < from) seen.delete(key);
  return seen;
}

const dayKey = (list: string, day: string) => `${list}\u0000${day}`;

/**
 * The kept days of `days` still current, and the others counted again (in one snapshot
 * with the generations they are kept under, then kept).
 */
async function keptDays(db: Kysely<Database>, lists: ListTable[], days: string[]): Promise<Map<string, DayFigures[]>> {
  const seen = seenOf(db, days[0]!);
  const current = await sql<{ list: string; day: string; gen: string }>`
    select d.list, to_char(d.day, 'YYYY-MM-DD') as day, d.gen::text as gen
    from overview_days d left join overview_marks m on m.list = d.list and m.day = d.day
    where d.list = any(${lists.map((l) => l.list)}::text[]) and d.day >= ${days[0]}::date and d.day <= ${days.at(-1)}::date
      and d.gen = coalesce(m.gen, 0)`.execute(db);
  const result = new Map<string, DayFigures[]>(lists.map(({ list }) => [list, []]));
  const found = new Set<string>();
  const unread: typeof current.rows = [];
  for (const row of current.rows) {
    const known = seen.get(dayKey(row.list, row.day));
    if (known?.gen !== row.gen) {
      unread.push(row);
      continue;
    }
    result.get(row.list)?.push(known.figures);
    found.add(dayKey(row.list, row.day));
  }
  if (unread.length > 0) {
    // Still at the generation just read; a day changed since is not found, and is counted below.
    const kept = await sql<{ list: string; day: string; gen: string; leads: number; sources: SourceCell[]; bars: BarCell[] }>`
      select d.list, to_char(d.day, 'YYYY-MM-DD') as day, d.gen::text as gen, d.leads, d.sources, d.bars
      from overview_days d
      join unnest(${unread.map((r) => r.list)}::text[], ${unread.map((r) => r.day)}::date[], ${unread.map((r) => r.gen)}::bigint[])
        as u(list, day, gen) on u.list = d.list and u.day = d.day and u.gen = d.gen`.execute(db);
    for (const { gen, ...figures } of kept.rows) {
      result.get(figures.list)?.push(figures);
      found.add(dayKey(figures.list, figures.day));
      seen.set(dayKey(figures.list, figures.day), { gen, figures });
    }
  }
  for (const lt of lists) {
    const stale = days.filter((day) => !found.has(dayKey(lt.list, day)));
    if (stale.length > 0) result.get(lt.list)!.push(...(await countAndKeep(db, lt, stale)));
  }
  return result;
}

/** Counts `stale` days of a list in one snapshot with their generations, and keeps them under those. */
async function countAndKeep(db: Kysely<Database>, { list, table }: ListTable, stale: string[]): Promise<DayFigures[]> {
  const { counted, gens } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const marks = await sql<{ day: string; gen: string }>`
        select to_char(day, 'YYYY-MM-DD') as day, gen from overview_marks where list = ${list} and day = any(${stale}::date[])`.execute(
        trx,
      );
      const figures = (await countDays(trx, [{ list, table }], stale, ALL_LEADS)).get(list)!;
      return { counted: figures, gens: new Map(marks.rows.map((m) => [m.day, m.gen])) };
    });
  // Kept under the generation they were counted at: a change committed since has moved it,
  // so these figures are never taken for a later state of the day.
  await sql`
    insert into overview_days (list, day, gen, leads, sources, bars)
    select ${list}, c.day::date, c.gen::bigint, c.leads, c.sources, c.bars
    from jsonb_to_recordset(${JSON.stringify(counted.map((c) => ({ ...c, gen: gens.get(c.day) ?? '0' })))}::jsonb)
      as c(day text, gen text, leads integer, sources jsonb, bars jsonb)
    on conflict (list, day) do update set gen = excluded.gen, leads = excluded.leads, sources = excluded.sources, bars = excluded.bars
      where overview_days.gen <= excluded.gen`.execute(db);
  return counted;
}

/** Adds up a list's days into its window's figures. */
function windowOf(days: DayFigures[]): ListDays {
  const result: ListDays = { days: new Map(), sources: new Map(), bars: [] };
  const bars = new Map<string, ListDays['bars'][number]>();
  for (const figures of days) {
    result.days.set(figures.day, (result.days.get(figures.day) ?? 0) + figures.leads);
    for (const [source, n] of figures.sources) result.sources.set(source, (result.sources.get(source) ?? 0) + n);
    for (const [assignee, minutes, leads, converted] of figures.bars) {
      const key = `${assignee}\u0000${minutes}`;
      const bar = bars.get(key);
      if (bar) {
        bar.leads += leads;
        bar.converted += converted;
      } else bars.set(key, { assignee, minutes, leads, converted });
    }
  }
  result.bars = [...bars.values()];
  return result;
}

/** Each list's figures over `dates` (the window's IST dates, ascending) for the leads `scope` lets a member see. */
export async function overviewDays(
  db: Kysely<Database>,
  lists: ListTable[],
  dates: string[],
  scope: RawBuilder<boolean>,
): Promise<Map<string, ListDays>> {
  const keep = scope === ALL_LEADS ? dates.slice(0, -LIVE_DAYS) : [];
  const live = dates.slice(keep.length);
  const [kept, counted] = await Promise.all([
    keep.length > 0 ? keptDays(db, lists, keep) : new Map<string, DayFigures[]>(),
    countDays(db, lists, live, scope),
  ]);
  return new Map(lists.map(({ list }) => [list, windowOf([...(kept.get(list) ?? []), ...(counted.get(list) ?? [])])]));
}
