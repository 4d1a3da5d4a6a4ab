// Escalation in working hours: a new lead not contacted within SLA_MINUTES working minutes
// tells its owner (the admins, when it has none); at twice the SLA, the admins. The first
// step's job is written by the lead's insert (migrations/2026-11-27T0291_cheap_lead_events.ts,
// due SLA wall-clock minutes after it arrived, or at its working-hours deadline when a rule's
// 'lead.created' job scheduled both); when due it waits on to its deadline in working hours,
// and queues the second step. When one is due and the lead has been contacted (or moved on
// from new), it does nothing. An enabled
// 'lead.uncontacted' rule for the lead's list that reassigns takes the first step's place:
// the rule acts instead of the notice.
import { sql, type Kysely, type Transaction } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { addWorkingMinutes } from '../desk/working-hours.ts';
import { listedLead } from '../leads/definitions.ts';
import { record } from '../leads/history.ts';
import { enqueueJob, type JobHandler, type NewJob } from '../jobs/scheduler.ts';
import { notifyMembers } from '../notify/notify.ts';
import { adminIds, leadName } from './actions.ts';
import type { Config } from '../config.ts';

/** What rules and escalation read of the configuration. */
export type RulesConfig = Pick<Config, 'slaMinutes' | 'workingHours'>;

/** Both escalation steps of each new lead, due at its SLA and twice its SLA in working minutes. */
export function escalationJobs(config: RulesConfig, leads: Array<{ list: string; id: string; created: Date }>): NewJob[] {
  return leads.flatMap(({ list, id, created }) =>
    ([1, 2] as const).map((level) => ({
      kind: 'escalate',
      key: `escalate:${level}:${list}:${id}`,
      payload: { list, id, level },
      runAt: addWorkingMinutes(created, config.slaMinutes * level, config.workingHours),
    })),
  );
}

/** True when an enabled uncontacted-rule of this list reassigns (it replaces the first notice). */
async function ruleReassigns(trx: Transaction<Database>, list: string): Promise<boolean> {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from rules
    where enabled and event = 'lead.uncontacted' and (cardinality(lists) = 0 or ${list} = any(lists))
      and jsonb_path_exists(actions, '$[*] ? (@.type == "assign")')`.execute(trx);
  return (rows.rows[0]?.n ?? 0) > 0;
}

/** Written by each deciding instance at start: the insert's first escalation job is due this many minutes on. */
export async function recordSla(db: Kysely<Database>, config: RulesConfig): Promise<void> {
  await sql`insert into escalation_settings (id, sla_minutes) values (true, ${config.slaMinutes})
    on conflict (id) do update set sla_minutes = excluded.sla_minutes`.execute(db);
}

export function escalate(config: RulesConfig): JobHandler {
  return async (trx, job, now) => {
    const { list, id, level } = job.payload as { list: string; id: string; level: 1 | 2 };
    const lead = listedLead(list);
    if (!lead) return;
    const rows = await sql<
      Record<string, unknown> & { id: string; status: string; first_contact_at: Date | null; assignee_id: string | null }
    >`
      select * from ${sql.table(lead.table)} where id = ${id}`.execute(trx);
    const row = rows.rows[0];
    if (!row || row.status !== 'new' || row.first_contact_at) return;
    const created = new Date(row.created_at as string);
    const deadline = addWorkingMinutes(created, config.slaMinutes * level, config.workingHours);
    if (deadline > now) return { until: deadline };
    if (level === 1) {
      await enqueueJob(trx, {
        kind: 'escalate',
        key: `escalate:2:${list}:${id}`,
        payload: { list, id, level: 2 },
        runAt: addWorkingMinutes(created, config.slaMinutes * 2, config.workingHours),
      });
    }
    if (level === 1 && (await ruleReassigns(trx, list))) return;
    const admins = (await adminIds(trx)).map((a) => a.id);
    const to = level === 1 && row.assignee_id ? [row.assignee_id] : admins;
    const { firstName } = leadName({ lead, row: row as never });
    const minutes = config.slaMinutes * level;
    await notifyMembers(trx, {
      memberIds: to,
      kind: 'escalation',
      lead: { list, id, firstName },
      title: `Not contacted in ${minutes} working minutes`,
      body: `${firstName || 'A lead'} · ${LEAD_KINDS[lead.kind].list.title}`,
      dedupeKey: `escalate:${level}:${list}:${id}`,
    });
    const who = level === 1 && row.assignee_id ? 'its owner' : 'the admins';
    await record(trx, [
      {
        list,
        lead_id: id,
        admin_id: null,
        admin_label: 'Escalation',
        action: 'escalation',
        note: `Not contacted within ${minutes} working minutes: ${who} told`,
        data: { level, to },
      },
    ]);
  };
}
