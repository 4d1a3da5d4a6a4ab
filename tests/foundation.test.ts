// The one process, as a user runs it: the built server serving the PWA and the API, a
// browser loading the home page, graceful shutdown with a request in flight, and the
// embedded database refusing a second process.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { CONTENT_SECURITY_POLICY } from '../api/http/http-policy.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('the served product', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('loads the home page in Chromium with no console errors', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').first().textContent()).toBeTruthy();
    expect(await page.title()).not.toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves every deep link as HTML, a 404 page for unknown paths, and JSON 404s under /api', async () => {
    for (const url of ['/about', '/blog/top-soft-skills-2025-2026', '/personality/english-test', '/reset-password/abc123', '/outbox']) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"');
    }
    for (const url of ['/no-such-page', '/blog/no-such-post']) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    const missing = await fetch(server.url + '/api/v1/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
    const health = await fetch(server.url + '/api/health');
    expect(health.status).toBe(200);
  });

  it("puts the security headers on every kind of answer the server sends, without overriding a handler's own", async () => {
    const html = await (await fetch(server.url + '/')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const answers = {
      lead: await fetch(server.url + LEAD_PATHS.contact, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Head', lastName: 'Ers', email: 'headers@example.in', phone: '9876543210', message: 'hi' }),
      }),
      invalid: await fetch(server.url + LEAD_PATHS.contact, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }),
      apiMissing: await fetch(server.url + '/api/v1/missing'),
      page: await fetch(server.url + '/about'),
      asset: await fetch(server.url + asset),
      notFoundPage: await fetch(server.url + '/no-such-page'),
      resetPage: await fetch(server.url + '/reset-password/some-token'),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('content-security-policy'), name).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), name).toBe('max-age=31536000');
      await res.arrayBuffer();
    }
    expect(answers.lead.status).toBe(201);
    expect(answers.invalid.status).toBe(400);
    for (const res of [answers.lead, answers.invalid, answers.apiMissing]) expect(res.headers.get('cache-control')).toBe('no-store');
    // The static handler's cache rules win over the API default.
    expect(answers.page.headers.get('cache-control')).toBe('no-cache');
    // The hashed bundle: a one-year immutable cache.
    expect(answers.asset.status).toBe(200);
    expect(answers.asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answers.page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answers.resetPage.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('CORS on the served API', () => {
  it("answers a listed origin's preflight and marks its answers, and leaves others without CORS headers", async () => {
    const server = await startServer({ env: { CORS_ORIGINS: 'https://partner.example' } });
    try {
      const preflight = await fetch(server.url + LEAD_PATHS.contact, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://partner.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const post = (origin: string) =>
        fetch(server.url + LEAD_PATHS.contact, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin },
          body: JSON.stringify({ firstName: 'Cross', lastName: 'Origin', email: 'cors@example.in', phone: '9876543210', message: 'hi' }),
        });
      const listed = await post('https://partner.example');
      expect(listed.status).toBe(201);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      expect(listed.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
      expect(listed.headers.get('vary')).toBe('Origin');
      expect(listed.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      const other = await post('https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(other.headers.get('vary')).toBe('Origin');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes the in-flight request, refuses new ones, closes the database and exits 0', async () => {
    const server = await startServer();
    const body = JSON.stringify({
      firstName: 'Late',
      lastName: 'Request',
      email: 'late@example.in',
      phone: '9876543210',
      message: 'in flight',
    });
    const half = Math.floor(body.length / 2);
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Headers and half of the body: the request has started and cannot finish yet.
    socket.write(
      `POST ${LEAD_PATHS.contact} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: shutdown-test-0001\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    // A complete round trip on another connection: the server has read our first bytes.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    server.process.kill('SIGTERM');
    await expect.poll(() => server.output()).toContain('SIGTERM: finishing in-flight requests');
    // A request on a connection that was already open is answered, and told the connection
    // closes; a new connection is refused.
    const onOpenConnection = await fetch(`${server.url}/api/health`);
    expect(onOpenConnection.headers.get('connection')).toBe('close');
    await onOpenConnection.arrayBuffer();
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    socket.write(body.slice(half));
    await expect.poll(() => response).toMatch(/"firstName":"Late"/);
    socket.end();
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(response).toContain('"firstName":"Late"');
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('stopped');
  });
});

describe('embedded database', () => {
  it('gives a second process on the same DATA_DIR a clear error instead of corrupting it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
    const first = await startServer({ postgres: false, env: { DATA_DIR: dir } });
    const join = (url: string) =>
      fetch(`${url}${LEAD_PATHS.freeJoin}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'lock-test-0001' },
        body: JSON.stringify({ name: 'Still', phone: '9876543210', email: 'still@example.in' }),
      });
    let stored: unknown;
    try {
      await expect(startServer({ postgres: false, env: { DATA_DIR: dir } })).rejects.toThrow(/already in use by another process \(pid \d+/);
      const res = await join(first.url);
      expect(res.status).toBe(201);
      stored = await res.json();
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // The lock is released on a clean stop: the directory opens again with its data (the
    // same submission is recognised and answered as before).
    const again = await startServer({ postgres: false, env: { DATA_DIR: dir } });
    try {
      const replay = await join(again.url);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(stored);
    } finally {
      expect(await again.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
