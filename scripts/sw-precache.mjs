// Runs after prerendering: writes the precache manifest into the compiled service worker,
// listing the app shell, every prerendered page, fonts, icons and the JavaScript chunks
// (the quiz content lives in them), so every public page and both tests open offline
// after one visit. Large media is left to the worker's runtime cache.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from 'workbox-build';

const OUT = fileURLToPath(new URL('../dist/pwa/', import.meta.url));

/**
 * The admin console's own files: everything its lazy route chunk needs that nothing public
 * needs (from Vite's manifest, so it holds however the bundler splits the chunks). The
 * service worker never caches the console's code or stylesheet.
 */
function consoleOnlyFiles() {
  const manifest = JSON.parse(readFileSync(path.join(OUT, '.vite', 'manifest.json'), 'utf8'));
  const CONSOLE = 'features/admin/console/shell/AdminConsole.tsx';
  const reach = (starts, enterDynamic) => {
    const seen = new Set();
    const files = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
      for (const k of chunk.imports ?? []) visit(k);
      for (const k of chunk.dynamicImports ?? []) if (enterDynamic(k)) visit(k);
    };
    starts.forEach(visit);
    return files;
  };
  const consoleFiles = reach([CONSOLE], () => true);
  // The stylesheets the console links by URL (?url) are entries of their own in the manifest.
  for (const [key, chunk] of Object.entries(manifest)) if (/features\/admin\/console\/[^/]+\.css$/.test(key)) consoleFiles.add(chunk.file);
  const publicFiles = reach(['index.html'], (k) => k !== CONSOLE);
  return [...consoleFiles].filter((f) => !publicFiles.has(f));
}
const consoleOnly = consoleOnlyFiles();
const source = path.join(tmpdir(), `sw-src-${process.pid}.js`);
copyFileSync(path.join(OUT, 'sw.js'), source);
try {
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: path.join(OUT, 'sw.js'),
    globDirectory: OUT,
    globPatterns: ['**/*.{html,js,css,woff,woff2,webmanifest}', 'icons/*.png', 'favicon.svg', 'images/*.svg', 'images/logos/*'],
    // The admin console is never cached: its pages, code and stylesheet come from the network.
    globIgnores: ['sw.js', '.vite/**', '**/*.map', 'admin/**', ...consoleOnly],
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`sw-precache: ${w}`);
  console.log(`sw-precache: ${count} files, ${(size / 1024).toFixed(0)} KiB precached (not the console's ${consoleOnly.length})`);
} finally {
  rmSync(source, { force: true });
  rmSync(path.join(OUT, '.vite'), { recursive: true, force: true });
}
