// Builds the real app around a test database, and small helpers to call it in-process.
import path from 'node:path';
import { createApp } from '../app.ts';
import { defaultMailFrom, loadConfig, type Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { createBackgroundTasks } from '../lib/background.ts';
import { createLeadEvents } from '../leads/events.ts';
import { afterAll, beforeAll } from 'vitest';
import type { TestBackend, TestDatabase } from './databases.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PORT: '0', DATA_DIR: path.join('/tmp', 'unused-test-data') }),
    publicUrl: 'http://test.local',
    mailFrom: defaultMailFrom('http://test.local'),
    // Prerendered files are served as built unless a test names the origin to serve them with.
    canonicalOrigin: undefined,
    jwtSecret: 'test-only-jwt-secret-of-at-least-32-bytes',
    // Off unless a test turns them on: suites post far more than a classroom does, and their
    // members act far faster than staff do.
    postRateLimitPerMinute: 0,
    staffRateLimitPerMinute: 0,
    staffSignInRateLimitPerMinute: 0,
    relayRateLimitPerMinute: 0,
    ...overrides,
  };
}

/** `extra`: an injected clock (tokens, throttles, reset links expire without waiting) or a wakeMail hook. */
export function testApp(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  extra: Pick<
    Deps,
    'clock' | 'wakeMail' | 'wakeRelay' | 'relayFetch' | 'renderCertificate' | 'rateLimiter' | 'requestMetrics' | 'delay'
  > = {},
  options: { logRequests?: boolean } = {},
) {
  const lines: string[] = [];
  const log = (l: string) => lines.push(l);
  const config = testConfig(overrides);
  // The app's after-the-answer work, so a test can wait for it (tasks.idle()).
  const tasks = createBackgroundTasks(log);
  const events = createLeadEvents(database.listen, log);
  const app = createApp(
    {
      db: database.db,
      config,
      log,
      ping: () => database.ping(),
      databaseKnownDown: database.knownDown,
      copyCsv: database.copyCsv,
      tasks,
      events,
      ...extra,
    },
    { logRequests: options.logRequests ?? false },
  );
  return { app, lines, config, tasks, events };
}

export function postJson(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

type TestAppParts = ReturnType<typeof testApp>;

/**
 * A fresh database and the app around it for one describe block: created before its
 * tests, dropped after. Read `database`, `app` and `config` inside tests (they are set in
 * beforeAll); a suite's members are made in its own beforeAll, which runs after this one.
 */
export function useTestApp(backend: TestBackend, overrides: Partial<Config> = {}) {
  const ctx = {} as { database: TestDatabase; app: TestAppParts['app']; config: Config };
  beforeAll(async () => {
    ctx.database = await backend.create();
    ({ app: ctx.app, config: ctx.config } = testApp(ctx.database, overrides));
  });
  afterAll(async () => {
    await ctx.database?.dispose();
  });
  return ctx;
}

/**
 * A member's requests to the app, as the console sends them: their bearer token, JSON's
 * Content-Type, and the body as JSON when there is one. Reads `ctx.app` at each call, so it
 * may be made before beforeAll has set it.
 */
export function memberRequests(ctx: { app: TestAppParts['app'] }) {
  return (method: string, path: string, token: string, body?: unknown): Promise<Response> =>
    Promise.resolve(
      ctx.app.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
}
