// The Node HTTP server around the app: time limits for slow clients, a ceiling on the
// connections one address may hold and on all connections together, and a graceful stop
// that answers every request it has accepted.
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { HEALTH_PATH } from '../contract/api.ts';
import type { Config } from './config.ts';
import { normalizeAddress } from './http/client-address.ts';

export interface HttpServer {
  server: Server;
  /** Resolves with the address once listening. */
  listening: Promise<net.AddressInfo>;
  /**
   * Stops taking connections and resolves once every accepted request is answered and
   * every connection closed (or the grace period forced them closed).
   */
  stop(): Promise<void>;
}

type Limits = Pick<
  Config,
  | 'port'
  | 'host'
  | 'headersTimeoutSeconds'
  | 'requestTimeoutSeconds'
  | 'maxConnectionsPerAddress'
  | 'maxConnections'
  | 'trustProxy'
  | 'shutdownGraceSeconds'
>;

/** On stop, how long idle keep-alive connections get to send a last request before they are closed (ms). */
const IDLE_DRAIN_MS = 300;

/** Seconds an idle keep-alive connection stays open. Clients are told (Keep-Alive: timeout=5) and stop reusing it before. */
const KEEP_ALIVE_SECONDS = 5;

/**
 * New connections the kernel holds for the process to accept (Linux caps it at
 * net.core.somaxconn, 4096 here). Node's default of 511 overflowed when phones came back
 * together: in the fault test, 503s answered at once sent hundreds of retries out in the
 * same millisecond on new connections; past 511 the kernel dropped their handshakes
 * (TcpExtListenOverflows), and a dropped handshake is sent again after 1, 3 and 7 s, so
 * requests the server never saw went unanswered for 10 s while its event loop was idle.
 */
export const LISTEN_BACKLOG = 4096;

/** 503 for a connection past the per-address ceiling. */
const BUSY_RESPONSE =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: 54\r\n\r\n' +
  '{"message":"Too many connections from your address."}\n';

/** Connections past MAX_CONNECTIONS that are still read, for /api/health alone; beyond them, refused outright. */
export const HEALTH_HEADROOM = 32;
/** Seconds a connection past the ceiling may stay open. */
const OVERFLOW_SECONDS = 5;

const SERVER_BUSY_BODY = '{"message":"The server is busy. Please try again shortly."}\n';
const SERVER_BUSY_RESPONSE =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n' +
  `Content-Length: ${Buffer.byteLength(SERVER_BUSY_BODY)}\r\n\r\n${SERVER_BUSY_BODY}`;

/**
 * Answers, rather than just drops, a connection it will not serve, then closes it. Only for a
 * socket Node's HTTP parser was never given (see gateConnections): nothing sent on it is
 * parsed, so no request on it reaches the app.
 */
function refuse(socket: net.Socket, response: string): false {
  // What the client already sent is read and dropped: closing with unread data would
  // reset the connection and lose the answer on the way.
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.end(response);
  setTimeout(() => socket.destroy(), 1_000).unref();
  return false;
}

/**
 * Puts `admit` in front of Node's own handling of a new connection: a socket it refuses is
 * never handed to the HTTP parser. A plain 'connection' listener runs after Node's, which has
 * already attached the parser, so a refused connection got its 503 and its request was still
 * parsed and dispatched to the app (a retried 503 stored the lead twice, and the ceiling shed
 * no work).
 */
function gateConnections(server: Server, admit: (socket: net.Socket) => boolean): void {
  const handlers = server.listeners('connection') as ((this: Server, socket: net.Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: net.Socket) => {
    if (!admit(socket)) return;
    for (const handler of handlers) handler.call(server, socket);
  });
}

