// `npm run bench`: build what is missing, then run the benchmarks (TypeScript, through tsx).
import { spawnSync } from 'node:child_process';
import { buildMissing, root } from './lib/build.mjs';

buildMissing(['build:pwa', 'build:server']);
const r = spawnSync('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
