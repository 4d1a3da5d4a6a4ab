// Runs after prerendering: writes the precache manifest into the compiled service worker,
// listing the app shell, every prerendered page, fonts, icons and the JavaScript chunks
// (the quiz content lives in them), so every public page and both tests open offline
// after one visit. Large media is left to the worker's runtime cache.
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from 'workbox-build';

const OUT = fileURLToPath(new URL('../dist/pwa/', import.meta.url));
const source = path.join(tmpdir(), `sw-src-${process.pid}.js`);
copyFileSync(path.join(OUT, 'sw.js'), source);
try {
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: path.join(OUT, 'sw.js'),
    globDirectory: OUT,
    globPatterns: ['**/*.{html,js,css,woff,woff2,webmanifest}', 'icons/*.png', 'favicon.svg', 'images/*.svg', 'images/logos/*'],
    // The admin console is never cached: its pages, code and stylesheet come from the network.
    globIgnores: ['sw.js', '.vite/**', '**/*.map', 'admin/**', 'assets/admin-*'],
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`sw-precache: ${w}`);
  console.log(`sw-precache: ${count} files, ${(size / 1024).toFixed(0)} KiB precached`);
} finally {
  rmSync(source, { force: true });
}
