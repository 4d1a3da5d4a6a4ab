// Which state of a lead a message template is written for, so the console opens on one that
// fits: 'first' (a lead no one has reached yet: a first hello), 'follow-up' (after a contact
// or an attempt: "could not reach you", "as promised") or 'any'. The default set is marked
// by its exact names and channel (an admin's renamed copy stays 'any' until they choose).
import { sql, type Kysely } from 'kysely';

const STAGES: Array<[string, 'first' | 'follow-up']> = [
  ['First hello', 'first'],
  ['पहला संदेश', 'first'],
  ['Pehla message', 'first'],
  ['Follow-up after a call', 'follow-up'],
  ['Could not reach you', 'follow-up'],
  ['कॉल के बाद', 'follow-up'],
  ['Call nahi laga', 'follow-up'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('message_templates')
    .addColumn('stage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('any')
        .check(sql`stage in ('first', 'follow-up', 'any')`),
    )
    .execute();
  for (const [name, stage] of STAGES) {
    await db.updateTable('message_templates').set({ stage }).where('name', '=', name).where('channel', '=', 'whatsapp').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_templates').dropColumn('stage').execute();
}
