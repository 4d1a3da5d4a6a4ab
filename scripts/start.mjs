// `npm start`: build whatever is missing (the PWA or the compiled server), then run the
// server in this process so SIGTERM/SIGINT reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync(npm, ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(`${root}dist/pwa/index.html`)) run('build:pwa');
if (!existsSync(`${root}dist/server/api/main.js`)) run('build:server');

await import(new URL('../dist/server/api/main.js', import.meta.url).href);
