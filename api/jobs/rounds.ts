// The product's periodic rounds, each run once a period on one instance by the scheduler's
// poll (api/jobs/scheduler.ts, job_schedules). Each round claims its own rows exactly once
// (a reminder's reminded_at, a digest's member row, a push's lease, a booking's next try),
// so a round that an instance died in is simply caught up by the next period's.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { mergePendingLists } from '../db/pending-lists.ts';
import type { Database } from '../db/schema.ts';
import { digestOnce } from '../desk/digests.ts';
import { remindOnce } from '../desk/reminders.ts';
import { alertOnce } from '../leads/alerts.ts';
import { remindWebinarsOnce } from '../leads/webinar-reminders.ts';
import { noticeAssignmentsOnce } from '../notify/assignments.ts';
import { deliverOnce, PUSH_DEFAULTS } from '../notify/worker.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { checkLinksOnce, makeLinksOnce } from '../payments/links.ts';
import { remindUnpaidOnce } from '../payments/reminders.ts';
import { LINK_BATCH, linkOnce } from '../people/linker.ts';
import { REFRESH_BATCH, refreshReport } from '../reports/rollup.ts';
import { scoreNewLeadsOnce } from '../score/new-leads.ts';
import type { Periodic } from './scheduler.ts';

export interface RoundsOptions {
  db: Kysely<Database>;
  config: Config;
  log: (line: string) => void;
  wakeMail: () => void;
  /** The payment gateway; none on a relay or without one configured. */
  gateway?: PaymentGateway | undefined;
  /** Postgres merges its search indexes' pending lists (PGlite has one connection, which leads would wait on). */
  postgres: boolean;
}

/** The desk's and people's rounds every instance of the product runs, a relay included. */
function everywhere(o: RoundsOptions): Record<string, Periodic> {
  const { db, config, log, wakeMail } = o;
  const rounds: Record<string, Periodic> = {
    // Due next actions reach their owner's open consoles (and the bell).
    'desk.reminders': { everyMs: config.reminderPollMs, run: (now) => remindOnce(db, now).then(() => false) },
    // Assignment digests and the morning "My day" emails.
    'desk.emails': {
      everyMs: 60_000,
      run: (now) => digestOnce({ db, publicUrl: config.publicUrl, sla: config, wakeMail }, now).then(() => false),
    },
    // Members told of leads given to them; their subscribed browsers pushed (a new push also runs it at once).
    'notify.assignments': { everyMs: config.push.pollMs, run: () => noticeAssignmentsOnce(db).then(() => false) },
    'notify.push': {
      everyMs: config.push.pollMs,
      run: async (now) => {
        const r = await deliverOnce({ db, config: config.push, log, clock: () => now });
        return r.sent + r.gone + r.retrying + r.failed >= PUSH_DEFAULTS.batchSize;
      },
    },
    // New leads join their person; the report follows the people whose leads changed.
    'people.linker': { everyMs: 2_000, run: async () => (await linkOnce(db)) === LINK_BATCH },
    'reports.rollup': { everyMs: 5_000, run: async () => (await refreshReport(db)) === REFRESH_BATCH },
    ...(o.postgres ? { 'db.pending-lists': { everyMs: 1_000, run: () => mergePendingLists(db).then(() => false) } } : {}),
  };
  if (config.adminNotifyEmail) {
    // New leads emailed to the admins' address, one email each or in digests.
    const to = config.adminNotifyEmail;
    rounds['leads.alerts'] = {
      everyMs: 5_000,
      run: (now) =>
        alertOnce({
          db,
          to,
          publicUrl: config.publicUrl,
          digestMinutes: config.adminNotifyDigestMinutes,
          floodPerMinute: config.adminNotifyFloodPerMinute,
          log,
          wakeMail,
          clock: () => now,
        }).then(() => false),
    };
  }
  return rounds;
}

/** What only a deciding instance runs: a relay sends no mail and takes no payments. */
function upstreamOnly(o: RoundsOptions): Record<string, Periodic> {
  const { db, config, log, wakeMail, gateway } = o;
  const rounds: Record<string, Periodic> = {
    // Webinar registrations get their reminder an hour before the start.
    'webinars.reminders': {
      everyMs: 60_000,
      run: async (now) => {
        if ((await remindWebinarsOnce(db, now)) > 0) wakeMail();
        return false;
      },
    },
    // New leads' first score where no rule's lead.created job gave it (score/new-leads.ts).
    'score.new-leads': { everyMs: 2_000, run: (now) => scoreNewLeadsOnce(db, now).then(() => false) },
    // With a gateway or without: an unpaid booking's one reminder and its owner's follow-up.
    'payments.reminders': {
      everyMs: config.reminderPollMs,
      run: (now) => remindUnpaidOnce({ db, config, log, wakeMail }, now).then(() => false),
    },
  };
  if (gateway) {
    // Each booking's payment link is made and checked here, never in its request.
    const work = { db, gateway, publicUrl: config.publicUrl, log, receiptPrefix: config.academy.receiptPrefix, wakeMail };
    rounds['payments.links'] = {
      everyMs: config.paymentPollMs,
      run: async (now) => {
        await makeLinksOnce(work, now);
        await checkLinksOnce(work, now);
        return false;
      },
    };
  }
  return rounds;
}

export function productRounds(o: RoundsOptions): Record<string, Periodic> {
  return { ...everywhere(o), ...(o.config.relay ? {} : upstreamOnly(o)) };
}
