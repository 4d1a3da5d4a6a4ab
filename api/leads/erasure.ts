// Erasing a person's data (contract/erasure.ts).
//
// - A visitor's request is a submission like any other (exactly once, through the outbox):
//   stored with its email; then, when we hold anything for that email (as a lead's, or as a
//   guardian's in a child's consent) and its mailbox has had fewer than ERASURE_MAILS_PER_DAY
//   links today, a single-use token (only its hash kept) is mailed as a link built from
//   PUBLIC_URL. The answer is the same either way, and the look-up and the mail happen
//   after it has gone (the app's background tasks), so neither its words nor its time tell
//   anybody whether an address is known.
// - Confirming the link erases, in one transaction: every lead with that email in the five
//   lists, their notes and status history, their taken tests (the certificate ids are kept
//   as withdrawn, nothing else), the mail held for the address (not yet sent, or sent: a
//   message holds their name), the team's mail about their leads (alerts deleted, their
//   lines cut from digests and members' lists), the address where it is a guardian's, and
//   the requests themselves (they hold the email). One audit row per list touched, without
//   personal data.
// - Admins erase leads of one list by id, with the same history, team mail and audit.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { InferType } from 'yup';
import { ERASURE_LINK_HOURS, ERASURE_MAILS_PER_DAY, ERASURE_MESSAGES, ERASURE_PAGE, type ErasureResult } from '../../contract/erasure.ts';
import { LEAD_KINDS, type ListSlug } from '../../contract/lead-kinds.ts';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { isCertificateId } from '../certificate/store.ts';
import type { Database, SiteLanguage } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { createBackgroundTasks } from '../lib/background.ts';
import { escapeHtml } from '../lib/html.ts';
import { mailboxOf } from '../lib/mailbox.ts';
import { hashLinkToken, newLinkToken } from '../auth/link-tokens.ts';
import { enqueueMail } from '../mail/queue.ts';
import { ALL_LISTED, define, type LeadDefinition, type ListedLead } from './definitions.ts';
import { ERASED, scrubMentionsEverywhere, tracesOf } from './erasure-mentions.ts';
import { isLeadId } from './history.ts';

const HOUR_MS = 3_600_000;

export function erasureLink(publicUrl: string, token: string): string {
  return `${publicUrl}${ERASURE_PAGE}?token=${token}`;
}

const ERASURE_MAIL_WORDS = {
  en: {
    subject: 'Confirm: erase your data',
    hello: 'Hello,',
    asked: [
      'Someone (hopefully you) asked us to erase the data we hold for this email address:',
      'your enquiries, registrations and personality tests, and their certificates.',
      `Open this link within ${ERASURE_LINK_HOURS} hours and confirm to erase it:`,
    ],
    once: 'The link works once. If you did not ask for this, ignore this email: nothing is erased.',
  },
  hi: {
    subject: 'पुष्टि करें: अपना डेटा मिटाएँ',
    hello: 'नमस्ते,',
    asked: [
      'किसी ने (शायद आपने ही) हमसे इस ईमेल पते से जुड़ा डेटा मिटाने को कहा है:',
      'आपकी पूछताछ, रजिस्ट्रेशन, पर्सनैलिटी टेस्ट और उनके सर्टिफ़िकेट।',
      `इसे मिटाने के लिए ${ERASURE_LINK_HOURS} घंटे के अंदर यह लिंक खोलें और पुष्टि करें:`,
    ],
    once: 'यह लिंक एक ही बार काम करेगा। अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा करें: कुछ भी नहीं मिटाया जाएगा।',
  },
};

/** The link's email, in the language of the form that asked for it. */
export function erasureMail(publicUrl: string, token: string, language: SiteLanguage = 'en') {
  const w = ERASURE_MAIL_WORDS[language];
  const link = erasureLink(publicUrl, token);
  const text = [w.hello, '', ...w.asked, '', link, '', w.once].join('\n');
  const html = `<p>${escapeHtml(w.hello)}</p>
<p>${w.asked.map(escapeHtml).join('\n')}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(w.once)}</p>`;
  return { subject: w.subject, text, html };
}

