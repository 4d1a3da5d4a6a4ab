// A webinar registration's email, queued in the registration's own transaction: the
// webinar's title, when (India time) and its joining link. The same transaction checks the
// webinar is still open (not cancelled, not started), so a registration and its email are
// both kept or neither. A relay sends no mail (the upstream mails when it forwards).
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { escapeHtml } from '../lib/html.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { webinarLead } from './definitions.ts';
import { WebinarClosed } from './webinar-closed.ts';

type RegistrationRow = Selectable<Database['webinar_registrations']>;
type WebinarRow = Pick<Selectable<Database['webinars']>, 'title' | 'starts_at' | 'join_url'>;

/** "Sat, 5 Dec 2026, 6:30 pm IST": a start as a visitor in India reads it. */
export function istText(at: Date): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(at);
  return `${text} IST`;
}

function mailOf(to: string, subject: string, lines: string[], link: string): OutgoingMail {
  const html = `<div style="font-family:sans-serif;line-height:1.5">${lines
    .map((l) =>
      l === '' ? '<br>' : `<div>${escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</div>`,
    )
    .join('')}</div>`;
  return { to, subject, text: lines.join('\n'), html, kind: 'webinar' };
}

export function webinarJoinEmail(row: Pick<RegistrationRow, 'name' | 'email'>, webinar: WebinarRow): OutgoingMail {
  const when = istText(new Date(webinar.starts_at));
  const lines = [
    `Hello ${row.name},`,
    '',
    `You are registered for "${webinar.title}" on ${when}.`,
    '',
    `Join here: ${webinar.join_url}`,
    '',
    'We will remind you an hour before it starts.',
  ];
  return mailOf(row.email, `You're registered: ${webinar.title}`, lines, webinar.join_url);
}

export function webinarReminderEmail(row: Pick<RegistrationRow, 'name' | 'email'>, webinar: WebinarRow): OutgoingMail {
  const when = istText(new Date(webinar.starts_at));
  const lines = [`Hello ${row.name},`, '', `"${webinar.title}" starts in an hour (${when}).`, '', `Join here: ${webinar.join_url}`];
  return mailOf(row.email, `Starting in an hour: ${webinar.title}`, lines, webinar.join_url);
}

/** The registrations' webinars, locked against a cancel in flight; throws when one is closed. */
async function openWebinars(trx: Transaction<Database>, rows: RegistrationRow[]): Promise<Map<string, WebinarRow>> {
  const ids = [...new Set(rows.map((r) => r.webinar_id))];
  const found = await sql<WebinarRow & { id: string; open: boolean }>`
    select id, title, starts_at, join_url, (cancelled_at is null and starts_at > now()) as open
    from webinars where id in (${sql.join(ids)}) for share`.execute(trx);
  if (found.rows.length < ids.length || found.rows.some((w) => !w.open)) throw new WebinarClosed();
  return new Map(found.rows.map((w) => [w.id, w]));
}

/** The registration kind with its email: it takes the plain definition's place at its path (leads/resources.ts). */
export function webinarLeadMailed(deps: Pick<Deps, 'config' | 'wakeMail'>) {
  return {
    ...webinarLead,
    afterInsert: async (trx: Transaction<Database>, rows: RegistrationRow[]) => {
      if (deps.config.relay) return;
      const webinars = await openWebinars(trx, rows);
      for (const row of rows) await enqueueMail(trx, webinarJoinEmail(row, webinars.get(row.webinar_id)!));
    },
    afterCommit: () => deps.wakeMail?.(),
  };
}
