// Personality-test sign-ups: POST /api/v1/quiz/submit-form. The password is stored only
// as an scrypt hash and never returned. GET /api/v1/quiz/users (admin) lists them as
// { success: true, data: [...] }, each with its latest taken test.
// Taken tests: POST /api/v1/quiz/submit-answers { name, email, answers, language } stores
// the answers, the scores and a certificate, and queues the certificate email in the same
// transaction; 201 { message, certificateId, certificateUrl, result }.
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { LEAD_PATHS, type QuizUser } from '../../contract/api.ts';
import { personalitySignupSchema, type PersonalitySignupInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { listRows } from '../lib/admin-list.ts';
import { requireAdmin } from '../lib/auth.ts';
import { leadRoute } from '../lib/lead-route.ts';
import { QUIZ_ANSWERS_PATH, type QuizAnswersResponse, type QuizScores, type QuizUserListItem } from '../../contract/quiz/api.ts';
import { QUIZ_MESSAGES } from '../../contract/quiz/answers.ts';
import type { QuizDomain } from '../../contract/quiz/items.ts';
import { quizAnswersSchema, type QuizAnswersInput } from '../../contract/quiz/schema.ts';
import { scoreAnswers, type QuizResult } from '../../contract/quiz/scoring.ts';
import { certificateEmail } from '../certificate/email.ts';
import {
  certificateData,
  certificateUrl,
  newCertificateId,
  type CertificateRow,
} from '../certificate/store.ts';
import { enqueueMail } from '../mail/outbox.ts';

export function toQuizUser(row: Record<string, unknown>): QuizUser {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    createdAt: iso(row.created_at),
  };
}

export const personalitySignupLead: LeadResource = {
  path: LEAD_PATHS.personalitySignup,
  table: 'personality_users',
  schema: personalitySignupSchema,
  secretField: 'password',
  toColumns: (input) => {
    const v = input as PersonalitySignupInput;
    return { name: v.name, phone: v.phone, email: v.email };
  },
  respond: (row) => ({ status: 201, body: { message: MESSAGES.personalitySuccess, user: toQuizUser(row) } }),
};

function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Certificate emails per recipient in the last 24 hours, by address (by the database's
 * clock, which also stamps the mail rows).
 */
async function recentCertificateMails(db: Kysely<Database>, emails: string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['to_address', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', 'certificate')
    .where(sql<boolean>`to_address = any(${emails}::text[])`)
    .where(sql<boolean>`created_at > now() - interval '1 day'`)
    .groupBy('to_address')
    .execute();
  return new Map(rows.map((r) => [r.to_address, Number(r.n)]));
}

/** The quiz-answers lead: a factory, because its answer and its email carry PUBLIC_URL links. */
export function quizAnswersLead(deps: Pick<Deps, 'config' | 'wakeMail'>): LeadResource {
  const { publicUrl, certificateMailsPerDay: cap } = deps.config;
  return {
    path: QUIZ_ANSWERS_PATH,
    table: 'quiz_submissions',
    schema: quizAnswersSchema,
    toColumns: (input) => {
      const v = input as QuizAnswersInput;
      return {
        name: v.name,
        email: v.email,
        language: v.language,
        answers: v.answers,
        // The schema has checked the answers; scoring them cannot throw here.
        result: scoreAnswers(v.answers),
        certificate_id: newCertificateId(),
        // Settled in the insert's transaction: false when past the address's daily cap.
        certificate_emailed: true,
        created_at: new Date(),
      };
    },
    respond: (row) => {
      const emailed = row.certificate_emailed !== false;
      const body: QuizAnswersResponse = {
        message: emailed ? QUIZ_MESSAGES.success : QUIZ_MESSAGES.successNotEmailed,
        certificateId: String(row.certificate_id),
        certificateUrl: certificateUrl(publicUrl, String(row.certificate_id)),
        result: parsed<QuizResult>(row.result),
        emailed,
      };
      return { status: 201, body };
    },
    // The certificate email is committed with the submission or not at all. Each
    // recipient's count is taken under a lock on that address, so concurrent submissions
    // (other requests, other API instances) cannot together exceed the cap.
    afterInsert: async (trx, rows) => {
      const emails = [...new Set(rows.map((r) => String(r.email)))].sort();
      for (const email of emails) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`certificate-mail:${email}`}, 0))`.execute(trx);
      }
      const counts = await recentCertificateMails(trx, emails);
      for (const row of rows) {
        const email = String(row.email);
        const sent = counts.get(email) ?? 0;
        if (sent >= cap) {
          await trx.updateTable('quiz_submissions').set({ certificate_emailed: false }).where('id', '=', row.id).execute();
          // The row this request answers from.
          row.certificate_emailed = false;
          continue;
        }
        counts.set(email, sent + 1);
        // The PNG is drawn by the mail worker when it sends: no submission waits for a drawing.
        await enqueueMail(trx, certificateEmail(email, certificateData(row as unknown as CertificateRow, publicUrl)));
      }
    },
    // The email is committed: send it now rather than at the next poll.
    afterCommit: () => deps.wakeMail?.(),
  };
}

function scoresOf(result: unknown): QuizScores {
  const { domains } = parsed<QuizResult>(result);
  return Object.fromEntries(domains.map((d) => [d.domain, d.percent])) as Record<QuizDomain, number>;
}

export function quiz(deps: Deps, answersLead: LeadResource): Hono {
  return new Hono()
    .post('/submit-form', leadRoute(deps, personalitySignupLead))
    .post('/submit-answers', leadRoute(deps, answersLead))
    .get('/users', requireAdmin(deps), async (c) => {
      const rows = await listRows(deps.db, c, {
        table: 'personality_users',
        columns: ['id', 'name', 'email', 'phone', 'created_at'],
        timeColumn: 'created_at',
        searchColumns: ['name', 'email', 'phone'],
      });
      // Each sign-up's latest taken test, matched by email (both are stored lower-cased).
      const emails = [...new Set(rows.map((r) => String(r.email)))];
      const tests =
        emails.length === 0
          ? []
          : await deps.db
              .selectFrom('quiz_submissions')
              .distinctOn('email')
              .select(['email', 'language', 'result', 'certificate_id', 'created_at'])
              .where(sql<boolean>`email = any(${emails}::text[])`)
              .orderBy('email')
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .execute();
      const latest = new Map(tests.map((t) => [t.email, t]));
      const data: QuizUserListItem[] = rows.map((row) => {
        const test = latest.get(String(row.email));
        return {
          ...toQuizUser(row),
          language: test ? test.language : null,
          submittedAt: test ? iso(test.created_at) : null,
          scores: test ? scoresOf(test.result) : null,
          certificateId: test ? test.certificate_id : null,
        };
      });
      return c.json({ success: true, data });
    });
}
