// An exclusive lock file for the embedded database directory. The file names its owner by
// pid, the kernel's boot id and the process's start time; a lock is held only while a
// process with that pid, started at that time, runs on this boot. Anything else is stale
// and taken over. The pid alone is not enough: in a container the server is PID 1 every
// time, so after a crash (kill -9, OOM) the lock left behind named our own pid and was
// refused for ever; and after a reboot or a while, another process may have the old pid.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export interface DirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is already in use by another process (pid ${pid}, lock ${lockFile}). ` +
        'Stop that process, or give this one its own DATA_DIR, or set DATABASE_URL to use Postgres.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Owner {
  pid: number;
  /** /proc/sys/kernel/random/boot_id; undefined where there is no /proc. */
  bootId?: string | undefined;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); undefined where there is no /proc. */
  startTime?: string | undefined;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = (): string | undefined => readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();

/** When the process with this pid started, or undefined if there is none (or no /proc). */
export function processStartTime(pid: number): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count the fields
  // after its last ')'. starttime is field 22, the 20th after comm.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): Owner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value === 'object' && value !== null && Number.isInteger(value.pid)) return value as Owner;
  } catch {
    // A lock written by an older version: just the pid.
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
}

/** Whether the recorded owner is a running process, this one included. */
function holds(owner: Owner): boolean {
  const here = bootId();
  if (owner.bootId !== undefined && here !== undefined) {
    if (owner.bootId !== here) return false;
    const started = processStartTime(owner.pid);
    // With /proc, the start time tells the owner from a later process with its pid.
    if (owner.startTime !== undefined && started !== undefined) return started === owner.startTime;
    if (started === undefined) return false;
  }
  // No /proc, or an old pid-only lock: only the pid to go on.
  return isAlive(owner.pid);
}

export function acquireDirLock(lockFile: string): DirLock {
  const me: Owner = { pid: process.pid, bootId: bootId(), startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockFile);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const text = readOrUndefined(lockFile) ?? '';
      const owner = parseOwner(text);
      // Held by a live process, this one included (two opens in one process must not share
      // a directory either).
      if (owner && holds(owner)) throw new DataDirLockedError(lockFile, owner.pid);
      // Stale: its owner is gone. Remove it, unless another process has just replaced it,
      // and race for it once more (the exclusive create lets only one of two racers win).
      if (readOrUndefined(lockFile) === text) {
        try {
          unlinkSync(lockFile);
        } catch {
          // Someone else removed it first.
        }
      }
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
