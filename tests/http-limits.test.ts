// The HTTP server under clients that misbehave or a stop that comes mid-load: slow
// headers and slow bodies are cut off, one address cannot hold every connection, and a
// SIGTERM under load answers every request the server accepted.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { startServer } from './support/server.ts';

/** Opens a raw connection, writes `text`, and resolves with what came back once the server closed it. */
function rawExchange(port: number, text: string): { closed: Promise<{ data: string; ms: number }>; socket: net.Socket } {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let data = '';
  socket.on('data', (d) => (data += d.toString()));
  socket.on('error', () => {});
  socket.once('connect', () => socket.write(text));
  const closed = new Promise<{ data: string; ms: number }>((resolve) =>
    socket.once('close', () => resolve({ data, ms: Date.now() - started })),
  );
  return { closed, socket };
}

const contact = (i: number) => ({
  firstName: `Term${i}`,
  lastName: 'Test',
  email: `t${i}@example.in`,
  phone: '9876543210',
  message: `Message ${i}`,
});

describe('slow and greedy clients', () => {
  it('cuts off a client that sends its headers or its body too slowly', async () => {
    const server = await startServer({ env: { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' } });
    try {
      // Headers that never end.
      const headers = rawExchange(server.port, `POST ${LEAD_PATHS.contact} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`);
      // A body that stops halfway.
      const body = JSON.stringify(contact(1));
      const halfBody = rawExchange(
        server.port,
        `POST ${LEAD_PATHS.contact} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      // A body trickled one byte at a time, forever.
      const trickle = rawExchange(
        server.port,
        `POST ${LEAD_PATHS.contact} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n`,
      );
      const drip = setInterval(() => trickle.socket.writable && trickle.socket.write('x'), 200);
      const [h, b, t] = await Promise.all([headers.closed, halfBody.closed, trickle.closed]);
      clearInterval(drip);
      for (const [name, r] of Object.entries({ headers: h, body: b, trickle: t })) {
        expect(r.ms, name).toBeLessThan(5_000);
        expect(r.data, name).toMatch(/^HTTP\/1\.1 408/);
      }
      // The server is fine afterwards.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('limits the connections one address may hold open at once', async () => {
    const server = await startServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: '5' } });
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const s = net.connect(server.port, '127.0.0.1');
        s.on('error', () => {});
        await new Promise((resolve) => s.once('connect', resolve));
        sockets.push(s);
      }
      // The sixth is answered 503 and closed...
      const sixth = rawExchange(server.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      const refused = await sixth.closed;
      expect(refused.data).toMatch(/^HTTP\/1\.1 503/);
      // ...while the five still work, and a freed slot is usable again.
      sockets[0]!.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        sockets[0]!.on('data', (d) => (data += d.toString()));
        sockets[0]!.once('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      await expect.poll(async () => (await fetch(`${server.url}/api/health`).catch(() => undefined))?.status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('graceful stop under load', () => {
  // "Accepted" is a request the server read: it reached the app, which logs each request
  // with its X-Request-Id. A request can also die unread, and no server can prevent it: a
  // connection still in the kernel's accept queue when the listener closes is reset, and a
  // request written on a keep-alive connection at the instant it is closed as idle is never
  // read. The client sees ECONNRESET; nothing was stored, and the outbox sends it again
  // with the same Idempotency-Key. What must never happen is a request that was read and
  // got no answer.
  it('answers every request it accepted on a SIGTERM at 150 POSTs/s over keep-alive connections', { timeout: 60_000 }, async () => {
    const server = await startServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } });
    const outcomes: Array<{ id: string; status: number; error?: string }> = [];
    const running: Promise<void>[] = [];
    const start = Date.now();
    let signalled = 0;
    for (let i = 0; i < 450; i++) {
      const wait = start + (i * 1000) / 150 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (i === 150) {
        server.process.kill('SIGTERM');
        signalled = Date.now();
      }
      const id = `sigterm-${start}-${i}`;
      running.push(
        fetch(`${server.url}${LEAD_PATHS.contact}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': id, 'X-Request-Id': id },
          body: JSON.stringify(contact(i)),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            void outcomes.push({ id, status: res.status });
          },
          (err: Error) => void outcomes.push({ id, status: 0, error: (err.cause as { code?: string } | undefined)?.code ?? err.message }),
        ),
      );
    }
    await Promise.all(running);
    expect(await server.stop()).toBe(0);
    const read = new Set(
      server
        .output()
        .split('\n')
        .flatMap((line) => /"reqId":"(sigterm-[^"]+)"/.exec(line)?.[1] ?? []),
    );
    const answered = outcomes.filter((o) => o.status !== 0);
    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
    const failed = outcomes.filter((o) => o.status === 0 && o.error !== 'ECONNREFUSED');
    // Every request the server read got its answer; every one that failed was never read.
    const unanswered = [...read].filter((id) => !answered.some((o) => o.id === id));
    expect(unanswered, 'read by the server but not answered').toEqual([]);
    const readButFailed = failed.filter((o) => read.has(o.id));
    expect(readButFailed, JSON.stringify(readButFailed.slice(0, 5))).toEqual([]);
    expect(read.size).toBe(answered.length);
    expect(new Set(answered.map((o) => o.status))).toEqual(new Set([201]));
    expect(answered.length).toBeGreaterThanOrEqual(150);
    // After the signal the server stopped taking connections.
    expect(refused.length).toBeGreaterThan(0);
    expect(signalled).toBeGreaterThan(0);
  });
});

describe('a client that goes away', () => {
  it('is logged as a client that left mid-body, not as a database problem', async () => {
    const server = await startServer();
    try {
      const body = JSON.stringify(contact(7));
      const socket = net.connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST ${LEAD_PATHS.contact} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
      );
      // A full round trip elsewhere: the server has read the start of the abandoned request.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      socket.destroy();
      await expect.poll(() => server.output()).toMatch(/POST \/api\/v1\/contact 400/);
      expect(server.output()).not.toMatch(/database unavailable|error on POST/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
