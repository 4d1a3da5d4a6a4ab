// `npm run test:docker`: builds the image and runs it, on the embedded database with a
// volume and on Postgres, checking what an operator relies on: health, a lead, an admin
// login, a certificate PNG, canonical links for the PUBLIC_URL given at run time, the
// non-root user, the HEALTHCHECK going healthy, `npm run admin` and `npm run backup` in the
// image, `docker stop` exiting 0 within 2 s (also in the middle of start-up), and
// `docker kill` then `docker start` coming back with the data.
//
// Needs root and Debian's docker.io (dockerd is started when it is not running). Where no
// image registry is reachable, the base image is made here (scripts/docker/make-base-image.sh).
// Postgres: TEST_DATABASE_URL, else the local one on 127.0.0.1:5432 (a database of its own,
// dropped after).
//
// Every wait has a deadline (fetches through fetchWithin, Postgres with connection and query
// timeouts) and says what it was waiting for when it gives up; the containers and volumes are
// removed however the script ends (finally, signals, and an exit nobody chose).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
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
  nodeBaseImage,
  root,
  sleep,
  teardownOnEveryExit,
  until,
} from './docker/lib.mjs';

const IMAGE = 'softskills:test';
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A database that stops answering is an error within these, not a wait for ever. */
const PG_DEADLINES = { connectionTimeoutMillis: 10_000, query_timeout: 30_000 };
const ADMIN = { email: 'docker-admin@example.in', password: 'docker admin password' };
const JWT = 'a-docker-test-secret-of-at-least-32-bytes-long';
const PUBLIC_URL = 'https://skillup.example.in';
let QUIZ_IDS;

const containers = new Set();
const volumes = new Set();

function run(name, args) {
  docker(['rm', '-f', name], { allowFail: true });
  docker(['run', '-d', '--name', name, ...args, IMAGE]);
  containers.add(name);
}

const inspect = (name, format) => docker(['inspect', '-f', format, name]).stdout.trim();

async function hostPort(name) {
  const mapped = docker(['port', name, '3000/tcp']).stdout.trim().split('\n')[0];
  return Number(mapped.split(':').pop());
}

async function waitHealthy(base) {
  await until(`${base}/api/health`, async () => (await fetchWithin(`${base}/api/health`)).ok, 90_000);
}

const json = (body) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A lead, an admin login, a certificate PNG; returns the admin token. */
async function exercise(base, label) {
  const lead = await fetchWithin(
    `${base}/api/v1/contact`,
    json({ firstName: 'Docker', lastName: label, email: `docker-${label}@example.in`, phone: '9876543210', message: 'from the image' }),
  );
  check(`${label}: a lead is taken`, lead.status === 201, `status ${lead.status}`);
  const login = await fetchWithin(`${base}/api/admin/login`, json(ADMIN));
  check(`${label}: an admin logs in`, login.status === 200, `status ${login.status}`);
  const { token } = await login.json();
  const answers = Object.fromEntries(QUIZ_IDS.map((id, i) => [id, i % 4]));
  const quiz = await fetchWithin(
    `${base}/api/v1/quiz/submit-answers`,
    json({ name: 'Docker Tester', email: `quiz-${label}@example.in`, answers, language: 'english' }),
  );
  const { certificateId } = await quiz.json();
  const png = await fetchWithin(`${base}/api/v1/certificates/${certificateId}.png`);
  const bytes = Buffer.from(await png.arrayBuffer());
  check(
    `${label}: a certificate PNG`,
    png.status === 200 && bytes.subarray(1, 4).toString() === 'PNG',
    `status ${png.status}, ${bytes.length} bytes`,
  );
  return token;
}

async function leadsSeen(base, token) {
  const res = await fetchWithin(`${base}/api/v1/get-contact`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) return [];
  const body = await res.json();
  return (body.contacts ?? []).map((r) => r.lastName);
}

/** `docker stop`, timed; the container's exit code. */
function timedStop(name) {
  const started = performance.now();
  docker(['stop', '-t', '10', name]);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, exitCode: Number(inspect(name, '{{.State.ExitCode}}')) };
}

