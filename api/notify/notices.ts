// The notices the desk sends its members from existing work: a booking paid, a next action
// due (an assignment's is in assignments.ts). Each names the lead by first name and list only.
import type { Kysely, Transaction } from 'kysely';
import { rupeesText } from '../../contract/bookings.ts';
import { ACTION_LABELS, type NextAction } from '../../contract/activities.ts';
import type { Database } from '../db/schema.ts';
import { firstNameOf, listTitleOf } from './lead-names.ts';
import { notifyMembers } from './notify.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A booking of the owner's is paid: told once (however many ways it was marked), unless they marked it. */
export async function notifyPaid(
  trx: Db,
  booking: { id: string; name: string; amount: number; assignee_id: string | null },
  byMemberId: string | null,
): Promise<void> {
  if (!booking.assignee_id || booking.assignee_id === byMemberId) return;
  const firstName = firstNameOf(booking.name);
  await notifyMembers(trx, {
    memberIds: [booking.assignee_id],
    kind: 'paid',
    lead: { list: 'bookings', id: booking.id, firstName },
    title: `${firstName} paid`,
    body: `Seat booking paid: ${rupeesText(booking.amount)}`,
    dedupeKey: `paid:${booking.id}`,
  });
}

/** The owner's next action on a lead is due: told once per due time. */
export function notifyDue(
  trx: Db,
  lead: { list: string; id: string; name: string; assignee: string },
  nextAction: NextAction,
): Promise<void> {
  const firstName = firstNameOf(lead.name);
  return notifyMembers(trx, {
    memberIds: [lead.assignee],
    kind: 'due',
    lead: { list: lead.list, id: lead.id, firstName },
    title: `${ACTION_LABELS[nextAction.type]} ${firstName} now`,
    body: `Your next action is due (${listTitleOf(lead.list)})`,
    dedupeKey: `due:${lead.list}:${lead.id}:${nextAction.dueAt}`,
  });
}
