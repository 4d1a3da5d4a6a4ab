// A webinar registration's email, queued in the registration's own transaction: the
// webinar's title, when (India time) and its joining link. The same transaction checks the
// webinar is still open (not cancelled, not started), so a registration and its email are
// both kept or neither. A relay sends no mail (the upstream mails when it forwards).
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { linesHtml } from '../lib/html.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { webinarLead } from './definitions.ts';
import { WebinarClosed } from './webinar-closed.ts';

type RegistrationRow = Selectable<Database['webinar_registrations']>;
type WebinarRow = Pick<Selectable<Database['webinars']>, 'title' | 'starts_at' | 'join_url'>;

/** "Sat, 5 Dec 2026, 6:30 pm IST": a start as a visitor in India reads it (in Hindi: "शनि, 5 दिस॰ 2026, …"). */
export function istText(at: Date, language: string = 'en'): string {
  const text = new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
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
  const html = linesHtml(lines, link);
  return { to, subject, text: lines.join('\n'), html, kind: 'webinar' };
}

/** A registration's emails in the language of the form it was made from (site_language). */
const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    registered: (title: string, when: string) => `You are registered for "${title}" on ${when}.`,
    joinHere: (url: string) => `Join here: ${url}`,
    remindLater: 'We will remind you an hour before it starts.',
    joinSubject: (title: string) => `You're registered: ${title}`,
    startsSoon: (title: string, when: string) => `"${title}" starts in an hour (${when}).`,
    reminderSubject: (title: string) => `Starting in an hour: ${title}`,
  },
  hi: {
    hello: (name: string) => `नमस्ते ${name},`,
    registered: (title: string, when: string) => `"${title}" के लिए आपका रजिस्ट्रेशन हो गया है। वेबिनार ${when} को है।`,
    joinHere: (url: string) => `यहाँ से जुड़ें: ${url}`,
    remindLater: 'शुरू होने से एक घंटा पहले हम आपको याद दिलाएँगे।',
    joinSubject: (title: string) => `रजिस्ट्रेशन हो गया: ${title}`,
    startsSoon: (title: string, when: string) => `"${title}" एक घंटे में शुरू हो रहा है (${when})।`,
    reminderSubject: (title: string) => `एक घंटे में शुरू: ${title}`,
  },
};
type Registrant = Pick<RegistrationRow, 'name' | 'email'> & Partial<Pick<RegistrationRow, 'site_language'>>;
const wordsFor = (row: Registrant) => (row.site_language === 'hi' ? WORDS.hi : WORDS.en);

export function webinarJoinEmail(row: Registrant, webinar: WebinarRow): OutgoingMail {
  const w = wordsFor(row);
  const when = istText(new Date(webinar.starts_at), row.site_language);
  const lines = [w.hello(row.name), '', w.registered(webinar.title, when), '', w.joinHere(webinar.join_url), '', w.remindLater];
  return mailOf(row.email, w.joinSubject(webinar.title), lines, webinar.join_url);
}

export function webinarReminderEmail(row: Registrant, webinar: WebinarRow): OutgoingMail {
  const w = wordsFor(row);
  const when = istText(new Date(webinar.starts_at), row.site_language);
  const lines = [w.hello(row.name), '', w.startsSoon(webinar.title, when), '', w.joinHere(webinar.join_url)];
  return mailOf(row.email, w.reminderSubject(webinar.title), lines, webinar.join_url);
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
