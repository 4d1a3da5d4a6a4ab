// The server process, loaded by main.ts once signals are handled: opens the database,
// runs migrations, makes sure an admin exists, serves the API and the PWA, sends the mail
// queue, and shuts down cleanly on
// SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop the mail worker, close
// the database, exit 0).
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { HEALTH_HEADROOM, startHttpServer, type HttpServer } from './http-server.ts';
import { connectionCeilingWarning, openFileLimit } from './lib/open-files.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureAdmins } from './auth/admins.ts';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background.ts';
import { createLeadEvents, type LeadEventHub } from './leads/events.ts';
import { resolveJwtSecret } from './auth/auth.ts';
import { createMailTransport, type MailTransport } from './mail/transport.ts';
import { startMailWorker, type MailWorker } from './mail/worker.ts';
import { startForwarder } from './relay/forwarder.ts';

/** A relay's mail worker: it sends nothing (what is queued stays, and goes nowhere). */
const noMail: MailWorker = {
  drainOnce: async () => ({ claimed: 0, sent: 0, retrying: 0, failed: 0, yielded: 0 }),
  wake: () => undefined,
  stop: async () => undefined,
};
import { gatewayOf } from './payments/gateways.ts';
import { RECEIPT_ATTACHMENT, receiptAttachmentSource } from './payments/receipts.ts';
import { productRounds } from './jobs/rounds.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { onPushQueued } from './notify/notify.ts';
import { ruleJobHandlers } from './rules/events.ts';
import { recordSla } from './rules/escalation.ts';
import { CERTIFICATE_ATTACHMENT } from './certificate/email.ts';
import { createRenderPool, type RenderPool } from './certificate/render-pool.ts';
import { certificateAttachmentSource, certificateImagesFor } from './certificate/store.ts';
import type { Deps } from './deps.ts';
import { createLogger } from './lib/logger.ts';
import { onStartUpSignal, onStopSignal, START_UP_STOP_MS, stopRequested } from './lib/lifecycle.ts';
import { createMetrics, startMetricsServer } from './metrics/metrics.ts';
import { lostConnectionRetries } from './db/lost-connection.ts';
import { createRateLimiter, rateLimitErrorLog } from './limits/rate-limit.ts';

// JSON lines on stdout, buffered (api/lib/logger.ts); flushed before every exit.
const logger = createLogger();
const log = logger.log;
const flushLog = () => logger.flush();

// Signals: the handlers were installed by main.ts before this module loaded. From here a
// signal during start-up is logged and stops start-up at its next step (or, past
// START_UP_STOP_MS, where it stands); once the server runs, it stops it gracefully.
onStartUpSignal((signal) => {
  log(`${signal} during start-up: stopping`);
  setTimeout(() => {
    log(`stopped (start-up step still running after ${START_UP_STOP_MS} ms)`);
    flushLog();
    process.exit(0);
  }, START_UP_STOP_MS).unref();
});

/** Thrown between start-up steps once a signal asked the process to stop. */
class StopRequested extends Error {}

/**
 * Start-up's steps: each step's undo is kept, newest first, for a start-up that fails or is
 * stopped; a stop asked for during a step ends start-up once the step is done.
 */
function startUpSteps() {
  const cleanup: Array<() => Promise<void>> = [];
  const step = async <T>(work: Promise<T>, undo?: (value: T) => Promise<void>): Promise<T> => {
    const value = await work;
    if (undo) cleanup.unshift(() => undo(value));
    if (stopRequested()) throw new StopRequested();
    return value;
  };
  return { cleanup, step };
}

type Step = ReturnType<typeof startUpSteps>['step'];

/** The database, opened and migrated to the latest schema, with an admin in it. */
async function openMigratedDatabase(config: Config, step: Step): Promise<DatabaseHandle> {
  const database = await step(
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPool, log }),
    (d) => d.close(),
  );
  const applied = await step(migrateToLatest(database.db));
  if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
  await step(ensureAdmins(database.db, config, log));
  return database;
}

