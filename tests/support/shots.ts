import type { Locator, Page } from 'playwright-core';

/**
 * A screenshot for the docs, taken only when SCREENSHOTS_DIR says where: a test run leaves
 * the checkout as it found it, and `SCREENSHOTS_DIR=docs/screenshots npx vitest run --project
 * e2e <files>` retakes the docs' pictures from the tests that walk through those screens.
 */
export async function docShot(target: Page | Locator, name: string, fullPage = false): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const path = `${dir}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
