// Runs after `vite build`: builds pwa/entry-server.tsx for Node, renders every public route
// to dist/pwa/<route>/index.html (content, title, description, canonical link), writes a
// 404.html (and hi/404.html), empty shells for the client-only routes, sitemap.xml, robots.txt and the
// programmes' brochures (dist/pwa/brochures/*.pdf).
// Canonical origin: PUBLIC_URL (default http://localhost:PORT, scripts/lib/origin.mjs), recorded in .build-origin so
// the server can serve these files for the PUBLIC_URL it runs with (api/static.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildOrigin } from './lib/origin.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = path.join(ROOT, 'dist/pwa');
const SSR_OUT = path.join(ROOT, 'dist/ssr');
const ORIGIN = buildOrigin(process.env);

const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: path.join(ROOT, 'pwa/entry-server.tsx'), outDir: SSR_OUT, emptyOutDir: true, manifest: false, copyPublicDir: false },
});
const server = await import(pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href);

const template = await readFile(path.join(OUT, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(OUT, '.vite/manifest.json'), 'utf8'));

// The Hindi site's pages are the English ones under /hi/ (pwa/i18n/lang.ts).
const isHindi = (p) => p === '/hi' || p.startsWith('/hi/');
const englishPath = (p) => (isHindi(p) ? p.slice(3) || '/' : p);
const hindiPath = (p) => (p === '/' ? '/hi' : `/hi${p}`);
const HINDI_CONTENT = {
  '/': 'content/hi/home.ts',
  '/contact': 'content/hi/contact.ts',
  '/blog': 'content/hi/blog-page.ts',
  '/signup': 'content/hi/signup.ts',
  '/join-now': 'content/hi/join-now.ts',
  '/delete-my-data': 'content/hi/erasure.ts',
  '/webinars': 'content/hi/webinars.ts',
};
const hindiContent = (p) => HINDI_CONTENT[p] ?? (/-policy$|terms-conditions$/.test(p) ? 'content/hi/policies.ts' : undefined);

// Route module source for each path, to preload its chunk (and its static imports).
function routeModules(p) {
  const page = routeModule(englishPath(p));
  if (!isHindi(p)) return [page];
  return [page, 'app/HindiSite.tsx', hindiContent(englishPath(p))];
}
function routeModule(p) {
  if (p === '/') return 'app/routes/home.tsx';
  if (p === '/about') return 'features/about/AboutPage.tsx';
  if (p === '/gallery') return 'features/gallery/GalleryPage.tsx';
  if (p === '/blog') return 'features/blog/BlogPage.tsx';
  if (p.startsWith('/blog/')) return 'features/blog/BlogDetailPage.tsx';
  if (p === '/contact') return 'features/contact/ContactPage.tsx';
  if (p === '/join-now') return 'features/join-now/JoinNowPage.tsx';
  if (p === '/signup') return 'features/signup/SignupPage.tsx';
  if (p === '/course/soft-skills') return 'app/routes/course-soft-skills.tsx';
  if (p.startsWith('/services/')) return 'app/routes/program.tsx';
  if (p === '/admin-login') return 'features/admin/AdminLoginPage.tsx';
  if (p === '/delete-my-data') return 'features/erasure/DeleteMyDataPage.tsx';
  if (p === '/webinars') return 'features/webinars/WebinarsPage.tsx';
  if (p === server.NOT_FOUND_PATH) return 'features/not-found/NotFoundPage.tsx';
  if (/-policy$|terms-conditions$/.test(p)) return 'features/policies/PolicyPage.tsx';
  return undefined;
}
function preloads(p) {
  const entryKey = 'index.html';
  const seen = new Set();
  const files = [];
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    if (key !== entryKey) files.push(manifest[key].file);
    for (const imp of manifest[key].imports ?? []) walk(imp);
  };
  // Chunks the entry already loads are not repeated.
  const entry = new Set();
  const walkEntry = (key) => {
    if (entry.has(key) || !manifest[key]) return;
    entry.add(key);
    for (const imp of manifest[key].imports ?? []) walkEntry(imp);
  };
  walkEntry(entryKey);
  for (const mod of routeModules(p)) if (mod) walk(mod);
  return files.filter((f) => ![...entry].some((k) => manifest[k].file === f));
}