/** True when any list or taken test holds this (lower-case) email. */
async function holdsEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const tables = [...ALL_LISTED.map((l) => l.table), 'quiz_submissions' as const, 'session_participants' as const];
  const found = await sql<{ found: boolean }>`select exists (${sql.join(
    [
      ...tables.map((t) => sql`select 1 from ${sql.table(t)} where email = ${email}`),
      // A guardian who agreed for a child.
      ...ALL_LISTED.map(
        (l) => sql`select 1 from ${sql.table(l.table)} where consent ? 'guardianEmail' and consent->>'guardianEmail' = ${email}`,
      ),
    ],
    sql` union all `,
  )}) as found`.execute(db);
  return Boolean(found.rows[0]?.found);
}

export type ErasureRequestDefinition = LeadDefinition<'erasureRequest', 'erasure_requests', Record<string, never>>;

/**
 * The language of each request's form, from its insert to its mail moments later in the same
 * process. A request keeps no more than it must (its email, for two days), so the language is
 * not a column: it is held here by the request's Idempotency-Key, the few entries of requests
 * that were never stored dropped once there are many.
 */
class RequestLanguages {
  private readonly byKey = new Map<string, SiteLanguage>();
  constructor(private readonly max = 1000) {}
  note(key: string | null, language: SiteLanguage): void {
    if (key === null || language === 'en') return;
    if (this.byKey.size >= this.max) this.byKey.delete(this.byKey.keys().next().value!);
    this.byKey.set(key, language);
  }
  take(key: string | null): SiteLanguage {
    if (key === null) return 'en';
    const language = this.byKey.get(key) ?? 'en';
    this.byKey.delete(key);
    return language;
  }
}

/** The visitor's request, taken through the ingest like every public submission. */
export function erasureRequestLead(deps: Pick<Deps, 'db' | 'config' | 'wakeMail' | 'clock' | 'tasks' | 'log'>): ErasureRequestDefinition {
  const languages = new RequestLanguages();
  const definition = define({
    kind: 'erasureRequest',
    table: 'erasure_requests',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.erasureRequest>, signals, key) => {
      languages.note(key, signals.language);
      return { email: v.email, token_hash: null, expires_at: null };
    },
    toRecord: () => ({}),
    // The same words whatever the database holds.
    created: () => ({ message: ERASURE_MESSAGES.requested }),
  });
  const now = () => (deps.clock ? deps.clock() : new Date());
  const tasks = deps.tasks ?? createBackgroundTasks(deps.log);
  return {
    ...definition,
    afterInsert: async (trx) => {
      // Requests never confirmed keep an email: they go after two days.
      await trx
        .deleteFrom('erasure_requests')
        .where('created_at', '<', new Date(now().getTime() - 48 * HOUR_MS))
        .execute();
    },
    // Whether the address is known, and the mail, are found after the answer has gone, so
    // the answer takes the same time either way (as forgot-password does).
    afterCommit: (rows) => {
      const at = now();
      const requests = rows.map((row) => ({ ...row, language: languages.take(row.idempotency_key) }));
      const mail = async () => {
        let queued = false;
        for (const row of requests) queued = (await mailErasureLink(deps.db, deps.config.publicUrl, row, at)) || queued;
        if (queued) deps.wakeMail?.();
      };
      tasks.run('erasure link', mail);
    },
  };
}

