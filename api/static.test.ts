// A reload of any page the app serves answers 200 with the app shell; an unknown path, the
// 404 page with 404. The pages come from the route table the app's routers are declared from.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { LIST_SLUGS } from '../contract/lead-kinds.ts';
import { CONSOLE_ROUTES, consolePath, PUBLIC_VALUE_ROUTES } from '../contract/routes.ts';
import { staticSite } from './static.ts';

const root = mkdtempSync(path.join(tmpdir(), 'static-site-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(path.join(root, 'shell.html'), '<!doctype html><title>shell</title><div id="root"></div>');
writeFileSync(path.join(root, '404.html'), '<!doctype html><title>not found</title>');
mkdirSync(path.join(root, 'hi'));
writeFileSync(path.join(root, 'hi/404.html'), '<!doctype html><html lang="hi"><title>पेज नहीं मिला</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const app = new Hono().get('*', staticSite(root));
const statusOf = async (urlPath: string) => (await app.request(urlPath)).status;

/** A route pattern with each value filled in as a link would have it. */
const filled = (pattern: string) => pattern.replace(':list', LIST_SLUGS[0]!).replace(/:[a-z]+/g, 'K7Q2MX');

describe('deep links', () => {
  it('answers 200 for a reload of the pages a counsellor was sent a link to', async () => {
    for (const urlPath of ['/admin/import', '/admin/people', '/admin/templates', '/admin/sessions/K7Q2MX', '/admin/people/3f1c']) {
      const res = await app.request(urlPath);
      expect(res.status, urlPath).toBe(200);
      expect(await res.text(), urlPath).toContain('<div id="root">');
    }
  });

  it('answers 200 for every route the console and the public site render in the browser', async () => {
    const paths = [
      ...Object.values(CONSOLE_ROUTES).map((route) => filled(consolePath(route))),
      ...LIST_SLUGS.map((slug) => `/admin/${slug}`),
      ...Object.values(PUBLIC_VALUE_ROUTES).map((route) => filled(`/${route}`)),
    ];
    expect(paths).toContain('/admin/import');
    for (const urlPath of paths) {
      expect(await statusOf(urlPath), urlPath).toBe(200);
      expect(await statusOf(`${urlPath}/`), `${urlPath}/`).toBe(200);
    }
  });

  it('answers 404 for a path no route serves', async () => {
    for (const urlPath of ['/admin/no-such-page', '/admin/people/3f1c/extra', '/admin/sessions/K7Q2MX/x', '/no-such-page', '/s']) {
      const res = await app.request(urlPath);
      expect(res.status, urlPath).toBe(404);
      expect(await res.text(), urlPath).toContain('not found');
    }
  });

  it("answers an unknown Hindi path with the Hindi 404 page: the English one's tree does not hydrate as a Hindi page", async () => {
    for (const urlPath of ['/hi/no-such-page', '/hi/blog/x/y']) {
      const res = await app.request(urlPath);
      expect(res.status, urlPath).toBe(404);
      expect(await res.text(), urlPath).toContain('<html lang="hi">');
    }
    // Only the /hi/ prefix is the Hindi site.
    expect(await (await app.request('/hindi-lessons')).text()).toContain('<title>not found</title>');
  });
});

describe("the build's precompressed copies", () => {
  const script = 'console.log("' + 'a counsellor calls back within the hour. '.repeat(40) + '");';
  const decoded = async (res: Response) => brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
  const brotliOf = (text: string) => brotliCompressSync(Buffer.from(text));

  it('serves the copy the build wrote beside the file, as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-br-'));
    try {
      writeFileSync(path.join(dir, 'app.js'), script);
      // A copy whose content differs from the file proves which one went out.
      writeFileSync(path.join(dir, 'app.js.br'), brotliOf('// from the build'));
      writeFileSync(path.join(dir, 'app.js.gz'), gzipSync('// gzip from the build'));
      const site = new Hono().get('*', staticSite(dir));
      const br = await site.request('/app.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(await decoded(br)).toBe('// from the build');
      const gz = await site.request('/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('// gzip from the build');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compresses a file edited after its copy was written, rather than serve the stale copy', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-br-'));
    try {
      writeFileSync(path.join(dir, 'app.js.br'), brotliOf('// stale'));
      writeFileSync(path.join(dir, 'app.js'), script);
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(dir, 'app.js'), later, later);
      const res = await new Hono().get('*', staticSite(dir)).request('/app.js', { headers: { 'Accept-Encoding': 'br' } });
      expect(await decoded(res)).toBe(script);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
