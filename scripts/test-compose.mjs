// `npm run test:compose`: the README's "Deploy on one server", run. Brings compose.yaml up
// with an .env like the README's (Postgres, two app replicas, HAProxy), and checks through
// HAProxy: health, a lead, an admin login, both replicas answering, the admin's live stream
// hearing a lead that another replica took, a replica killed (SIGKILL, a crash) while leads
// keep coming — none refused, and the replica restarted by its restart policy — and
// `down` then `up` again with the data kept.
//
// Runs Debian 12's docker-compose 1.29 with --compatibility (deploy.replicas) or Compose v2
// when that is what is here. Where no registry is reachable, the Node, Postgres and HAProxy
// images are made locally (scripts/docker/) and named through compose.yaml's variables.
// Needs root and Debian's docker.io and docker-compose (installed when missing).
//
// Every wait has its own deadline (fetches through fetchWithin, the event stream included;
// compose commands a spawn timeout) and says what it was waiting for when it gives up; the
// stack is taken down however the script ends (finally, signals, and an exit nobody chose).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  check,
  currentWait,
  docker,
  DOCKER,
  ensureDockerd,
  fail,
  failed,
  fetchWithin,
  freePort,
  imageOr,
  nodeBaseImage,
  root,
  teardownOnEveryExit,
  until,
  within,
} from './docker/lib.mjs';

const PROJECT = 'softskills-compose-test';
const ADMIN = { email: 'compose-admin@example.in', password: 'compose admin password' };
const envDir = mkdtempSync(path.join(tmpdir(), 'compose-env-'));
const envFile = path.join(envDir, '.env');

/** docker-compose 1.29 (Debian 12) or `docker compose` (v2), with the project and the .env. */
function composeCommand() {
  if (spawnSync(DOCKER, ['compose', 'version'], { encoding: 'utf8' }).status === 0) return [DOCKER, ['compose']];
  if (!existsSync('/usr/bin/docker-compose')) {
    const r = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null'],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('docker-compose is missing and could not be installed');
  }
  return ['/usr/bin/docker-compose', ['--compatibility']];
}
let COMPOSE;

