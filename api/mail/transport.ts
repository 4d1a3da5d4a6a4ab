// Where mail goes: a real SMTP server when SMTP_URL is set, otherwise an .eml file per
// message in DATA_DIR/mail/ (its path is logged), so a newcomer sees every email
// without setting anything up.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface SendableMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface MailTransport {
  /** For the start-up log line. */
  readonly description: string;
  send(mail: SendableMail): Promise<void>;
  close(): void;
}

/** An error the receiving server gave for this message in particular (5xx to RCPT or DATA): retrying cannot help. */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export function mailDir(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir.startsWith('memory://') ? path.join(os.tmpdir(), 'softskills-mail') : path.join(config.dataDir, 'mail');
}

function message(config: Pick<Config, 'mailFrom' | 'publicUrl'>, mail: SendableMail): nodemailer.SendMailOptions {
  return {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // Stable across retries, so a receiver can drop a copy sent twice after a crash.
    messageId: `<${mail.id}@${new URL(config.publicUrl).hostname}>`,
  };
}

export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'dataDir'>,
  log: (line: string) => void,
): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      // A dead or hung server must fail the attempt (and be retried), not stall the worker.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    const url = new URL(config.smtpUrl);
    return {
      description: `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
      async send(mail) {
        await smtp.sendMail(message(config, mail));
      },
      close: () => smtp.close(),
    };
  }

  const dir = mailDir(config);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${dir} (set SMTP_URL to send real mail)`,
    async send(mail) {
      const info = await stream.sendMail(message(config, mail));
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      const temp = `${file}.tmp`;
      writeFileSync(temp, info.message as Buffer);
      renameSync(temp, file);
      log(`mail "${mail.subject}" written to ${file}`);
    },
    close: () => stream.close(),
  };
}