/** Mails a request its link when we hold anything for its address and the day's cap allows. True when queued. */
async function mailErasureLink(
  db: Kysely<Database>,
  publicUrl: string,
  row: { id: string; email: string; language: SiteLanguage },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // One mailbox's links (s+1@x and s+2@x are one) are counted under a lock on it (other
    // requests, other instances), by the database's clock, which stamps the mail rows.
    const mailbox = mailboxOf(row.email);
    await sql`select pg_advisory_xact_lock(hashtextextended(${`erasure-mail:${mailbox}`}, 0))`.execute(trx);
    if (!(await holdsEmail(trx, row.email))) return false;
    const mailed = await trx
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'erasure')
      .where('mailbox', '=', mailbox)
      .where(sql<boolean>`created_at > now() - interval '1 day'`)
      .executeTakeFirstOrThrow();
    if (Number(mailed.n) >= ERASURE_MAILS_PER_DAY) return false;
    const token = newLinkToken();
    const updated = await trx
      .updateTable('erasure_requests')
      .set({ token_hash: hashLinkToken(token), expires_at: new Date(now.getTime() + ERASURE_LINK_HOURS * HOUR_MS) })
      .where('id', '=', row.id)
      .executeTakeFirst();
    // Erased meanwhile (a confirmation of an earlier link): nothing to mail.
    if (Number(updated.numUpdatedRows) === 0) return false;
    await enqueueMail(trx, { to: row.email, kind: 'erasure', ...erasureMail(publicUrl, token, row.language) });
    return true;
  });
}

/** Where a lead's values are written: the columns that name or reach the person. */
const PERSONAL_COLUMNS = ['email', 'phone', 'name', 'first_name', 'last_name', 'message', 'next_action_note'] as const;
/** Mail to the team that names leads (the person's own mail goes by its address). */
const TEAM_MAIL_KINDS = ['lead-alert', 'lead-digest', 'assignment-digest', 'my-day'];

/** The person's values in a deleted row, longest first (a name before its first name). */
function personalValues(row: Record<string, unknown>): string[] {
  const values = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v !== 'string') return;
    for (const part of [v, v.trim(), ...v.split(/\r?\n/).map((l) => l.trim())]) if (part.length >= 3) values.add(part);
  };
  for (const column of PERSONAL_COLUMNS) add(row[column]);
  if (typeof row.first_name === 'string' && typeof row.last_name === 'string') add(`${row.first_name} ${row.last_name}`);
  const consent = row.consent as { guardianEmail?: unknown } | null | undefined;
  add(consent?.guardianEmail);
  const all = [...values];
  return [...new Set([...all, ...all.map(escapeHtml)])].sort((a, b) => b.length - a.length);
}

/** Every occurrence of the values replaced. */
function scrubText(text: string, values: string[]): string {
  let out = text;
  for (const v of values) out = out.split(v).join(ERASED);
  return out;
}

/**
 * Mail held for the team about these (deleted) leads names them: a lead's own alert goes
 * (sent or not, so a pending one is never sent), a digest loses the lead's paragraph, a
 * member's list loses the lead's line, and whatever still names the person is replaced.
 */
async function scrubMailOfLeads(trx: Transaction<Database>, rows: Array<Record<string, unknown> & { id: string }>): Promise<void> {
  const ids = rows.map((r) => r.id);
  const mentions = sql<boolean>`exists (select 1 from unnest(${ids}::text[]) as l(id)
    where strpos(mail_queue.text_body, l.id) > 0 or strpos(coalesce(mail_queue.html_body, ''), l.id) > 0)`;
  await trx.deleteFrom('mail_queue').where('kind', '=', 'lead-alert').where(mentions).execute();
  const mails = await trx
    .selectFrom('mail_queue')
    .select(['id', 'kind', 'text_body', 'html_body'])
    .where('kind', 'in', TEAM_MAIL_KINDS)
    .where(mentions)
    .execute();
  if (mails.length === 0) return;
  const values = rows.flatMap(personalValues);
  const named = (part: string) => ids.some((id) => part.includes(id));
  for (const mail of mails) {
    const text =
      mail.kind === 'lead-digest'
        ? mail.text_body
            .split('\n\n')
            .map((block) => (named(block) ? "(A lead erased at the person's request.)" : block))
            .join('\n\n')
        : mail.text_body
            .split('\n')
            .filter((line) => !named(line))
            .join('\n');
    const html = mail.html_body?.replace(/<li>(?:(?!<\/li>)[\s\S])*<\/li>/g, (item) => (named(item) ? '' : item)) ?? null;
    await trx
      .updateTable('mail_queue')
      .set({ text_body: scrubText(text, values), html_body: html === null ? null : scrubText(html, values) })
      .where('id', '=', mail.id)
      .execute();
  }
}

