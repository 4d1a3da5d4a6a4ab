// The reminder an hour before a webinar: the scheduler's round looks every minute; a due reminder
// is claimed by the update that sets reminded_at (the row's lock lets one transaction have
// it, SKIP LOCKED lets the others pass) and its email is queued in that same transaction,
// so each registration is reminded exactly once across instances, and never after the start.
// A registration made within the hour already has the link (its join email), so it is not
// reminded again; nor is spam, nor a cancelled webinar's.
import { sql, type Kysely } from 'kysely';
import { WEBINAR_REMINDER_MINUTES } from '../../contract/webinars.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail } from '../mail/queue.ts';
import { webinarReminderEmail } from './webinar-mail.ts';

/** Reminders claimed per round (a backlog is caught up over the next rounds). */
const BATCH = 200;

/** One round: claims and queues the reminders due at `now`; resolves how many. */
export async function remindWebinarsOnce(db: Kysely<Database>, now: Date): Promise<number> {
  const lead = `${WEBINAR_REMINDER_MINUTES} minutes`;
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{
      name: string;
      email: string;
      site_language: 'en' | 'hi';
      title: string;
      starts_at: Date;
      join_url: string;
    }>`
      with due as (
        select r.id from webinar_registrations r join webinars w on w.id = r.webinar_id
        where r.reminded_at is null and r.status <> 'spam' and w.cancelled_at is null
          and w.starts_at > ${now} and w.starts_at <= ${now}::timestamptz + ${lead}::interval
          and r.created_at < w.starts_at - ${lead}::interval
        order by w.starts_at limit ${BATCH} for update of r skip locked
      )
      update webinar_registrations r set reminded_at = ${now} from due, webinars w
      where r.id = due.id and w.id = r.webinar_id
      returning r.name, r.email, r.site_language, w.title, w.starts_at, w.join_url`.execute(trx);
    for (const row of claimed.rows) await enqueueMail(trx, webinarReminderEmail(row, row));
    return claimed.rows.length;
  });
}
