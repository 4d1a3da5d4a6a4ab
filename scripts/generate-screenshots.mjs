// Takes the web manifest's screenshots (phone and desktop) of the built home page with
// Debian's Chromium. Run by hand after visual changes: `npm run build && node scripts/generate-screenshots.mjs`;
// the PNGs are committed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const server = spawn(process.execPath, ['dist/server/api/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
    if (m) resolve(`http://127.0.0.1:${m[1]}`);
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [name, viewport] of [
    ['home-narrow', { width: 540, height: 1170 }],
    ['home-wide', { width: 1280, height: 800 }],
  ]) {
    const page = await browser.newPage({ viewport, reducedMotion: 'reduce' });
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'Close video' }).click();
    await page.locator('dialog').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${root}public/screenshots/${name}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log('screenshots written to public/screenshots/');