/** A compose command, killed past `timeoutMs` (a build may take minutes; anything else, two). */
function compose(args, { allowFail = false, quiet = true, timeoutMs = args[0] === 'up' ? 20 * 60_000 : 2 * 60_000 } = {}) {
  const [bin, pre] = COMPOSE;
  const r = spawnSync(bin, [...pre, '-p', PROJECT, '--env-file', envFile, '-f', `${root}compose.yaml`, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const outcome = r.error?.code === 'ETIMEDOUT' ? `gave up after ${timeoutMs / 1000} s` : `failed (${r.status})`;
  if (r.status !== 0 && !allowFail) throw new Error(`compose ${args.join(' ')} ${outcome}: ${r.stderr ?? ''}`);
  return r;
}

const json = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

let serial = 0;
/** A contact lead through HAProxy, with its own Idempotency-Key; its status. */
async function postLead(base, label) {
  serial++;
  const res = await fetchWithin(
    `${base}/api/v1/contact`,
    json(
      { firstName: 'Compose', lastName: label, email: `compose-${serial}@example.in`, phone: '9876543210', message: 'through HAProxy' },
      { 'Idempotency-Key': crypto.randomUUID() },
    ),
  );
  return res.status;
}

const appContainers = () =>
  compose(['ps', '-q', 'app'])
    .stdout.split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

async function login(base) {
  const res = await fetchWithin(`${base}/api/admin/login`, json(ADMIN));
  return res.ok ? (await res.json()).token : undefined;
}

async function leadNames(base, token) {
  const res = await fetchWithin(`${base}/api/v1/get-contact`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) return [];
  return ((await res.json()).contacts ?? []).map((r) => r.lastName);
}

/** An admin's event stream: `ready` once the server says it is open, `lead` at the first lead event. */
function leadStream(base, token, signal) {
  let onReady;
  const ready = new Promise((resolve) => (onReady = resolve));
  const lead = (async () => {
    // The stream's deadline covers its whole life: opening, and every read after.
    const res = await fetchWithin(`${base}/api/admin/events`, { headers: { Authorization: `Bearer ${token}` }, signal }, 60_000);
    if (!res.ok) throw new Error(`event stream: ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      text += decoder.decode(value, { stream: true });
      if (text.includes('event: ready')) onReady();
      const event = text.split('\n\n').find((block) => block.startsWith('event: lead'));
      if (event) return event;
    }
  })();
  lead.catch(() => onReady());
  return { ready, lead };
}

async function upAndHealthy(base, label) {
  const up = compose(['up', '-d', '--build'], { quiet: false, allowFail: true });
  if (up.status !== 0) throw new Error(`compose up failed (${label})`);
  await until(`${label}: health through HAProxy`, async () => (await fetchWithin(`${base}/api/health`)).ok, 180_000);
  // Up means both replicas in HAProxy's rotation: the second may still be starting (migrations
  // run under a lock, one instance at a time) when the first already answers.
  await until(
    `${label}: both replicas behind HAProxy`,
    async () => {
      const served = new Set();
      for (let i = 0; i < 10; i++) served.add((await fetchWithin(`${base}/api/health`)).headers.get('x-served-by'));
      return served.size === 2;
    },
    180_000,
  );
}

async function scenario(base) {
  await upAndHealthy(base, 'first up');
  check('compose up: health answers through HAProxy', true);
  const containers = appContainers();
  check('two app replicas run', containers.length === 2, `${containers.length}`);
  const first = await postLead(base, 'first');
  check('a lead is taken through HAProxy', first === 201, `status ${first}`);
  const token = await until('admin login', () => login(base), 60_000);
  check('the admin logs in through HAProxy', Boolean(token));

  // Round robin: both replicas answer (deploy/haproxy.cfg names the server that answered).
  const served = new Set();
  for (let i = 0; i < 20; i++) served.add((await fetchWithin(`${base}/api/health`)).headers.get('x-served-by'));
  check('both replicas answer', served.size === 2, [...served].join(', '));

  // The live stream hears a lead whichever replica holds the stream and takes the lead.
  const abort = new AbortController();
  const stream = leadStream(base, token, abort.signal);
  await within("the admin's event stream to open", stream.ready, 30_000);
  for (let i = 0; i < 4; i++) await postLead(base, `live-${i}`);
  const heard = await within("a lead on the admin's event stream", stream.lead, 10_000).catch((err) => `error: ${err.message}`);
  abort.abort();
  check("the admin's live stream hears new leads", Boolean(heard?.includes('"list":"contact"')), heard?.slice(0, 100));

  await killAReplica(base, containers[0]);

  compose(['down'], { quiet: false });
  check('compose down keeps the data volume', docker(['volume', 'inspect', `${PROJECT}_pgdata`], { allowFail: true }).status === 0);
  await upAndHealthy(base, 'second up');
  const again = await until('admin login after up', () => login(base), 60_000);
  const names = await leadNames(base, again);
  check('down and up again: the leads are kept', names.includes('first') && names.includes('during-kill'), `${names.length} leads`);
}

/** SIGKILL one replica's process from the host (a crash: the restart policy applies). */
async function killAReplica(base, container) {
  const pid = docker(['inspect', '-f', '{{.State.Pid}}', container]).stdout.trim();
  const restartsBefore = Number(docker(['inspect', '-f', '{{.RestartCount}}', container]).stdout.trim());
  process.kill(Number(pid), 'SIGKILL');
  const statuses = [];
  for (let i = 0; i < 40; i++) statuses.push(await postLead(base, 'during-kill'));
  const refused = statuses.filter((s) => s !== 201);
  check(
    'a replica killed: every lead meanwhile is taken',
    refused.length === 0,
    `${statuses.length - refused.length}/${statuses.length} taken`,
  );
  await until(
    'the killed replica restarted and healthy',
    async () =>
      Number(docker(['inspect', '-f', '{{.RestartCount}}', container]).stdout.trim()) > restartsBefore &&
      docker(['inspect', '-f', '{{.State.Health.Status}}', container]).stdout.trim() === 'healthy',
    120_000,
  ).then(
    () => check('the killed replica is restarted and healthy again', true),
    (err) => check('the killed replica is restarted and healthy again', false, err.message),
  );
}

let started = false;
const teardown = teardownOnEveryExit('test:compose', () => {
  if (started) compose(['down', '-v'], { allowFail: true });
  rmSync(envDir, { recursive: true, force: true });
});
try {
  await ensureDockerd();
  COMPOSE = composeCommand();
  const port = await freePort();
  const images = {
    NODE_IMAGE: nodeBaseImage(),
    POSTGRES_IMAGE: imageOr('postgres:15-bookworm', 'softskills/postgres:15', ['make-service-image.sh', 'postgres']),
    HAPROXY_IMAGE: imageOr('haproxy:2.6', 'softskills/haproxy:2.6', ['make-service-image.sh', 'haproxy']),
  };
  // The README's .env, plus the images made here and a free port for HAProxy.
  writeFileSync(
    envFile,
    [
      'POSTGRES_PASSWORD=compose-test-password-0123456789',
      'JWT_SECRET=a-compose-test-secret-of-at-least-32-bytes',
      `PUBLIC_URL=http://127.0.0.1:${port}`,
      `ADMIN_EMAIL=${ADMIN.email}`,
      `ADMIN_PASSWORD=${ADMIN.password}`,
      'APP_IMAGE=softskills:compose-test',
      `HTTP_PORT=${port}`,
      ...Object.entries(images).map(([k, v]) => `${k}=${v}`),
    ].join('\n') + '\n',
    { mode: 0o600 },
  );
  compose(['down', '-v'], { allowFail: true });
  started = true;
  await scenario(`http://127.0.0.1:${port}`);
} catch (err) {
  console.error(`test:compose: ${err instanceof Error ? err.message : String(err)}`);
  if (started) console.error(compose(['logs', '--tail', '40'], { allowFail: true }).stdout);
  fail();
} finally {
  if (currentWait()) console.error(`test:compose: still waiting for ${currentWait()}`);
  teardown();
}
console.log(failed() === 0 ? '\ntest:compose: every check passed' : `\ntest:compose: ${failed()} check(s) failed`);
process.exit(failed() === 0 ? 0 : 1);
