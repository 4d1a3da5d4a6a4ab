// The HTTP edges: bodies that are not JSON, too large or the wrong type; unknown API
// paths; health; hostile inputs never giving a 500; and serving the PWA (SPA fallback,
// cache headers, compression, traversal).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BODY_MAX_BYTES, SYNC_PATH } from '../contract/api.ts';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { API_MESSAGES } from '../contract/messages.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { RECHECK_MS } from './db/outage.ts';
import { pgliteBackend, type TestDatabase } from './testing/databases.ts';
import { postJson, testApp, testConfig } from './testing/app.ts';

let database: TestDatabase;
let app: ReturnType<typeof testApp>['app'];
let site: string;
let outside: string;

beforeAll(async () => {
  database = await pgliteBackend.create();
  // The build sits one level down, beside a file that must never be served.
  outside = mkdtempSync(path.join(tmpdir(), 'site-'));
  site = path.join(outside, 'site');
  mkdirSync(site);
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET');
  writeFileSync(path.join(site, 'inside.txt'), 'PUBLIC-FILE');
  mkdirSync(path.join(site, 'assets'));
  mkdirSync(path.join(site, 'about'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>shell</title>' + ' '.repeat(2000));
  writeFileSync(path.join(site, 'about', 'index.html'), '<!doctype html><title>about</title>');
  writeFileSync(path.join(site, 'assets', 'app-1a2b3c.js'), 'console.log("app");'.repeat(200));
  writeFileSync(path.join(site, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(site, 'shell.html'), '<!doctype html><title>empty shell</title>');
  writeFileSync(path.join(site, '404.html'), '<!doctype html><title>not found</title>');
  app = testApp(database, { staticDir: site }).app;
});
afterAll(async () => {
  await database?.dispose();
  rmSync(outside, { recursive: true, force: true });
});

describe('request bodies', () => {
  it('answers 415 as JSON for a body that is not JSON-typed', async () => {
    const res = await app.request(LEAD_PATHS.contact, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: API_MESSAGES.unsupportedMediaType });
    const none = await app.request(LEAD_PATHS.contact, { method: 'POST', body: '{}' });
    expect(none.status).toBe(415);
  });

  it.each(['{"firstName":', 'undefined', '', '\u0000'])('answers 400 for malformed JSON %j', async (body) => {
    const res = await postJson(app, LEAD_PATHS.contact, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it.each([[[1, 2]], [null], [42], ['"text"']])('answers 400 for a JSON value that is not an object: %j', async (value) => {
    const res = await postJson(app, LEAD_PATHS.contact, JSON.stringify(value));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: API_MESSAGES.notObject });
  });

  it('names the limit of the endpoint in its 413: 64 KiB for one lead, 2 MiB for a sync batch', async () => {
    const lead = await postJson(app, LEAD_PATHS.contact, JSON.stringify({ message: 'x'.repeat(65 * 1024) }));
    expect(await lead.json()).toEqual({ message: 'Request body is too large (limit 64 KiB)' });
    const batch = await postJson(app, SYNC_PATH, JSON.stringify([{ key: 'k'.repeat(8), path: '/x', body: 'x'.repeat(2 * 1024 * 1024) }]));
    expect(batch.status).toBe(413);
    expect(await batch.json()).toEqual({ message: 'Request body is too large (limit 2 MiB)' });
  });

  it('answers 413 past 64 KiB, declared or streamed', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(70 * 1024) });
    const declared = await postJson(app, LEAD_PATHS.contact, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: API_MESSAGES.tooLarge(BODY_MAX_BYTES) });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await app.request(LEAD_PATHS.contact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('never answers 500, whatever the body holds', async () => {
    const hostile: unknown[] = [
      {},
      { firstName: null, lastName: [], email: {}, phone: 1e308, message: true },
      { firstName: { toString: 1 }, email: ['a@b.co'], phone: -1, message: '\u0000' },
      JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
      { name: 'x'.repeat(60_000) },
      { phone: '٩٨٧٦٥٤٣٢١٠', email: 'ü@ß.de', name: '😀'.repeat(50), password: '\ud800' },
      { background: 'College Student', course: ['Soft Skills'], name: 1, email: 2, phone: 9876543210, password: 123456 },
      { answers: { q1: 1 }, language: 'klingon' },
    ];
    const paths = [...Object.values(LEAD_PATHS), SYNC_PATH];
    for (const path of paths) {
      for (const body of hostile) {
        const res = await postJson(app, path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('API routing', () => {
  it('answers unknown /api paths with a JSON 404, never HTML', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/v1/unknown'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/contact'],
      ['GET', '/api/v1/contact/extra/segments'],
    ] as const) {
      const res = await app.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: API_MESSAGES.notFound });
    }
  });

  it('reports health 200 with the database, 503 without', async () => {
    const ok = await app.request('/api/health');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', database: true });
    const down = createApp(
      { db: database.db, config: testConfig({ staticDir: site }), log: () => {}, ping: async () => false },
      { logRequests: false },
    );
    const res = await down.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: false });
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    // Nothing listens on port 1: every connection attempt is refused, as when Postgres is down.
    const gone = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: '' });
    const lost = testApp({ ...gone, dispose: () => gone.close() }, { staticDir: site }).app;
    onTestFinished(() => gone.close());
    const res = await postJson(lost, LEAD_PATHS.contact, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '9876543210',
      message: 'hi',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('while the database is known down, answers a submission 503 before reading it, and lets one through when a check is due', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const gone = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: '' });
    onTestFinished(() => gone.close());
    const lost = testApp({ ...gone, dispose: () => gone.close() }, { staticDir: site }).app;
    const malformed = () => postJson(lost, LEAD_PATHS.contact, '{"firstName":');
    // Not yet known down: the body is read (and refused) as on any day.
    expect((await malformed()).status).toBe(400);
    // A submission meets the refused connection: from now on the database is known down.
    expect((await postJson(lost, LEAD_PATHS.freeJoin, { name: 'A B', phone: '9876543210', email: 'a@b.co' })).status).toBe(503);
    const shed = await malformed();
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('5');
    expect(await shed.json()).toEqual({ message: API_MESSAGES.unavailable });
    // A read is not turned away here (it meets the gate on its first query).
    expect((await lost.request('/api/v1/no-such-thing')).status).toBe(404);
    // Once the gate's next check is due, a request goes through to make it.
    vi.setSystemTime(Date.now() + RECHECK_MS);
    expect((await malformed()).status).toBe(400);
  });
});

