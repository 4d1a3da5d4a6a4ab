// How soon a member's live stream (GET /api/admin/events) ends on another instance when their
// session does: within a second of a logout, a deactivation or a password change. Timed, so
// run in the latency phase, alone (vitest.config.ts); what the stream says is in
// ./desk.test.ts. On PGlite and, with TEST_DATABASE_URL, on Postgres (the instances hear each
// other through the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { CONSOLE_PATHS } from '../../contract/console.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { setAdminPassword } from '../auth/admins.ts';
import { memberToken, TEST_MEMBER_PASSWORD } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { sseReader } from '../testing/sse.ts';

describe.each(testBackends())('live events on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  // A second instance on the same database: its streams hear what happens on the first.
  let other: ReturnType<typeof testApp>['app'];
  // Tuesday 24 November 2026, 10:00 IST.
  const clock = fakeClock(new Date('2026-11-24T10:00:00+05:30').getTime());
  let admin: { id: string; token: string };
  let a: { id: string; token: string };

  const call = (method: string, path: string, bearer: string, body?: unknown) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const login = async () => (await postJson(app, ADMIN_PATHS.login, { email: 'live-a@example.in', password: TEST_MEMBER_PASSWORD })).json();
  const open = async (token: string) => {
    const res = await Promise.resolve(other.request(CONSOLE_PATHS.events, { headers: { Authorization: `Bearer ${token}` } }));
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect((await stream.next())?.event).toBe('ready');
    return stream;
  };

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database, { publicUrl: 'https://skillup.example.in' }, { clock: clock.fn }).app;
    other = testApp(database, { publicUrl: 'https://skillup.example.in' }, { clock: clock.fn }).app;
    admin = await memberToken(database.db, 'owner@example.in', 'admin', clock.fn);
    a = await memberToken(database.db, 'live-a@example.in', 'counsellor', clock.fn);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('end within a second of a logout, a deactivation or a password change on another instance', async () => {
    const timeEnd = async (token: string, act: () => Promise<unknown>) => {
      const stream = await open(token);
      const started = Date.now();
      await act();
      let event: { event: string } | undefined;
      do event = await stream.next(2_000);
      while (event && event.event !== 'session-ended');
      expect(event?.event).toBe('session-ended');
      return Date.now() - started;
    };
    const session = await login();
    expect(await timeEnd(session.token, () => call('POST', ADMIN_PATHS.logout, session.token))).toBeLessThan(1_000);
    const second = await login();
    expect(await timeEnd(second.token, () => call('PATCH', `${DESK_PATHS.team}/${a.id}`, admin.token, { active: false }))).toBeLessThan(
      1_000,
    );
    await call('PATCH', `${DESK_PATHS.team}/${a.id}`, admin.token, { active: true });
    const third = await login();
    expect(
      await timeEnd(third.token, () => setAdminPassword(database.db, 'live-a@example.in', 'a brand new password', clock.fn())),
    ).toBeLessThan(1_000);
  });
});
