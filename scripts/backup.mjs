// `npm run backup` and `npm run restore` (the command is this script's first argument):
// runs the compiled command (dist/server/api/cli/backup.js), building the server first when
// it is missing. See api/cli/backup.ts.
import { buildMissing } from './lib/build.mjs';

buildMissing(['build:server']);

try {
  const [command, ...args] = process.argv.slice(2);
  const { main } = await import(new URL('../dist/server/api/cli/backup.js', import.meta.url).href);
  process.exitCode = await main(command, args);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
