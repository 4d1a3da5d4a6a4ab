// The mail queue: every email the API sends is first a row in mail_queue, written with
// the caller's own transaction (so a reset token and its email, or a quiz result and its
// certificate, are committed together or not at all). The worker (worker.ts) sends it.
//
//   await db.transaction().execute(async (trx) => {
//     await trx.insertInto('...').values(...).execute();
//     await enqueueMail(trx, { to, subject, text, html, attachments: [{ filename, contentType, content }] });
//     // or an attachment made at send time: { filename, contentType, generated: { kind: 'certificate', id } }
//   });
//   deps.wakeMail?.(); // optional: send now rather than at the next poll
import type { Kysely } from 'kysely';
import type { Database, StoredAttachment } from '../db/schema.ts';
import { mailboxOf } from '../lib/mailbox.ts';

export type MailAttachment = {
  filename: string;
  /** e.g. 'image/png', 'application/pdf'. */
  contentType: string;
} & (
  | { content: Uint8Array }
  /** Made when the message is sent, by the mail worker's source of that kind (see worker.ts). */
  | { generated: { kind: string; id: string } }
);

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: MailAttachment[] | undefined;
  /** A short label shown to admins, e.g. 'password-reset', 'certificate'. */
  kind?: string | undefined;
}

/** Attachments per message, in bytes before base64 (a certificate image is far below). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const HEADER_BREAK = /[\r\n]/;

/**
 * Adds a message to the mail queue with the given database handle: pass the transaction of
 * whatever caused the message. Returns the message id (also its Message-ID's local part).
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/** Several messages in one insert (a rule fired on many leads); their ids. */
export async function enqueueMails(db: Kysely<Database>, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db.insertInto('mail_queue').values(mails.map(queuedRow)).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The queue's row for a message, after the checks that keep a header one line and a message within its size. */
function queuedRow(mail: OutgoingMail) {
  if (!mail.to || HEADER_BREAK.test(mail.to) || !mail.to.includes('@')) throw new Error('enqueueMail: invalid recipient');
  if (HEADER_BREAK.test(mail.subject)) throw new Error('enqueueMail: a subject is one line');
  const attachments: StoredAttachment[] = [];
  let bytes = 0;
  for (const a of mail.attachments ?? []) {
    if (!a.filename || HEADER_BREAK.test(a.filename) || HEADER_BREAK.test(a.contentType)) {
      throw new Error('enqueueMail: invalid attachment name or type');
    }
    if ('generated' in a) {
      attachments.push({ filename: a.filename, contentType: a.contentType, generated: a.generated });
      continue;
    }
    bytes += a.content.byteLength;
    attachments.push({
      filename: a.filename,
      contentType: a.contentType,
      contentBase64: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).toString('base64'),
    });
  }
  if (bytes > MAX_ATTACHMENT_BYTES) throw new Error('enqueueMail: attachments are too large');
  return {
    kind: mail.kind ?? 'other',
    to_address: mail.to,
    mailbox: mailboxOf(mail.to),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: JSON.stringify(attachments),
  };
}
