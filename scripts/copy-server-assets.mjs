// tsc compiles the server but copies no data files: put the certificate fonts beside the
// compiled renderer so dist/ is self-contained (the Docker image ships only dist/).
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
cpSync(`${root}api/certificate/fonts`, `${root}dist/server/api/certificate/fonts`, { recursive: true });
