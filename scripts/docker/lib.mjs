// What `npm run test:docker` and `npm run test:compose` share: the docker CLI, checks that
// count failures, waiting for a condition, a free port, starting dockerd, and the images
// that cannot be pulled here made locally (scripts/docker/make-*-image.sh).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const DOCKER = process.env.DOCKER ?? '/usr/bin/docker';

export function docker(args, { allowFail = false, input } = {}) {
  const r = spawnSync(DOCKER, args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0 && !allowFail) throw new Error(`docker ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r;
}

let failures = 0;
export const failed = () => failures;
export function fail() {
  failures++;
}
export function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures++;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` until it returns something truthy (errors count as not yet). */
export async function until(what, fn, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function ensureDockerd() {
  if (!existsSync(DOCKER)) throw new Error(`${DOCKER} is missing: apt-get install -y docker.io`);
  if (docker(['info'], { allowFail: true }).status === 0) return;
  console.log('> starting dockerd');
  const log = openSync('/tmp/softskills-dockerd.log', 'a');
  spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] }).unref();
  await until('dockerd', async () => docker(['info'], { allowFail: true }).status === 0, 60_000);
}

function ensureDebootstrap() {
  if (existsSync('/usr/sbin/debootstrap')) return;
  const r = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('debootstrap is missing and could not be installed');
}

/**
 * `official` when it is here or can be pulled; else `local`, made by `make` (a script in
 * scripts/docker/ and its arguments before the tag) unless it was made before.
 */
export function imageOr(official, local, make) {
  if (docker(['image', 'inspect', official], { allowFail: true }).status === 0) return official;
  const pulled = spawnSync('timeout', ['60', DOCKER, 'pull', official], { encoding: 'utf8' });
  if (pulled.status === 0) return official;
  console.log(`> ${official} cannot be pulled (no registry reachable): using ${local}, made here`);
  if (docker(['image', 'inspect', local], { allowFail: true }).status === 0) return local;
  ensureDebootstrap();
  const [script, ...args] = make;
  const made = spawnSync('bash', [`${root}scripts/docker/${script}`, ...args, local], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error(`making ${local} failed`);
  return local;
}

/** The Dockerfile's Node base. */
export const nodeBaseImage = () =>
  imageOr(process.env.NODE_IMAGE ?? 'node:20-bookworm-slim', 'softskills/node-base:20', ['make-base-image.sh']);
