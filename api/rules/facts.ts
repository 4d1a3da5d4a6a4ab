// What a rule's conditions can ask of a lead, read from its row (and, for the test language,
// the person's latest taken test): the list, the campaign it came from, the form's course,
// programme or package, the organisation and city, the test language and the score.
import { sql, type Kysely } from 'kysely';
import type { LeadSource } from '../../contract/lead-signals.ts';
import type { Database } from '../db/schema.ts';
import type { LeadFacts } from './conditions.ts';

type Row = Record<string, unknown>;

function touch(row: Row, key: 'utm_source' | 'utm_medium' | 'utm_campaign'): string | undefined {
  const source = row.source as LeadSource | null | undefined;
  return source?.last?.[key] ?? source?.first?.[key];
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The facts of a lead's row; `extra` (a session's organisation, a test's language) wins. */
export function factsOf(list: string, row: Row, extra: LeadFacts = {}): LeadFacts {
  const facts: LeadFacts = {
    list,
    utm_source: text(row.utm_source) ?? touch(row, 'utm_source'),
    utm_medium: touch(row, 'utm_medium'),
    utm_campaign: touch(row, 'utm_campaign'),
    course: text(row.course),
    programme: text(row.programme),
    package: text(row.package),
    organisation: text(row.organisation),
    city: text(row.city),
    score: typeof row.score === 'number' ? row.score : undefined,
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) facts[k as keyof LeadFacts] = v;
  return facts;
}

/** The language of the latest test taken with this email, if any. */
export async function testLanguageOf(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const result = await sql<{ language: string }>`
    select language from quiz_submissions where email = ${email} order by created_at desc limit 1`.execute(db);
  return result.rows[0]?.language;
}
