// An import's memory, measured on the real built server process (dist/server, started as in
// production: no V8 flags): a 5 MB CSV checked then imported, then three other 5 MB files
// sent at once (each checked, then imported), must raise the process's peak resident memory
// over its figure before the first file by under 50 MB in all. The peak is the kernel's
// high-water mark (VmHWM, reset through clear_refs before the first file), so a moment's
// peak between two samples is not missed, and it does not depend on when the garbage
// collector happened to run. Every row is stored exactly once. PGlite keeps its database in
// a directory here (DATA_DIR), as a deployment does: with `memory://` the stored rows
// themselves would be resident memory. On Postgres when TEST_DATABASE_URL is set.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../contract/admin.ts';
import { LEAD_KINDS } from '../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../contract/workspace.ts';
import type { ImportResponse } from '../contract/lead-import.ts';
import { adminEnv, apiLogin, TEST_ADMIN } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

const MB = 1024 * 1024;
const LIMIT_MB = 50;
const ROWS = 2_000;

/** A number as letters (names take no digits): 0 → a, 27 → bb. */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

/**
 * A contact-message sheet of just under 5 MB: 2,000 rows, each message about 2,400
 * characters (a sheet of 10,000 short rows is as many bytes, and five times the database's
 * time), every tenth quoted with a comma, a "" and a line break, and some non-ASCII names
 * (two bytes a character in UTF-8).
 */
function sheet(tag: string, rows = ROWS): Buffer {
  const lines = ['\uFEFFFirst Name,Last Name,Email,Phone,Message'];
  const words = 'Wants the weekend batch; asked about fees, placement help and the certificate. ';
  for (let i = 0; i < rows; i++) {
    const message = `${words.repeat(29)}Prefers a call after 5 pm. Row ${letters(i)} of ${tag}.`;
    const text = i % 10 === 0 ? `"${message}, ""quoted""\nsecond line"` : message;
    const first = i % 7 === 0 ? 'Anjalī' : 'Fair';
    lines.push(`${first} ${tag},Row ${letters(i)},row${i}.${tag.toLowerCase()}@example.in,9${String(i).padStart(9, '0')},${text}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The server's resident memory now and its peak since the last reset, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Sets the process's peak resident memory to its current one (Linux: "5" to clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

describe('import memory', () => {
  let server: RunningServer;
  let token: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'import-memory-'));
  const consentBasis = 'Paper forms at the Pune career fair, 12 Nov, consent box ticked';

  const send = async (file: Buffer, name: string, commit: boolean): Promise<ImportResponse> => {
    const query = new URLSearchParams({ fileName: name, consentBasis, ...(commit ? { commit: '1' } : {}) });
    const res = await fetch(`${server.url}${WORKSPACE_PATHS.import}/contact?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: new Uint8Array(file),
    }).catch((err: unknown) => {
      throw new Error(`${name}: ${String(err)}; the server said:\n${server.output().slice(-3_000)}`);
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(commit ? 201 : 200);
    return JSON.parse(text) as ImportResponse;
  };
  /** Checked, then imported, as the console does; the import's answer. */
  const checkThenImport = async (file: Buffer, name: string): Promise<ImportResponse> => {
    const checked = await send(file, name, false);
    expect(checked).toMatchObject({ total: ROWS, valid: ROWS, invalid: 0, alreadyStored: 0 });
    return send(file, name, true);
  };
  /** How many contact messages hold this tag (the list's total). */
  const storedWith = async (tag: string): Promise<number> => {
    const res = await fetch(`${server.url}${LEAD_KINDS.contact.list.path}?q=${tag.toLowerCase()}%40example.in&limit=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return Number(res.headers.get(TOTAL_COUNT_HEADER));
  };

  beforeAll(async () => {
    // A long REQUEST_TIMEOUT_SECONDS: on a machine this busy a 5 MB upload may take longer
    // than the default 30 s to arrive, and this test measures memory, not upload time.
    server = await startServer({ env: { ...adminEnv(), DATA_DIR: dataDir, REQUEST_TIMEOUT_SECONDS: '300' } });
    token = await apiLogin(server, TEST_ADMIN);
    // Warm-up with a small file: the code loaded and compiled, the tables' first pages made.
    // The heap is not grown by it (a 5 MB warm-up would hide the first file's growth).
    const warm = sheet('Warm', 200);
    await send(warm, 'warm.csv', false);
    expect((await send(warm, 'warm.csv', true)).stored).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`grows the server by under ${LIMIT_MB} MB for a 5 MB file, then three at once, each row stored once`, async () => {
    const pid = server.process.pid!;
    const one = sheet('One');
    const three = ['Ta', 'Tb', 'Tc'].map((tag) => sheet(tag));
    for (const file of [one, ...three]) expect(file.byteLength).toBeGreaterThan(4.5 * MB);
    for (const file of [one, ...three]) expect(file.byteLength).toBeLessThanOrEqual(5 * MB);
    resetPeak(pid);
    const before = memoryOf(pid);

    const first = await checkThenImport(one, 'one.csv');
    const afterOne = memoryOf(pid);
    console.log(`import memory: rss before ${before.rss.toFixed(1)} MB; peak after one file ${afterOne.peak.toFixed(1)} MB`);
    const imported = await Promise.all(three.map((file, i) => checkThenImport(file, `three-${i}.csv`)));
    const after = memoryOf(pid);

    const growth = { one: afterOne.peak - before.rss, all: after.peak - before.rss };
    console.log(
      `import memory: rss before ${before.rss.toFixed(1)} MB; peak after one file ${afterOne.peak.toFixed(1)} MB (+${growth.one.toFixed(1)}), ` +
        `after three at once ${after.peak.toFixed(1)} MB (+${growth.all.toFixed(1)}); rss now ${after.rss.toFixed(1)} MB`,
    );
    expect([first, ...imported].map((r) => r.stored)).toEqual(Array(4).fill(ROWS));
    for (const tag of ['One', 'Ta', 'Tb', 'Tc']) expect(await storedWith(tag), tag).toBe(ROWS);
    expect(growth.one).toBeLessThan(LIMIT_MB);
    expect(growth.all).toBeLessThan(LIMIT_MB);
  }, 600_000);
});
