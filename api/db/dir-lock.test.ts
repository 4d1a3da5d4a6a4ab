// The embedded database's directory lock: who holds it, and what is stale. The case that
// matters most is the container's: the server is PID 1 every time, so a lock left by a
// crash names our own pid, and must be taken over (it is another process, started earlier).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError, processStartTime } from './dir-lock.ts';

const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const dirs: string[] = [];
function lockFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dir-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite.lock');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const owner = (pid: number, startTime: string | undefined, boot = bootId) => JSON.stringify({ pid, bootId: boot, startTime });

describe.runIf(existsSync('/proc/self/stat'))('the data directory lock', () => {
  it('names its owner by pid, boot id and start time, and releases on close', () => {
    const file = lockFile();
    const lock = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: process.pid, bootId, startTime: processStartTime(process.pid) });
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a lock held by another running process', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const file = lockFile();
      writeFileSync(file, owner(child.pid!, processStartTime(child.pid!)));
      expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
      // An old lock holding only the live pid is refused too.
      writeFileSync(file, String(child.pid));
      expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses a second lock by this very process', () => {
    const file = lockFile();
    const lock = acquireDirLock(file);
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock naming our own pid with another start time: the PID 1 restart after a crash', () => {
    const file = lockFile();
    writeFileSync(file, owner(process.pid, '1'));
    const lock = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).startTime).toBe(processStartTime(process.pid));
    lock.release();
  });

  it('takes over a lock from another boot, a dead pid, or a pid now used by another process', () => {
    const file = lockFile();
    // A live process (the test runner's parent), but the lock is from before a reboot.
    writeFileSync(file, owner(process.ppid, processStartTime(process.ppid), 'another-boot'));
    acquireDirLock(file).release();
    // A pid that cannot exist.
    writeFileSync(file, owner(2147483646, '12345'));
    acquireDirLock(file).release();
    writeFileSync(file, '2147483646');
    acquireDirLock(file).release();
    // A live pid that started at another time: not the process that wrote the lock.
    writeFileSync(file, owner(process.ppid, '1'));
    acquireDirLock(file).release();
  });
});
