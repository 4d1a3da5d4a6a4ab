// The embedded database after a crash of a server that runs as PID 1, as it does in a
// container: started in a PID namespace of its own, killed with SIGKILL, started again in
// a new namespace on the same data directory. It must come back with its data (the lock
// left behind names pid 1, which is the new process's pid too).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS, ADMIN_PATHS } from '../contract/admin.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { assertBuilt, ROOT, SERVER_ENTRY } from './support/server.ts';

const canUnshare = process.getuid?.() === 0 && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
const ADMIN = { email: 'pid1@example.in', password: 'pid one password' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

interface Pid1Server {
  url: string;
  unshare: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The built server as PID 1 of a new PID namespace (with its own /proc). */
async function startAsPid1(dataDir: string): Promise<Pid1Server> {
  const port = await freePort();
  const unshare = spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  unshare.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  unshare.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => unshare.once('close', (code) => resolve(code)));
  await expect.poll(() => text, { timeout: 60_000, interval: 50 }).toMatch(/listening on http:\/\/|failed to start/);
  expect(text, text).toMatch(/listening on http:\/\//);
  return { url: `http://127.0.0.1:${port}`, unshare, output: () => text, exited };
}

/** The server itself: the child `unshare` forked, PID 1 inside its namespace. */
function serverPid(unshare: ChildProcess): number {
  const children = readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  expect(children).toHaveLength(1);
  return children[0]!;
}

describe.runIf(canUnshare)('a PID 1 server on the embedded database (root, unshare available)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pid1-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts again with its data after kill -9', { timeout: 180_000 }, async () => {
    assertBuilt();
    const first = await startAsPid1(dataDir);
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(1);
    const message = {
      firstName: 'Before',
      lastName: 'Crash',
      email: 'pid1-lead@example.in',
      phone: '9876543210',
      message: 'Still here after kill -9?',
    };
    const posted = await fetch(`${first.url}${LEAD_PATHS.contact}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(posted.status).toBe(201);

    // A crash: no clean-up runs, the lock file stays behind naming pid 1.
    process.kill(serverPid(first.unshare), 'SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(1);

    const second = await startAsPid1(dataDir);
    try {
      const login = await fetch(`${second.url}${ADMIN_PATHS.login}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const list = await fetch(`${second.url}${ADMIN_LIST_PATHS.contacts}`, { headers: { Authorization: `Bearer ${token}` } });
      const { contacts } = (await list.json()) as { contacts: Array<{ message: string }> };
      expect(contacts.map((c) => c.message)).toContain(message.message);
    } finally {
      process.kill(serverPid(second.unshare), 'SIGTERM');
      await second.exited;
    }
    expect(second.output()).toContain('stopped');
    // A clean stop releases the lock.
    expect(existsSync(lockFile)).toBe(false);
  });
});
