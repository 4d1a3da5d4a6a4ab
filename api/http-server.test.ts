// The overall connection ceiling (http-server.ts): past MAX_CONNECTIONS every request but
// /api/health is answered 503, a few connections past that are refused outright, and a
// freed slot serves again. A small app, in-process, on a free port.
import net from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_HEADROOM, startHttpServer, type HttpServer } from './http-server.ts';

/** Writes a request (Connection: close) on a new connection; resolves with everything that came back. */
function exchange(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', () => {});
    socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    socket.once('close', () => resolve(data));
  });
}

async function idleConnections(port: number, n: number): Promise<net.Socket[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Socket>((resolve) => {
          const s = net.connect(port, '127.0.0.1');
          s.on('error', () => {});
          s.once('connect', () => resolve(s));
        }),
    ),
  );
}

describe('the overall connection ceiling', () => {
  let http: HttpServer | undefined;
  let sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const s of sockets) s.destroy();
    sockets = [];
    await http?.stop();
  });

  const start = (maxConnections: number, maxConnectionsPerAddress: number) => {
    const app = new Hono().get('/api/health', (c) => c.json({ status: 'ok' })).get('/api/v1/thing', (c) => c.json({ ok: true }));
    http = startHttpServer(
      app,
      {
        port: 0,
        host: '127.0.0.1',
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        maxConnectionsPerAddress,
        maxConnections,
        trustProxy: 0,
        shutdownGraceSeconds: 1,
      },
      () => {},
    );
    return http.listening;
  };

  it('still holds the per-address ceiling alongside', async () => {
    const { port } = await start(100, 2);
    sockets = await idleConnections(port, 2);
    expect(await exchange(port, '/api/health')).toContain('Too many connections from your address');
    sockets[0]!.destroy();
    await expect.poll(() => exchange(port, '/api/health')).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers 503 past MAX_CONNECTIONS but keeps /api/health answering, refuses outright past its headroom, and serves again when freed', async () => {
    const { port } = await start(3, 0);
    expect(await exchange(port, '/api/v1/thing')).toMatch(/^HTTP\/1\.1 200/);

    sockets = await idleConnections(port, 3);
    const busy = await exchange(port, '/api/v1/thing');
    expect(busy).toMatch(/^HTTP\/1\.1 503/);
    expect(busy).toMatch(/Retry-After: 5/i);
    expect(busy).toContain('The server is busy');
    expect(await exchange(port, '/api/health')).toMatch(/^HTTP\/1\.1 200/);

    // The headroom full too: even health is refused, at once, without reading the request.
    sockets.push(...(await idleConnections(port, HEALTH_HEADROOM)));
    expect(await exchange(port, '/api/health')).toMatch(/^HTTP\/1\.1 503/);

    // Freed: served again.
    for (const s of sockets) s.destroy();
    sockets = [];
    await expect.poll(() => exchange(port, '/api/v1/thing')).toMatch(/^HTTP\/1\.1 200/);
  });
});
