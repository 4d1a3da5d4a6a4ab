// The mail queue against a real SMTP peer (smtp-server, see api/testing/smtp.ts): a reset email
// arrives with a working link; an outage delays mail and loses none, and the message is
// delivered exactly once when the peer is back; rejected and ever-failing messages are
// marked failed with their last error; two workers never send one message twice;
// attachments survive; without SMTP_URL messages become .eml files. No sleeps: time is
// an injected clock and the worker is driven with drainOnce().
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { createAdmin } from '../auth/admins.ts';
import { adminToken } from '../testing/admin.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { pgliteBackend, testBackends, type TestDatabase } from '../testing/databases.ts';
import { eventually } from '../testing/eventually.ts';
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from '../testing/smtp.ts';
import { enqueueMail } from './queue.ts';
import { createMailTransport } from './transport.ts';
import { startMailWorker, type MailWorkerOptions } from './worker.ts';

describe.each(testBackends())('mail queue on $name', (backend) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const clock = fakeClock();
  const lines: string[] = [];

  const workerFor = (port: number, options: Partial<MailWorkerOptions> = {}) =>
    startMailWorker({
      db: database.db,
      transport: createMailTransport({ ...testConfig(), smtpUrl: `smtp://127.0.0.1:${port}` }, (l) => lines.push(l)),
      log: (l) => lines.push(l),
      clock: clock.fn,
      pollMs: 0,
      ...options,
    });
  const statusOf = (id: string) => database.db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await backend.create();
    // Recipients starting with "reject" bounce, as a mailbox that does not exist.
    peer = await startSmtpPeer({ rejects: (to) => to.startsWith('reject') });
  });
  afterAll(async () => {
    await peer?.close();
    await database?.dispose();
  });

  it('delivers a reset email over SMTP whose link resets the password', async () => {
    await createAdmin(database.db, { email: 'head@example.in', password: 'first password', name: 'Head' });
    let wakes = 0;
    const { app, tasks } = testApp(database, {}, { clock: clock.fn, wakeMail: () => wakes++ });
    const worker = workerFor(peer.port);

    const asked = await postJson(app, ADMIN_PATHS.forgotPassword, { email: 'head@example.in' });
    expect(asked.status).toBe(200);
    // The reset mail is written after the answer has gone.
    await tasks.idle();
    expect(wakes).toBe(1);
    expect(await worker.drainOnce()).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0, yielded: 0 });
    await eventually(() => expect(peer.received.filter((m) => m.to.includes('head@example.in'))).toHaveLength(1));

    const mail = peer.received.find((m) => m.to.includes('head@example.in'))!;
    expect(mail.raw).toMatch(/^Subject: Reset your admin password/m);
    // The sender's display name is the brand.
    expect(mail.raw).toMatch(/^From: SkillUp Soft Skills Academy <no-reply@test\.local>/m);
    const link = /http:\/\/test\.local\/reset-password\/([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(mail.raw).toString('latin1'));
    expect(link).not.toBeNull();

    const reset = await postJson(app, `${ADMIN_PATHS.resetPassword}/${link![1]}`, { newPassword: 'second password' });
    expect(reset.status).toBe(200);
    const login = await postJson(app, ADMIN_PATHS.login, { email: 'head@example.in', password: 'second password' });
    expect(login.status).toBe(200);
    const row = await database.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('to_address', '=', 'head@example.in')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
    await worker.stop();
  });

  it('keeps a message while the SMTP peer is down and delivers it exactly once when it is back', async () => {
    const flaky = await startSmtpPeer();
    const port = flaky.port;
    await flaky.close();
    const worker = workerFor(port, { baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 });
    const id = await enqueueMail(database.db, { to: 'waiting@example.in', subject: 'Outage test', text: 'Hello' });

    const first = await worker.drainOnce();
    expect(first).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    let row = await statusOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(new Date(row.next_attempt_at).getTime() - clock.fn().getTime()).toBe(30_000);
    // Not due yet: nothing is tried.
    expect((await worker.drainOnce()).claimed).toBe(0);

    clock.advance(30_000);
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    row = await statusOf(id);
    expect(row.attempts).toBe(2);
    expect(new Date(row.next_attempt_at).getTime() - clock.fn().getTime()).toBe(60_000);

    const back = await startSmtpPeer({ port });
    try {
      clock.advance(60_000);
      expect(await worker.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
      clock.advance(24 * 3600_000);
      expect((await worker.drainOnce()).claimed).toBe(0);
      expect(back.received).toHaveLength(1);
      expect(back.received[0]!.to).toEqual(['waiting@example.in']);
      expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    } finally {
      await worker.stop();
      await back.close();
    }
  });

  it('marks a rejected message failed at once, and an ever-failing one after maxAttempts; admins can list them', async () => {
    const worker = workerFor(peer.port);
    const rejected = await enqueueMail(database.db, { to: 'reject-me@example.in', subject: 'Bounce', text: 'x', kind: 'test' });
    expect(await worker.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const row = await statusOf(rejected);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/550|Mailbox unavailable/);
    await worker.stop();

    const gone = await startSmtpPeer();
    await gone.close();
    const doomed = workerFor(gone.port, { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 1500 });
    const id = await enqueueMail(database.db, { to: 'never@example.in', subject: 'Never', text: 'x' });
    expect((await doomed.drainOnce()).retrying).toBe(1);
    clock.advance(1000);
    expect((await doomed.drainOnce()).retrying).toBe(1);
    // The delay doubles but is capped.
    expect(new Date((await statusOf(id)).next_attempt_at).getTime() - clock.fn().getTime()).toBe(1500);
    clock.advance(1500);
    expect((await doomed.drainOnce()).failed).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 3 });
    clock.advance(3600_000);
    expect((await doomed.drainOnce()).claimed).toBe(0);
    await doomed.stop();

    const token = await adminToken(database.db, 'mail-reader@example.in', clock.fn);
    const { app } = testApp(database, {}, { clock: clock.fn });
    const res = await app.request(`${ADMIN_PATHS.mail}?status=failed`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.map((m: { to: string }) => m.to).sort()).toEqual(['never@example.in', 'reject-me@example.in']);
    expect(body.data.find((m: { to: string }) => m.to === 'never@example.in')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: expect.any(String),
    });
    expect((await app.request(ADMIN_PATHS.mail)).status).toBe(401);
  });

  it('lets two workers drain one mail queue without sending any message twice', async () => {
    const shared = await startSmtpPeer();
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueMail(database.db, { to: `many${i}@example.in`, subject: `Many ${i}`, text: 'x' }));
    const a = workerFor(shared.port, { batchSize: 3 });
    const b = workerFor(shared.port, { batchSize: 3 });
    let sent = 0;
    for (;;) {
      const results = await Promise.all([a.drainOnce(), b.drainOnce()]);
      const claimed = results.reduce((n, r) => n + r.claimed, 0);
      sent += results.reduce((n, r) => n + r.sent, 0);
      if (claimed === 0) break;
    }
    expect(sent).toBe(12);
    const recipients = shared.received.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(ids.map((_, i) => `many${i}@example.in`).sort());
    await a.stop();
    await b.stop();
    await shared.close();
  });

  it('does not send a message whose lease ran out and which another worker has claimed since', async () => {
    const shared = await startSmtpPeer();
    const id = await enqueueMail(database.db, {
      to: 'slow@example.in',
      subject: 'Drawn slowly',
      text: 'x',
      attachments: [{ filename: 'c.png', contentType: 'image/png', generated: { kind: 'slow', id: 'x' } }],
    });
    let drawing!: () => void;
    const started = new Promise<void>((resolve) => (drawing = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    // A draws the attachment slowly (a loaded machine); B draws it at once.
    const a = workerFor(shared.port, {
      leaseMs: 1_000,
      attachmentSources: { slow: async () => (drawing(), await held, Buffer.from('a')) },
    });
    const b = workerFor(shared.port, { leaseMs: 1_000, attachmentSources: { slow: async () => Buffer.from('b') } });
    const first = a.drainOnce();
    await started;
    clock.advance(1_001);
    expect(await b.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    finish();
    expect(await first).toMatchObject({ claimed: 1, sent: 0, yielded: 1 });
    expect(shared.received.filter((m) => m.to.includes('slow@example.in'))).toHaveLength(1);
    expect((await statusOf(id)).status).toBe('sent');
    await a.stop();
    await b.stop();
    await shared.close();
  });

  it('carries attachments such as a certificate image', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5273ea50000000049454e44ae426082',
      'hex',
    );
    await database.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, {
        to: 'certified@example.in',
        subject: 'Your certificate',
        text: 'Attached.',
        html: '<p>Attached.</p>',
        attachments: [{ filename: 'certificate.png', contentType: 'image/png', content: png }],
        kind: 'certificate',
      });
    });
    const worker = workerFor(peer.port);
    expect((await worker.drainOnce()).sent).toBe(1);
    await worker.stop();
    const mail = peer.received.find((m) => m.to.includes('certified@example.in'))!;
    expect(mail.raw).toMatch(/Content-Type: image\/png; name=certificate\.png/);
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(png.toString('base64'));
  });

  it('makes an attachment stored as "generated" when it sends, retries while its maker fails, and fails for good without a maker', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5273ea50000000049454e44ae426082',
      'hex',
    );
    const queue = (to: string, kind: string) =>
      enqueueMail(database.db, {
        to,
        subject: 'Made at send time',
        text: 'x',
        attachments: [{ filename: 'made.png', contentType: 'image/png', generated: { kind, id: `id-for-${to}` } }],
      });
    const made = await queue('made@example.in', 'picture');
    const orphan = await queue('orphan@example.in', 'nothing-makes-this');
    const asked: string[] = [];
    let broken = true;
    const worker = workerFor(peer.port, {
      attachmentSources: {
        picture: async (id) => {
          asked.push(id);
          if (broken) throw new Error('renderer busy');
          return png;
        },
      },
    });
    await worker.drainOnce();
    expect(asked).toEqual(['id-for-made@example.in']);
    // The maker failed: tried again later, like a failed send. No maker at all: failed for good.
    expect(await statusOf(made)).toMatchObject({ status: 'pending', last_error: 'renderer busy' });
    expect(await statusOf(orphan)).toMatchObject({ status: 'failed', last_error: 'No maker for nothing-makes-this attachments' });
    broken = false;
    clock.advance(60 * 60_000);
    expect((await worker.drainOnce()).sent).toBe(1);
    await worker.stop();
    expect(await statusOf(made)).toMatchObject({ status: 'sent' });
    const mail = peer.received.find((m) => m.to.includes('made@example.in'))!;
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(png.toString('base64'));
  });

  it('rolls the message back with the transaction that queued it', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, { to: 'rolled-back@example.in', subject: 'Never', text: 'x' });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    const rows = await database.db.selectFrom('mail_queue').select('id').where('to_address', '=', 'rolled-back@example.in').execute();
    expect(rows).toEqual([]);
  });

  it('stops between two messages, however long the queue: the rest of its claim is handed back at once', async () => {
    await database.db.updateTable('mail_queue').set({ status: 'sent' }).where('status', '=', 'pending').execute();
    for (let i = 0; i < 25; i++) await enqueueMail(database.db, { to: `backlog${i}@example.in`, subject: 'Backlog', text: 'x' });
    const sending: Array<() => void> = [];
    const sent: string[] = [];
    const slow = {
      description: 'a slow mail server',
      send: (mail: { to: string }) =>
        new Promise<void>((resolve) =>
          sending.push(() => {
            sent.push(mail.to);
            resolve();
          }),
        ),
      close: () => {},
    };
    const worker = startMailWorker({ db: database.db, transport: slow, log: (l) => lines.push(l), clock: clock.fn, pollMs: 0 });
    const round = worker.drainOnce();
    await eventually(() => expect(sending).toHaveLength(1));
    const stopping = worker.stop();
    sending[0]!();
    await stopping;
    const result = await round;
    expect(result.claimed).toBe(10);
    expect(result.sent).toBe(1);
    expect(sent).toHaveLength(1);
    // Nothing else was handed to the server, and the nine claimed but not sent are due now, their attempt not counted.
    expect(sending).toHaveLength(1);
    const pending = await database.db.selectFrom('mail_queue').select(['attempts']).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(24);
    expect(pending.every((r) => r.attempts === 0)).toBe(true);
    // Another worker (the next start) takes them at once.
    const next = workerFor(peer.port);
    expect((await next.drainOnce()).claimed).toBe(10);
    await next.stop();
    await database.db.updateTable('mail_queue').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });

  it('does not wait past its grace for a send that hangs', async () => {
    await enqueueMail(database.db, { to: 'hang@example.in', subject: 'Hang', text: 'x' });
    let started = false;
    const hanging = { description: 'a hung mail server', send: () => ((started = true), new Promise<void>(() => {})), close: () => {} };
    const worker = startMailWorker({
      db: database.db,
      transport: hanging,
      log: (l) => lines.push(l),
      clock: clock.fn,
      pollMs: 0,
      stopGraceMs: 10,
    });
    void worker.drainOnce();
    await eventually(() => expect(started).toBe(true));
    await worker.stop();
    expect(lines.some((l) => l.includes('left to its lease'))).toBe(true);
    await database.db.updateTable('mail_queue').set({ status: 'sent' }).where('to_address', '=', 'hang@example.in').execute();
  });
});

