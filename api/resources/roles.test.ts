// The role matrix, generated from the app's own route table: every admin route (everything
// under /api/admin, and every route that carries a guard) must declare its permission with
// guard(), and is called as each role (admin, counsellor, viewer, trainer), as a deactivated
// member and with no token. A role the permission names gets through (not 401 or 403), any
// other is 403, a deactivated member and no token are 401; a counsellor asking for
// another counsellor's lead by id is 404 in every endpoint that takes one, and so is their
// merge (or undo) of a person who has another counsellor's leads. A new route
// without a rule, or without a sample request below, fails this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_KINDS, LEAD_PATHS, LISTED_KINDS } from '../../contract/lead-kinds.ts';
import { ROLES, type Role } from '../../contract/roles.ts';
import { DEFAULT_SCORE_WEIGHTS } from '../../contract/score.ts';
import { PERMISSIONS, permissionOf, type Permission } from '../desk/access.ts';
import { issueToken } from '../auth/auth.ts';
import { memberToken } from '../testing/admin.ts';
import { linkOnce } from '../people/linker.ts';
import { mergePeople } from '../people/merge.ts';
import { newSessionCode } from '../sessions/store.ts';
import { createRelayKey } from '../relay/keys.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

/** Admin routes anyone may call: the way in (their own checks are tested elsewhere). */
const PUBLIC = new Set([
  'POST /api/admin/login',
  'POST /api/admin/forgot-password',
  'POST /api/admin/reset-password/:token',
  'POST /api/admin/invitations/accept',
  'GET /api/admin/invitations/:token',
]);

const WEBINAR_BODY = () => ({
  title: 'Matrix webinar',
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  joinUrl: 'https://meet.example.in/m',
});

interface Sample {
  path: string;
  body?: unknown;
  /** The body's type, when it is not JSON (an import's CSV). */
  type?: string;
}
interface Fixtures {
  /** A fresh lead the caller may see (linked to its person). */
  lead: () => Promise<string>;
  member: () => Promise<string>;
  template: () => Promise<string>;
  /** A view the caller owns. */
  view: () => Promise<string>;
  /** The person of a fresh lead the caller may see. */
  person: () => Promise<string>;
  /** A merge of two fresh leads' people, for the caller to undo. */
  merge: () => Promise<string>;
  /** A bulk change the caller made (of no lead), for them to undo. */
  bulkChange: () => Promise<string>;
  /** A call the caller started on a fresh lead of theirs, its outcome not yet known. */
  attempt: () => Promise<{ lead: string; activity: string }>;
  /** A fresh seat booking, and a fresh batch of the booking form. */
  booking: () => Promise<string>;
  /** A fresh seat booking with its receipt. */
  paidBooking: () => Promise<string>;
  batch: () => Promise<string>;
  /** A fresh webinar, a day ahead. */
  webinar: () => Promise<string>;
  /** A classroom session's code, made by the caller. */
  session: () => Promise<string>;
  /** A relay key's id. */
  relayKey: () => Promise<string>;
  /** An admin's rule, and a firing of one given up (a failed job). */
  rule: () => Promise<string>;
  failedJob: () => Promise<string>;
}

/** A browser's keys: a P-256 public point and a 16-byte secret. */
const PUSH_KEYS = {
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
  auth: Buffer.alloc(16, 1).toString('base64url'),
};
/** A rule the matrix can save and preview. */
const RULE = { name: 'Matrix rule', trigger: { event: 'lead.created' }, actions: [{ type: 'tag', tag: 'matrix' }] };

