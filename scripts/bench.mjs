// `npm run bench`: build if needed, then run the benchmarks (TypeScript, through tsx).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!existsSync(`${root}dist/server/api/main.js`) || !existsSync(`${root}dist/pwa/index.html`)) run('npm', ['run', '--silent', 'build']);
run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]);