/** The public submissions' rate limiter and, when a metrics port is set, the metrics (which count its refusals). */
function limiterAndMetrics(config: Config, database: DatabaseHandle) {
  const rateLimiter = createRateLimiter({
    db: database.db,
    perMinute: config.postRateLimitPerMinute,
    clock: () => new Date(),
    onError: rateLimitErrorLog(log),
  });
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createMetrics({
          db: database.db,
          poolStats: database.poolStats,
          rateLimitRejections: () => rateLimiter.rejected,
          lostConnectionRetries,
        });
  return { rateLimiter, metrics };
}

/** The metrics' own HTTP server, on its own port. */
async function serveMetrics(registry: Parameters<typeof startMetricsServer>[0], host: string, port: number, step: Step): Promise<void> {
  const metricsServer = await step(
    startMetricsServer(registry, host, port, log),
    (server) => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  const at = metricsServer.address();
  log(`metrics on http://${typeof at === 'object' && at ? `${at.address}:${at.port}` : port}/metrics`);
}

/**
 * The mail queue's sender. A relay sends no mail (the upstream sends each certificate once it
 * has the test): it forwards what it took instead.
 */
function startMail(config: Config, deps: Deps, transport: MailTransport): MailWorker {
  const mail = config.relay
    ? noMail
    : startMailWorker({
        db: deps.db,
        transport,
        log,
        maxAttempts: config.mailMaxAttempts,
        leaseMs: config.mailLeaseSeconds * 1000,
        attachmentSources: {
          [CERTIFICATE_ATTACHMENT]: certificateAttachmentSource(deps.db, certificateImagesFor(deps)),
          [RECEIPT_ATTACHMENT]: receiptAttachmentSource(deps.db, config.academy),
        },
      });
  log(config.relay ? 'mail: none (a relay)' : `mail: ${transport.description}`);
  return mail;
}

/** A relay's forwarder: what it took goes to its upstream, woken by each new submission. */
function startRelayForwarder(relay: NonNullable<Config['relay']>, deps: Deps) {
  const forwarder = startForwarder({ db: deps.db, upstreamUrl: relay.upstreamUrl, key: relay.key, log });
  deps.wakeRelay = () => forwarder.wake();
  log(`relay: forwarding to ${relay.upstreamUrl}`);
  return forwarder;
}

/** What a stop signal winds down, in the order stopOnSignal stops them. */
interface Running {
  mailWorker: MailWorker;
  events: LeadEventHub;
  http: HttpServer;
  tasks: BackgroundTasks;
  stopDesk: () => Promise<void>;
  stopForwarder: () => Promise<void>;
  renderPool: RenderPool;
  database: DatabaseHandle;
}

/** SIGTERM/SIGINT once the server runs: stop accepting, finish in-flight requests, stop every loop, close the database, exit 0. */
function stopOnSignal(running: Running): void {
  const { mailWorker, events, http, tasks, stopDesk, stopForwarder, renderPool, database } = running;
  onStopSignal(async (signal: string) => {
    log(`${signal}: finishing in-flight requests`);
    // The mail worker stops now, between two messages (what is left waits in the queue for
    // the next start or another instance): a long queue must not hold the exit up.
    const mailStopped = mailWorker.stop().catch((err: Error) => log(`stopping the mail worker: ${err.message}`));
    // Open consoles' event streams end now, or they would hold the stop up to its grace.
    await events.close();
    await http.stop();
    await tasks.idle();
    await stopDesk().catch((err: Error) => log(`stopping the scheduler: ${err.message}`));
    await stopForwarder().catch((err: Error) => log(`stopping the relay: ${err.message}`));
    await mailStopped;
    await renderPool.close();
    await database.close().catch((err: Error) => log(`closing the database: ${err.message}`));
    log('stopped');
    flushLog();
    process.exit(0);
  });
}

/**
 * The work each instance does in the background beside its requests, on one scheduler: the
 * rules' and escalation's jobs, and the periodic rounds (the desk's reminders and emails,
 * notices and pushes, webinar and payment reminders, payment links, people, the report's
 * rollup, new-lead alerts). Resolves the function that stops it.
 */
function startBackgroundWork(config: Config, database: DatabaseHandle, wakeMail: () => void): () => Promise<void> {
  const gateway = config.relay ? undefined : gatewayOf(config);
  if (gateway) log(`payments: each booking gets its own ${gateway.label} link`);
  if (config.adminNotifyEmail) {
    log(
      `new leads are alerted to ${config.adminNotifyEmail}${config.adminNotifyDigestMinutes ? ` every ${config.adminNotifyDigestMinutes} minutes` : ', one email each'}`,
    );
  }
  const scheduler = startScheduler({
    db: database.db,
    // A relay decides nothing its upstream decides (rules, escalation): it runs no jobs, only its rounds.
    handlers: config.relay ? undefined : ruleJobHandlers(config),
    periodic: productRounds({ db: database.db, config, log, wakeMail, gateway, postgres: database.kind === 'postgres' }),
    log,
    pollMs: config.schedulerPollMs,
  });
  // The insert's first escalation job is due this many minutes on (a lower bound; the job waits on to working hours).
  if (!config.relay) void recordSla(database.db, config).catch((err: Error) => log(`recording the SLA: ${err.message}`));
  // A push queued here goes out at once rather than at the next period.
  const unsubscribe = onPushQueued(() => scheduler.runNow('notify.push'));
  return async () => {
    unsubscribe();
    await scheduler.stop();
  };
}

async function main(): Promise<void> {
  const { cleanup, step } = startUpSteps();
  try {
    const config = loadConfig();
    config.jwtSecret = resolveJwtSecret(config, log);
    const database = await openMigratedDatabase(config, step);
    // Certificates are drawn on worker threads, off the event loop, when their email is sent.
    const renderPool = createRenderPool();
    cleanup.unshift(() => renderPool.close());
    const tasks = createBackgroundTasks(log);
    const events = createLeadEvents(database.listen, log);
    cleanup.unshift(() => events.close());
    const { rateLimiter, metrics } = limiterAndMetrics(config, database);
    let mail: MailWorker | undefined;
    let stopForwarder: () => Promise<void> = async () => {};
    const deps: Deps = {
      db: database.db,
      config,
      log,
      ping: () => database.ping(),
      databaseKnownDown: database.knownDown,
      copyCsv: database.copyCsv,
      wakeMail: () => mail?.wake(),
      tasks,
      events,
      renderCertificate: (data) => renderPool.render(data),
      rateLimiter,
      requestMetrics: metrics?.http,
    };
    const transport = createMailTransport(config, log);
    if (config.production && !config.smtpUrl) log('SMTP_URL is not set: mail is written to files, not sent');
    const filesWarning = connectionCeilingWarning(config.maxConnections && config.maxConnections + HEALTH_HEADROOM, openFileLimit());
    if (filesWarning) log(filesWarning, { level: 'warn' });
    mail = startMail(config, deps, transport);
    const mailWorker = mail;
    cleanup.unshift(() => mailWorker.stop());
    if (config.relay) {
      const forwarder = startRelayForwarder(config.relay, deps);
      cleanup.unshift(() => forwarder.stop());
      stopForwarder = () => forwarder.stop();
    }
    const stopDesk = startBackgroundWork(config, database, () => mailWorker.wake());
    cleanup.unshift(stopDesk);
    const app = createApp(deps);

    if (metrics && config.metricsPort !== undefined) await serveMetrics(metrics.registry, config.host, config.metricsPort, step);
    const http = startHttpServer(app, config, log);
    cleanup.unshift(() => http.stop());
    const address = await step(http.listening);
    log(
      `listening on http://${address.address}:${address.port} (database: ${database.kind === 'postgres' ? 'Postgres' : `embedded PGlite in ${config.dataDir}`})`,
    );

    stopOnSignal({ mailWorker, events, http, tasks, stopDesk, stopForwarder, renderPool, database });
  } catch (err) {
    for (const undo of cleanup) await undo().catch((e: Error) => log(`while stopping: ${e.message}`));
    if (err instanceof StopRequested) {
      log('stopped');
      flushLog();
      process.exit(0);
    }
    throw err;
  }
}

main().catch((err: Error) => {
  log(`failed to start: ${err.message}`, { level: 'error' });
  flushLog();
  process.exit(1);
});
