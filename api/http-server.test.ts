// The connection ceilings (http-server.ts): past MAX_CONNECTIONS every request but
// /api/health is answered 503, a few connections past that are refused outright, and a
// freed slot serves again (a small app, in-process, on a free port); a connection past
// MAX_CONNECTIONS_PER_ADDRESS is answered 503 and its request never reaches the app (the
// real app on a test database). And the listening socket's accept backlog is the one asked
// for, not Node's 511, which a burst of retrying phones overflowed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { HEALTH_HEADROOM, LISTEN_BACKLOG, startHttpServer, type HttpServer } from './http-server.ts';
import { testApp } from './testing/app.ts';
import { testBackends, type TestDatabase } from './testing/databases.ts';
import { LEAD_SAMPLES } from './testing/lead-samples.ts';

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

  it("listens with room for a burst of new connections, not Node's 511", async () => {
    const { port } = await start(0, 0);
    // A listening socket's Send-Q in `ss` is its accept backlog, as the kernel set it: the
    // one asked for, capped at net.core.somaxconn.
    const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
    const backlog = Number(line.split(/\s+/)[2]);
    const ceiling = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(ceiling, 'net.core.somaxconn on this machine').toBeGreaterThan(511);
    expect(backlog, line).toBe(Math.min(LISTEN_BACKLOG, ceiling));
    expect(backlog, `${line}: Node's default`).toBeGreaterThan(511);
  });

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

/** Sends a POST on a new connection (Connection: close); resolves with the first status code that came back, 0 when none. */
function postOnce(port: number, path: string, body: string, onAnswer: (status: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let status = 0;
    socket.on('data', (d) => {
      data += d.toString();
      const code = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (status === 0 && code) onAnswer((status = Number(code[1])));
    });
    socket.on('error', () => {});
    socket.once('connect', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    socket.once('close', () => resolve(status));
  });
}

describe.each(testBackends())('the per-address ceiling in front of the real app on $name', (backend) => {
  let database: TestDatabase;
  let http: HttpServer | undefined;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await http?.stop();
    await database?.dispose();
  });

  it('stores nothing for a request it answered 503: 300 keyless POSTs at once store exactly the 201s', async () => {
    const real = testApp(database).app;
    // A busy server: every request the app is given waits until each of the 300 has either
    // reached the app or been answered 503, so the accepted ones all hold their connection
    // while the rest arrive, on a fast machine as on a slow one.
    const total = 300;
    let reachedApp = 0;
    let refused = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const decided = () => {
      if (reachedApp + refused >= total) openGate();
    };
    const busy = new Hono().all('*', async (c) => {
      reachedApp++;
      decided();
      await gate;
      return real.fetch(c.req.raw, c.env);
    });
    const ceiling = 20;
    http = startHttpServer(
      busy,
      {
        port: 0,
        host: '127.0.0.1',
        headersTimeoutSeconds: 600,
        requestTimeoutSeconds: 600,
        maxConnectionsPerAddress: ceiling,
        maxConnections: 0,
        trustProxy: 0,
        shutdownGraceSeconds: 1,
      },
      () => {},
    );
    const { port } = await http.listening;
    const statuses = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        postOnce(port, LEAD_PATHS.freeJoin, JSON.stringify(LEAD_SAMPLES.freeJoin(i)), (status) => {
          if (status !== 503) return;
          refused++;
          decided();
        }),
      ),
    );
    const created = statuses.filter((s) => s === 201).length;
    expect(statuses.filter((s) => s === 503).length).toBe(total - created);
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(ceiling);
    const stored = await database.db
      .selectFrom('free_join_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(created);
    expect(reachedApp).toBe(created);
  }, 120_000);
});

/** A keep-alive connection that collects what comes back, one answer at a time. */
function keepAlive(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let data = '';
  socket.on('data', (d) => (data += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    /** Resolves with everything received once `n` answers have come. */
    answers: (n: number) =>
      expect
        .poll(() => data.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0)
        .toBe(n)
        .then(() => data),
  };
}

describe('the graceful stop', () => {
  const start = (app: Hono) =>
    startHttpServer(
      app,
      {
        port: 0,
        host: '127.0.0.1',
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        maxConnectionsPerAddress: 0,
        maxConnections: 0,
        trustProxy: 0,
        shutdownGraceSeconds: 5,
      },
      () => {},
    );

  it('answers a request still being worked on when the stop began with Connection: close, and ends its connection', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => {};
    const working = new Promise<void>((resolve) => (arrived = resolve));
    const app = new Hono().get('/slow', async (c) => {
      arrived();
      await held;
      return c.json({ ok: true });
    });
    const http = start(app);
    const { port } = await http.listening;
    const client = keepAlive(port);
    await client.connected;
    client.send('/slow');
    await working;
    const stopped = http.stop();
    release();
    const answer = await client.answers(1);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/^connection: close\r$/im);
    // The server ends the connection itself: the client never gets to reuse it.
    await client.closed;
    await stopped;
  });

  it('answers, with Connection: close, a request sent on a connection that was idle when the stop began; new connections are refused', async () => {
    const http = start(new Hono().get('/thing', (c) => c.json({ ok: true })));
    const { port } = await http.listening;
    const client = keepAlive(port);
    await client.connected;
    client.send('/thing');
    expect(await client.answers(1)).toMatch(/^connection: keep-alive\r$/im);
    const stopped = http.stop();
    client.send('/thing');
    const both = await client.answers(2);
    expect(both.slice(both.lastIndexOf('HTTP/1.1 '))).toMatch(/^HTTP\/1\.1 200[\s\S]*^connection: close\r$/im);
    await client.closed;
    const refused = await new Promise<string>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => resolve('connected'));
      s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? ''));
    });
    expect(refused).toBe('ECONNREFUSED');
    await stopped;
  });
});
