// Prometheus metrics (prom-client), served on their own port (METRICS_PORT, off by
// default) so they are never on the public site. What an operator watches:
//
// - http_requests_total, http_request_duration_seconds: by route pattern (never the raw
//   path: a path holds ids, and a scanner's junk would make a label per request), method
//   and status.
// - leads_stored{list}: rows per lead list, from the counts the database keeps
//   (lead_status_counts), the same for every instance.
// - mail_queue_messages{status="pending"|"failed"}, mail_queue_oldest_pending_seconds: the
//   server's mail queue; a growing age means mail is not going out.
// - db_pool_connections{state="in_use"|"idle"|"waiting"}: this instance's Postgres pool
//   ("waiting" above zero for long: PGPOOL is too small or the database too slow).
// - db_lost_connection_retries_total: writes tried again on another connection because theirs
//   died under them (backends terminated, a failover, a pooler restart); rising steadily, the
//   connections to the database are being cut.
// - rate_limit_rejections_total: public submissions refused by the rate limit here.
// - process and Node.js defaults (memory, event-loop lag, GC).
//
// The database figures are read when scraped, each with a short timeout: a scrape during a
// database outage still answers, without them.
import { createServer, type Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { sql, type Kysely } from 'kysely';
import client from 'prom-client';
import type { Database } from '../db/schema.ts';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsSources {
  db: Kysely<Database>;
  poolStats?: () => PoolStats;
  rateLimitRejections: () => number;
  /** Tries started again after a lost connection (db/lost-connection.ts). */
  lostConnectionRetries: () => number;
}

export interface Metrics {
  registry: client.Registry;
  /** Middleware counting and timing every request. */
  http: MiddlewareHandler;
}

const DB_READ_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), DB_READ_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Figures read from the database when scraped (each within DB_READ_TIMEOUT_MS) and the pool's connections. */
function registerDatabaseFigures(registry: client.Registry, sources: MetricsSources): void {
  new client.Gauge({
    name: 'leads_stored',
    help: 'Leads stored, by list (all instances: read from the database).',
    labelNames: ['list'] as const,
    registers: [registry],
    async collect() {
      const rows = await withTimeout(
        sql<{ list: string; n: string }>`select list, sum(n)::text as n from lead_status_counts group by list`.execute(sources.db),
      );
      this.reset();
      for (const row of rows?.rows ?? []) this.set({ list: row.list }, Number(row.n));
    },
  });
  new client.Gauge({
    name: 'mail_queue_messages',
    help: "Messages in the server's mail queue, by status (pending or failed).",
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await withTimeout(
        sql<{ status: string; n: string }>`
          select status, count(*)::text as n from mail_queue where status in ('pending', 'failed') group by status
        `.execute(sources.db),
      );
      this.reset();
      if (!rows) return;
      const counts = new Map(rows.rows.map((r) => [r.status, Number(r.n)]));
      for (const status of ['pending', 'failed']) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  new client.Gauge({
    name: 'mail_queue_oldest_pending_seconds',
    help: 'Age of the oldest message still waiting to be sent (0: none).',
    registers: [registry],
    async collect() {
      const rows = await withTimeout(
        sql<{ age: number | null }>`
          select extract(epoch from now() - min(created_at))::float8 as age from mail_queue where status = 'pending'
        `.execute(sources.db),
      );
      if (rows) this.set(Math.max(0, rows.rows[0]?.age ?? 0));
    },
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: "This instance's database connections: in use, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      // The embedded database is one connection, always there.
      const stats = sources.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
}

/** Refusals and retries this instance counted. */
function registerCounts(registry: client.Registry, sources: MetricsSources): void {
  new client.Counter({
    name: 'rate_limit_rejections_total',
    help: 'Public submissions refused by the rate limit on this instance.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.rateLimitRejections());
    },
  });
  new client.Counter({
    name: 'db_lost_connection_retries_total',
    help: 'Database writes tried again on another connection after theirs was lost, on this instance.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.lostConnectionRetries());
    },
  });
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the response starts), by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  registerDatabaseFigures(registry, sources);
  registerCounts(registry, sources);

  const http: MiddlewareHandler = async (c, next) => {
    const end = duration.startTimer();
    await next();
    // The route of the handler the request was for: the first matched route registered for
    // its method (middleware and catch-alls are registered for ALL), so a 429 from the
    // rate limit still counts under the path it was refused on.
    let route: string;
    try {
      route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? routePath(c);
    } catch {
      route = 'unmatched';
    }
    // Everything the site's catch-all serves (pages, assets) is one route.
    if (route === '*' || route === '/*') route = 'site';
    const labels = { route, method: c.req.method, status: String(c.res.status) };
    requests.inc(labels);
    end(labels);
  };
  return { registry, http };
}

/** The metrics endpoint on its own port: GET /metrics, nothing else. */
export function startMetricsServer(registry: client.Registry, host: string, port: number, log: (line: string) => void): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: Error) => {
        log(`metrics failed: ${err.message}`);
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
