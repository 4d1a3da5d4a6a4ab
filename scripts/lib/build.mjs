// "Build what is missing", shared by `npm start`, `npm run admin` and `npm run bench`, so a
// fresh clone works with any of them first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const OUTPUTS = {
  'build:pwa': `${root}dist/pwa/index.html`,
  'build:server': `${root}dist/server/api/main.js`,
};

/**
 * Runs each named build script whose output is missing; exits the process if one fails.
 * Progress goes to stderr and stdin is not handed over, so a command that reads a
 * password from stdin afterwards still gets it.
 */
export function buildMissing(scripts) {
  for (const script of scripts) {
    if (existsSync(OUTPUTS[script])) continue;
    console.error(`> npm run ${script}`);
    const result = spawnSync(npm, ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