describe('serving the PWA', () => {
  it('serves prerendered pages, the shell for client routes and a real 404 for unknown pages', async () => {
    const home = await app.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>shell</title>');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await (await app.request('/about')).text()).toContain('<title>about</title>');
    expect(await (await app.request('/about/')).text()).toContain('<title>about</title>');

    const reset = await app.request('/reset-password/0123abcd');
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('<title>empty shell</title>');

    const unknownPost = await app.request('/blog/no-such-post');
    expect(unknownPost.status).toBe(404);
    expect(await unknownPost.text()).toContain('<title>empty shell</title>');

    for (const url of ['/no-such-page', '/services/unknown/deeper']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain('<title>not found</title>');
    }
  });

  it('caches hashed assets for a year and the service worker not at all', async () => {
    const asset = await app.request('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses text, honours ETags and 404s missing files that have an extension', async () => {
    const gz = await app.request('/assets/app-1a2b3c.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('console.log');
    const etag = gz.headers.get('etag')!;
    const cached = await app.request('/assets/app-1a2b3c.js', { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect((await app.request('/assets/missing-123.js')).status).toBe(404);
  });

  it('serves canonical links, the sitemap and robots.txt for the PUBLIC_URL it runs with, and never the build notes', async () => {
    const built = mkdtempSync(path.join(tmpdir(), 'origin-'));
    onTestFinished(() => rmSync(built, { recursive: true, force: true }));
    const canonical = '<link rel="canonical" href="http://localhost:3000/about" />' + ' '.repeat(1000);
    mkdirSync(path.join(built, 'about'));
    writeFileSync(path.join(built, 'about', 'index.html'), canonical);
    writeFileSync(path.join(built, 'sitemap.xml'), '<loc>http://localhost:3000/about</loc>');
    writeFileSync(path.join(built, 'robots.txt'), 'Sitemap: http://localhost:3000/sitemap.xml');
    writeFileSync(path.join(built, '.build-origin'), 'http://localhost:3000\n');

    const asBuilt = testApp(database, { staticDir: built }).app;
    expect(await (await asBuilt.request('/about')).text()).toContain('href="http://localhost:3000/about"');

    const live = testApp(database, { staticDir: built, canonicalOrigin: 'https://skillup.example.in' }).app;
    const page = await live.request('/about');
    const html = await page.text();
    expect(html).toContain('href="https://skillup.example.in/about"');
    expect(html).not.toContain('localhost:3000');
    expect(Number(page.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    const gz = await live.request('/about', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('href="https://skillup.example.in/about"');
    expect(await (await live.request('/sitemap.xml')).text()).toBe('<loc>https://skillup.example.in/about</loc>');
    expect(await (await live.request('/robots.txt')).text()).toBe('Sitemap: https://skillup.example.in/sitemap.xml');
    expect((await live.request('/.build-origin')).status).toBe(404);

    // PUBLIC_URL unset: they name the server's own port, not the build's default one.
    const byPort = testApp(database, { staticDir: built, canonicalOrigin: loadConfig({ PORT: '8123' }).canonicalOrigin }).app;
    expect(await (await byPort.request('/sitemap.xml')).text()).toBe('<loc>http://localhost:8123/about</loc>');
    expect(await (await byPort.request('/about')).text()).toContain('href="http://localhost:8123/about"');
  });

  it('never serves files outside the build', async () => {
    // The same request shape reaches a file inside, so a refusal below is the guard at work.
    expect(await (await app.request('/inside.txt')).text()).toBe('PUBLIC-FILE');
    for (const url of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/secret.txt%00',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('TOP-SECRET');
    }
  });
});
