// A returning person goes to their owner: the insert's trigger gave the new lead to the
// member who owns the person's newest owned lead (migrations/2026-11-27T0241_rules.ts) and
// queued this job in the same transaction; it tells that owner.
import { sql } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { listedLead } from '../leads/definitions.ts';
import type { JobHandler } from '../jobs/scheduler.ts';
import { notifyMembers } from '../notify/notify.ts';
import { leadName } from './actions.ts';

export const tellReturningOwner: JobHandler = async (trx, job) => {
  const { list, id, owner } = job.payload as { list: string; id: string; owner: string };
  const lead = listedLead(list);
  if (!lead) return;
  const rows = await sql<
    Record<string, unknown> & { assignee_id: string | null }
  >`select * from ${sql.table(lead.table)} where id = ${id}`.execute(trx);
  const row = rows.rows[0];
  // A replay that stored nothing, or a lead already given to someone else: no news for the owner.
  if (!row || row.assignee_id !== owner) return;
  const { firstName } = leadName({ lead, row: row as never });
  await notifyMembers(trx, {
    memberIds: [owner],
    kind: 'assigned',
    lead: { list, id, firstName },
    title: `${firstName || 'Your lead'} is back`,
    body: `A new ${LEAD_KINDS[lead.kind].list.title.toLowerCase()} from a person you own`,
    dedupeKey: `returning:${list}:${id}`,
  });
};
