// What `npm run test:docker` and `npm run test:compose` share: the docker CLI, checks that
// count failures, waiting for a condition, a free port, starting dockerd, and the images
// that cannot be pulled here made locally (scripts/docker/make-*-image.sh).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const DOCKER = process.env.DOCKER ?? '/usr/bin/docker';

/** A docker command, killed past `timeoutMs` (a hung engine is an error, not a wait for ever). */
export function docker(args, { allowFail = false, input, timeoutMs = 5 * 60_000 } = {}) {
  const r = spawnSync(DOCKER, args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' });
  const outcome = r.error?.code === 'ETIMEDOUT' ? `gave up after ${timeoutMs / 1000} s` : `failed (${r.status})`;
  if (r.status !== 0 && !allowFail) throw new Error(`docker ${args.join(' ')} ${outcome}: ${r.stderr || r.stdout}`);
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

/** What the script is waiting for now, said when it gives up or ends mid-wait. */
let waitingFor;
export const currentWait = () => waitingFor;

/**
 * `promise`, or a rejection naming `what` once `ms` have passed. Every wait goes through a
 * deadline like this: its timer also keeps the event loop alive, so a promise nothing will
 * ever settle ends in this error, not in Node's silent exit 13 (an unsettled top-level await,
 * which skips every `finally`).
 */
export async function within(what, promise, ms) {
  const outer = waitingFor;
  waitingFor = what;
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${Math.round(ms / 1000)} s waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
    waitingFor = outer;
  }
}

/** A fetch that gives up after `ms` (the answer's body included), beside any signal of the caller's. */
export function fetchWithin(url, init = {}, ms = 20_000) {
  const timeout = AbortSignal.timeout(ms);
  return fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
}

/** Polls `fn` until it returns something truthy (errors count as not yet); each try is bounded too. */
export async function until(what, fn, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    const value = await within(what, fn(), Math.max(1_000, deadline - Date.now())).catch((err) => void (last = err));
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last: ${last.message})` : ''}`);
    await sleep(200);
  }
}

/**
 * Runs `teardown` (synchronous: it also runs in the 'exit' handler) once, however the script
 * ends: normally, on an error, on SIGINT/SIGTERM/SIGHUP, or on an exit nobody chose (then it
 * says what was being waited for).
 */
export function teardownOnEveryExit(name, teardown) {
  // Written at once: on the way out, a pipe's buffered writes may never leave.
  const say = (line) => writeSync(2, `${line}\n`);
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    teardown();
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.once(signal, () => {
      say(`${name}: ${signal}${waitingFor ? ` while waiting for ${waitingFor}` : ''}; taking everything down`);
      once();
      process.exit(code);
    });
  }
  process.on('exit', (code) => {
    // Not torn down yet: the script did not get to its own ending. Node reports an unsettled
    // top-level await here as 0 and exits 13 just after.
    if (!done)
      say(
        `${name}: ended before its teardown (exit ${code || process.exitCode || 13})${waitingFor ? ` while waiting for ${waitingFor}` : ''}`,
      );
    once();
  });
  return once;
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
