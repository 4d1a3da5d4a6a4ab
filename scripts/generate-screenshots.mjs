// Takes the web manifest's screenshots (phone and desktop) of the built home page with
// Debian's Chromium. Run by hand after visual changes: `npm run build && node scripts/generate-screenshots.mjs`;
// the PNGs are committed.
import { fileURLToPath } from 'node:url';
import { launchChromium, startBuiltServer } from './lib/screenshot-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { url, stop } = await startBuiltServer();
const browser = await launchChromium();
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
  await stop();
}
console.log('screenshots written to public/screenshots/');