/**
 * The address as someone's guardian: it goes from the consent of the leads that name it,
 * and from any mail that names it.
 */
async function scrubAddress(trx: Transaction<Database>, email: string): Promise<void> {
  for (const lead of ALL_LISTED) {
    await sql`update ${sql.table(lead.table)} set consent = consent - 'guardianEmail'
      where consent ? 'guardianEmail' and consent->>'guardianEmail' = ${email}`.execute(trx);
  }
  const values = [email, escapeHtml(email)];
  const mails = await trx
    .selectFrom('mail_queue')
    .select(['id', 'text_body', 'html_body'])
    .where('kind', 'in', TEAM_MAIL_KINDS)
    .where(sql<boolean>`strpos(lower(text_body), ${email}) > 0 or strpos(lower(coalesce(html_body, '')), ${email}) > 0`)
    .execute();
  for (const mail of mails) {
    const scrub = (t: string) => scrubText(t.replace(new RegExp(escapeRegExp(email), 'gi'), email), values);
    await trx
      .updateTable('mail_queue')
      .set({ text_body: scrub(mail.text_body), html_body: mail.html_body === null ? null : scrub(mail.html_body) })
      .where('id', '=', mail.id)
      .execute();
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Eraser {
  actor: 'admin' | 'person';
  admin?: { id: string; label: string };
}

async function audit(trx: Transaction<Database>, who: Eraser, list: ListSlug | 'certificates', count: number): Promise<void> {
  if (count === 0) return;
  await trx
    .insertInto('erasure_audit')
    .values({ actor: who.actor, admin_id: who.admin?.id ?? null, admin_label: who.admin?.label ?? null, list, count })
    .execute();
}

/** Deletes leads of one list (and their history), with the audit row. Returns the ids erased. */
async function eraseRows(
  trx: Transaction<Database>,
  lead: ListedLead,
  where: { ids: string[] } | { email: string },
  who: Eraser,
  erasedRows?: Array<Record<string, unknown>>,
): Promise<string[]> {
  const list = LEAD_KINDS[lead.kind].list.slug;
  const condition = 'ids' in where ? sql`id = any(${where.ids}::uuid[])` : sql`email = ${where.email}`;
  const deleted = await sql<
    Record<string, unknown> & { id: string }
  >`delete from ${sql.table(lead.table)} where ${condition} returning *`.execute(trx);
  const ids = deleted.rows.map((r) => r.id);
  erasedRows?.push(...deleted.rows);
  if (ids.length > 0) {
    await scrubMailOfLeads(trx, deleted.rows);
    await trx
      .deleteFrom('lead_history')
      .where('list', '=', list)
      .where(sql<boolean>`lead_id = any(${ids}::uuid[])`)
      .execute();
    await trx
      .deleteFrom('lead_alerts')
      .where('list', '=', list)
      .where(sql<boolean>`lead_id = any(${ids}::uuid[])`)
      .execute();
    // The team's bell named them (first name and list); their tags, rule firings and what a bulk
    // change overwrote (a next step's note) go with them.
    await trx.deleteFrom('notifications').where('list', '=', list).where('lead_id', 'in', ids).execute();
    for (const table of ['lead_tags', 'rule_firings', 'bulk_change_leads'] as const) {
      await trx
        .deleteFrom(table)
        .where('list', '=', list)
        .where(sql<boolean>`lead_id = any(${ids}::uuid[])`)
        .execute();
    }
    // Their person keeps no trace of them (a person holds no personal data of its own).
    for (const table of ['lead_people', 'people_queue'] as const) {
      await trx
        .deleteFrom(table)
        .where('list', '=', list)
        .where(sql<boolean>`lead_id = any(${ids}::uuid[])`)
        .execute();
    }
  }
  await audit(trx, who, list, ids.length);
  return ids;
}

/** An admin erases leads of one list. Unknown ids are skipped; returns the ids erased. */
export async function eraseLeads(
  db: Kysely<Database>,
  lead: ListedLead,
  ids: string[],
  admin: { id: string; label: string },
): Promise<string[]> {
  const valid = [...new Set(ids.filter(isLeadId))];
  if (valid.length === 0) return [];
  return db.transaction().execute((trx) => eraseRows(trx, lead, { ids: valid }, { actor: 'admin', admin }));
}

/**
 * The person confirms: everything held for the request's email goes. Undefined when the
 * token is unknown, used or expired.
 */
export async function eraseByToken(db: Kysely<Database>, token: string, now: Date): Promise<ErasureResult | undefined> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('erasure_requests')
      .select(['email', 'expires_at'])
      .where('token_hash', '=', hashLinkToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!request || !request.expires_at || request.expires_at <= now) return undefined;
    const { email } = request;
    const who: Eraser = { actor: 'person' };
    const erased: ErasureResult['erased'] = {};
    // Every row of theirs, for what names them elsewhere.
    const theirs: Array<Record<string, unknown>> = [];
    for (const lead of ALL_LISTED) {
      const ids = await eraseRows(trx, lead, { email }, who, theirs);
      if (ids.length > 0) erased[LEAD_KINDS[lead.kind].list.slug] = ids.length;
    }
    const tests = await trx
      .deleteFrom('quiz_submissions')
      .where('email', '=', email)
      .returning(['certificate_id', 'name', 'phone'])
      .execute();
    theirs.push(...tests);
    if (tests.length > 0) {
      await trx
        .insertInto('withdrawn_certificates')
        .values(tests.map((t) => ({ certificate_id: t.certificate_id })))
        .onConflict((oc) => oc.column('certificate_id').doNothing())
        .execute();
      erased.certificates = tests.length;
      await audit(trx, who, 'certificates', tests.length);
    }
    // Joins of classroom sessions hold the name, email and phone (the session's counts lose them).
    theirs.push(...(await trx.deleteFrom('session_participants').where('email', '=', email).returning(['name', 'phone']).execute()));
    await trx
      .updateTable('session_participants')
      .set({ consent: sql`consent - 'guardianEmail'` })
      .where(sql<boolean>`consent ? 'guardianEmail' and consent->>'guardianEmail' = ${email}`)
      .execute();
    // Mail to the address holds their name and results: none of it is sent or kept. (A
    // message the worker is handing to the mail server at this very moment still goes.)
    await trx
      .deleteFrom('mail_queue')
      .where(sql<boolean>`lower(to_address) = ${email}`)
      .execute();
    // A guardian's address, in a child's lead, and anything else that names it.
    await scrubAddress(trx, email);
    // Other people's rows that name them: notes, next steps, messages, views, failed logins.
    await scrubMentionsEverywhere(trx, tracesOf(email, theirs));
    // The requests hold the email too; this one's token is spent with them.
    await trx.deleteFrom('erasure_requests').where('email', '=', email).execute();
    return { message: ERASURE_MESSAGES.erased, erased };
  });
}

/** True when a certificate with this id was erased. */
export async function isWithdrawn(db: Kysely<Database>, certificateId: string): Promise<boolean> {
  if (!isCertificateId(certificateId)) return false;
  const row = await db
    .selectFrom('withdrawn_certificates')
    .select('certificate_id')
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
  return row !== undefined;
}
