// Merging people: a member joins the people of some leads into the person of another lead
// (the same student with two emails, or two phones). Nothing is deleted: the leads' links
// move, the merged person points to where it went, each moved lead's history says so, and
// the merge is recorded (who, when, which leads), so it can be undone, which moves back the
// leads it moved (those still there). Both move only leads the member may see (desk/access.ts
// visibleTo): a person with a lead outside the member's scope (another counsellor's) is not
// theirs to move, so the merge or undo is 404 and nothing moves.
import { sql, type Kysely } from 'kysely';
import { MERGE_MESSAGES, type MergeInput } from '../../contract/people.ts';
import type { Database } from '../db/schema.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { seesAllLeads, visibleTo } from '../desk/access.ts';
import { ALL_LISTED, listedLead } from '../leads/definitions.ts';
import { adminLabel, isLeadId, record } from '../leads/history.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';

const leadNotFound = () => new HttpError(404, 'This lead does not exist (it may have been removed)');

/** A lead the member may see, with its person; 404 otherwise, 409 while it waits for the linker. */
async function personOf(trx: Kysely<Database>, ref: { list: string; _id: string }, member: Member): Promise<string> {
  const lead = listedLead(ref.list);
  if (!lead || !isLeadId(ref._id)) throw leadNotFound();
  const row = await sql<{ person_id: string | null }>`
    select lp.person_id from ${sql.table(lead.table)} t
    left join lead_people lp on lp.list = ${ref.list} and lp.lead_id = t.id
    where t.id = ${ref._id} and ${visibleTo(member, 't')}`.execute(trx);
  const found = row.rows[0];
  if (!found) throw leadNotFound();
  if (!found.person_id) throw new HttpError(409, MERGE_MESSAGES.mergeUnlinked);
  return found.person_id;
}

/** True when the person has a lead outside the member's scope. */
async function hasUnseenLeads(trx: Kysely<Database>, person: string, member: Member): Promise<boolean> {
  if (seesAllLeads(member)) return false;
  const unseen = sql.join(
    ALL_LISTED.map(
      (lead) => sql`select 1 from lead_people lp join ${sql.table(lead.table)} t on t.id = lp.lead_id
        where lp.list = ${LEAD_KINDS[lead.kind].list.slug} and lp.person_id = ${person} and not ${visibleTo(member, 't')}`,
    ),
    sql` union all `,
  );
  const row = await sql<{ unseen: boolean }>`select exists (${unseen}) as unseen`.execute(trx);
  return row.rows[0]!.unseen;
}

export async function mergePeople(db: Kysely<Database>, input: MergeInput, member: Member): Promise<{ person: string; merges: string[] }> {
  return db.transaction().execute(async (trx) => {
    // One merge at a time: two members joining the same people at once cannot cross.
    await sql`select pg_advisory_xact_lock(hashtextextended('people-merge', 0))`.execute(trx);
    const into = await personOf(trx, input.into, member);
    const from = new Set<string>();
    for (const ref of input.from) from.add(await personOf(trx, ref, member));
    from.delete(into);
    if (from.size === 0) throw new HttpError(400, MERGE_MESSAGES.mergeSame);
    // Every lead of a merged person moves: each must be one the member may see.
    for (const person of from) if (await hasUnseenLeads(trx, person, member)) throw leadNotFound();
    const label = adminLabel(member);
    const merges: string[] = [];
    for (const person of from) {
      const moved = await sql<{ list: string; lead_id: string }>`
        update lead_people set person_id = ${into} where person_id = ${person} returning list, lead_id`.execute(trx);
      await trx.updateTable('people').set({ merged_into: into }).where('id', '=', person).execute();
      const merge = await trx
        .insertInto('person_merges')
        .values({
          into_person: into,
          from_person: person,
          moved: JSON.stringify(moved.rows.map((r) => ({ list: r.list, id: r.lead_id }))),
          admin_id: member.id,
          admin_label: label,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      merges.push(merge.id);
      await record(
        trx,
        [...moved.rows.map((r) => ({ list: r.list, id: r.lead_id })), { list: input.into.list, id: input.into._id }].map((r) => ({
          list: r.list,
          lead_id: r.id,
          admin_id: member.id,
          admin_label: label,
          action: 'merge' as const,
          data: { merge: merge.id, into, from: person },
        })),
      );
    }
    return { person: into, merges };
  });
}

export async function undoMerge(db: Kysely<Database>, id: string, member: Member): Promise<{ person: string }> {
  if (!isLeadId(id)) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('people-merge', 0))`.execute(trx);
    const merge = await trx.selectFrom('person_merges').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!merge) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
    if (merge.undone_at) throw new HttpError(409, MERGE_MESSAGES.mergeUndone);
    // The member must see at least one of the leads it moved, and every one that would move
    // back (still with the merged person); one they may not see makes the merge not theirs.
    const moved = merge.moved;
    let seen = false;
    for (const ref of moved) {
      const lead = listedLead(ref.list);
      if (!lead) continue;
      const row = await sql<{ visible: boolean; linked: boolean }>`
        select ${visibleTo(member, 't')} as visible, lp.person_id is not null as linked from ${sql.table(lead.table)} t
        left join lead_people lp on lp.list = ${ref.list} and lp.lead_id = t.id and lp.person_id = ${merge.into_person}
        where t.id = ${ref.id}`.execute(trx);
      const found = row.rows[0];
      if (!found) continue;
      if (found.visible) seen = true;
      else if (found.linked) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
    }
    if (!seen) throw new HttpError(404, MERGE_MESSAGES.mergeNotFound);
    for (const ref of moved) {
      await sql`update lead_people set person_id = ${merge.from_person}
        where list = ${ref.list} and lead_id = ${ref.id} and person_id = ${merge.into_person}`.execute(trx);
    }
    await trx.updateTable('people').set({ merged_into: null }).where('id', '=', merge.from_person).execute();
    await trx.updateTable('person_merges').set({ undone_at: new Date() }).where('id', '=', id).execute();
    await record(
      trx,
      moved.map((r) => ({
        list: r.list,
        lead_id: r.id,
        admin_id: member.id,
        admin_label: adminLabel(member),
        action: 'unmerge' as const,
        data: { merge: id, into: merge.into_person, from: merge.from_person },
      })),
    );
    return { person: merge.from_person };
  });
}
