// `npm test`: lint, format and type checks, build the production bundle (browser and process tests run against it),
// make sure Debian's Chromium and HAProxy are there, then run every vitest
// project (in three phases: vitest.config.ts) and print the slowest files and one plain
// summary line. Extra arguments go to vitest
// (e.g. `npm test -- --project unit`). SKIP_BUILD=1 reuses an existing build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);

function run(command, commandArgs) {
  return spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

/** Runs a command with its output kept, then prints it under its name with how long it took. */
function runCaptured(what, command, commandArgs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`> ${what} (${((Date.now() - started) / 1000).toFixed(0)} s)${text ? `\n${text}` : ''}`);
      resolve({ status: code ?? 1 });
    });
  });
}

// Debian's Chromium (and its headless shell) for the browser tests, HAProxy for the multi-instance suite
// (tests/load-balancer.test.ts) and poppler's pdftotext for the PDF tests, installed when missing and we may.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const missing = [
  ['chromium', chromium],
  // The suites' pages run in it (tests/support/browser.ts); the full browser stays for push and Lighthouse.
  ['chromium-headless-shell', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'],
  ['haproxy', haproxy],
  ['poppler-utils', '/usr/bin/pdftotext'],
].filter(([, file]) => !existsSync(file));
if (missing.length > 0) {
  const packages = missing.map(([name]) => name).join(' ');
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`> installing Debian ${packages} for the tests`);
    const status = run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages} >/dev/null`]);
    if (status !== 0) process.exit(status);
  } else {
    console.error(
      `Missing ${missing.map(([, file]) => file).join(' and ')}: run \`sudo apt-get install -y ${packages}\` (or set CHROMIUM_PATH / HAPROXY_PATH).`,
    );
    process.exit(1);
  }
}

// On a machine with a local Postgres (CI's, and this project's dev machines), the API and
// browser suites also run against it; each suite creates and drops its own database.
if (!process.env.TEST_DATABASE_URL && spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status === 0) {
  process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`> TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL} (local Postgres found)`);
}

// The rules a tool enforces (../shared/design.md): import boundaries and lint, formatting,
// types; and the production bundle the browser and process tests run against. Each is one
// mostly single-threaded process, so they run side by side (a 2-core machine finishes them
// in about half the time); each one's output is printed whole when it ends.
const checks = [
  ['eslint', 'npx', ['eslint', '--max-warnings=0', '.'], 'npm run lint shows the same'],
  ['prettier', 'npx', ['prettier', '--check', '--log-level=warn', '.'], 'npm run format fixes formatting'],
  ['tsc', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], 'npm run typecheck shows the same'],
];
if (process.env.SKIP_BUILD !== '1') checks.push(['build', 'npm', ['run', '--silent', 'build'], 'npm run build shows the same']);
const outcomes = await Promise.all(checks.map(([what, command, commandArgs]) => runCaptured(what, command, commandArgs)));
for (const [index, outcome] of outcomes.entries()) {
  if (outcome.status !== 0) {
    const [what, , , hint] = checks[index];
    console.error(`${what} failed: see above (${hint}).`);
    process.exit(outcome.status);
  }
}

/**
 * The slowest test files, so the suite's time has names on it (the plain summary line stays
 * last), and each phase's wall time: the unit files, the latency files, then the browser
 * and process files (vitest.config.ts). A file's time runs from its worker taking it to its end, hooks
 * included (scripts/lib/file-timings-reporter.mjs): the JSON report's spans only its tests.
 */
function printSlowest(files, count = 15) {
  const timed = files.map((file) => ({ ...file, name: path.relative(root, file.file), seconds: (file.end - file.start) / 1000 }));
  timed.sort((a, b) => b.seconds - a.seconds);
  const total = timed.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`\nSlowest test files (of ${timed.length}, ${total.toFixed(0)} s summed):`);
  for (const file of timed.slice(0, count))
    console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.project.padEnd(7)}  ${file.name}`);
  const phases = [
    ['the unit files', timed.filter((file) => file.project === 'unit')],
    ['the latency files', timed.filter((file) => file.project === 'latency')],
    ['the browser and process files', timed.filter((file) => file.project === 'e2e')],
  ];
  const walls = phases
    .filter(([, inPhase]) => inPhase.length > 0)
    .map(([what, inPhase]) => {
      const wall = (Math.max(...inPhase.map((f) => f.end)) - Math.min(...inPhase.map((f) => f.start))) / 1000;
      return `${what} (${inPhase.length}) in ${wall.toFixed(0)} s`;
    });
  console.log(`Phases: ${walls.join(', then ')}.`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'vitest-'));
const report = path.join(dir, 'report.json');
const timings = path.join(dir, 'timings.json');
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
vitestArgs.push('--reporter=./scripts/lib/file-timings-reporter.mjs', ...args);
const env = { ...process.env, VITEST_FILE_TIMINGS: timings };
const status = spawnSync('npx', vitestArgs, { cwd: root, stdio: 'inherit', env }).status ?? 1;
if (existsSync(timings)) printSlowest(JSON.parse(readFileSync(timings, 'utf8')));
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ''));
}
rmSync(dir, { recursive: true, force: true });
process.exit(status);