async function embedded() {
  const name = 'softskills-test-embedded';
  const volume = 'softskills-test-data';
  docker(['volume', 'rm', '-f', volume], { allowFail: true });
  docker(['volume', 'create', volume]);
  volumes.add(volume);
  run(name, [
    '-p',
    '127.0.0.1::3000',
    '-v',
    `${volume}:/data`,
    '-e',
    `PUBLIC_URL=${PUBLIC_URL}`,
    '-e',
    `JWT_SECRET=${JWT}`,
    '-e',
    `ADMIN_EMAIL=${ADMIN.email}`,
    '-e',
    `ADMIN_PASSWORD=${ADMIN.password}`,
  ]);
  const base = `http://127.0.0.1:${await hostPort(name)}`;
  await waitHealthy(base);
  check('embedded: health answers', true);
  const token = await exercise(base, 'embedded');

  const uid = docker(['exec', name, 'id', '-u']).stdout.trim();
  check('runs as a non-root user', uid !== '0' && uid !== '', `uid ${uid}`);
  const home = await (await fetchWithin(`${base}/about`)).text();
  check(
    'canonical links follow PUBLIC_URL given at run time',
    home.includes(`href="${PUBLIC_URL}/about"`) && !home.includes('localhost:3000'),
  );
  const robots = await (await fetchWithin(`${base}/robots.txt`)).text();
  check('robots.txt names the run-time sitemap', robots.includes(`Sitemap: ${PUBLIC_URL}/sitemap.xml`));
  const health = await until(
    'HEALTHCHECK healthy',
    async () => inspect(name, '{{.State.Health.Status}}') === 'healthy' && 'healthy',
    90_000,
  ).catch(() => inspect(name, '{{.State.Health.Status}}'));
  check('the HEALTHCHECK goes healthy', health === 'healthy', health);
  const ssr = docker(['exec', name, 'sh', '-c', 'test -e dist/ssr && echo shipped || echo absent']).stdout.trim();
  check('dist/ssr is not shipped', ssr === 'absent');
  const fontsource = docker(['exec', name, 'sh', '-c', 'test -e node_modules/@fontsource && echo shipped || echo absent']).stdout.trim();
  check('no unused @fontsource packages in the image', fontsource === 'absent');

  // kill -9 (no clean shutdown, the lock file left behind), then start again.
  docker(['kill', name]);
  docker(['start', name]);
  const again = `http://127.0.0.1:${await hostPort(name)}`;
  await waitHealthy(again);
  check('docker kill then docker start comes back with the data', (await leadsSeen(again, token)).includes('embedded'));

  const stop = timedStop(name);
  check('docker stop exits 0 within 2 s', stop.exitCode === 0 && stop.seconds < 2, `${stop.seconds.toFixed(2)} s, exit ${stop.exitCode}`);

  // In the middle of start-up: the signal comes while the database is still opening.
  docker(['start', name]);
  await sleep(300);
  const early = timedStop(name);
  check(
    'docker stop during start-up exits 0 within 2 s',
    early.exitCode === 0 && early.seconds < 2,
    `${early.seconds.toFixed(2)} s, exit ${early.exitCode}`,
  );

  // The operator's commands, in the image, on the stopped server's volume.
  const admins = docker(['run', '--rm', '-v', `${volume}:/data`, IMAGE, 'npm', 'run', '--silent', 'admin', '--', 'list'], {
    allowFail: true,
  });
  check(
    'npm run admin works in the image',
    admins.status === 0 && admins.stdout.includes(ADMIN.email),
    admins.stderr.trim().split('\n').pop(),
  );
  const backup = docker(['run', '--rm', '-v', `${volume}:/data`, IMAGE, 'npm', 'run', '--silent', 'backup', '--', '/data/backup.tar.gz'], {
    allowFail: true,
  });
  check(
    'npm run backup works in the image',
    backup.status === 0 && backup.stdout.includes('backup written'),
    (backup.stderr || backup.stdout).trim().split('\n').pop(),
  );
}

async function postgres() {
  const name = 'softskills-test-postgres';
  const dbName = `docker_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_BASE, ...PG_DEADLINES });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${dbName}`;
  try {
    const port = await freePort();
    // Host networking: the container reaches the machine's Postgres on 127.0.0.1.
    run(name, [
      '--network',
      'host',
      '-e',
      `PORT=${port}`,
      '-e',
      `DATABASE_URL=${url}`,
      '-e',
      `JWT_SECRET=${JWT}`,
      '-e',
      `ADMIN_EMAIL=${ADMIN.email}`,
      '-e',
      `ADMIN_PASSWORD=${ADMIN.password}`,
    ]);
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base);
    check('postgres: health answers', true);
    const token = await exercise(base, 'postgres');
    const direct = new pg.Client({ connectionString: url.toString(), ...PG_DEADLINES });
    await direct.connect();
    const rows = (await direct.query('select count(*)::int as n from contact_messages')).rows[0].n;
    await direct.end();
    check('postgres: the lead is in Postgres', rows === 1, `${rows} rows`);
    docker(['kill', name]);
    docker(['start', name]);
    await waitHealthy(base);
    check('postgres: back after kill and start, with the data', (await leadsSeen(base, token)).includes('postgres'));
    const stop = timedStop(name);
    check(
      'postgres: docker stop exits 0 within 2 s',
      stop.exitCode === 0 && stop.seconds < 2,
      `${stop.seconds.toFixed(2)} s, exit ${stop.exitCode}`,
    );
  } finally {
    docker(['rm', '-f', name], { allowFail: true });
    containers.delete(name);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

const teardown = teardownOnEveryExit('test:docker', () => {
  for (const name of containers) docker(['rm', '-f', name], { allowFail: true });
  for (const volume of volumes) docker(['volume', 'rm', '-f', volume], { allowFail: true });
});
try {
  if (!existsSync(`${root}dist/server/contract/quiz/items.js`)) {
    const built = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  ({ QUIZ_ITEM_IDS: QUIZ_IDS } = await import(`${root}dist/server/contract/quiz/items.js`));
  await ensureDockerd();
  const base = nodeBaseImage();
  console.log(`> docker build (base ${base})`);
  const started = performance.now();
  const build = spawnSync(DOCKER, ['build', '--build-arg', `NODE_IMAGE=${base}`, '-t', IMAGE, root], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 30 * 60_000,
    killSignal: 'SIGKILL',
  });
  if (build.status !== 0)
    throw new Error(build.error?.code === 'ETIMEDOUT' ? 'docker build gave up after 30 minutes' : 'docker build failed');
  console.log(`> built ${IMAGE} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await embedded();
  await postgres();
} catch (err) {
  console.error(`test:docker: ${err instanceof Error ? err.message : String(err)}`);
  fail();
} finally {
  if (currentWait()) console.error(`test:docker: still waiting for ${currentWait()}`);
  teardown();
}
console.log(failed() === 0 ? '\ntest:docker: every check passed' : `\ntest:docker: ${failed()} check(s) failed`);
process.exit(failed() === 0 ? 0 : 1);
