// Alerts of new leads to the team (ADMIN_NOTIFY_EMAIL): one short email per new lead that is
// not spam (the list, a link to the lead in the console first, then every field and the
// source as the visitor sent them, each line quoted with "> " so no text of theirs can pass
// for a line of ours), or with ADMIN_NOTIFY_DIGEST_MINUTES one digest per period instead.
// A flood turns itself into a digest: past ADMIN_NOTIFY_FLOOD_PER_MINUTE alerts in a minute,
// new leads come as one email a minute (the first 50 in full, the rest counted) until a
// minute passes under the threshold.
//
// Exactly once, whatever the retries and instances: a lead is alerted by inserting its
// (list, id) into lead_alerts, whose primary key lets only one transaction have it, and the
// alert's email is queued in that same transaction (the mail queue then delivers it once,
// through any SMTP outage). The scheduler runs this round (api/jobs/rounds.ts) on one
// instance a period; a round on any instance would still never send twice, and a lead is
// alerted even if the instance that took it dies. Leads are looked at for a day
// after they arrive (so turning alerts on does not mail the whole history), and a spam
// lead marked 'Not spam' within that day is alerted then.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, LEAD_STATUS_LABELS, type LeadField, type ListSlug } from '../../contract/lead-kinds.ts';
import { touchText, type LeadSource } from '../../contract/lead-signals.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail } from '../mail/queue.ts';
import { ALL_LISTED, type ListedLead, type ListedRow, type ListItem } from './definitions.ts';

/** How far back a lead is still alerted. */
const LOOKBACK_MS = 24 * 3_600_000;
/** Leads alerted per list per round (a burst is caught up over the next rounds). */
const BATCH = 200;
/** Alerts a minute past which they become one digest a minute (ADMIN_NOTIFY_FLOOD_PER_MINUTE). */
export const FLOOD_PER_MINUTE = 30;
/** Leads a flood digest takes per list (the rest wait for the next minute's). */
const FLOOD_BATCH = 5_000;
/** Leads a flood digest shows in full; the rest are counted, with a link to the console. */
const FLOOD_SHOWN = 50;
const MINUTE_MS = 60_000;

export interface AlertOptions {
  db: Kysely<Database>;
  to: string;
  publicUrl: string;
  /** Minutes per digest; undefined: one email per lead (up to floodPerMinute a minute). */
  digestMinutes: number | undefined;
  /** With one email per lead: past this many alerts in a minute, one digest a minute instead (FLOOD_PER_MINUTE). */
  floodPerMinute?: number | undefined;
  log: (line: string) => void;
  clock?: () => Date;
  /** Wake the mail worker after queuing. */
  wakeMail?: () => void;
}

interface Alerted {
  list: ListSlug;
  lead: ListedLead;
  row: ListedRow<ListedLead['table']>;
}

/** Every line break a mail reader shows as one. */
const LINE_BREAK = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/;

/**
 * What the visitor typed, set apart from the email's own lines: every line quoted with
 * "> " (a value's further lines indented under its label), so a message holding blank lines
 * and "Open in the console: https://…" cannot pass for a line of ours.
 */
function quotedLines(lines: Array<[label: string, value: string]>): string[] {
  return lines.flatMap(([label, value]) => {
    const [first = '', ...rest] = value.split(LINE_BREAK);
    return [`> ${label}: ${first}`, ...rest.map((line) => `>   ${line}`)];
  });
}

function fieldValues(lead: ListedLead, row: ListedRow<ListedLead['table']>): Array<[string, string]> {
  const list = LEAD_KINDS[lead.kind].list;
  const item: ListItem = lead.listItem(row);
  return (list.columns as readonly LeadField[])
    .filter((f) => f.kind !== 'scores' && f.kind !== 'certificate' && f.kind !== 'language')
    .map((f) => [f.label, String(item[f.key] ?? '')]);
}

function sourceText(source: LeadSource | null): string {
  const touch = (label: string, t: LeadSource['first']) => (t ? `${label}: ${touchText(t)}` : undefined);
  const parts = [touch('first visit', source?.first), touch('latest campaign visit', source?.last)].filter(Boolean);
  return parts.length > 0 ? parts.join(' | ') : 'not known';
}

function leadLink(publicUrl: string, list: ListSlug, id: string): string {
  return `${publicUrl}/admin/${list}?open=${encodeURIComponent(id)}`;
}

/** One lead: our lines first (the real link among them), then the visitor's, quoted. */
function leadText(publicUrl: string, a: Alerted): string {
  const list = LEAD_KINDS[a.lead.kind].list;
  return [
    `${list.title} — ${a.row.created_at.toISOString()}`,
    `Open in the console: ${leadLink(publicUrl, list.slug as ListSlug, a.row.id)}`,
    `Status: ${LEAD_STATUS_LABELS[a.row.status]}`,
    'Message from the visitor (as they sent it, quoted):',
    ...quotedLines([...fieldValues(a.lead, a.row), ['Source', sourceText(a.row.source)]]),
  ].join('\n');
}

/**
 * Claims the leads of one list not alerted yet (inserting their marks) and returns them,
 * inside the caller's transaction. A lead another transaction is claiming right now waits
 * for it and is then skipped.
 */
