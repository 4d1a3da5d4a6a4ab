// `npm run admin -- create|set-password|list ...`: runs the compiled admin command
// (dist/server/api/cli/admin.js), building the server first when it is missing, the way
// `npm start` does. See api/cli/admin.ts for the commands; passwords come from stdin.
import { buildMissing } from './lib/build.mjs';

buildMissing(['build:server']);

try {
  const { main } = await import(new URL('../dist/server/api/cli/admin.js', import.meta.url).href);
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
