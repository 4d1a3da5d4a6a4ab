// Latency of everything else while certificates render: the built server on Postgres takes
// 20 personality-test submissions a second (each draws a 1600×1131 certificate and queues
// its email) while /api/health and lead POSTs are timed alongside. Rendering runs in a
// worker pool, so neither should wait on it. Traffic goes to 127.0.0.1 only, bounded in
// count and time.
import { randomUUID } from 'node:crypto';
import { LEAD_PATHS } from '../contract/lead-kinds.ts';
import { QUIZ_ANSWERS_PATH } from '../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../contract/quiz/items.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { startServer } from '../tests/support/server.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 15);

export interface Timings {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}
export interface RenderLoadResult {
  seconds: number;
  certificatesPerSecond: number;
  certificates: Timings;
  health: Timings;
  leads: Timings;
}

function summarise(ms: number[], failed: number): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, failed };
}

/** Runs `send` `perSecond` times a second for the run, open loop; resolves with the timings. */
async function atRate(
  perSecond: number,
  seconds: number,
  send: (i: number) => Promise<Response>,
  ok: (status: number) => boolean,
): Promise<Timings> {
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  const total = perSecond * seconds;
  const running: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    running.push(
      send(i).then(
        async (res) => {
          await res.arrayBuffer();
          if (ok(res.status)) times.push(performance.now() - sent);
          else failed++;
        },
        () => void failed++,
      ),
    );
  }
  await Promise.all(running);
  return summarise(times, failed);
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${randomUUID()}` },
    body: JSON.stringify(body),
  });

export async function benchRenderLoad(): Promise<RenderLoadResult> {
  const database = await createPostgresDatabase(BASE_URL);
  const server = await startServer({
    databaseUrl: database.url,
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0', SMTP_URL: '' },
    logFile: '/tmp/bench-render-server.log',
  });
  try {
    const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, (i * 3) % 4]));
    const tag = randomUUID().slice(0, 8);
    // Warm-up: fonts loaded, workers started, connections open.
    await post(`${server.url}${QUIZ_ANSWERS_PATH}`, { name: 'Warm Up', email: `warm-${tag}@example.in`, answers, language: 'english' });
    const [certificates, health, leads] = await Promise.all([
      // A new address each time: every one is drawn and mailed (no per-address cap applies).
      atRate(
        20,
        SECONDS,
        (i) =>
          post(`${server.url}${QUIZ_ANSWERS_PATH}`, {
            name: `Student ${i}`,
            email: `r${i}-${tag}@example.in`,
            answers,
            language: 'english',
          }),
        (s) => s === 201,
      ),
      atRate(
        20,
        SECONDS,
        () => fetch(`${server.url}/api/health`),
        (s) => s === 200,
      ),
      atRate(
        50,
        SECONDS,
        (i) =>
          post(`${server.url}${LEAD_PATHS.contact}`, {
            firstName: 'Bench',
            lastName: `Lead${i}`,
            email: `l${i}-${tag}@example.in`,
            phone: '9876543210',
            message: 'Weekend batch?',
          }),
        (s) => s === 201,
      ),
    ]);
    return { seconds: SECONDS, certificatesPerSecond: certificates.count / SECONDS, certificates, health, leads };
  } finally {
    await server.stop();
    await database.drop();
  }
}
