// One line per request: time, method, path, status, duration. Never bodies, headers or
// query strings (they may hold passwords, tokens or search terms with personal data),
// and reset tokens in paths are masked.
import type { MiddlewareHandler } from 'hono';

export function redactPath(path: string): string {
  return path.replace(/\/reset-password\/[^/]+/g, '/reset-password/:token');
}

export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    log(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`);
  };
}
