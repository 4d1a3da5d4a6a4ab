// A Hindi form's submission: stored with its language, and answered in Hindi when the
// request's Accept-Language prefers it (the outbox sends the form's language with every
// attempt), singly and in a batch; the console's answers stay English. On PGlite and,
// with TEST_DATABASE_URL, on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { MESSAGES_HI } from '../../contract/messages-hi.ts';
import { preferredLanguage } from '../http/answer-language.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const contact = (tag: string, extra: object = {}) => ({
  firstName: 'आशा',
  lastName: tag,
  email: `${tag}@example.in`,
  phone: '9876500300',
  message: 'कॉलेज प्रोग्राम के बारे में जानना है',
  ...extra,
});

describe('preferredLanguage', () => {
  it('reads the most preferred language of an Accept-Language header', () => {
    expect(preferredLanguage('hi')).toBe('hi');
    expect(preferredLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(preferredLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(preferredLanguage('en;q=0.5, hi;q=0.7')).toBe('hi');
    expect(preferredLanguage('hi;q=0')).toBeUndefined();
    expect(preferredLanguage(undefined)).toBeUndefined();
  });
});

describe.each(testBackends())('a Hindi form on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  const stored = (email: string) =>
    database.db.selectFrom('contact_messages').select(['site_language']).where('email', '=', email).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('is stored with its language; an English one (or one that says nothing) with English', async () => {
    const hi = await postJson(app, LEAD_PATHS.contact, contact('lang-hi', { lang: 'hi' }), {
      'Accept-Language': 'hi',
      [IDEMPOTENCY_HEADER]: 'lang-hi-1',
    });
    expect(hi.status).toBe(201);
    expect(((await hi.json()) as { message: string }).message).toBe(MESSAGES_HI.contactSuccess);
    expect(hi.headers.get('content-language')).toBe('hi');
    expect(await stored('lang-hi@example.in')).toEqual({ site_language: 'hi' });

    const en = await postJson(app, LEAD_PATHS.contact, contact('lang-en', { lang: 'en' }), { [IDEMPOTENCY_HEADER]: 'lang-en-1' });
    expect(((await en.json()) as { message: string }).message).toBe(MESSAGES.contactSuccess);
    expect(await stored('lang-en@example.in')).toEqual({ site_language: 'en' });
    await postJson(app, LEAD_PATHS.contact, contact('lang-none', { lang: 'fr' }));
    expect(await stored('lang-none@example.in')).toEqual({ site_language: 'en' });
  });

  it('is answered in Hindi: each field’s error, and each result of a batch', async () => {
    const bad = contact('lang-bad', { email: 'asha@example', phone: '123', lastName: '' });
    const res = await postJson(app, LEAD_PATHS.contact, bad, { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({ lastName: 'उपनाम भरना ज़रूरी है', email: 'ईमेल पता सही नहीं है', phone: 'कृपया सही 10 अंकों का नंबर लिखें' });
    expect(body.message).toMatch(/[\u0900-\u097F]/);

    const english = await postJson(app, LEAD_PATHS.contact, bad, { 'Accept-Language': 'en-IN,en;q=0.9' });
    expect(((await english.json()) as { errors: Record<string, string> }).errors.email).toBe(MESSAGES.invalidEmail);

    const batch = await postJson(
      app,
      SYNC_PATH,
      [
        { key: 'lang-batch-1', path: LEAD_PATHS.contact, body: contact('lang-batch', { lang: 'hi' }) },
        { key: 'lang-batch-2', path: LEAD_PATHS.contact, body: bad },
      ],
      { 'Accept-Language': 'hi' },
    );
    expect(batch.status).toBe(200);
    const results = (
      (await batch.json()) as { results: Array<{ status: number; body: { message: string; errors?: Record<string, string> } }> }
    ).results;
    expect(results[0]).toMatchObject({ status: 201, body: { message: MESSAGES_HI.contactSuccess } });
    expect(results[1]!.body.errors?.phone).toBe('कृपया सही 10 अंकों का नंबर लिखें');
    expect(await stored('lang-batch@example.in')).toEqual({ site_language: 'hi' });
  });

  it('leaves the console’s answers in English, whatever the browser prefers', async () => {
    const res = await app.request('/api/admin/overview', { headers: { 'Accept-Language': 'hi' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-language')).toBeNull();
  });
});