describe('mail without SMTP_URL', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await pgliteBackend.create();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file under DATA_DIR/mail and logs its path', async () => {
    const lines: string[] = [];
    const transport = createMailTransport({ ...testConfig(), dataDir, smtpUrl: undefined }, (l) => lines.push(l));
    expect(transport.description).toContain(path.join(dataDir, 'mail'));
    const worker = startMailWorker({ db: database.db, transport, log: (l) => lines.push(l), pollMs: 0 });
    await enqueueMail(database.db, { to: 'newcomer@example.in', subject: 'Look, a file', text: 'Hello from the mail queue' });
    expect((await worker.drainOnce()).sent).toBe(1);
    await worker.stop();
    const files = readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'mail', files[0]!);
    expect(readFileSync(file, 'utf8')).toMatch(/^Subject: Look, a file$/m);
    expect(lines.some((l) => l.includes(file))).toBe(true);
  });

  it('polls on its own and wakes early when asked', async () => {
    const sent: string[] = [];
    const worker = startMailWorker({
      db: database.db,
      transport: { description: 'memory', send: async (m) => void sent.push(m.to), close: () => {} },
      log: () => {},
      pollMs: 60_000,
    });
    try {
      await enqueueMail(database.db, { to: 'woken@example.in', subject: 'Wake', text: 'x' });
      worker.wake();
      await eventually(() => expect(sent).toContain('woken@example.in'));
    } finally {
      await worker.stop();
    }
  });
});
