// A person's erasure reaches the rows of other people that name them: a counsellor's note or
// next step on another lead ("Asha Erase's cousin, call 98765 00410"), another visitor's
// message, a saved view whose name or query holds their email, the team's mail, a failed
// login under their address, a relay's queued copy of their submission. Their values are
// replaced by "[erased]" where a text keeps other people's words; a row that exists only for
// them (a view searching for them, a failed login, a queued copy) goes.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml } from '../lib/html.ts';
import { ALL_LISTED } from './definitions.ts';
import { columnOf, LEAD_KINDS, type LeadListDef } from '../../contract/lead-kinds.ts';

export const ERASED = '[erased]';

/** What names a person: their addresses, phones (ten digits), full names, and the parts of those names. */
export interface PersonTraces {
  emails: string[];
  phones: string[];
  names: string[];
  nameParts: string[];
}

const MIN_LENGTH = 3;

/** The traces of the erased rows of one person (their request's email included). */
export function tracesOf(email: string, rows: Array<Record<string, unknown>>): PersonTraces {
  const emails = new Set([email.toLowerCase()]);
  const phones = new Set<string>();
  const names = new Set<string>();
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');
  for (const row of rows) {
    if (text(row.email)) emails.add(text(row.email).toLowerCase());
    const digits = text(row.phone).replace(/\D/g, '');
    const phone = /^(?:91|0)?(\d{10})$/.exec(digits)?.[1];
    if (phone) phones.add(phone);
    for (const name of [text(row.name), `${text(row.first_name)} ${text(row.last_name)}`.trim()])
      if (name.length >= MIN_LENGTH) names.add(name);
  }
  const nameParts = new Set([...names].flatMap((n) => n.split(' ')).filter((p) => p.length >= MIN_LENGTH));
  const longestFirst = (s: Set<string>) => [...s].sort((a, b) => b.length - a.length);
  return { emails: longestFirst(emails), phones: [...phones], names: longestFirst(names), nameParts: longestFirst(nameParts) };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A value matched case aside, and as HTML writes it; spaces in a name match any run of spaces. */
function textPattern(value: string, words: boolean): RegExp {
  const variants = [...new Set([value, escapeHtml(value)])].map((v) => escapeRegExp(v).replace(/ /g, '\\s+'));
  const body = `(?:${variants.join('|')})`;
  return new RegExp(words ? `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])` : body, 'giu');
}

/** A ten-digit phone however it is written: +91 98765 00410, 098765-00410, 9876500410. */
function phonePattern(phone: string): RegExp {
  const digits = phone.split('').join('[\\s().-]*');
  return new RegExp(`(?<!\\d)(?:\\+?\\s*91[\\s-]*|0[\\s-]*)?${digits}(?!\\d)`, 'g');
}

/**
 * The text with the person's values replaced; their first or last name alone only in a text
 * that names them otherwise (a note about them), since alone it may be someone else's.
 */
export function scrubMentions(text: string, traces: PersonTraces): string {
  let out = text;
  for (const email of traces.emails) out = out.replace(textPattern(email, false), ERASED);
  for (const phone of traces.phones) out = out.replace(phonePattern(phone), ERASED);
  for (const name of traces.names) out = out.replace(textPattern(name, true), ERASED);
  if (out === text) return text;
  for (const part of traces.nameParts) out = out.replace(textPattern(part, true), ERASED);
  return out;
}

/** A condition true for rows whose text may name the person (the scrub decides). */
function mayName(column: ReturnType<typeof sql.ref>, traces: PersonTraces) {
  const words = [...traces.emails, ...traces.names].map((v) => v.toLowerCase());
  const checks = [
    ...words.map((w) => sql<boolean>`strpos(lower(${column}::text), ${w}) > 0`),
    ...traces.phones.map((p) => sql<boolean>`strpos(regexp_replace(${column}::text, '[^0-9]', '', 'g'), ${p}) > 0`),
  ];
  return checks.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(checks, sql` or `)})`;
}

/** Scrubs one text (or jsonb) column of a table, row by row, where it names the person. */
async function scrubColumn(trx: Transaction<Database>, table: string, column: string, traces: PersonTraces, json = false): Promise<void> {
  const ref = sql.ref(column);
  const rows = await sql<{ id: string; value: string }>`select id::text as id, ${ref}::text as value from ${sql.table(table)}
    where ${ref} is not null and ${mayName(ref, traces)}`.execute(trx);
  for (const row of rows.rows) {
    const scrubbed = scrubMentions(row.value, traces);
    if (scrubbed === row.value) continue;
    const value = json ? sql`${jsonOrNull(scrubbed)}::jsonb` : sql`${scrubbed}`;
    await sql`update ${sql.table(table)} set ${ref} = ${value} where id::text = ${row.id}`.execute(trx);
  }
}

function jsonOrNull(text: string): string | null {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}

/** A saved view's query as the member typed it (`q=asha%40example.in` reads `q=asha@example.in`). */
function decodedQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}

async function scrubSavedViews(trx: Transaction<Database>, traces: PersonTraces): Promise<void> {
  const views = await trx.selectFrom('saved_views').select(['id', 'name', 'query']).execute();
  for (const view of views) {
    const query = decodedQuery(view.query);
    // A view that looks for the person is about them: it goes.
    if (scrubMentions(query, traces) !== query) {
      await trx.deleteFrom('saved_views').where('id', '=', view.id).execute();
      continue;
    }
    const name = scrubMentions(view.name, traces);
    if (name !== view.name) await trx.updateTable('saved_views').set({ name }).where('id', '=', view.id).execute();
  }
}

/** Everything outside the person's own (deleted) rows that names them. */
export async function scrubMentionsEverywhere(trx: Transaction<Database>, traces: PersonTraces): Promise<void> {
  await scrubColumn(trx, 'lead_history', 'note', traces);
  await scrubColumn(trx, 'lead_history', 'data', traces, true);
  for (const lead of ALL_LISTED) {
    await scrubColumn(trx, lead.table, 'next_action_note', traces);
    // A long text (a message) may name someone else: scrubbed, where a name column is the row's own person.
    const list: LeadListDef = LEAD_KINDS[lead.kind].list;
    for (const field of list.columns) {
      const column = columnOf(field);
      if (field.kind === 'longText' && column !== null) await scrubColumn(trx, lead.table, column, traces);
    }
  }
  await scrubColumn(trx, 'mail_queue', 'text_body', traces);
  await scrubColumn(trx, 'mail_queue', 'html_body', traces);
  await scrubColumn(trx, 'mail_queue', 'subject', traces);
  await scrubSavedViews(trx, traces);
  // Logins tried under their address (a member's own account keeps its throttle).
  const members = await trx.selectFrom('admins').select('email').where('email', 'in', traces.emails).execute();
  const notMembers = traces.emails.filter((e) => !members.some((m) => m.email === e));
  if (notMembers.length > 0) await trx.deleteFrom('admin_login_failures').where('account', 'in', notMembers).execute();
  await scrubRelayQueue(trx, traces);
}

/** A relay's copy of their submission (waiting, or refused upstream) goes; another's that names them is scrubbed. */
async function scrubRelayQueue(trx: Transaction<Database>, traces: PersonTraces): Promise<void> {
  const rows = await sql<{ key: string; body: string }>`select key, body::text as body from relay_queue
    where body is not null and ${mayName(sql.ref('body'), traces)}`.execute(trx);
  for (const row of rows.rows) {
    const scrubbed = scrubMentions(row.body, traces);
    if (scrubbed === row.body) continue;
    const fields = JSON.parse(row.body) as { email?: unknown; phone?: unknown };
    const theirs =
      (typeof fields.email === 'string' && traces.emails.includes(fields.email.trim().toLowerCase())) ||
      (typeof fields.phone === 'string' &&
        traces.phones.some((p) => fields.phone === p || String(fields.phone).replace(/\D/g, '').endsWith(p)));
    if (theirs) await trx.deleteFrom('relay_queue').where('key', '=', row.key).execute();
    else await sql`update relay_queue set body = ${jsonOrNull(scrubbed)}::jsonb where key = ${row.key}`.execute(trx);
  }
}
