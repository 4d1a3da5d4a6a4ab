// An import's memory, measured on the real server process (dist/server): several 5 MB CSV
// files sent at once, checked and then committed, must raise its peak resident memory by
// under 50 MB (the kernel's high-water mark, VmHWM, reset before the files are sent), so
// however many arrive, the server reads them one after another, each as a stream. On PGlite,
// and on Postgres when TEST_DATABASE_URL is set.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_PATHS } from '../contract/workspace.ts';
import { adminEnv, apiLogin, TEST_ADMIN } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

const MB = 1024 * 1024;
const FILES = 4;
const LIMIT_MB = 50;

/** A number as letters (names take no digits): 0 → a, 27 → bb. */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

/**
 * A contact-message sheet of about 5 MB: some 1,100 rows with long messages (a sheet of
 * 10,000 short rows costs the same bytes, and ten times the database's time), some with
 * quoted commas and line breaks.
 */
function sheet(tag: string): Buffer {
  const lines = ['\uFEFFFirst Name,Last Name,Email,Phone,Message'];
  const message = 'Wants the weekend batch; asked about fees, placement help and the certificate. '.repeat(60);
  for (let size = 0, i = 0; size < 5 * MB - 12_000; i++) {
    const text = i % 10 === 0 ? `"${message}, ""quoted""\nsecond line"` : message.slice(0, 4_700);
    const line = `Fair ${tag},Row ${letters(i)},row${i}.${tag}@example.in,98${String(i).padStart(8, '0')},${text}`;
    size += line.length + 2;
    lines.push(line);
  }
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n`);
  expect(bytes.byteLength).toBeGreaterThan(4.5 * MB);
  expect(bytes.byteLength).toBeLessThanOrEqual(5 * MB);
  return bytes;
}

/** The server's resident memory now and its peak since the last reset, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets the process's peak resident memory to its current one (Linux: "5" to clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

describe('import memory', () => {
  let server: RunningServer;
  let token: string;
  const files = Array.from({ length: FILES }, (_, i) => sheet(`Mem${letters(i)}`));
  const send = async (file: Buffer, name: string, commit: boolean) => {
    const query = new URLSearchParams({ fileName: name, consentBasis: 'Paper forms at the Pune career fair, consent box ticked' });
    if (commit) query.set('commit', '1');
    const res = await fetch(`${server.url}${WORKSPACE_PATHS.import}/contact?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: new Uint8Array(file),
    });
    const body = (await res.json()) as { total?: number; stored?: number; message?: string };
    expect(res.status, body.message).toBe(commit ? 201 : 200);
    return body;
  };

  beforeAll(async () => {
    server = await startServer({ env: adminEnv() });
    token = await apiLogin(server, TEST_ADMIN);
    // Warm: the code paths loaded and compiled, the database's caches filled once.
    const warm = sheet('Warm');
    await send(warm, 'warm.csv', false);
    await send(warm, 'warm.csv', true);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it(`grows the server by under ${LIMIT_MB} MB for ${FILES} files of 5 MB sent at once, checked then imported`, async () => {
    const pid = server.process.pid!;
    resetPeak(pid);
    const before = memoryOf(pid);
    const checked = await Promise.all(files.map((f, i) => send(f, `fair-${i}.csv`, false)));
    const imported = await Promise.all(files.map((f, i) => send(f, `fair-${i}.csv`, true)));
    const after = memoryOf(pid);
    const growth = after.peak - before.rss;
    console.log(`import memory: rss before ${before.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB, growth ${growth.toFixed(0)} MB`);
    expect(checked.every((c) => c.total === checked[0]!.total && c.total! > 1_000)).toBe(true);
    expect(imported.map((r) => r.stored)).toEqual(checked.map((c) => c.total));
    expect(growth).toBeLessThan(LIMIT_MB);
  }, 600_000);
});
