// What registrants are told when their webinar changes under them: a cancelled webinar, or a
// new time or joining link, each in the language of the form they registered on. Queued in the
// admin's own transaction, so the change and its emails are kept together or not at all; a
// registration marked spam, or erased (its row is gone), is told nothing.
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { linesHtml } from '../lib/html.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { istText } from './webinar-mail.ts';

type WebinarRow = Pick<Selectable<Database['webinars']>, 'id' | 'title' | 'starts_at' | 'join_url'>;
type Registrant = { name: string; email: string; site_language: string };

/** Registrants are mailed in batches, so a webinar with thousands of them is a few statements. */
const BATCH = 200;

function mail(to: string, subject: string, lines: string[]): OutgoingMail {
  const html = linesHtml(lines);
  return { to, subject, text: lines.join('\n'), html, kind: 'webinar' };
}

export function webinarCancelledEmail(who: Registrant, webinar: WebinarRow): OutgoingMail {
  const when = istText(new Date(webinar.starts_at));
  if (who.site_language === 'hi') {
    return mail(who.email, `रद्द: ${webinar.title}`, [
      `नमस्ते ${who.name},`,
      '',
      `माफ़ कीजिए, "${webinar.title}" (${when}) रद्द कर दिया गया है।`,
      '',
      'अगले वेबिनार की सूचना हम आपको देंगे। आपको कुछ और करने की ज़रूरत नहीं है।',
    ]);
  }
  return mail(who.email, `Cancelled: ${webinar.title}`, [
    `Hello ${who.name},`,
    '',
    `We are sorry: "${webinar.title}" on ${when} has been cancelled.`,
    '',
    'You need not do anything. We will let you know about the next one.',
  ]);
}

export function webinarChangedEmail(who: Registrant, webinar: WebinarRow): OutgoingMail {
  const when = istText(new Date(webinar.starts_at));
  if (who.site_language === 'hi') {
    return mail(who.email, `नया समय या लिंक: ${webinar.title}`, [
      `नमस्ते ${who.name},`,
      '',
      `"${webinar.title}" का समय या जुड़ने का लिंक बदल गया है। नया समय: ${when}।`,
      '',
      `यहाँ से जुड़ें: ${webinar.join_url}`,
      '',
      'शुरू होने से एक घंटा पहले हम आपको याद दिलाएँगे।',
    ]);
  }
  return mail(who.email, `New time or link: ${webinar.title}`, [
    `Hello ${who.name},`,
    '',
    `"${webinar.title}" has a new time or joining link. It now starts ${when}.`,
    '',
    `Join here: ${webinar.join_url}`,
    '',
    'We will remind you an hour before it starts.',
  ]);
}

/** Queues `email` for every registrant of the webinar still worth telling, in `trx`. */
export async function tellRegistrants(
  trx: Transaction<Database>,
  webinar: WebinarRow,
  email: (who: Registrant, webinar: WebinarRow) => OutgoingMail,
): Promise<number> {
  let told = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await trx
      .selectFrom('webinar_registrations')
      .select(['id', 'name', 'email', 'site_language'])
      .where('webinar_id', '=', webinar.id)
      .where('status', '<>', 'spam')
      .$if(after !== undefined, (q) => q.where('id', '>', after!))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of batch) await enqueueMail(trx, email(row, webinar));
    told += batch.length;
    if (batch.length < BATCH) return told;
    after = batch[batch.length - 1]!.id;
  }
}
