// Admins from the shell (`npm run admin`) and at start-up (ADMIN_EMAIL/ADMIN_PASSWORD,
// or a first admin@localhost in development). Runs on PGlite and, when
// TEST_DATABASE_URL is set, on real Postgres.
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, ensureAdmins } from '../auth/admins.ts';
import { authenticate, issueToken } from '../auth/auth.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { testConfig } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { runAdminCommand, type CliIo } from './admin.ts';

function io(input: string) {
  const out: string[] = [];
  const err: string[] = [];
  const sink = (into: string[]) =>
    new Writable({
      write(chunk, _enc, done) {
        into.push(String(chunk));
        done();
      },
    });
  const value: CliIo = { stdin: Readable.from([input]), stdout: sink(out), stderr: sink(err) };
  return { io: value, out: () => out.join(''), err: () => err.join('') };
}

describe.each(testBackends())('admins on $name', (backend) => {
  let database: TestDatabase;
  const hashOf = async (email: string) =>
    (await database.db.selectFrom('admins').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash ??
    '';

  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('at start-up', () => {
    it('in production with no admin configured, creates none and says how', async () => {
      const logs: string[] = [];
      const printed: string[] = [];
      await ensureAdmins(
        database.db,
        { adminEmail: undefined, adminPassword: undefined, production: true },
        (l) => logs.push(l),
        (l) => printed.push(l),
      );
      expect(await database.db.selectFrom('admins').select('id').execute()).toEqual([]);
      expect(printed).toEqual([]);
      expect(logs.join('\n')).toMatch(/ADMIN_EMAIL.*npm run admin/);
    });

    it('in development with no admin, creates admin@localhost with a random password printed once', async () => {
      const printed: string[] = [];
      const config = { adminEmail: undefined, adminPassword: undefined, production: false };
      await ensureAdmins(
        database.db,
        config,
        () => {},
        (l) => printed.push(l),
      );
      expect(printed).toHaveLength(1);
      const password = /password: (\S+)/.exec(printed[0]!)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(await verifyPassword(password!, await hashOf(DEFAULT_ADMIN_EMAIL))).toBe(true);
      await ensureAdmins(
        database.db,
        config,
        () => {},
        (l) => printed.push(l),
      );
      expect(printed).toHaveLength(1);
    });

    it('ADMIN_EMAIL and ADMIN_PASSWORD create that admin, and later update its password only when it changed', async () => {
      const config = { adminEmail: 'boss@example.in', adminPassword: 'configured one', production: true };
      await ensureAdmins(database.db, config, () => {});
      const first = await hashOf('boss@example.in');
      const admin = await database.db
        .selectFrom('admins')
        .select(['id', 'email', 'name'])
        .where('email', '=', 'boss@example.in')
        .executeTakeFirstOrThrow();
      const deps = { db: database.db, config: testConfig() };
      const { token } = await issueToken(deps, admin);

      // A restart with the same password keeps the hash and the sessions.
      await ensureAdmins(database.db, config, () => {});
      expect(await hashOf('boss@example.in')).toBe(first);
      expect(await authenticate(deps, `Bearer ${token}`)).not.toBeNull();

      const logs: string[] = [];
      await ensureAdmins(database.db, { ...config, adminPassword: 'configured two' }, (l) => logs.push(l));
      expect(await verifyPassword('configured two', await hashOf('boss@example.in'))).toBe(true);
      expect(logs.join('\n')).toMatch(/password updated/);
      expect(logs.join('\n')).not.toContain('configured two');
      expect(await authenticate(deps, `Bearer ${token}`)).toBeNull();
    });
  });

  describe('npm run admin', () => {
    it('create reads the password from stdin and refuses a duplicate or a short password', async () => {
      const short = io('short\n');
      expect(await runAdminCommand(database.db, ['create', 'cli@example.in'], short.io)).toBe(1);
      expect(short.err()).toContain('Password must be at least 8 characters');

      const ok = io('from the pipe\nignored second line\n');
      expect(await runAdminCommand(database.db, ['create', 'CLI@example.in', '--name', 'Shell Admin'], ok.io)).toBe(0);
      expect(ok.out()).toContain('Admin cli@example.in created');
      const row = await database.db.selectFrom('admins').selectAll().where('email', '=', 'cli@example.in').executeTakeFirstOrThrow();
      expect(row.name).toBe('Shell Admin');
      expect(row.role).toBe('admin');
      expect(await verifyPassword('from the pipe', row.password_hash ?? '')).toBe(true);

      const again = io('from the pipe\n');
      expect(await runAdminCommand(database.db, ['create', 'cli@example.in'], again.io)).toBe(1);
      expect(again.err()).toContain('already an admin');
    });

    it('set-password changes the password and ends every session of that admin', async () => {
      const admin = await database.db
        .selectFrom('admins')
        .select(['id', 'email', 'name'])
        .where('email', '=', 'cli@example.in')
        .executeTakeFirstOrThrow();
      const deps = { db: database.db, config: testConfig() };
      const { token } = await issueToken(deps, admin);
      expect(await authenticate(deps, `Bearer ${token}`)).not.toBeNull();

      const run = io('changed from the shell\n');
      expect(await runAdminCommand(database.db, ['set-password', 'cli@example.in'], run.io)).toBe(0);
      expect(await verifyPassword('changed from the shell', await hashOf('cli@example.in'))).toBe(true);
      expect(await authenticate(deps, `Bearer ${token}`)).toBeNull();

      const missing = io('whatever it is\n');
      expect(await runAdminCommand(database.db, ['set-password', 'ghost@example.in'], missing.io)).toBe(1);
      expect(missing.err()).toContain('not an admin');
    });

    it('lists admins and explains its usage', async () => {
      const list = io('');
      expect(await runAdminCommand(database.db, ['list'], list.io)).toBe(0);
      expect(list.out()).toContain('cli@example.in\tShell Admin');
      expect(list.out()).not.toMatch(/scrypt/);
      const bad = io('');
      expect(await runAdminCommand(database.db, ['create'], bad.io)).toBe(2);
      expect(await runAdminCommand(database.db, ['drop-table'], bad.io)).toBe(2);
      expect(bad.err()).toContain('Usage');
    });
  });
});
