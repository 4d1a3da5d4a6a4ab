// Taken tests: POST /api/v1/quiz/submit-answers { name, email, answers, language } stores
// the answers, the scores and a certificate, and queues the certificate email in the same
// transaction; 201 { message, certificateId, certificateUrl, result, emailed }. A factory,
// because the answer and the email carry PUBLIC_URL links.
import { sql, type Kysely } from 'kysely';
import type { InferType } from 'yup';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { QUIZ_MESSAGES } from '../../contract/quiz/answers.ts';
import type { QuizAnswersResponse } from '../../contract/quiz/api.ts';
import { scoreAnswers, type QuizResult } from '../../contract/quiz/scoring.ts';
import { certificateEmail } from '../certificate/email.ts';
import { certificateData, certificateIdFor, certificateUrl } from '../certificate/store.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { mailboxOf } from '../lib/mailbox.ts';
import { enqueueMail } from '../mail/queue.ts';
import { participantOf } from '../../contract/sessions.ts';
import { define, type LeadDefinition } from './definitions.ts';
import { parsedJson } from '../lib/parsed-json.ts';

export { parsedJson };

/**
 * Certificate emails per mailbox (api/lib/mailbox.ts) in the last 24 hours (by the
 * database's clock, which also stamps the mail rows).
 */
async function recentCertificateMails(db: Kysely<Database>, mailboxes: string[]): Promise<Map<string, number>> {
  if (mailboxes.length === 0) return new Map();
  const rows = await db
    .selectFrom('mail_queue')
    .select(['mailbox', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', 'certificate')
    .where(sql<boolean>`mailbox = any(${mailboxes}::text[])`)
    .where(sql<boolean>`created_at > now() - interval '1 day'`)
    .groupBy('mailbox')
    .execute();
  return new Map(rows.map((r) => [r.mailbox ?? '', Number(r.n)]));
}

/** The organisations of the sessions these tests were taken in, by code: the certificate names it. */
async function sessionOrganisations(db: Kysely<Database>, rows: { session_code: string | null }[]): Promise<Map<string, string>> {
  const codes = [...new Set(rows.flatMap((r) => (r.session_code ? [r.session_code] : [])))];
  if (codes.length === 0) return new Map();
  const found = await db.selectFrom('classroom_sessions').select(['code', 'organisation']).where('code', 'in', codes).execute();
  return new Map(found.map((s) => [s.code, s.organisation]));
}

export type QuizAnswersDefinition = LeadDefinition<'quizAnswers', 'quiz_submissions', QuizAnswersResponse>;

export function quizAnswersLead(deps: Pick<Deps, 'config' | 'wakeMail'>): QuizAnswersDefinition {
  const { publicUrl, certificateMailsPerDay: cap } = deps.config;
  // On a classroom relay the certificate lives upstream (same id, see certificateIdFor): the
  // link a student keeps must outlast the trainer's laptop.
  const certificateOrigin = deps.config.relay?.upstreamUrl ?? publicUrl;
  const definition = define({
    kind: 'quizAnswers',
    table: 'quiz_submissions',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.quizAnswers>, signals, key) => ({
      name: v.name,
      email: v.email ?? null,
      roll_number: v.rollNumber ?? null,
      phone: v.phone ?? null,
      // A session's student is one participant however often they take it (the report reads their latest).
      session_code: signals.session ?? null,
      participant: signals.session ? (participantOf(v) ?? null) : null,
      language: v.language,
      answers: v.answers,
      // The schema has checked the answers; scoring them cannot throw here.
      result: scoreAnswers(v.answers),
      certificate_id: certificateIdFor(key),
      // Settled in the insert's transaction: false when past the address's daily cap.
      certificate_emailed: v.email !== undefined,
      created_at: new Date(),
    }),
    toRecord: (row): QuizAnswersResponse => {
      const emailed = row.certificate_emailed;
      return {
        message: emailed ? QUIZ_MESSAGES.success : row.email === null ? QUIZ_MESSAGES.successNoEmail : QUIZ_MESSAGES.successNotEmailed,
        certificateId: row.certificate_id,
        certificateUrl: certificateUrl(certificateOrigin, row.certificate_id),
        result: parsedJson<QuizResult>(row.result),
        emailed,
      };
    },
    created: (body) => body,
  });
  return {
    ...definition,
    // The certificate email is committed with the submission or not at all. Each
    // mailbox's count (s+1@x and s+2@x are one) is taken under a lock on it, so concurrent submissions
    // (other requests, other API instances) cannot together exceed the cap.
    afterInsert: async (trx, rows) => {
      // A relay sends no mail: the upstream mails each certificate once the relay has forwarded the test.
      if (deps.config.relay) return;
      // A student who gave a roll number and no email gets no mail: the certificate is at its link.
      const mailed = rows.filter((r): r is typeof r & { email: string } => r.email !== null);
      const mailboxes = [...new Set(mailed.map((r) => mailboxOf(r.email)))].sort();
      for (const mailbox of mailboxes) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`certificate-mail:${mailbox}`}, 0))`.execute(trx);
      }
      const counts = await recentCertificateMails(trx, mailboxes);
      const organisations = await sessionOrganisations(trx, mailed);
      for (const row of mailed) {
        const mailbox = mailboxOf(row.email);
        const sent = counts.get(mailbox) ?? 0;
        if (sent >= cap) {
          await trx.updateTable('quiz_submissions').set({ certificate_emailed: false }).where('id', '=', row.id).execute();
          // The row this request answers from.
          row.certificate_emailed = false;
          continue;
        }
        counts.set(mailbox, sent + 1);
        // The PNG is drawn by the mail worker when it sends: no submission waits for a drawing.
        await enqueueMail(
          trx,
          certificateEmail(row.email, certificateData({ ...row, organisation: organisations.get(row.session_code ?? '') }, publicUrl)),
        );
      }
    },
    // The email is committed: send it now rather than at the next poll.
    afterCommit: () => deps.wakeMail?.(),
    // A taken test changes its sign-up's row in that list (its language, its scores).
    liveEvent: (rows) => ({ list: LEAD_KINDS.personalitySignup.list.slug, type: 'updated', count: rows.length }),
  };
}
