// GET /api/health: 200 when the database answers, 503 otherwise (load balancers and the
// Dockerfile's HEALTHCHECK read it).
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';

export function health(deps: Deps): Hono {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const database = await deps.ping();
    return c.json({ status: database ? 'ok' : 'unavailable', database }, database ? 200 : 503);
  });
}
