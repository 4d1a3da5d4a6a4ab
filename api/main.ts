// The one process: opens the database, runs migrations, serves the API and the PWA, and
// shuts down cleanly on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close
// the database, exit 0).
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
  const app = createApp({ db: database.db, config, log, ping: () => database.ping() });

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
      await database.close().catch((err: Error) => log(`closing the database: ${err.message}`));
      log('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: Error) => {
  console.error(`${new Date().toISOString()} failed to start: ${err.message}`);
  process.exit(1);
});
