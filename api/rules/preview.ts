// "Would have matched 12 of the last 100 leads": a rule's conditions over the newest leads of
// its lists (spam left out), before it is saved. Each list gives its newest 100 (an index
// read), the newest 100 of those together are tested here.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import { RULE_LIMITS, type RuleInput, type RulePreview } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { conditionsHold } from './conditions.ts';
import { factsOf, testLanguageOf } from './facts.ts';

export async function previewRule(db: Kysely<Database>, input: RuleInput): Promise<RulePreview> {
  const lists = input.trigger.lists ?? [];
  const leads = ALL_LISTED.filter((l) => lists.length === 0 || (lists as string[]).includes(LEAD_KINDS[l.kind].list.slug));
  const n = RULE_LIMITS.preview;
  const newest: Array<{ list: string; row: Record<string, unknown> & { email: string; created_at: Date } }> = [];
  for (const lead of leads) {
    const rows = await sql<Record<string, unknown> & { email: string; created_at: Date }>`
      select * from ${sql.table(lead.table)} where status <> 'spam' order by created_at desc limit ${n}`.execute(db);
    for (const row of rows.rows) newest.push({ list: LEAD_KINDS[lead.kind].list.slug, row });
  }
  newest.sort((a, b) => new Date(b.row.created_at).getTime() - new Date(a.row.created_at).getTime());
  const sample = newest.slice(0, n);
  const wantsLanguage = input.conditions.some((c) => c.field === 'testLanguage');
  let matched = 0;
  for (const { list, row } of sample) {
    const facts = factsOf(list, row);
    if (wantsLanguage) {
      const language = await testLanguageOf(db, row.email);
      if (language) facts.testLanguage = language;
    }
    if (conditionsHold(input.conditions, facts)) matched += 1;
  }
  return { matched, of: sample.length };
}
