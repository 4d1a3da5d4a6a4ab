// The desk's emails to members, from a round the scheduler runs each minute (api/jobs/rounds.ts):
// - the leads newly assigned to a member (by round robin or by someone else), at most one
//   digest per ASSIGNMENT_DIGEST_MINUTES: the first assignment after a quiet spell is mailed
//   at the next round, later ones wait for the next digest;
// - each morning at the member's chosen time (default 09:00 IST; off allowed), their day:
//   new leads not contacted yet, overdue and due today, when there is anything in it.
// Each is claimed by the update of the member's row that records it (its lock lets one
// transaction have it), with the email queued in that same transaction: exactly once
// across instances, and none lost to an instance that dies.
import { sql, type Kysely } from 'kysely';
import { IST_OFFSET_MS, istDateOf } from '../../contract/working-hours.ts';
import { listedLead, type ListedRow } from '../leads/definitions.ts';
import type { Database } from '../db/schema.ts';
import { assignmentDigestEmail, myDayEmail, type AssignedLead } from '../mail/desk.ts';
import { enqueueMail } from '../mail/queue.ts';
import { myDay, nameOf, uncontactedOf } from './my-day.ts';
import type { Config } from '../config.ts';

export const ASSIGNMENT_DIGEST_MINUTES = 15;
/** A morning email not sent within this long of its time (the server was down) is skipped for the day. */
const DAY_EMAIL_LATE_MINUTES = 180;
/** Leads named in one digest; the rest are counted. */
const DIGEST_LEADS = 50;

interface DigestOptions {
  db: Kysely<Database>;
  publicUrl: string;
  /** The SLA the morning email's new leads are timed against. */
  sla: Pick<Config, 'slaMinutes' | 'workingHours'>;
  wakeMail?: () => void;
}

const WORKERS = sql`active and password_hash is not null and role in ('admin', 'counsellor')`;

async function leadsOf(trx: Kysely<Database>, member: string, rows: Array<{ list: string; lead_id: string }>): Promise<AssignedLead[]> {
  const found: AssignedLead[] = [];
  for (const list of new Set(rows.map((r) => r.list))) {
    const lead = listedLead(list);
    if (!lead) continue;
    const ids = rows.filter((r) => r.list === list).map((r) => r.lead_id);
    // Only those still theirs: a lead moved on since is no news.
    const result = await sql<ListedRow<typeof lead.table>>`
      select * from ${sql.table(lead.table)} where id = any(${ids}::uuid[]) and assignee_id = ${member}
      order by created_at desc`.execute(trx);
    for (const row of result.rows) found.push({ list, id: row.id, name: nameOf(lead.listItem(row)), phone: row.phone });
  }
  return found;
}

/** One member's assignment digest, if one is due; resolves whether one was queued. */
async function assignmentDigest(options: DigestOptions, memberId: string, now: Date): Promise<boolean> {
  const quietSince = new Date(now.getTime() - ASSIGNMENT_DIGEST_MINUTES * 60_000);
  return options.db.transaction().execute(async (trx) => {
    const member = await sql<{ id: string; name: string; email: string; through: string }>`
      select id, name, email, assignment_mailed_through as through from admins
      where id = ${memberId} and ${WORKERS} and (assignment_mailed_at is null or assignment_mailed_at <= ${quietSince})
      for update`.execute(trx);
    const m = member.rows[0];
    if (!m) return false;
    // Assignments to them by anyone but themselves (taking a lead needs no email).
    const rows = await sql<{ id: string; list: string; lead_id: string }>`
      select id, list, lead_id from lead_history
      where action = 'assign' and assignee_id = ${m.id} and id > ${m.through} and admin_id is distinct from ${m.id}
      order by id`.execute(trx);
    const last = rows.rows.at(-1);
    if (!last) return false;
    await trx.updateTable('admins').set({ assignment_mailed_through: last.id, assignment_mailed_at: now }).where('id', '=', m.id).execute();
    const leads = await leadsOf(trx, m.id, rows.rows);
    if (leads.length === 0) return false;
    const shown = leads.slice(0, DIGEST_LEADS);
    await enqueueMail(trx, {
      to: m.email,
      kind: 'assignment-digest',
      ...assignmentDigestEmail(options.publicUrl, m.name.trim() || m.email, shown, leads.length - shown.length),
    });
    return true;
  });
}

/** One member's morning email, if it is due today; resolves whether one was queued. */
async function dayEmail(options: DigestOptions, memberId: string, now: Date, today: string, minute: number): Promise<boolean> {
  return options.db.transaction().execute(async (trx) => {
    const claimed = await sql<{ id: string; name: string; email: string; day_email_minute: number }>`
      update admins set day_email_sent_on = ${today}::date
      where id = ${memberId} and ${WORKERS} and day_email_minute is not null and day_email_minute <= ${minute}
        and (day_email_sent_on is null or day_email_sent_on < ${today}::date)
      returning id, name, email, day_email_minute`.execute(trx);
    const m = claimed.rows[0];
    if (!m || minute - m.day_email_minute > DAY_EMAIL_LATE_MINUTES) return false;
    const [uncontacted, followUps] = await Promise.all([uncontactedOf(trx, m.id, now, options.sla), myDay(trx, m.id, now)]);
    const day = { uncontacted, ...followUps };
    if (day.uncontacted.length + day.overdue.length + day.dueToday.length === 0) return false;
    await enqueueMail(trx, { to: m.email, kind: 'my-day', ...myDayEmail(options.publicUrl, m.name.trim() || m.email, day) });
    return true;
  });
}

/** One round of both; resolves how many emails were queued. */
export async function digestOnce(options: DigestOptions, now: Date): Promise<number> {
  const today = istDateOf(now);
  const minute = Math.floor(((now.getTime() + IST_OFFSET_MS) % 86_400_000) / 60_000);
  const quietSince = new Date(now.getTime() - ASSIGNMENT_DIGEST_MINUTES * 60_000);
  const [assigned, morning] = await Promise.all([
    sql<{ id: string }>`
      select a.id from admins a
      where ${WORKERS} and (a.assignment_mailed_at is null or a.assignment_mailed_at <= ${quietSince})
        and exists (select 1 from lead_history h where h.action = 'assign' and h.assignee_id = a.id and h.id > a.assignment_mailed_through)`.execute(
      options.db,
    ),
    sql<{ id: string }>`
      select id from admins where ${WORKERS} and day_email_minute is not null and day_email_minute <= ${minute}
        and (day_email_sent_on is null or day_email_sent_on < ${today}::date)`.execute(options.db),
  ]);
  let queued = 0;
  for (const { id } of assigned.rows) if (await assignmentDigest(options, id, now)) queued += 1;
  for (const { id } of morning.rows) if (await dayEmail(options, id, now, today, minute)) queued += 1;
  if (queued > 0) options.wakeMail?.();
  return queued;
}
