// The process's open-file limit (Linux: /proc/self/limits), so a connection ceiling that
// would leave the database and SMTP without files is said at start, not found in a flood.
import { readFileSync } from 'node:fs';

/** Files kept for everything but client connections: database pool, SMTP, logs, the PWA's static files. */
export const FILES_KEPT = 256;

/** The soft limit on open files from /proc/self/limits' text; undefined when unknown or unlimited. */
export function parseOpenFileLimit(limits: string): number | undefined {
  const m = /^Max open files\s+(\S+)/m.exec(limits);
  const value = m ? Number(m[1]) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

export function openFileLimit(): number | undefined {
  try {
    return parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return undefined;
  }
}

/** A warning when this many connections leave fewer than FILES_KEPT of the limit; undefined when fine. */
export function connectionCeilingWarning(connections: number, limit: number | undefined): string | undefined {
  if (limit === undefined || connections <= 0 || connections + FILES_KEPT <= limit) return undefined;
  return `MAX_CONNECTIONS (${connections} with headroom) leaves fewer than ${FILES_KEPT} of the process's ${limit} open files for the database and SMTP: lower it, or raise the limit (ulimit -n)`;
}