/** A request for each guarded route; `:id` of a lead route is a fresh lead the caller may see. */
const SAMPLES: Record<string, (f: Fixtures) => Promise<Sample>> = {
  'GET /api/admin/me': async () => ({ path: '/api/admin/me' }),
  'PATCH /api/admin/me': async () => ({ path: '/api/admin/me', body: { dayEmail: '08:30' } }),
  'POST /api/admin/logout': async () => ({ path: '/api/admin/logout' }),
  'GET /api/admin/mail': async () => ({ path: '/api/admin/mail' }),
  'GET /api/admin/events': async () => ({ path: '/api/admin/events' }),
  'GET /api/admin/overview': async () => ({ path: '/api/admin/overview' }),
  'GET /api/admin/reports/funnel': async () => ({ path: '/api/admin/reports/funnel?by=counsellor' }),
  'GET /api/admin/reports/revenue': async () => ({ path: '/api/admin/reports/revenue' }),
  'GET /api/admin/reports/spend': async () => ({ path: '/api/admin/reports/spend' }),
  'PUT /api/admin/reports/spend': async () => ({
    path: '/api/admin/reports/spend',
    body: { source: 'google', month: '2026-10', rupees: 1000 },
  }),
  'GET /api/admin/audit': async () => ({ path: '/api/admin/audit' }),
  'GET /api/admin/people': async () => ({ path: '/api/admin/people?email=someone@example.in' }),
  'GET /api/admin/export/:file': async () => ({ path: '/api/admin/export/contact.csv' }),
  'GET /api/admin/team': async () => ({ path: '/api/admin/team' }),
  'POST /api/admin/team': async () => ({
    path: '/api/admin/team',
    body: { email: `invitee-${crypto.randomUUID()}@example.in`, name: 'Invitee', role: 'counsellor' },
  }),
  'PATCH /api/admin/team/:id': async (f) => ({ path: `/api/admin/team/${await f.member()}`, body: { role: 'viewer' } }),
  'GET /api/admin/assignment': async () => ({ path: '/api/admin/assignment' }),
  'PUT /api/admin/assignment': async () => ({
    path: '/api/admin/assignment',
    body: { lists: { contact: { mode: 'manual', members: [] } } },
  }),
  'GET /api/admin/my-day': async () => ({ path: '/api/admin/my-day' }),
  'GET /api/admin/rules': async () => ({ path: '/api/admin/rules' }),
  'GET /api/admin/score/weights': async () => ({ path: '/api/admin/score/weights' }),
  'PUT /api/admin/score/weights': async () => ({ path: '/api/admin/score/weights', body: DEFAULT_SCORE_WEIGHTS }),
  'POST /api/admin/rules': async () => ({ path: '/api/admin/rules', body: RULE }),
  'POST /api/admin/rules/preview': async () => ({ path: '/api/admin/rules/preview', body: RULE }),
  'PATCH /api/admin/rules/:id': async (f) => ({ path: `/api/admin/rules/${await f.rule()}`, body: { enabled: false } }),
  'DELETE /api/admin/rules/:id': async (f) => ({ path: `/api/admin/rules/${await f.rule()}` }),
  'POST /api/admin/rules/failures/:job/retry': async (f) => ({ path: `/api/admin/rules/failures/${await f.failedJob()}/retry` }),
  'GET /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}` }),
  'PATCH /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}`, body: { note: 'Called' } }),
  'DELETE /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}` }),
  'POST /api/admin/leads/:list/:id/activities': async (f) => ({
    path: `/api/admin/leads/contact/${await f.lead()}/activities`,
    body: { type: 'call', outcome: 'no-answer' },
  }),
  'POST /api/admin/leads/:list/bulk': async (f) => ({
    path: '/api/admin/leads/contact/bulk',
    body: { ids: [await f.lead()], action: { type: 'status', status: 'contacted' } },
  }),
  'POST /api/admin/leads/:list/bulk/:id/undo': async (f) => ({ path: `/api/admin/leads/contact/bulk/${await f.bulkChange()}/undo` }),
  'POST /api/admin/leads/:list/erase': async (f) => ({ path: '/api/admin/leads/contact/erase', body: { ids: [await f.lead()] } }),
  'PATCH /api/admin/leads/:list/:id/activities/:activityId': async (f) => {
    const { lead, activity } = await f.attempt();
    return { path: `/api/admin/leads/contact/${lead}/activities/${activity}`, body: { outcome: 'connected' } };
  },
  'GET /api/admin/templates': async () => ({ path: '/api/admin/templates' }),
  'POST /api/admin/templates': async () => ({
    path: '/api/admin/templates',
    body: { name: 'Matrix', language: 'english', channel: 'whatsapp', body: 'Hi {name}' },
  }),
  'PATCH /api/admin/templates/:id': async (f) => ({ path: `/api/admin/templates/${await f.template()}`, body: { name: 'Renamed' } }),
  'DELETE /api/admin/templates/:id': async (f) => ({ path: `/api/admin/templates/${await f.template()}` }),
  'GET /api/admin/search': async () => ({ path: '/api/admin/search?q=matrix' }),
  'GET /api/admin/tags': async () => ({ path: '/api/admin/tags?list=contact' }),
  'GET /api/admin/views': async () => ({ path: '/api/admin/views' }),
  'POST /api/admin/views': async () => ({ path: '/api/admin/views', body: { name: 'Matrix view', list: 'contact', query: 'status=new' } }),
  'DELETE /api/admin/views/:id': async (f) => ({ path: `/api/admin/views/${await f.view()}` }),
  'GET /api/admin/people/:id': async (f) => ({ path: `/api/admin/people/${await f.person()}` }),
  'POST /api/admin/people/merge': async (f) => ({
    path: '/api/admin/people/merge',
    body: { into: { list: 'contact', _id: await f.lead() }, from: [{ list: 'contact', _id: await f.lead() }] },
  }),
  'POST /api/admin/people/merge/:id/undo': async (f) => ({ path: `/api/admin/people/merge/${await f.merge()}/undo` }),
  'POST /api/admin/import/:list': async () => ({
    path: '/api/admin/import/contact?fileName=matrix.csv',
    body: 'First name,Last name,Email,Phone,Message\nMatrix,Import,matrix.import@example.in,9876543210,Hello\n',
    type: 'text/csv',
  }),
  'POST /api/admin/sessions': async () => ({
    path: '/api/admin/sessions',
    body: { organisation: 'Matrix College', date: '2026-12-01', language: 'english' },
  }),
  'GET /api/admin/sessions': async () => ({ path: '/api/admin/sessions' }),
  'GET /api/admin/sessions/:code': async (f) => ({ path: `/api/admin/sessions/${await f.session()}` }),
  'GET /api/admin/sessions/:code/report': async (f) => ({ path: `/api/admin/sessions/${await f.session()}/report` }),
  'GET /api/admin/sessions/:code/report.pdf': async (f) => ({ path: `/api/admin/sessions/${await f.session()}/report.pdf` }),
  'POST /api/admin/relay-keys': async () => ({ path: '/api/admin/relay-keys', body: { name: 'Matrix laptop' } }),
  'GET /api/admin/relay': async () => ({ path: '/api/admin/relay' }),
  'GET /api/admin/relay-keys': async () => ({ path: '/api/admin/relay-keys' }),
  'DELETE /api/admin/relay-keys/:id': async (f) => ({ path: `/api/admin/relay-keys/${await f.relayKey()}` }),
  // Every list's read (the spec's GETs), from the registry: a new kind's list is in the matrix with no edit here.
  ...Object.fromEntries(
    LISTED_KINDS.map((k) => [`GET ${LEAD_KINDS[k].list.path}`, async (): Promise<Sample> => ({ path: LEAD_KINDS[k].list.path })]),
  ),
  // An unknown booking: the guard decides before the booking is looked for.
  'PATCH /api/admin/bookings/:id': async (f) => ({ path: `/api/admin/bookings/${await f.booking()}`, body: { paymentStatus: 'paid' } }),
  // A booking without a UTR: those who may confirm one get through to the 409.
  'POST /api/admin/bookings/:id/utr': async (f) => ({ path: `/api/admin/bookings/${await f.booking()}/utr` }),
  'GET /api/admin/bookings/:id/receipt.pdf': async (f) => ({ path: `/api/admin/bookings/${await f.paidBooking()}/receipt.pdf` }),
  'GET /api/admin/payments/events': async () => ({ path: '/api/admin/payments/events?outcome=needs-look' }),
  'GET /api/admin/batches': async () => ({ path: '/api/admin/batches' }),
  'POST /api/admin/batches': async () => ({ path: '/api/admin/batches', body: { label: 'Matrix batch', startsOn: '2026-12-05' } }),
  'DELETE /api/admin/batches/:id': async (f) => ({ path: `/api/admin/batches/${await f.batch()}` }),
  'GET /api/admin/notifications': async () => ({ path: '/api/admin/notifications' }),
  'POST /api/admin/notifications/read': async () => ({ path: '/api/admin/notifications/read', body: {} }),
  'GET /api/admin/push/key': async () => ({ path: '/api/admin/push/key' }),
  'POST /api/admin/push/subscriptions': async () => ({
    path: '/api/admin/push/subscriptions',
    body: { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys: PUSH_KEYS },
  }),
  'DELETE /api/admin/push/subscriptions': async () => ({
    path: '/api/admin/push/subscriptions',
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' },
  }),
  'GET /api/admin/webinars': async () => ({ path: '/api/admin/webinars' }),
  'POST /api/admin/webinars': async () => ({ path: '/api/admin/webinars', body: WEBINAR_BODY() }),
  'PATCH /api/admin/webinars/:id': async (f) => ({ path: `/api/admin/webinars/${await f.webinar()}`, body: WEBINAR_BODY() }),
  'POST /api/admin/webinars/:id/cancel': async (f) => ({ path: `/api/admin/webinars/${await f.webinar()}/cancel` }),
};

