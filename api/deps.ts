// What every resource needs from the running process, passed in explicitly so tests can
// build an app around any database.
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { CopyCsv } from './db/copy-out.ts';
import type { Config } from './config.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { LeadEventHub } from './leads/events.ts';
import type { CertificateData } from './certificate/render.ts';
import type { RateLimiter } from './limits/rate-limit.ts';
import type { Log } from './lib/logger.ts';

export interface Deps {
  db: Kysely<Database>;
  config: Config;
  log: Log;
  /** True when the database answers; used by /api/health. */
  ping: () => Promise<boolean>;
  /** True while the database is known down (Postgres' outage gate): submissions are answered 503 before any work. */
  databaseKnownDown?: () => boolean;
  /** Postgres: a select's rows as COPY writes them in CSV, for the exports; absent on the embedded database. */
  copyCsv?: CopyCsv;
  /** The current time. Tests inject a clock to expire tokens and throttles without waiting. */
  clock?: () => Date;
  /** Waits (a slowed login); tests inject one that records and returns at once. */
  delay?: (ms: number) => Promise<void>;
  /** Nudges the mail worker after a message was committed to the mail queue (it also polls). */
  wakeMail?: () => void;
  /** On a relay: nudges the forwarder after a submission was queued for the upstream. */
  wakeRelay?: () => void;
  /** On a relay: how it reaches the upstream (tests inject one); the global fetch when absent. */
  relayFetch?: typeof fetch;
  /** Work done after an answer has gone (forgot-password); the app makes its own when absent. */
  tasks?: BackgroundTasks;
  /** Live lead events for the console's streams (GET /api/admin/events answers 503 without). */
  events?: LeadEventHub;
  /** Draws a certificate PNG (main.ts: a worker pool, off the event loop); in-thread when absent. */
  renderCertificate?: (data: CertificateData) => Promise<Buffer>;
  /** The public rate limit (main.ts makes it, to count its refusals); the app makes its own when absent. */
  rateLimiter?: RateLimiter;
  /** Relay keys' allowances (config.relayRateLimitPerMinute); the app makes its own when absent. */
  relayRateLimiter?: RateLimiter;
  /** Staff accounts' allowances (config.staffRateLimitPerMinute); the app makes its own when absent. */
  staffRateLimiter?: RateLimiter;
  /** The staff's signed-out ways in, per client address (config.staffSignInRateLimitPerMinute); the app makes its own when absent. */
  signInRateLimiter?: RateLimiter;
  /** Counts and times every request for the metrics endpoint (main.ts, when METRICS_PORT is set). */
  requestMetrics?: MiddlewareHandler;
}

export function nowOf(deps: Pick<Deps, 'clock'>): Date {
  return deps.clock ? deps.clock() : new Date();
}
