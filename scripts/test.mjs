// `npm test`: build the production bundle (browser and process tests run against it),
// make sure Debian's Chromium is there for the browser tests, then run every vitest
// project. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('> installing Debian Chromium for the browser tests');
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
  } else {
    console.error(`Chromium is missing at ${chromium}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}

if (process.env.SKIP_BUILD !== '1') run('npm', ['run', '--silent', 'build']);
run('npx', ['vitest', 'run', ...args]);