async function claim(trx: Kysely<Database>, lead: ListedLead, since: Date, limit: number, now: Date): Promise<Alerted[]> {
  const list = LEAD_KINDS[lead.kind].list.slug as ListSlug;
  const table = sql.table(lead.table);
  const rows = await sql<ListedRow<ListedLead['table']>>`
    with fresh as (
      select t.id from ${table} t
      where t.created_at >= ${since} and t.status <> 'spam'
        and not exists (select 1 from lead_alerts a where a.list = ${list} and a.lead_id = t.id)
      order by t.created_at, t.id
      limit ${limit}
    ), claimed as (
      insert into lead_alerts (list, lead_id, created_at) select ${list}, id, ${now} from fresh
      on conflict do nothing
      returning lead_id
    )
    select t.* from ${table} t join claimed c on c.lead_id = t.id
    order by t.created_at, t.id`.execute(trx);
  return rows.rows.map((row) => ({ list, lead, row }));
}

/** Claims up to `limit` leads across the lists (each list up to `perList`). */
async function claimAll(trx: Kysely<Database>, since: Date, now: Date, perList: number, limit: number): Promise<Alerted[]> {
  const alerted: Alerted[] = [];
  for (const lead of ALL_LISTED) {
    const room = Math.min(perList, limit - alerted.length);
    if (room <= 0) break;
    alerted.push(...(await claim(trx, lead, since, room, now)));
  }
  return alerted;
}

/** Leads not alerted yet, counted up to `cap`. */
async function countWaiting(trx: Kysely<Database>, since: Date, cap: number): Promise<number> {
  let n = 0;
  for (const lead of ALL_LISTED) {
    if (n >= cap) break;
    const list = LEAD_KINDS[lead.kind].list.slug as ListSlug;
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from (
        select 1 from ${sql.table(lead.table)} t
        where t.created_at >= ${since} and t.status <> 'spam'
          and not exists (select 1 from lead_alerts a where a.list = ${list} and a.lead_id = t.id)
        limit ${cap - n}
      ) w`.execute(trx);
    n += rows.rows[0]?.n ?? 0;
  }
  return n;
}

function plural(n: number): string {
  return `${n} new ${n === 1 ? 'lead' : 'leads'}`;
}

/** One round: alert what is new. Returns the number of leads alerted. */
export async function alertOnce(options: AlertOptions): Promise<number> {
  const now = options.clock ? options.clock() : new Date();
  const since = new Date(now.getTime() - LOOKBACK_MS);
  const { digestMinutes } = options;
  const floodPerMinute = options.floodPerMinute ?? FLOOD_PER_MINUTE;
  const count = await options.db.transaction().execute(async (trx) => {
    // One round at a time across instances: the digest's period, and a minute's alerts, are read under a lock.
    await sql`select pg_advisory_xact_lock(hashtextextended('lead-alert-digest', 0))`.execute(trx);
    const lastDigest = async () => {
      const last = await trx.selectFrom('lead_alert_digests').select('sent_at').orderBy('sent_at', 'desc').limit(1).executeTakeFirst();
      return last ? new Date(last.sent_at).getTime() : undefined;
    };
    if (digestMinutes !== undefined) {
      const last = await lastDigest();
      if (last !== undefined && now.getTime() - last < digestMinutes * MINUTE_MS) return 0;
    }
    // Marks outlive the look-back twice over, then go (their leads are past alerting).
    await trx
      .deleteFrom('lead_alerts')
      .where('created_at', '<', new Date(now.getTime() - 2 * LOOKBACK_MS))
      .execute();
    if (digestMinutes !== undefined) {
      const alerted = await claimAll(trx, since, now, BATCH, Infinity);
      if (alerted.length === 0) return 0;
      const text = [
        `${plural(alerted.length)} in the last ${digestMinutes} minutes:`,
        '',
        ...alerted
          .map((a) => leadText(options.publicUrl, a))
          .join('\n\n')
          .split('\n'),
      ].join('\n');
      await enqueueMail(trx, { to: options.to, kind: 'lead-digest', subject: plural(alerted.length), text });
      await trx.insertInto('lead_alert_digests').values({ sent_at: now, leads: alerted.length }).execute();
      return alerted.length;
    }
    // One email per lead while they come at most floodPerMinute a minute (those alerted in
    // the last minute and those waiting); past that, one digest a minute until a minute
    // goes by under it, so a burst cannot queue thousands of emails.
    const recent = await trx
      .selectFrom('lead_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>', new Date(now.getTime() - MINUTE_MS))
      .executeTakeFirstOrThrow();
    const waiting = await countWaiting(trx, since, floodPerMinute + 1);
    if (Number(recent.n) + waiting <= floodPerMinute) {
      const alerted = await claimAll(trx, since, now, BATCH, Infinity);
      for (const a of alerted) {
        const title = LEAD_KINDS[a.lead.kind].list.title;
        await enqueueMail(trx, { to: options.to, kind: 'lead-alert', subject: `New lead: ${title}`, text: leadText(options.publicUrl, a) });
      }
      return alerted.length;
    }
    const last = await lastDigest();
    if (last !== undefined && now.getTime() - last < MINUTE_MS) return 0;
    const alerted = await claimAll(trx, since, now, FLOOD_BATCH, Infinity);
    if (alerted.length === 0) return 0;
    const shown = alerted.slice(0, FLOOD_SHOWN);
    const more = alerted.length - shown.length;
    const text = [
      `${plural(alerted.length)}: more than ${floodPerMinute} a minute, so they come as one email a minute until it calms down.`,
      '',
      ...shown
        .map((a) => leadText(options.publicUrl, a))
        .join('\n\n')
        .split('\n'),
      ...(more > 0 ? ['', `…and ${more} more: ${options.publicUrl}/admin`] : []),
    ].join('\n');
    await enqueueMail(trx, { to: options.to, kind: 'lead-digest', subject: `${plural(alerted.length)} (a burst)`, text });
    await trx.insertInto('lead_alert_digests').values({ sent_at: now, leads: alerted.length }).execute();
    return alerted.length;
  });
  if (count > 0) options.wakeMail?.();
  return count;
}
