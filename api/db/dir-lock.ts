// An exclusive lock file for the embedded database directory. The file holds the owner's
// pid; a lock left by a process that no longer exists is taken over, one held by a
// live process is refused with a message that says what to do.
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(lockFile: string): DirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
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
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(lockFile, pid);
      }
      if (pid === process.pid) throw new DataDirLockedError(lockFile, pid);
      // Stale: its owner is gone. Remove it and try once more.
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
