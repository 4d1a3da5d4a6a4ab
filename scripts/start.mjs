// `npm start`: build whatever is missing (the PWA or the compiled server), then run the
// server in this process so SIGTERM/SIGINT reach it directly.
import { buildMissing } from './lib/build.mjs';

buildMissing(['build:pwa', 'build:server']);
await import(new URL('../dist/server/api/main.js', import.meta.url).href);
