// The one process: opens the database, runs migrations, makes sure an admin exists,
// serves the API and the PWA, sends the mail outbox, and shuts down cleanly on
// SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop the mail worker, close
// the database, exit 0).
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureAdmins } from './lib/admins.ts';
import { resolveJwtSecret } from './lib/auth.ts';
import { createMailTransport } from './mail/transport.ts';
import { startMailWorker } from './mail/worker.ts';

// Log lines are gathered for one turn of the event loop and written together: under load
// that is one write for many request lines instead of a system call each.
let pendingLines: string[] = [];
function flushLog(): void {
  if (pendingLines.length === 0) return;
  const out = pendingLines.join('');
  pendingLines = [];
  process.stdout.write(out);
}
const log = (line: string) => {
  if (pendingLines.length === 0) setImmediate(flushLog);
  pendingLines.push(`${new Date().toISOString()} ${line}\n`);
};

async function main(): Promise<void> {
  const config = loadConfig();
  config.jwtSecret = resolveJwtSecret(config, log);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
  await ensureAdmins(database.db, config, log);
  const transport = createMailTransport(config, log);
  if (config.production && !config.smtpUrl) log('SMTP_URL is not set: mail is written to files, not sent');
  const mail = startMailWorker({ db: database.db, transport, log, maxAttempts: config.mailMaxAttempts });
  log(`mail: ${transport.description}`);
  const app = createApp({ db: database.db, config, log, ping: () => database.ping(), wakeMail: () => mail.wake() });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log(
      `listening on http://${info.address}:${info.port} (database: ${database.kind === 'postgres' ? 'Postgres' : `embedded PGlite in ${config.dataDir}`})`,
    );
  }) as Server;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => {
      log('grace period over: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      await mail.stop().catch((err: Error) => log(`stopping the mail worker: ${err.message}`));
      await database.close().catch((err: Error) => log(`closing the database: ${err.message}`));
      log('stopped');
      flushLog();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: Error) => {
  flushLog();
  console.error(`${new Date().toISOString()} failed to start: ${err.message}`);
  process.exit(1);
});
