// The Docker scripts' waits (lib.mjs): each has a deadline that says what it waited for, and
// the teardown runs however the script ends, including Node's silent exit 13 (a top-level
// await nothing settles, which skips every `finally`) and a SIGTERM. Run as child processes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchWithin, within } from './lib.mjs';

const LIB = new URL('./lib.mjs', import.meta.url).href;
const dir = mkdtempSync(path.join(tmpdir(), 'docker-lib-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs an ES module; resolves with its exit code and stderr. `onStdout` sees each chunk of its output. */
function runModule(code: string, onStdout?: (text: string, child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdout.on('data', (d) => onStdout?.(String(d), child));
  return new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

describe('the Docker scripts’ waits', () => {
  it('a wait nobody settles gives up at its deadline and names what it waited for', async () => {
    await expect(within('the event stream to open', new Promise(() => {}), 200)).rejects.toThrow(
      /gave up after .* waiting for the event stream to open/,
    );
  });

  it('a fetch whose server never answers is aborted at its deadline', async () => {
    const sockets: import('node:net').Socket[] = [];
    const server: Server = createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    try {
      await expect(fetchWithin(`http://127.0.0.1:${port}/api/health`, {}, 300)).rejects.toThrow(/timeout|aborted/i);
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });

  it('tears down on an exit nobody chose (an unsettled top-level await, exit 13)', async () => {
    const marker = path.join(dir, 'down-13');
    const { code, stderr } = await runModule(
      `import { writeFileSync } from 'node:fs';
       import { teardownOnEveryExit } from '${LIB}';
       teardownOnEveryExit('t', () => writeFileSync('${marker}', 'down'));
       await new Promise(() => {});`,
    );
    expect(code).toBe(13);
    expect(stderr).toContain('t: ended before its teardown');
    expect(existsSync(marker)).toBe(true);
  });

  it('tears down on SIGTERM and says what it was waiting for', async () => {
    const marker = path.join(dir, 'down-term');
    const { code, stderr } = await runModule(
      `import { writeFileSync } from 'node:fs';
       import { teardownOnEveryExit, within } from '${LIB}';
       teardownOnEveryExit('t', () => writeFileSync('${marker}', 'down'));
       console.log('waiting');
       await within('both replicas behind HAProxy', new Promise(() => {}), 60_000);`,
      (text, child) => text.includes('waiting') && child.kill('SIGTERM'),
    );
    expect(code).toBe(143);
    expect(stderr).toContain('t: SIGTERM while waiting for both replicas behind HAProxy');
    expect(existsSync(marker)).toBe(true);
  });
});
