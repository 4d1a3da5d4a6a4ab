// What a lead's body says beside its fields (contract/lead-signals.ts), end to end through
// the API: where the visitor came from (stored, capped, filterable, counted), a bot's
// submission (answered like a person's, filed as spam, out of the lists and the live
// events until 'Not spam'), and one join-now registration per email. On PGlite and, with
// TEST_DATABASE_URL, on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { IDEMPOTENCY_HEADER, SYNC_PATH } from '../../contract/api.ts';
import { CONSOLE_PATHS, leadPath } from '../../contract/console.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import type { OverviewResponse } from '../../contract/overview.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { CONSENT_NOTICE_VERSION } from '../../contract/consent.ts';
import { MIN_FILL_MS, SOURCE_VALUE_MAX } from '../../contract/lead-signals.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { createAdmin } from '../auth/admins.ts';
import { issueToken } from '../auth/auth.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

describe.each(testBackends())('lead signals on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let token: string;

  const get = async (path: string) => {
    const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const contact = (tag: string, extra: object = {}) => ({
    firstName: 'Src',
    lastName: tag,
    email: `${tag}@example.in`,
    phone: '9876500200',
    message: 'Hello',
    ...extra,
  });

  beforeAll(async () => {
    database = await backend.create();
    await createAdmin(database.db, { email: 'sales@example.in', password: 'correct horse battery', name: 'Sales Lead' });
    const admin = await database.db.selectFrom('admins').select('id').where('email', '=', 'sales@example.in').executeTakeFirstOrThrow();
    // The real clock: leads are stamped by the database's, and the overview's today must be theirs.
    app = testApp(database).app;
    token = (await issueToken({ db: database.db, config: testConfig() }, { id: admin.id, email: 'sales@example.in', name: 'Sales Lead' }))
      .token;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('source', () => {
    it('stores both touches with only the known keys, each value capped and cleaned, and files the lead under its utm_source', async () => {
      const res = await postJson(
        app,
        LEAD_PATHS.contact,
        contact('source1', {
          source: {
            first: {
              utm_source: 'instagram',
              utm_medium: 'social',
              landingPath: '/course/soft-skills',
              referrer: 'https://l.instagram.com/',
              evil: 'x',
              gclid: 42,
            },
            last: { utm_source: 'newsletter', utm_campaign: `diwali${'x'.repeat(500)}`, utm_term: 'a\u0000b\u202Ec', fbclid: '   ' },
            other: { utm_source: 'ignored' },
          },
        }),
      );
      expect(res.status).toBe(201);
      const { data } = await res.json();
      // The spec's answer keeps its shape.
      expect(Object.keys(data).sort()).toEqual(['_id', 'createdAt', 'email', 'firstName', 'lastName', 'message', 'phone']);
      const detail: LeadDetail = await get(leadPath('contact', data._id));
      expect(detail.source).toEqual({
        first: { utm_source: 'instagram', utm_medium: 'social', landingPath: '/course/soft-skills', referrer: 'https://l.instagram.com/' },
        last: { utm_source: 'newsletter', utm_campaign: `diwali${'x'.repeat(SOURCE_VALUE_MAX - 6)}`, utm_term: 'abc' },
      });
      const row = await database.db
        .selectFrom('contact_messages')
        .select(['utm_source', 'status'])
        .where('id', '=', data._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ utm_source: 'newsletter', status: 'new' });
    });

    it('takes a lead without a source (the spec’s own client), or with one that is not an object', async () => {
      for (const source of [undefined, 'instagram', ['a'], null, { first: 'x' }]) {
        const res = await postJson(app, LEAD_PATHS.freeJoin, {
          name: 'No Source',
          phone: '9876500201',
          email: `nosource${String(source).length}@example.in`,
          ...(source === undefined ? {} : { source }),
        });
        expect(res.status, JSON.stringify(source)).toBe(201);
        const { user } = await res.json();
        expect(((await get(leadPath('join-free', user._id))) as LeadDetail).source).toBeNull();
      }
    });

    it('filters a list by utm_source and counts the last 30 days by it', async () => {
      for (const [i, utm] of ['campus-fair', 'campus-fair', 'google'].entries()) {
        const res = await postJson(app, LEAD_PATHS.enquiry, {
          background: 'College Student',
          course: 'Soft Skills',
          name: `Fair ${i}`,
          email: `fair${i}@example.in`,
          phone: '9876500202',
          source: { first: { utm_source: utm } },
        });
        expect(res.status).toBe(201);
      }
      const fair = await get(`${LEAD_KINDS.enquiry.list.path}?utm_source=campus-fair`);
      expect(fair.data.map((d: { name: string }) => d.name).sort()).toEqual(['Fair 0', 'Fair 1']);
      const bad = await app.request(`/api/v1/form/submissions?utm_source=${'x'.repeat(SOURCE_VALUE_MAX + 1)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(bad.status).toBe(400);

      const overview: OverviewResponse = await get(CONSOLE_PATHS.overview);
      const count = (utm: string | null) => overview.bySource.find((s) => s.utmSource === utm)?.count;
      expect(count('campus-fair')).toBe(2);
      expect(count('google')).toBe(1);
      expect(count('newsletter')).toBe(1);
      const leads = await database.db
        .selectFrom('enquiries')
        .select('id')
        .where('utm_source', 'is', null)
        .where('status', '<>', 'spam')
        .execute();
      const others = await Promise.all(
        (['contact_messages', 'free_join_users', 'join_now_users', 'personality_users'] as const).map((t) =>
          database.db.selectFrom(t).select('id').where('utm_source', 'is', null).where('status', '<>', 'spam').execute(),
        ),
      );
      expect(count(null)).toBe(leads.length + others.reduce((n, rows) => n + rows.length, 0));
      expect(overview.bySourceOthers).toBe(0);
    });
  });

  describe('consent', () => {
    it('keeps the consent record a form sends (version, time, opt-in, age or guardian), cleaned, and none for a client that sends none', async () => {
      const at = '2026-11-20T10:00:00.000Z';
      const res = await postJson(app, LEAD_PATHS.personalitySignup, {
        name: 'Young Student',
        phone: '9876500600',
        email: 'young@example.in',
        password: 'secret12',
        consent: {
          version: CONSENT_NOTICE_VERSION,
          at,
          marketing: true,
          age: 'guardian',
          guardianEmail: ' Parent@Example.in ',
          extra: 'dropped',
        },
      });
      expect(res.status).toBe(201);
      const { user } = await res.json();
      const detail: LeadDetail = await get(leadPath('test-form', user._id));
      expect(detail.consent).toEqual({
        version: CONSENT_NOTICE_VERSION,
        at,
        marketing: true,
        age: 'guardian',
        guardianEmail: 'parent@example.in',
      });

      // A made-up time far ahead, a bad age and a non-boolean opt-in are not believed.
      const odd = await postJson(app, LEAD_PATHS.freeJoin, {
        name: 'Odd Consent',
        phone: '9876500601',
        email: 'odd.consent@example.in',
        consent: { version: 'v\u0000', at: '2099-01-01T00:00:00Z', marketing: 'yes', age: 'child', guardianEmail: 'x@y.in' },
      });
      const oddDetail: LeadDetail = await get(leadPath('join-free', (await odd.json()).user._id));
      expect(oddDetail.consent).toMatchObject({ version: 'unknown', marketing: false });
      expect(Date.parse(oddDetail.consent!.at)).toBeLessThan(Date.now() + 60_000);
      expect(oddDetail.consent).not.toHaveProperty('age');
      expect(oddDetail.consent).not.toHaveProperty('guardianEmail');

      const none = await postJson(app, LEAD_PATHS.freeJoin, { name: 'No Consent', phone: '9876500602', email: 'no.consent@example.in' });
      expect(((await get(leadPath('join-free', (await none.json()).user._id))) as LeadDetail).consent).toBeNull();
    });
  });

  describe('spam', () => {
    it('answers a honeypot or a form sent under 3 s exactly as a person, but files it as spam, out of the lists until "Not spam"', async () => {
      const person = await postJson(app, LEAD_PATHS.contact, contact('person', { fillMs: MIN_FILL_MS, website: '' }));
      const trapped = await postJson(app, LEAD_PATHS.contact, contact('trapped', { fillMs: 60_000, website: 'http://cheap.example' }));
      const hasty = await postJson(app, LEAD_PATHS.contact, contact('hasty', { fillMs: MIN_FILL_MS - 1 }));
      const answers = await Promise.all([person, trapped, hasty].map(async (r) => ({ status: r.status, body: await r.json() })));
      for (const a of answers) {
        expect(a.status).toBe(201);
        expect(a.body).toEqual({
          success: true,
          message: MESSAGES.contactSuccess,
          data: expect.objectContaining({ _id: expect.any(String) }),
        });
      }
      const [personId, trappedId, hastyId] = answers.map((a) => a.body.data._id as string);
      const statuses = await database.db
        .selectFrom('contact_messages')
        .select(['id', 'status'])
        .where('id', 'in', [personId!, trappedId!, hastyId!])
        .execute();
      expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
        [personId!]: 'new',
        [trappedId!]: 'spam',
        [hastyId!]: 'spam',
      });

      const ids = (body: { contacts: Array<{ _id: string }> }) => body.contacts.map((c) => c._id);
      expect(ids(await get('/api/v1/get-contact'))).toContain(personId);
      expect(ids(await get('/api/v1/get-contact'))).not.toContain(trappedId);
      expect(ids(await get('/api/v1/get-contact?status=spam')).sort()).toEqual([trappedId, hastyId].sort());
      // A page's total, without other filters, comes from the counts the triggers keep: it
      // must equal the table's own count, with and without spam.
      for (const [query, status] of [
        ['', null],
        ['&status=spam', 'spam'],
        ['&status=new', 'new'],
      ] as const) {
        const res = await app.request(`/api/v1/get-contact?limit=1${query}`, { headers: { Authorization: `Bearer ${token}` } });
        const rows = await database.db
          .selectFrom('contact_messages')
          .select('id')
          .where('status', status === null ? '<>' : '=', status ?? 'spam')
          .execute();
        expect(res.headers.get(TOTAL_COUNT_HEADER), query).toBe(String(rows.length));
      }
      const overview: OverviewResponse = await get(CONSOLE_PATHS.overview);
      expect(overview.byStatus.spam).toBe(2);
      expect(overview.days.at(-1)!.counts.contact).toBe(
        await database.db
          .selectFrom('contact_messages')
          .select('id')
          .where('status', '<>', 'spam')
          .execute()
          .then((r) => r.length),
      );

      // 'Not spam' puts it back among the leads.
      const restored = await app.request(leadPath('contact', trappedId!), {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'new' }),
      });
      expect(restored.status).toBe(200);
      expect(ids(await get('/api/v1/get-contact'))).toContain(trappedId);
      expect(((await get(CONSOLE_PATHS.overview)) as OverviewResponse).byStatus.spam).toBe(1);
    });

    it('files a queued bot submission delivered through /sync as spam too', async () => {
      const res = await postJson(app, SYNC_PATH, {
        items: [
          {
            key: 'spam-sync-0001',
            path: LEAD_PATHS.freeJoin,
            body: { name: 'Sync Bot', phone: '9876500203', email: 'syncbot@example.in', website: 'x' },
          },
        ],
      });
      expect(res.status).toBe(200);
      const { results } = await res.json();
      expect(results[0].status).toBe(201);
      const row = await database.db
        .selectFrom('free_join_users')
        .select('status')
        .where('email', '=', 'syncbot@example.in')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('spam');
    });
  });

  describe('duplicate registrations', () => {
    const register = (email: string, key?: string, extra: object = {}) =>
      postJson(
        app,
        LEAD_PATHS.joinNow,
        { name: 'Asha Verma', phone: '9876500300', email, password: 'secret12', ...extra },
        key ? { [IDEMPOTENCY_HEADER]: key } : {},
      );
    const rows = (email: string) =>
      database.db
        .selectFrom('join_now_users')
        .select(['id', 'status'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .execute();

    it('refuses a second registration of an email with a final message and stores nothing; a retry of the first still replays it', async () => {
      const first = await register('asha@example.in', 'join-dup-key-0001');
      expect(first.status).toBe(201);
      const again = await register('Asha@Example.in', 'join-dup-key-0002');
      expect(again.status).toBe(422);
      expect(await again.json()).toEqual({ message: MESSAGES.emailAlreadyRegistered, errors: { email: MESSAGES.emailAlreadyRegistered } });
      expect(await rows('asha@example.in')).toHaveLength(1);
      // Its own retry gets the same final answer, never a 201.
      expect((await register('Asha@Example.in', 'join-dup-key-0002')).status).toBe(422);
      const replay = await register('asha@example.in', 'join-dup-key-0001');
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await rows('asha@example.in')).toHaveLength(1);
    });

    it('takes exactly one of several registrations of one email sent at once, in one sync batch and apart', async () => {
      const batch = await postJson(app, SYNC_PATH, {
        items: [0, 1, 2].map((i) => ({
          key: `join-dup-sync-000${i}`,
          path: LEAD_PATHS.joinNow,
          body: { name: 'Ravi', phone: '9876500301', email: 'ravi@example.in', password: 'secret12' },
        })),
      });
      const { results } = await batch.json();
      expect(results.map((r: { status: number }) => r.status).sort()).toEqual([201, 422, 422]);
      const racing = await Promise.all([0, 1, 2, 3].map((i) => register('meena@example.in', `join-dup-race-000${i}`)));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
      expect(await rows('ravi@example.in')).toHaveLength(1);
      expect(await rows('meena@example.in')).toHaveLength(1);
    });

    it('does not let a bot’s registration take a person’s email', async () => {
      expect((await register('kiran@example.in', undefined, { website: 'spam' })).status).toBe(201);
      expect((await register('kiran@example.in')).status).toBe(201);
      const stored = await rows('kiran@example.in');
      expect(stored.map((r) => r.status).sort()).toEqual(['new', 'spam']);
      expect((await register('kiran@example.in')).status).toBe(422);
    });
  });
});
