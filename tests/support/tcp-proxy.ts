// A TCP proxy between the server and Postgres that a test can take down and bring back:
// "down" cuts every open connection and refuses new ones, which is what the server sees
// when Postgres restarts, fails over or the network drops, without touching the shared
// Postgres that other suites use. `up({ dropReplies: true })` lets requests through and
// throws the answers away: a peer that stored what it was sent while the sender never
// heard back (the relay suite kills its relay in that gap).
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections opened through the proxy so far. */
  readonly opened: number;
  /** Cuts every connection and stops listening (new connections are refused). */
  down(): Promise<void>;
  /** Listens again on the same port; with `dropReplies`, new connections carry requests only. */
  up(options?: { dropReplies?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let opened = 0;
  let dropReplies = false;
  const server = net.createServer((client) => {
    opened++;
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    // Dropped replies are still read, so the target is never held up by a full buffer.
    if (dropReplies) upstream.resume();
    else upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    get opened() {
      return opened;
    },
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
    },
    async up(options = {}) {
      dropReplies = options.dropReplies ?? false;
      await listen(port);
    },
    async close() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
