// A rule's thank-you email to the lead reads in the language of the form the lead used: a
// lead from the Hindi site gets the rule's Hindi subject and body, a lead from the English site
// the English ones, and a rule with no Hindi words sends its English email to both. The owner's
// and admins' copies stay English. On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { RULE_MESSAGES, RULES_PATH } from '../../contract/rules.ts';
import { runDueJobs } from '../jobs/scheduler.ts';
import { memberToken } from '../testing/admin.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { ruleJobHandlers } from './events.ts';

const CONSENT = { version: '2026-11-23', at: '2026-11-27T06:00:00.000Z', marketing: true };
const THANKS = {
  type: 'email',
  to: 'lead',
  subject: 'Thank you, {firstName}',
  body: 'Hello {name}, we will call you soon.',
  hindi: { subject: 'धन्यवाद, {firstName}', body: 'नमस्ते {name}, हम जल्द ही आपको फ़ोन करेंगे।' },
};

describe.each(testBackends())('a rule’s thank-you in the form’s language on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let config: ReturnType<typeof testApp>['config'];
  let admin: { id: string; token: string };
  let n = 0;

  beforeAll(async () => {
    database = await backend.create();
    ({ app, config } = testApp(database));
    admin = await memberToken(database.db, 'thanks-admin@example.in', 'admin');
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('rules').execute();
  });

  const makeRule = (actions: unknown[]) =>
    Promise.resolve(
      app.request(RULES_PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Thank you', trigger: { event: 'lead.created' }, actions }),
      }),
    );
  /** An enquiry from the site in `lang`, by Asha Rao; resolves its email. */
  const enquire = async (lang: 'hi' | 'en') => {
    n += 1;
    const email = `thanks.${lang}.${n}.${crypto.randomUUID().slice(0, 6)}@example.in`;
    const body = {
      ...LEAD_SAMPLES.enquiry(n),
      name: 'Asha Rao',
      email,
      phone: `96${String(10_000_000 + n).slice(-8)}`,
      consent: CONSENT,
      lang,
    };
    expect((await postJson(app, LEAD_PATHS.enquiry, body, { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(201);
    const row = await sql<{ site_language: string }>`select site_language from enquiries where email = ${email}`.execute(database.db);
    expect(row.rows[0]?.site_language).toBe(lang);
    return email;
  };
  const drain = async () => {
    for (;;) {
      const round = await runDueJobs(database.db, ruleJobHandlers(config), new Date(), 500);
      if (round.done + round.retrying + round.failed === 0) return;
    }
  };
  const mailTo = (email: string) =>
    database.db
      .selectFrom('mail_queue')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('kind', '=', 'rule')
      .execute();

  it('a lead from the Hindi site gets the Hindi thank-you, a lead from the English site the English one', async () => {
    expect((await makeRule([THANKS, { type: 'email', to: 'admins', subject: 'New enquiry {name}', body: '{name}' }])).status).toBe(201);
    const hindi = await enquire('hi');
    const english = await enquire('en');
    await drain();
    expect(await mailTo(hindi)).toEqual([{ subject: 'धन्यवाद, Asha', text_body: 'नमस्ते Asha Rao, हम जल्द ही आपको फ़ोन करेंगे।' }]);
    expect(await mailTo(english)).toEqual([{ subject: 'Thank you, Asha', text_body: 'Hello Asha Rao, we will call you soon.' }]);
    const admins = await database.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('to_address', '=', 'thanks-admin@example.in')
      .execute();
    expect(admins.map((m) => m.subject)).toEqual(['New enquiry Asha Rao', 'New enquiry Asha Rao']);
  });

  it('a rule without Hindi words sends its English thank-you to a lead from the Hindi site', async () => {
    const { hindi: _hindi, ...englishOnly } = THANKS;
    expect((await makeRule([englishOnly])).status).toBe(201);
    const hindi = await enquire('hi');
    await drain();
    expect((await mailTo(hindi)).map((m) => m.subject)).toEqual(['Thank you, Asha']);
  });

  it('refuses Hindi words without a subject or a body', async () => {
    for (const [hindi, message] of [
      [{ subject: '', body: 'नमस्ते' }, RULE_MESSAGES.subject],
      [{ subject: 'धन्यवाद', body: ' ' }, RULE_MESSAGES.body],
      [{ subject: 'एक\nदो', body: 'नमस्ते' }, RULE_MESSAGES.subject],
    ] as const) {
      const res = await makeRule([{ ...THANKS, hindi }]);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });
});
