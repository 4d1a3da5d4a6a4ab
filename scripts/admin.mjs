// `npm run admin -- create|set-password|list ...`: runs the compiled admin command
// (dist/server/api/cli/admin.js), building the server first when it is missing, the way
// `npm start` does. See api/cli/admin.ts for the commands; passwords come from stdin.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = `${root}dist/server/api/cli/admin.js`;

if (!existsSync(cli)) {
  console.error('> npm run build:server');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // stdin stays with this process: the password is read after the build.
  const result = spawnSync(npm, ['run', '--silent', 'build:server'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

try {
  const { main } = await import(new URL('../dist/server/api/cli/admin.js', import.meta.url).href);
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
