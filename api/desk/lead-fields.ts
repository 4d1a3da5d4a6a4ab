// What the desk adds to a lead as lists and the detail give it: its owner, its next step,
// its first contact and, while it waits for one, how long it has waited in working hours
// and when it passes the SLA.
import type { Kysely } from 'kysely';
import type { Assignee } from '../../contract/assignment.ts';
import type { NextAction } from '../../contract/activities.ts';
import type { Config } from '../config.ts';
import type { Database, ListedTable } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { ListedRow } from '../leads/definitions.ts';
import { addWorkingMinutes, workingMinutesBetween } from './working-hours.ts';

export interface DeskFields {
  assignee: Assignee | null;
  nextAction: NextAction | null;
  firstContactAt: string | null;
  /** Working minutes since it arrived, while it is new and not contacted; else null. */
  waitedMinutes: number | null;
  /** When it passes (passed) the SLA, while it waits; else null. */
  slaDueAt: string | null;
  /** The lead score, 0–100 (contract/score.ts); its reasons are in the lead's detail. */
  score: number;
}

/** Every member's name by id (a team is tens of people: one small read per request). */
export async function teamNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('admins').select(['id', 'name', 'email']).execute();
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
}

export type DeskRow = Pick<
  ListedRow<ListedTable>,
  'assignee_id' | 'next_action_type' | 'next_action_due_at' | 'next_action_note' | 'first_contact_at' | 'status' | 'created_at'
> & { score?: number };

export function deskFields(
  row: DeskRow,
  names: ReadonlyMap<string, string>,
  config: Pick<Config, 'slaMinutes' | 'workingHours'>,
  now: Date,
): DeskFields {
  const waiting = row.status === 'new' && row.first_contact_at === null;
  const arrived = new Date(row.created_at);
  return {
    assignee: row.assignee_id ? { _id: row.assignee_id, name: names.get(row.assignee_id) ?? 'A former member' } : null,
    nextAction:
      row.next_action_type && row.next_action_due_at
        ? { type: row.next_action_type, dueAt: iso(row.next_action_due_at), note: row.next_action_note }
        : null,
    firstContactAt: row.first_contact_at ? iso(row.first_contact_at) : null,
    waitedMinutes: waiting ? Math.floor(workingMinutesBetween(arrived, now, config.workingHours)) : null,
    slaDueAt: waiting ? addWorkingMinutes(arrived, config.slaMinutes, config.workingHours).toISOString() : null,
    score: row.score ?? 0,
  };
}
