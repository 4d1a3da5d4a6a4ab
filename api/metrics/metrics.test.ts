// The metrics endpoint, scraped over HTTP and parsed as Prometheus text: requests counted
// by route pattern (not raw path) and status, leads by list, the mail queue, the pool and
// rate-limit refusals, each moving when the thing it counts happens. Also the request id
// and the JSON request log.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { enqueueMail } from '../mail/queue.ts';
import { pgliteBackend, type TestDatabase } from '../testing/databases.ts';
import { postJson, testApp } from '../testing/app.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';
import { createRateLimiter } from '../limits/rate-limit.ts';
import { parsePrometheus } from '../testing/prometheus.ts';

let database: TestDatabase;
let server: Server;
let app: ReturnType<typeof testApp>['app'];
let lines: string[];
let url: string;
const contact = (i: number) => ({
  firstName: `Metric${i}`,
  lastName: 'Scrape',
  email: `metric${i}@example.in`,
  phone: '9876543210',
  message: 'hi',
});

/** What the metrics are told of writes tried again after a lost connection (counted in db/lost-connection.ts). */
let lostRetries = 0;

beforeAll(async () => {
  database = await pgliteBackend.create();
  const limiter = createRateLimiter({ db: database.db, perMinute: 3, clock: () => new Date() });
  const metrics = createMetrics({ db: database.db, rateLimitRejections: () => limiter.rejected, lostConnectionRetries: () => lostRetries });
  ({ app, lines } = testApp(
    database,
    { postRateLimitPerMinute: 3, trustProxy: 1 },
    { rateLimiter: limiter, requestMetrics: metrics.http },
    { logRequests: true },
  ));
  server = await startMetricsServer(metrics.registry, '127.0.0.1', 0, () => {});
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

const scrape = async () => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await res.text());
};

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, leads by list, refusals, the mail queue and the pool', async () => {
    const before = await scrape();
    expect(before.get('leads_stored{list="contact"}') ?? 0).toBe(0);
    expect(before.get('mail_queue_messages{status="pending"}')).toBe(0);
    expect(before.get('mail_queue_oldest_pending_seconds')).toBe(0);
    expect(before.get('db_pool_connections{state="waiting"}')).toBe(0);
    expect(before.get('rate_limit_rejections_total')).toBe(0);
    expect(before.get('db_lost_connection_retries_total')).toBe(0);
    expect(before.has('process_resident_memory_bytes')).toBe(true);

    const from = { 'X-Forwarded-For': '198.51.100.7' };
    for (let i = 0; i < 5; i++)
      await postJson(app, LEAD_PATHS.contact, contact(i), { ...from, 'Idempotency-Key': `metrics-key-${i}-0000` });
    await app.request('/api/v1/certificates/no-such-id');
    await enqueueMail(database.db, { to: 'someone@example.in', subject: 'Queued', text: 'hello' });

    const after = await scrape();
    expect(after.get('http_requests_total{route="/api/v1/contact",method="POST",status="201"}')).toBe(3);
    expect(after.get('http_requests_total{route="/api/v1/contact",method="POST",status="429"}')).toBe(2);
    expect(after.get('http_request_duration_seconds_count{route="/api/v1/contact",method="POST",status="201"}')).toBe(3);
    // A path with an id is counted under its pattern, never as itself.
    expect([...after.keys()].some((k) => k.includes('no-such-id'))).toBe(false);
    expect([...after.keys()].some((k) => k.startsWith('http_requests_total{route="/api/v1/certificates/:'))).toBe(true);
    expect(after.get('leads_stored{list="contact"}')).toBe(3);
    expect(after.get('rate_limit_rejections_total')).toBe(2);
    lostRetries = 4;
    expect((await scrape()).get('db_lost_connection_retries_total')).toBe(4);
    expect(after.get('mail_queue_messages{status="pending"}')).toBe(1);
    expect(after.get('mail_queue_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
  });
});

describe('request ids and the request log', () => {
  it('returns an X-Request-Id, keeps a well-formed incoming one, and logs it with the request', async () => {
    const fresh = await app.request('/api/health');
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request('/api/health', { headers: { 'X-Request-Id': 'lb-0a1b2c3d4e5f' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-0a1b2c3d4e5f');
    const hostile = await app.request('/api/health', { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // An error answer carries one too.
    const missing = await app.request('/api/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.startsWith('GET /api/health 200'))).toBe(true);
  });
});