/** The spec's admin lists live under /api/v1 beside the public POSTs: named here from the registry. */
const LIST_READS = new Set(LISTED_KINDS.map((k) => `GET ${LEAD_KINDS[k].list.path}`));
const isAdminRoute = (key: string) => key.split(' ')[1]!.startsWith('/api/admin') || LIST_READS.has(key);

describe.each(testBackends())('the role matrix on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  const members = {} as Record<Role, { id: string; token: string }>;
  let deactivated: { id: string; email: string; name: string };
  let otherCounsellor: { id: string; token: string };
  let serial = 0;

  const submit = async (): Promise<string> => {
    serial += 1;
    const res = await postJson(app, LEAD_PATHS.contact, {
      firstName: 'Matrix',
      lastName: `Lead${serial}`,
      email: `matrix${serial}@example.in`,
      // Each its own person: no two share an email or a phone.
      phone: `98${String(serial).padStart(8, '0')}`,
      message: 'Role matrix',
    });
    expect(res.status).toBe(201);
    return (await res.json()).data._id;
  };
  const tokenOf = async (who: { id: string; email: string; name: string }) =>
    (await issueToken({ db: database.db, config: testConfig() }, who)).token;
  const request = (method: string, sample: Sample, token: string | null) =>
    Promise.resolve(
      app.request(sample.path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(sample.body === undefined ? {} : { 'Content-Type': sample.type ?? 'application/json' }),
        },
        ...(sample.body === undefined ? {} : { body: typeof sample.body === 'string' ? sample.body : JSON.stringify(sample.body) }),
      }),
    );
  const settle = async (res: Response) => {
    // A permitted stream (the live events) is open: leave it.
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  };

  /** Fixtures for one call: leads owned by `owner` (null: the pool), views of `viewer`. */
  const fixturesFor = (owner: string | null, viewerId: string | null): Fixtures => {
    const lead = async () => {
      const id = await submit();
      if (owner) await database.db.updateTable('contact_messages').set({ assignee_id: owner }).where('id', '=', id).execute();
      while ((await linkOnce(database.db)) > 0);
      return id;
    };
    const personOf = async (id: string) =>
      (
        await database.db
          .selectFrom('lead_people')
          .select('person_id')
          .where('list', '=', 'contact')
          .where('lead_id', '=', id)
          .executeTakeFirstOrThrow()
      ).person_id;
    const fixtures: Fixtures = {
      lead,
      member: async () => (await memberToken(database.db, `target-${crypto.randomUUID()}@matrix.example.in`, 'counsellor')).id,
      template: async () =>
        (
          await database.db
            .insertInto('message_templates')
            .values({ name: 'Matrix', language: 'english', channel: 'whatsapp', body: 'Hi {name}' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      view: async () =>
        (
          await database.db
            .insertInto('saved_views')
            .values({ owner_id: viewerId ?? members.admin.id, name: 'Matrix', list: 'contact', query: '' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      person: async () => personOf(await lead()),
      relayKey: async () => (await createRelayKey(database.db, 'Matrix laptop', members.admin.id)).relayKey.id,
      rule: async () =>
        (
          await database.db
            .insertInto('rules')
            .values({ name: 'Matrix rule', enabled: true, event: 'lead.created', conditions: '[]', actions: JSON.stringify(RULE.actions) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      failedJob: async () =>
        (
          await database.db
            .insertInto('jobs')
            .values({ kind: 'rule.run', payload: '{}', state: 'failed' as never, last_error: 'matrix' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      session: async () => {
        const code = newSessionCode();
        await database.db
          .insertInto('classroom_sessions')
          // The caller's own: a trainer sees the sessions they made.
          .values({ code, organisation: 'Matrix College', date: '2026-12-01', language: 'english', created_by: viewerId })
          .execute();
        return code;
      },
      attempt: async () => {
        const id = await lead();
        const row = await database.db
          .insertInto('lead_history')
          .values({ list: 'contact', lead_id: id, admin_id: viewerId, admin_label: 'matrix', action: 'activity', activity_type: 'call' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { lead: id, activity: String(row.id) };
      },
      booking: async () =>
        (
          await database.db
            .insertInto('bookings')
            .values({
              programme: 'Soft Skill For Students',
              package: 'Elevate',
              batch: 'Next available batch',
              name: 'Matrix Booker',
              email: 'matrix.booker@example.in',
              phone: '9876500001',
              reference: `SU-${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
              amount: 2499,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      paidBooking: async () => {
        const id = await fixtures.booking();
        const sequence = Math.floor(Math.random() * 1e9);
        await database.db
          .insertInto('receipts')
          .values({
            booking_id: id,
            number: `SS/2026-27/${sequence}`,
            financial_year: '2026-27',
            sequence,
            issued_at: new Date(),
            reference: 'SU-0000000000',
            programme: 'Soft Skill For Students',
            package: 'Elevate',
            amount_paise: 249900,
            payment_id: 'pay_Matrix000001',
            payment_method: 'card',
            paid_at: new Date(),
          })
          .execute();
        return id;
      },
      webinar: async () =>
        (
          await database.db
            .insertInto('webinars')
            .values({ title: 'Matrix', starts_at: new Date(Date.now() + 86_400_000), join_url: 'https://meet.example.in/matrix' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      batch: async () =>
        (
          await database.db
            .insertInto('booking_batches')
            .values({ label: 'Matrix', starts_on: '2026-12-05' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      bulkChange: async () =>
        (
          await database.db
            .insertInto('bulk_changes')
            .values({ list: 'contact', member_id: viewerId, action: JSON.stringify({ type: 'tag', tag: 'matrix' }), changed: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      merge: async () => {
        const [a, b] = [await lead(), await lead()];
        const adminMember = { id: members.admin.id, email: 'admin@matrix.example.in', name: 'admin', role: 'admin' as const };
        return (await mergePeople(database.db, { into: { list: 'contact', _id: a }, from: [{ list: 'contact', _id: b }] }, adminMember))
          .merges[0]!;
      },
    };
    return fixtures;
  };

  /** Every route of the app that the matrix covers, with its permission (undefined: none declared). */
  const guardedRoutes = () => {
    const byKey = new Map<string, Permission | undefined>();
    for (const route of app.routes) {
      if (route.method === 'ALL') continue;
      const key = `${route.method} ${route.path}`;
      const permission = permissionOf(route.handler);
      if (permission !== undefined) byKey.set(key, permission);
      else if (isAdminRoute(key) && !PUBLIC.has(key) && !byKey.has(key)) byKey.set(key, undefined);
    }
    return byKey;
  };

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
    for (const role of ROLES) members[role] = await memberToken(database.db, `${role}@matrix.example.in`, role);
    otherCounsellor = await memberToken(database.db, 'other@matrix.example.in', 'counsellor');
    const gone = await memberToken(database.db, 'gone@matrix.example.in', 'counsellor');
    await database.db.updateTable('admins').set({ active: false }).where('id', '=', gone.id).execute();
    deactivated = { id: gone.id, email: 'gone@matrix.example.in', name: 'gone' };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('finds a permission and a sample request for every admin route', () => {
    const routes = guardedRoutes();
    expect(routes.size).toBeGreaterThan(20);
    const unguarded = [...routes].filter(([, permission]) => permission === undefined).map(([key]) => key);
    expect(unguarded, 'admin routes without guard()').toEqual([]);
    const unsampled = [...routes.keys()].filter((key) => !(key in SAMPLES));
    expect(unsampled, 'routes without a sample request in this test').toEqual([]);
  });

  // The matrix once, on PGlite: a guard is code that reads the member's role, the same on
  // either database (about 90 s of a loaded run on each). The 404s of another counsellor's
  // leads below are the scope's SQL, and run on both.
  if (backend.name === 'pglite')
    it('lets each role do exactly what its permissions say, and no one without a live membership', async () => {
      const fixtures = (caller: Role | null) =>
        fixturesFor(caller === 'counsellor' ? members.counsellor.id : null, caller ? members[caller].id : null);
      const outcomes: string[] = [];
      for (const [key, permission] of guardedRoutes()) {
        const [method] = key.split(' ') as [string];
        const sampleOf = SAMPLES[key]!;
        expect(await settle(await request(method, await sampleOf(fixtures(null)), null)), `${key} without a token`).toBe(401);
        expect(await settle(await request(method, await sampleOf(fixtures(null)), await tokenOf(deactivated))), `${key} deactivated`).toBe(
          401,
        );
        for (const role of ROLES) {
          const me = members[role];
          // A fresh token each time: logout revokes the one it is called with.
          const token = await tokenOf({ id: me.id, email: `${role}@matrix.example.in`, name: role });
          const status = await settle(await request(method, await sampleOf(fixtures(role)), token));
          const allowed = PERMISSIONS[permission!].includes(role);
          outcomes.push(`${key} ${role} ${status}`);
          if (allowed) expect([401, 403, 404], `${key} as ${role}: ${status}`).not.toContain(status);
          else expect(status, `${key} as ${role}`).toBe(403);
        }
      }
      // The matrix ran: every route, four roles each.
      expect(outcomes.length).toBe(guardedRoutes().size * ROLES.length);
      // Some 60 routes, six calls each: about 30 s on a busy shared machine.
    }, 180_000);

  it("answers 404 to a counsellor asking for another counsellor's lead, in every endpoint that takes a lead", async () => {
    const theirs = async () => {
      const id = await submit();
      await database.db.updateTable('contact_messages').set({ assignee_id: otherCounsellor.id }).where('id', '=', id).execute();
      return id;
    };
    const f: Fixtures = { ...fixturesFor(otherCounsellor.id, null), lead: theirs };
    const leadRoutes = [...guardedRoutes()].filter(
      ([key, permission]) => key.includes('/leads/:list/:id') && PERMISSIONS[permission!].includes('counsellor'),
    );
    expect(leadRoutes.length).toBeGreaterThanOrEqual(3);
    for (const [key] of leadRoutes) {
      const [method] = key.split(' ') as [string];
      const status = await settle(await request(method, await SAMPLES[key]!(f), members.counsellor.token));
      expect(status, key).toBe(404);
    }
    // The bulk endpoints skip it, as if it were not there.
    const id = await theirs();
    const bulk = await request(
      'POST',
      { path: '/api/admin/leads/contact/bulk', body: { ids: [id], action: { type: 'status', status: 'contacted' } } },
      members.counsellor.token,
    );
    expect(await bulk.json()).toEqual({ id: null, changed: 0, unchanged: 0, skipped: 1 });
    const people = await request('GET', { path: `/api/admin/people?email=matrix${serial}@example.in` }, members.counsellor.token);
    expect((await people.json()).data).toEqual([]);
  });

  it("answers 404 to a counsellor's merge or undo that would move another counsellor's leads, and moves nothing", async () => {
    const linked = async () => {
      while ((await linkOnce(database.db)) > 0);
    };
    const personOf = async (id: string) =>
      (await database.db.selectFrom('lead_people').select('person_id').where('lead_id', '=', id).executeTakeFirstOrThrow()).person_id;
    const links = async () => database.db.selectFrom('lead_people').select(['lead_id', 'person_id']).orderBy('lead_id').execute();
    const historyOn = (ids: string[]) =>
      database.db
        .selectFrom('lead_history')
        .select('action')
        .where('lead_id', 'in', ids)
        .where('action', 'in', ['merge', 'unmerge'])
        .execute();
    // Another counsellor's leads, and a pool lead typed with the same email: one person.
    const theirs = [await submit(), await submit()];
    const email = `matrix${serial}@example.in`;
    await database.db.updateTable('contact_messages').set({ email }).where('id', 'in', theirs).execute();
    await database.db.updateTable('contact_messages').set({ assignee_id: otherCounsellor.id }).where('id', 'in', theirs).execute();
    const pool = await submit();
    await database.db.updateTable('contact_messages').set({ email }).where('id', '=', pool).execute();
    const own = await submit();
    await database.db.updateTable('contact_messages').set({ assignee_id: members.counsellor.id }).where('id', '=', own).execute();
    await linked();
    expect(await personOf(pool)).toBe(await personOf(theirs[0]!));
    const before = await links();

    const merge = await request(
      'POST',
      { path: '/api/admin/people/merge', body: { into: { list: 'contact', _id: own }, from: [{ list: 'contact', _id: pool }] } },
      members.counsellor.token,
    );
    expect(merge.status).toBe(404);
    expect(await links()).toEqual(before);
    expect(await historyOn([...theirs, pool, own])).toEqual([]);
    // An admin may; the counsellor cannot undo it, for it moved the other counsellor's leads too.
    const admin = await request(
      'POST',
      { path: '/api/admin/people/merge', body: { into: { list: 'contact', _id: own }, from: [{ list: 'contact', _id: pool }] } },
      members.admin.token,
    );
    expect(admin.status).toBe(200);
    const { merges } = (await admin.json()) as { merges: string[] };
    expect(await personOf(theirs[0]!)).toBe(await personOf(own));
    const merged = await links();
    const undo = await request('POST', { path: `/api/admin/people/merge/${merges[0]}/undo` }, members.counsellor.token);
    expect(undo.status).toBe(404);
    expect(await links()).toEqual(merged);
    expect((await historyOn(theirs)).map((h) => h.action)).toEqual(['merge', 'merge']);
    // Once those leads are the pool's, the merge is the counsellor's to undo.
    await database.db.updateTable('contact_messages').set({ assignee_id: null }).where('id', 'in', theirs).execute();
    expect((await request('POST', { path: `/api/admin/people/merge/${merges[0]}/undo` }, members.counsellor.token)).status).toBe(200);
    expect(await links()).toEqual(before);
  });
});
