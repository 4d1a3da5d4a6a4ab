// Serves the built PWA from one directory: exact files first, then a prerendered
// `route/index.html`, then `index.html` for client-side routes (a reload of /about or
// /blog/some-id works). Hashed files under /assets/ are immutable for a year; HTML, the
// service worker and the manifest are `no-cache` so an update is seen at once.
// Text files go out compressed (brotli or gzip), from the build's precompressed copies or
// compressed once here, and kept in memory: the build is small and phones on slow links
// gain most from it.
// The prerendered pages, sitemap and robots.txt carry absolute links (canonical, sitemap
// entries) made from the PUBLIC_URL the build saw, which it records in `.build-origin`;
// when the server runs with another PUBLIC_URL, those files are served with its origin
// instead, so one image serves any domain.
import { createReadStream, promises as fs, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { routeRegExp, SHELL_ROUTE_PATTERNS } from '../contract/routes.ts';

function readBuildOrigin(root: string): string | undefined {
  try {
    return readFileSync(path.join(root, BUILD_ORIGIN_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.svg', '.xml', '.txt']);
const NO_CACHE = new Set(['/sw.js', '/registerSW.js', '/manifest.webmanifest']);
const MAX_COMPRESSED_CACHE = 64 * 1024 * 1024;
/** Files whose absolute links follow PUBLIC_URL. */
const ORIGIN_BEARING = new Set(['.html', '.xml', '.txt']);
/** Written by scripts/prerender.mjs: the origin the build's links were made with. */
export const BUILD_ORIGIN_FILE = '.build-origin';

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || NO_CACHE.has(urlPath) || /^\/workbox-[\w-]+\.js$/.test(urlPath)) {
    return 'no-cache';
  }
  return 'public, max-age=86400';
}

interface Found {
  file: string;
  stat: Stats;
  urlPath: string;
}

/**
 * Pages the browser renders with no file of their own (every console page, a reset link, a
 * session's page: contract/routes.ts, the table the app's routers are declared from): they
 * get the app shell with 200, so a reload of any page the app serves is a 200. A blog id
 * with no prerendered page is unknown, so its shell (which shows 'Blog not found') goes out
 * as a 404. Every other unknown page path gets the prerendered 404 page (hi/404.html
 * under /hi/).
 */
export const DYNAMIC_SHELL_ROUTES: ReadonlyArray<{ pattern: RegExp; status: 200 | 404 }> = [
  ...SHELL_ROUTE_PATTERNS.map((route) => ({ pattern: routeRegExp(route), status: 200 as const })),
  { pattern: /^\/blog\/[^/]+\/?$/, status: 404 },
];

/** The Hindi site's paths (pwa/i18n/lang.ts): an unknown one gets the Hindi not-found page. */
const HINDI_PATH = /^\/hi(?:\/|$)/;

/** The file at `rel` under root, when it is a file inside root. */
async function fileAt(root: string, rel: string): Promise<Found | undefined> {
  const file = path.join(root, rel);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? { file, stat, urlPath: '/' + rel.split(path.sep).join('/') } : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names (or its directory's index.html); never one outside root or a dotfile. */
async function fileForUrl(root: string, urlPath: string): Promise<Found | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const rel = path.normalize(decoded).replace(/^([/\\])+/, '');
  const segments = rel.split(/[/\\]/);
  if (segments.includes('..')) return undefined;
  // Dotfiles are the build's own notes (.build-origin), never the site's.
  if (segments.some((seg) => seg.startsWith('.') && seg !== '.well-known')) return undefined;
  return (await fileAt(root, rel)) ?? (await fileAt(root, path.join(rel, 'index.html')));
}

/**
 * The build's own compressed copy (scripts/precompress.mjs writes `file.br` and `file.gz`),
 * when it is at least as new as the file: one edited after the build is compressed again.
 */
async function precompressed(found: Found, encoding: 'br' | 'gzip'): Promise<Buffer | undefined> {
  const file = `${found.file}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    if ((await fs.stat(file)).mtimeMs < found.stat.mtimeMs) return undefined;
    return await fs.readFile(file);
  } catch {
    return undefined;
  }
}

function compress(raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzipSync(raw, { level: 9 });
}

/** Compressed files kept in memory, up to MAX_COMPRESSED_CACHE bytes in all. */
function createCompressionCache() {
  const compressed = new Map<string, Buffer>();
  let compressedBytes = 0;
  /** The compressed file, from the cache when it holds it (the file is read only on a miss). */
  return async function encoded(found: Found, encoding: 'br' | 'gzip', body: Buffer | undefined): Promise<Buffer> {
    const cacheKey = `${found.file}:${found.stat.mtimeMs}:${found.stat.size}:${encoding}`;
    let out = compressed.get(cacheKey);
    if (!out) {
      out =
        (body === undefined ? await precompressed(found, encoding) : undefined) ??
        compress(body ?? (await fs.readFile(found.file)), encoding);
      if (compressedBytes + out.length <= MAX_COMPRESSED_CACHE) {
        compressed.set(cacheKey, out);
        compressedBytes += out.length;
      }
    }
    return out;
  };
}

export interface StaticSiteOptions {
  /** The origin links should carry (PUBLIC_URL); undefined: files are served as built. */
  publicUrl?: string;
  shellRoutes?: typeof DYNAMIC_SHELL_ROUTES;
}

export function staticSite(rootDir: string, options: StaticSiteOptions = {}) {
  const shellRoutes = options.shellRoutes ?? DYNAMIC_SHELL_ROUTES;
  const root = path.resolve(rootDir);
  const encoded = createCompressionCache();
  const buildOrigin = readBuildOrigin(root);
  const rewrite =
    options.publicUrl && buildOrigin && buildOrigin !== options.publicUrl ? { from: buildOrigin, to: options.publicUrl } : undefined;
  const rewritten = new Map<string, Buffer>();

  /** The file's bytes with the build's origin replaced, or undefined when it is served as is. */
  async function rewrittenBody(found: Found, ext: string): Promise<Buffer | undefined> {
    if (!rewrite || !ORIGIN_BEARING.has(ext)) return undefined;
    const key = `${found.file}:${found.stat.mtimeMs}:${found.stat.size}`;
    let body = rewritten.get(key);
    if (!body) {
      body = Buffer.from((await fs.readFile(found.file, 'utf8')).replaceAll(rewrite.from, rewrite.to));
      rewritten.set(key, body);
    }
    return body;
  }

  async function send(c: Context, found: Found, status: 200 | 404 = 200): Promise<Response> {
    const ext = path.extname(found.file).toLowerCase();
    const body = await rewrittenBody(found, ext);
    const size = body?.length ?? found.stat.size;
    const etag = `W/"${size.toString(16)}-${Math.floor(found.stat.mtimeMs).toString(16)}"`;
    const headers = new Headers({
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(found.urlPath),
      ETag: etag,
      'Last-Modified': found.stat.mtime.toUTCString(),
    });
    if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const head = c.req.method === 'HEAD';
    if (COMPRESSIBLE.has(ext) && size > 512) {
      headers.set('Vary', 'Accept-Encoding');
      const accept = c.req.header('accept-encoding') ?? '';
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        const out = await encoded(found, encoding, body);
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(out.length));
        return new Response(head ? null : new Uint8Array(out), { status, headers });
      }
    }
    headers.set('Content-Length', String(size));
    if (head) return new Response(null, { status, headers });
    if (body) return new Response(new Uint8Array(body), { status, headers });
    const stream = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
    return new Response(stream, { status, headers });
  }

  return async (c: Context): Promise<Response> => {
    const urlPath = c.req.path;
    const found = await fileForUrl(root, urlPath);
    if (found) return send(c, found);
    // A missing hashed asset or file with an extension is a real 404, not the app shell:
    // serving HTML for a script URL only produces confusing errors.
    const wantsPage = !path.extname(urlPath) || urlPath.endsWith('.html');
    if (wantsPage) {
      const route = shellRoutes.find((r) => r.pattern.test(urlPath));
      if (route) {
        const shell = (await fileAt(root, 'shell.html')) ?? (await fileAt(root, 'index.html'));
        if (shell) return send(c, shell, route.status);
      }
      // The prerendered not-found page, with the status that says so (search engines,
      // link checkers). A build without one falls back to the app shell.
      const notFound = (HINDI_PATH.test(urlPath) ? await fileAt(root, 'hi/404.html') : undefined) ?? (await fileAt(root, '404.html'));
      if (notFound) return send(c, notFound, 404);
      const index = await fileAt(root, 'index.html');
      if (index) return send(c, index);
    }
    return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
  };
}
