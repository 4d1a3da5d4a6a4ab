// Build-time rendering: scripts/prerender.mjs renders each public route to HTML with
// react-dom's static renderer (which waits for the lazy route modules) and collects the
// page's head from <Meta>.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes.tsx';
import { CLIENT_ONLY_PATHS, NOT_FOUND_PATH, PRERENDERED_PATHS, UNLISTED_PATHS } from './app/paths.ts';
import { fullTitle, HeadCollector, type HeadData } from './components/Meta.tsx';
import { BLOG_POSTS } from './content/blog.ts';
import { brochures } from './content/brochures.ts';
import { brochureHref } from './content/brochure-files.ts';
import { brochureFonts } from './brochures/fonts.ts';
import { renderBrochure } from './brochures/render-brochure.ts';

export { CLIENT_ONLY_PATHS, NOT_FOUND_PATH, PRERENDERED_PATHS, UNLISTED_PATHS, fullTitle };

/** Each programme's brochure in each language as PDF bytes, with its path under the site (content/brochure-files.ts). */
export async function renderBrochures(repoRoot: string): Promise<Array<{ href: string; pdf: Buffer }>> {
  const fonts = brochureFonts(repoRoot);
  const all = [...brochures('en'), ...brochures('hi')];
  return Promise.all(all.map(async (b) => ({ href: brochureHref(b.slug, b.lang), pdf: await renderBrochure(b, fonts) })));
}
export const BLOG_POST_DATES: Record<string, string> = Object.fromEntries(BLOG_POSTS.map((p) => [`/blog/${p.id}`, p.date]));

function tree(url: string, head: Partial<HeadData>) {
  return (
    <StrictMode>
      <HeadCollector.Provider value={head}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </HeadCollector.Provider>
    </StrictMode>
  );
}

export async function render(url: string): Promise<{ html: string; head: Partial<HeadData> }> {
  // The first pass resolves the lazy route modules; the second renders with none pending,
  // so the HTML is complete in place and needs no inline script (the CSP forbids them).
  // A large boundary would otherwise be "outlined" into a later chunk revealed by script.
  const options = { progressiveChunkSize: Number.MAX_SAFE_INTEGER };
  await (await prerender(tree(url, {}), options)).prelude.cancel();
  const head: Partial<HeadData> = {};
  const { prelude } = await prerender(tree(url, head), options);
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`prerender of ${url} produced an inline script`);
  return { html, head };
}
