// The role matrix, generated from the app's own route table: every admin route (everything
// under /api/admin, and every route that carries a guard) must declare its permission with
// guard(), and is called as each role (admin, counsellor, viewer, trainer), as a deactivated
// member and with no token. A role the permission names gets through (not 401 or 403), any
// other is 403, a deactivated member and no token are 401; and a counsellor asking for
// another counsellor's lead by id is 404 in every endpoint that takes one. A new route
// without a rule, or without a sample request below, fails this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_KINDS, LEAD_PATHS, LISTED_KINDS } from '../../contract/lead-kinds.ts';
import { ROLES, type Role } from '../../contract/desk.ts';
import { PERMISSIONS, permissionOf, type Permission } from '../desk/access.ts';
import { issueToken } from '../lib/auth.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

/** Admin routes anyone may call: the way in (their own checks are tested elsewhere). */
const PUBLIC = new Set([
  'POST /api/admin/login',
  'POST /api/admin/forgot-password',
  'POST /api/admin/reset-password/:token',
  'POST /api/admin/invitations/accept',
]);

interface Sample {
  path: string;
  body?: unknown;
}
type Fixtures = { lead: () => Promise<string>; member: () => Promise<string> };

/** A request for each guarded route; `:id` of a lead route is a fresh lead the caller may see. */
const SAMPLES: Record<string, (f: Fixtures) => Promise<Sample>> = {
  'GET /api/admin/me': async () => ({ path: '/api/admin/me' }),
  'PATCH /api/admin/me': async () => ({ path: '/api/admin/me', body: { dayEmail: '08:30' } }),
  'POST /api/admin/logout': async () => ({ path: '/api/admin/logout' }),
  'GET /api/admin/mail': async () => ({ path: '/api/admin/mail' }),
  'GET /api/admin/events': async () => ({ path: '/api/admin/events' }),
  'GET /api/admin/overview': async () => ({ path: '/api/admin/overview' }),
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
  'GET /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}` }),
  'PATCH /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}`, body: { note: 'Called' } }),
  'DELETE /api/admin/leads/:list/:id': async (f) => ({ path: `/api/admin/leads/contact/${await f.lead()}` }),
  'POST /api/admin/leads/:list/:id/activities': async (f) => ({
    path: `/api/admin/leads/contact/${await f.lead()}/activities`,
    body: { type: 'call', outcome: 'no-answer' },
  }),
  'POST /api/admin/leads/:list/status': async (f) => ({
    path: '/api/admin/leads/contact/status',
    body: { ids: [await f.lead()], status: 'contacted' },
  }),
  'POST /api/admin/leads/:list/assign': async (f) => ({
    path: '/api/admin/leads/contact/assign',
    body: { ids: [await f.lead()], assignee: null },
  }),
  'POST /api/admin/leads/:list/erase': async (f) => ({ path: '/api/admin/leads/contact/erase', body: { ids: [await f.lead()] } }),
  'GET /api/v1/get-contact': async () => ({ path: '/api/v1/get-contact' }),
  'GET /api/v1/free/all': async () => ({ path: '/api/v1/free/all' }),
  'GET /api/v1/form/submissions': async () => ({ path: '/api/v1/form/submissions' }),
  'GET /api/v1/now/join-now': async () => ({ path: '/api/v1/now/join-now' }),
  'GET /api/v1/quiz/users': async () => ({ path: '/api/v1/quiz/users' }),
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
      phone: '9876543210',
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
          ...(sample.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(sample.body === undefined ? {} : { body: JSON.stringify(sample.body) }),
      }),
    );
  const settle = async (res: Response) => {
    // A permitted stream (the live events) is open: leave it.
    await res.body?.cancel().catch(() => undefined);
    return res.status;
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

  it('lets each role do exactly what its permissions say, and no one without a live membership', async () => {
    const fixtures = (caller: Role | null): Fixtures => ({
      // A lead the caller may see: for a counsellor, one assigned to them.
      lead: async () => {
        const id = await submit();
        if (caller === 'counsellor') {
          await database.db.updateTable('contact_messages').set({ assignee_id: members.counsellor.id }).where('id', '=', id).execute();
        }
        return id;
      },
      member: async () => (await memberToken(database.db, `target-${crypto.randomUUID()}@matrix.example.in`, 'counsellor')).id,
    });
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
  });

  it("answers 404 to a counsellor asking for another counsellor's lead, in every endpoint that takes a lead", async () => {
    const theirs = async () => {
      const id = await submit();
      await database.db.updateTable('contact_messages').set({ assignee_id: otherCounsellor.id }).where('id', '=', id).execute();
      return id;
    };
    const f: Fixtures = { lead: theirs, member: async () => '' };
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
      { path: '/api/admin/leads/contact/status', body: { ids: [id], status: 'contacted' } },
      members.counsellor.token,
    );
    expect(await bulk.json()).toEqual({ updated: [] });
    const people = await request('GET', { path: `/api/admin/people?email=matrix${serial}@example.in` }, members.counsellor.token);
    expect((await people.json()).data).toEqual([]);
  });
});
