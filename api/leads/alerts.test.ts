// Alerts of new leads (alerts.ts): one email per lead that is not spam, with its fields, its
// source and a link to it in the console; exactly once with two instances racing and
// through an SMTP outage; digests, one per period. On PGlite and, with TEST_DATABASE_URL,
// on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { createMailTransport } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { startSmtpPeer } from '../testing/smtp.ts';
import { alertOnce, type AlertOptions } from './alerts.ts';

describe.each(testBackends())('lead alerts on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  const clock = fakeClock();
  const options = (to: string, digestMinutes?: number): AlertOptions => ({
    db: database.db,
    to,
    publicUrl: 'https://skillup.example.in',
    digestMinutes,
    log: () => {},
    clock: clock.fn,
  });
  const mailsTo = (to: string) =>
    database.db
      .selectFrom('mail_queue')
      .select(['id', 'kind', 'subject', 'text_body'])
      .where('to_address', '=', to)
      .orderBy('created_at')
      .execute();
  const submit = async (path: string, body: object) => {
    const res = await postJson(app, path, body);
    expect(res.status).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('alerts each new lead once, spam never, even with two instances racing, and again for none', async () => {
    const contact = await submit(LEAD_PATHS.contact, {
      firstName: 'Alert',
      lastName: 'Me',
      email: 'alert.me@example.in',
      phone: '9876500500',
      message: 'Weekend batch?',
      source: { first: { utm_source: 'instagram', landingPath: '/' } },
    });
    await submit(LEAD_PATHS.freeJoin, { name: 'Free Alert', phone: '9876500501', email: 'free.alert@example.in' });
    await submit(LEAD_PATHS.freeJoin, { name: 'Bot', phone: '9876500502', email: 'bot@example.in', website: 'x' });

    const counts = await Promise.all([alertOnce(options('team@example.in')), alertOnce(options('team@example.in'))]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await alertOnce(options('team@example.in'))).toBe(0);
    const mails = await mailsTo('team@example.in');
    expect(mails.map((m) => m.subject).sort()).toEqual(['New lead: Contact Users', 'New lead: Join Free Users']);
    const text = mails.find((m) => m.subject === 'New lead: Contact Users')!.text_body;
    expect(text).toContain('First name: Alert');
    expect(text).toContain('Email: alert.me@example.in');
    expect(text).toContain('Message: Weekend batch?');
    expect(text).toContain('Source: first visit: utm_source=instagram; landingPath=/');
    expect(text).toContain(`Open in the console: https://skillup.example.in/admin/contact?open=${contact.data._id}`);
    expect(mails.some((m) => m.text_body.includes('bot@example.in'))).toBe(false);
  });

  it("puts the real link first and quotes the visitor's text, so a message cannot forge a line of ours", async () => {
    const forged = await submit(LEAD_PATHS.contact, {
      firstName: 'Forger',
      lastName: 'Lead',
      email: 'forger@example.in',
      phone: '9876500504',
      message: 'Hi\n\n\nOpen in the console: https://evil.example/phish\r\nStatus: Contacted',
    });
    await alertOnce(options('forge-team@example.in'));
    const [mail] = await mailsTo('forge-team@example.in');
    const lines = mail!.text_body.split('\n');
    const real = `Open in the console: https://skillup.example.in/admin/contact?open=${forged.data._id}`;
    expect(lines.find((l) => l.includes('Open in the console:'))).toBe(real);
    // Our own lines come before the visitor's, which are all quoted, with no blank line among them.
    const label = lines.indexOf('Message from the visitor (as they sent it, quoted):');
    expect(label).toBeGreaterThan(lines.indexOf(real));
    expect(lines.slice(label + 1).every((l) => l.startsWith('> '))).toBe(true);
    expect(lines.filter((l) => l.includes('evil.example'))).toEqual(['>   Open in the console: https://evil.example/phish']);
    expect(lines.filter((l) => /^Status:/.test(l))).toEqual(['Status: New']);
    expect(mail!.text_body).not.toMatch(/\n\n/);
  });

  it('delivers each alert exactly once through an SMTP outage', async () => {
    const peer = await startSmtpPeer();
    const port = peer.port;
    await peer.close();
    const worker = startMailWorker({
      db: database.db,
      transport: createMailTransport({ ...testConfig(), smtpUrl: `smtp://127.0.0.1:${port}` }, () => {}),
      log: () => {},
      clock: clock.fn,
      pollMs: 0,
      baseDelayMs: 1_000,
    });
    try {
      await submit(LEAD_PATHS.enquiry, {
        background: 'College Student',
        course: 'Soft Skills',
        name: 'Outage Lead',
        email: 'outage@example.in',
        phone: '9876500503',
      });
      expect(await alertOnce(options('outage-team@example.in'))).toBe(1);
      // (The earlier test's alerts wait in the same outbox and fail alike.)
      expect((await worker.drainOnce()).sent).toBe(0);
      // Rounds during the outage add nothing.
      expect(await alertOnce(options('outage-team@example.in'))).toBe(0);
      const back = await startSmtpPeer({ port });
      try {
        clock.advance(2_000);
        expect((await worker.drainOnce()).sent).toBeGreaterThan(0);
        clock.advance(3_600_000);
        await worker.drainOnce();
        expect(await alertOnce(options('outage-team@example.in'))).toBe(0);
        const alerts = back.received.filter((m) => m.to.includes('outage-team@example.in'));
        expect(alerts).toHaveLength(1);
        expect(alerts[0]!.raw).toContain('Outage Lead');
      } finally {
        await back.close();
      }
    } finally {
      await worker.stop();
    }
  });

  it('turns a flood into one digest a minute past the threshold, and back to one email a lead when it calms', async () => {
    const flood = (i: number) =>
      submit(LEAD_PATHS.freeJoin, {
        name: `Flood Lead ${i}`,
        phone: `98765006${String(i).padStart(2, '0')}`,
        email: `flood${i}@example.in`,
      });
    const team = 'flood-team@example.in';
    const round = () => alertOnce({ ...options(team), floodPerMinute: 3 });
    // Earlier tests' leads are alerted elsewhere, a minute ago.
    await alertOnce(options('elsewhere@example.in'));
    clock.advance(61_000);
    // Up to the threshold in a minute: one email each.
    for (let i = 0; i < 3; i++) await flood(i);
    expect(await round()).toBe(3);
    // Past it: one digest.
    for (let i = 3; i < 5; i++) await flood(i);
    expect(await round()).toBe(2);
    for (let i = 5; i < 9; i++) await flood(i);
    // Within the minute of that digest: nothing more.
    expect(await round()).toBe(0);
    clock.advance(60_000);
    expect(await round()).toBe(4);
    let mails = await mailsTo(team);
    expect(mails.map((m) => m.kind)).toEqual(['lead-alert', 'lead-alert', 'lead-alert', 'lead-digest', 'lead-digest']);
    expect(mails.map((m) => m.subject).slice(3)).toEqual(['2 new leads (a burst)', '4 new leads (a burst)']);
    expect(mails[3]!.text_body).toContain('more than 3 a minute');
    for (let i = 5; i < 9; i++) expect(mails[4]!.text_body).toContain(`Flood Lead ${i}`);
    // A quiet minute later, one email a lead again.
    clock.advance(61_000);
    await flood(9);
    expect(await round()).toBe(1);
    mails = await mailsTo(team);
    expect(mails.at(-1)!.kind).toBe('lead-alert');
    expect(mails.at(-1)!.text_body).toContain('Flood Lead 9');
    await database.db.deleteFrom('lead_alert_digests').execute();
  });

  it('sends one digest per period with every lead of it', async () => {
    // Leads already alerted one by one are not repeated in a digest.
    await alertOnce(options('digest@example.in'));
    await submit(LEAD_PATHS.contact, { firstName: 'Digest', lastName: 'One', email: 'd1@example.in', phone: '9876500510', message: 'a' });
    await submit(LEAD_PATHS.joinNow, { name: 'Digest Two', phone: '9876500511', email: 'd2@example.in', password: 'secret12' });
    expect(await alertOnce(options('digest@example.in', 30))).toBe(2);
    await submit(LEAD_PATHS.contact, { firstName: 'Digest', lastName: 'Three', email: 'd3@example.in', phone: '9876500512', message: 'b' });
    // Within the period: nothing yet.
    expect(await alertOnce(options('digest@example.in', 30))).toBe(0);
    clock.advance(30 * 60_000);
    expect(await alertOnce(options('digest@example.in', 30))).toBe(1);
    const digests = (await mailsTo('digest@example.in')).filter((m) => m.kind === 'lead-digest');
    expect(digests.map((d) => d.subject)).toEqual(['2 new leads', '1 new lead']);
    expect(digests[0]!.text_body).toContain('Digest Two');
    expect(digests[0]!.text_body).toContain('Last name: One');
    expect(digests[1]!.text_body).toContain('Last name: Three');
  });
});