export function startHttpServer(app: Hono, limits: Limits, log: (line: string) => void): HttpServer {
  // Connections that arrived past the overall ceiling: only /api/health is answered on them.
  const overflow = new WeakSet<net.Socket>();
  const server = createAdaptorServer({
    fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
      const socket = env.incoming.socket;
      if (socket instanceof net.Socket && overflow.has(socket) && new URL(request.url).pathname !== HEALTH_PATH) {
        return new Response(SERVER_BUSY_BODY, {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '5', Connection: 'close' },
        });
      }
      return app.fetch(request, env);
    },
    hostname: limits.host,
    serverOptions: {
      // Node's defaults (60 s for headers, 300 s for a whole request, checked every 30 s)
      // let a slow or stalled client hold a connection and its memory for minutes. A phone
      // on a weak link sends a form (at most a few KB; a sync batch up to 2 MiB) well
      // within these.
      headersTimeout: limits.headersTimeoutSeconds * 1000,
      requestTimeout: limits.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: 500,
      keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000,
    },
  }) as Server;

  const listening = new Promise<net.AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as net.AddressInfo));
    server.once('error', reject);
  });
  server.listen({ port: limits.port, host: limits.host, backlog: LISTEN_BACKLOG });

  // Connections per client address. Behind a reverse proxy every connection comes from the
  // proxy, so the ceiling is the proxy's business there.
  const perAddress = new Map<string, number>();
  const ceiling = limits.trustProxy > 0 ? 0 : limits.maxConnectionsPerAddress;
  // All connections together: a flood from many addresses must not use up the process's
  // files (the database and SMTP need theirs) nor starve health checks.
  const total = limits.maxConnections;
  let open = 0;
  gateConnections(server, (socket) => {
    if (total > 0 && open >= total + HEALTH_HEADROOM) return refuse(socket, SERVER_BUSY_RESPONSE);
    let address: string | undefined;
    if (ceiling > 0) {
      address = normalizeAddress(socket.remoteAddress ?? 'unknown');
      const count = (perAddress.get(address) ?? 0) + 1;
      // Answered, not just dropped, so a person behind a crowded NAT sees why (and the outbox retries).
      if (count > ceiling) return refuse(socket, BUSY_RESPONSE);
      perAddress.set(address, count);
    }
    open++;
    if (total > 0 && open > total) {
      overflow.add(socket);
      socket.setTimeout(OVERFLOW_SECONDS * 1000, () => socket.destroy());
    }
    socket.once('close', () => {
      open--;
      if (address === undefined) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    return true;
  });

  let stopping = false;
  // Answers not yet sent. Once stopping, every answer closes its connection (Connection:
  // close), so keep-alive clients go away as soon as they have their answer: those of
  // requests that arrive after the stop began and those still being worked on when it began.
  // Left open, a connection whose answer went out just after the stop is idle again, a
  // client sends its next request on it, and that request races the idle close below.
  const unanswered = new Set<ServerResponse>();
  // Ahead of the app's listener: a handler that answers synchronously has sent its headers
  // by the time a listener added after it runs.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (stopping || overflow.has(req.socket)) {
      res.shouldKeepAlive = false;
      return;
    }
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      stopping = true;
      for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
      unanswered.clear();
      // Not http.Server#close() at once: it also closes idle keep-alive connections, and a
      // request a client sent on one a moment ago (still on the wire) is lost, reset. Here
      // the listener closes; a request arriving on an open connection is answered (with
      // Connection: close). Connections still idle after IDLE_DRAIN_MS are closed then:
      // waiting for their keep-alive time (5 s) would hold `docker stop` past its 2 s, and a
      // request lost in that narrow race is a network error the outbox (and a load
      // balancer's retry) sends again. 'close' fires when the last connection is gone.
      net.Server.prototype.close.call(server, () => resolve());
      const idle = setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS);
      idle.unref();
      server.once('close', () => clearTimeout(idle));
      const force = setTimeout(() => {
        log('grace period over: closing remaining connections');
        server.closeAllConnections();
      }, limits.shutdownGraceSeconds * 1000);
      force.unref();
      server.once('close', () => clearTimeout(force));
    });
    return stopped;
  };

  return { server, listening, stop };
}
