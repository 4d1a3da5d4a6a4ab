// Classroom sessions as stored: a new session with a fresh code, and sessions with their live
// counts. Counts are of distinct participants (contract/sessions.ts participantOf), so a
// student who joins twice or takes the test twice is one.
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  SESSION_CODE_ALPHABET,
  SESSION_CODE_LENGTH,
  sessionUrl,
  type ClassroomSession,
  type PublicSession,
  type SessionAudience,
  type SessionCreateInput,
} from '../../contract/sessions.ts';
import type { QuizLanguage } from '../../contract/quiz/options.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';

export function newSessionCode(): string {
  let code = '';
  for (let i = 0; i < SESSION_CODE_LENGTH; i += 1) code += SESSION_CODE_ALPHABET[randomInt(SESSION_CODE_ALPHABET.length)];
  return code;
}

/**
 * Stores the session under a fresh code. A clash with an existing code (one in ~10^8 per
 * session) is retried with another, decided by the unique constraint, so two servers
 * cannot hand out one code.
 */
export async function createSession(db: Kysely<Database>, input: SessionCreateInput, createdBy: string | null): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newSessionCode();
    const row = await db
      .insertInto('classroom_sessions')
      .values({
        code,
        organisation: input.organisation,
        city: input.city ?? null,
        date: input.date,
        language: input.language,
        audience: input.audience,
        expected: input.expected ?? null,
        created_by: createdBy,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error('Could not find a free session code');
}

interface SessionRow {
  code: string;
  organisation: string;
  city: string | null;
  date: string;
  language: QuizLanguage;
  audience: SessionAudience;
  expected: number | null;
  created_at: Date | string;
  joined: string | number;
  finished: string | number;
  lead_id: string | null;
}

/**
 * Sessions with their counts within `scope` (desk/access.ts sessionsVisibleTo, on alias `s`),
 * newest first, or the one with `code`.
 */
async function readSessions(db: Kysely<Database>, scope: RawBuilder<boolean>, code?: string): Promise<SessionRow[]> {
  const where = code === undefined ? scope : sql`s.code = ${code} and ${scope}`;
  const { rows } = await sql<SessionRow>`
    select s.code, s.organisation, s.city, s.date::text as date, s.language, s.audience, s.expected, s.created_at, s.lead_id,
      (select count(*) from (
         select participant from session_participants p where p.session_code = s.code
         union
         select participant from quiz_submissions q where q.session_code = s.code and q.participant is not null
       ) everyone) as joined,
      (select count(distinct q.participant) from quiz_submissions q where q.session_code = s.code) as finished
    from classroom_sessions s
    where ${where}
    order by s.date desc, s.created_at desc
    limit 500`.execute(db);
  return rows;
}

function toSession(row: SessionRow, publicUrl: string): ClassroomSession {
  return {
    code: row.code,
    url: sessionUrl(publicUrl, row.code),
    organisation: row.organisation,
    city: row.city,
    date: row.date,
    language: row.language,
    audience: row.audience,
    expected: row.expected,
    createdAt: iso(row.created_at),
    joined: Number(row.joined),
    finished: Number(row.finished),
    leadId: row.lead_id,
  };
}

export async function listSessions(db: Kysely<Database>, publicUrl: string, scope: RawBuilder<boolean>): Promise<ClassroomSession[]> {
  return (await readSessions(db, scope)).map((r) => toSession(r, publicUrl));
}

export async function findSession(
  db: Kysely<Database>,
  code: string,
  publicUrl: string,
  scope: RawBuilder<boolean>,
): Promise<ClassroomSession | undefined> {
  const [row] = await readSessions(db, scope, code);
  return row ? toSession(row, publicUrl) : undefined;
}

/** What a phone needs to join: nothing about the class or who made it. */
export async function findPublicSession(db: Kysely<Database>, code: string): Promise<PublicSession | undefined> {
  const row = await db
    .selectFrom('classroom_sessions')
    .select(['code', 'organisation', 'city', sql<string>`date::text`.as('date'), 'language', 'audience'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row;
}
