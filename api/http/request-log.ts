// One line per request: method, path, status, duration and the request's id. Never bodies,
// headers or query strings (they may hold passwords, tokens or search terms with personal
// data), and reset tokens in paths are masked.
//
// The id is the caller's X-Request-Id when it looks like one (a load balancer's, so one id
// follows a request through both logs), else a new UUID; it goes back as X-Request-Id, so
// a visitor's or operator's report can be matched to the server's line.
import type { MiddlewareHandler } from 'hono';
import type { Log } from '../lib/logger.ts';

const INCOMING_ID = /^[\w.:-]{8,128}$/;

export function redactPath(path: string): string {
  return path.replace(/\/reset-password\/[^/]+/g, '/reset-password/:token');
}

export function requestId(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  };
}

export function requestLog(log: Log): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Number((performance.now() - start).toFixed(1));
    const path = redactPath(c.req.path);
    log(`${c.req.method} ${path} ${c.res.status} ${ms}ms`, {
      reqId: c.get('requestId'),
      method: c.req.method,
      path,
      status: c.res.status,
      ms,
    });
  };
}