function page(p, rawHtml, head, { dataPath = p, canonical = true } = {}) {
  // React puts resource hints (image preloads) first in a fragment render; they belong in the head.
  const hints = /^(?:<link [^>]*>)+/.exec(rawHtml)?.[0] ?? '';
  const html = rawHtml.slice(hints.length);
  const title = escapeHtml(server.fullTitle(head.title ?? 'SkillUp Soft Skills Academy'));
  const tags = [`<title>${title}</title>`];
  tags.push(`<meta name="description" content="${escapeHtml(head.description ?? '')}" />`);
  if (head.keywords) tags.push(`<meta name="keywords" content="${escapeHtml(head.keywords)}" />`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}" />`);
  if (canonical) {
    tags.push(`<link rel="canonical" href="${ORIGIN}${p === '/' ? '/' : p}" />`);
    // Each page names both of its languages; English is the default for everyone else.
    const en = `${ORIGIN}${englishPath(p)}`;
    const hi = `${ORIGIN}${hindiPath(englishPath(p))}`;
    tags.push(`<link rel="alternate" hreflang="en" href="${en}" />`);
    tags.push(`<link rel="alternate" hreflang="hi" href="${hi}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${en}" />`);
  }
  for (const f of preloads(p)) tags.push(`<link rel="modulepreload" crossorigin href="/${f}" />`);
  if (hints) tags.push(hints);
  let out = (isHindi(p) ? template.replace(/<html lang="[^"]*"/, '<html lang="hi"') : template)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  out = out.replace('<div id="root"></div>', `<div id="root" data-path="${escapeHtml(dataPath)}">${html}</div>`);
  return out;
}

async function write(rel, content) {
  const file = path.join(OUT, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const listed = [];
for (const p of server.PRERENDERED_PATHS) {
  const { html, head } = await server.render(p);
  if (!head.title) throw new Error(`prerender: ${p} rendered no <Meta> title`);
  if (head.status === 404) throw new Error(`prerender: ${p} rendered the not-found page`);
  await write(p === '/' ? 'index.html' : `${p.slice(1)}/index.html`, page(p, html, head));
  if (!server.UNLISTED_PATHS.has(p)) listed.push(p);
}

// One not-found page per language: the server answers an unknown path under /hi/ with the
// Hindi one. Hydrating the English page's HTML as a Hindi path failed (React error #418: the
// Hindi site's tree is another shape) whenever the page came from the server rather than
// the service worker's shell. Its data-path names the paths it fits (pwa/main.tsx).
for (const p of [server.NOT_FOUND_PATH, hindiPath(server.NOT_FOUND_PATH)]) {
  const notFound = await server.render(p);
  const file = isHindi(p) ? 'hi/404.html' : '404.html';
  await write(file, page(p, notFound.html, notFound.head, { dataPath: isHindi(p) ? '/hi/*' : '*', canonical: false }));
}

// Client-only routes (guards read localStorage): an empty shell, rendered in the browser.
const shell = template
  .replace(/<title>[\s\S]*?<\/title>/, '<title>SkillUp Soft Skills Academy</title>')
  .replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
await write('shell.html', shell);
for (const p of server.CLIENT_ONLY_PATHS) await write(`${p.slice(1)}/index.html`, shell);

const today = new Date().toISOString().slice(0, 10);
// Each URL with its other language (hreflang in the sitemap, as Google reads it).
const alternates = (p) =>
  [
    ['en', englishPath(p)],
    ['hi', hindiPath(englishPath(p))],
    ['x-default', englishPath(p)],
  ]
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${ORIGIN}${href}"/>`)
    .join('');
const urls = listed
  .map((p) => `  <url><loc>${ORIGIN}${p}</loc><lastmod>${server.BLOG_POST_DATES[englishPath(p)] ?? today}</lastmod>${alternates(p)}</url>`)
  .join('\n');
await write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
);
await write(
  'robots.txt',
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /admin-login',
    'Disallow: /reset-password/',
    'Disallow: /personality/',
    'Disallow: /hi/admin-login',
    'Disallow: /hi/personality/',
    '',
    `Sitemap: ${ORIGIN}/sitemap.xml`,
    '',
  ].join('\n'),
);

// Each programme's brochure, drawn from the content its page shows (pwa/content/brochures.ts).
const pdfs = await server.renderBrochures(ROOT);
for (const { href, pdf } of pdfs) await write(href.slice(1), pdf);

await writeFile(path.join(OUT, '.build-origin'), `${ORIGIN}\n`);
console.log(
  `prerendered ${server.PRERENDERED_PATHS.length} routes, 404.html and hi/404.html, ${server.CLIENT_ONLY_PATHS.length} shells, ${pdfs.length} brochures; sitemap: ${listed.length} URLs (${ORIGIN})`,
);
