// Runs last in build:pwa: writes each text file's brotli (quality 11) and gzip (level 9)
// copy beside it (`file.br`, `file.gz`), which api/static.ts serves as they are. Compressing
// at request time cost every server process about 1.3 s of CPU for the site's first visitor
// (the service worker's precache asks for every file at once), and settled for brotli 9
// where a build can afford 11.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const OUT = fileURLToPath(new URL('../dist/pwa/', import.meta.url));
/** The extensions api/static.ts compresses (its COMPRESSIBLE), and its smallest size to bother. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.svg', '.xml', '.txt']);
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* textFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (COMPRESSIBLE.has(path.extname(entry.name)) && statSync(file).size > MIN_BYTES) yield file;
  }
}

async function precompress(file) {
  const raw = readFileSync(file);
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
  const [br, gz] = await Promise.all([brotli(raw, { params }), gzipped(raw, { level: 9 })]);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  return { raw: raw.length, br: br.length };
}

const started = Date.now();
const files = [...textFiles(OUT)];
// zlib's async calls run on libuv's pool: a few at a time keep every core busy.
const sizes = [];
for (let i = 0; i < files.length; i += 8) sizes.push(...(await Promise.all(files.slice(i, i + 8).map(precompress))));
const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
const br = sizes.reduce((sum, s) => sum + s.br, 0);
console.log(
  `precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
