// Starts the real built server (dist/server) as a child process for browser and process
// tests: one per suite, on a free port, with its own database (in-memory PGlite, or a
// fresh Postgres database when TEST_DATABASE_URL is set), stopped with SIGTERM after.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, SCHEMA_ENV } from '../../api/testing/databases.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_ENTRY = `${ROOT}dist/server/api/main.js`;

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, wait for exit; resolves with the exit code. Drops the test database. */
  stop(): Promise<number | null>;
  /** Postgres URL of the server's database when it runs on Postgres. */
  databaseUrl?: string;
  /** Its metrics endpoint, when started with METRICS_PORT. */
  metricsUrl?: string;
}

export interface StartOptions {
  /**
   * Extra environment. As a function it is given the port the server will listen on, for
   * settings that name the server's own address (PUBLIC_URL, so links in emails open on it).
   */
  env?: Record<string, string> | ((port: number) => Record<string, string>);
  /** Use Postgres when TEST_DATABASE_URL is set (default true). */
  postgres?: boolean;
  /** Reuse an existing database instead of creating one (restart tests). */
  databaseUrl?: string;
  /** A fixed port (default: a free one). Not retried when it is taken. */
  port?: number;
  /**
   * Send the server's output to this file instead of a pipe (benchmarks: a busy reader on
   * a pipe would slow the server's own logging down and skew the figures).
   */
  logFile?: string;
}

export function assertBuilt(): void {
  if (!existsSync(SERVER_ENTRY) || !existsSync(`${ROOT}dist/pwa/index.html`)) {
    throw new Error('The production build is missing: run `npm run build` first (npm test does it).');
  }
}

/** Where the server failed to listen because another process holds its port. */
class PortTakenError extends Error {}

const PORT_ATTEMPTS = 5;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const base = process.env.TEST_DATABASE_URL;
  let databaseUrl = options.databaseUrl;
  let drop: (() => Promise<void>) | undefined;
  if (!databaseUrl && base && options.postgres !== false) {
    // A copy of the run's migrated template: the server finds its migrations done.
    const created = await createPostgresDatabase(base, { template: process.env[SCHEMA_ENV.postgresTemplate] });
    databaseUrl = created.url;
    drop = created.drop;
  }
  const { env } = options;
  try {
    for (let attempt = 1; ; attempt++) {
      // Port 0 lets the kernel choose, race-free, but the port is known only once the server
      // listens: too late for an environment that names it. Such a server gets a port that
      // is free now; if another process takes it first, the server cannot listen, and the
      // next attempt picks another.
      const port = options.port ?? (typeof env === 'function' ? await freePort() : 0);
      try {
        return await launch(options, port, typeof env === 'function' ? env(port) : env, databaseUrl, drop);
      } catch (err) {
        const retry = err instanceof PortTakenError && options.port === undefined && attempt < PORT_ATTEMPTS;
        if (!retry) throw err;
      }
    }
  } catch (err) {
    await drop?.();
    throw err;
  }
}

/** A port nothing listens on at this moment (the probe releases it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function launch(
  options: StartOptions,
  port: number,
  env: Record<string, string> | undefined,
  databaseUrl: string | undefined,
  drop: (() => Promise<void>) | undefined,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      DATABASE_URL: databaseUrl ?? '',
      // Browser tests fill a form in milliseconds, which a person never does: fill time is
      // not judged unless a suite asks for it (the spam test does).
      SPAM_MIN_FILL_SECONDS: '0',
      ...env,
    },
    stdio: options.logFile ? ['ignore', openSync(options.logFile, 'w'), openSync(options.logFile, 'a')] : ['ignore', 'pipe', 'pipe'],
  });
  let piped = '';
  child.stdout?.on('data', (d: Buffer) => (piped += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (piped += d.toString()));
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : piped);
  // 'close', not 'exit': only then has all the output (the reason it stopped) been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  const listening = await new Promise<number>((resolve, reject) => {
    let poll: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      clearInterval(poll);
      // Not left running: an orphan would hold its database (which the caller drops next) and
      // keep loading the machine for the suites after it.
      timedOut = true;
      child.kill('SIGKILL');
    }, 60_000);
    const check = () => {
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(output());
      if (m) {
        clearTimeout(timer);
        clearInterval(poll);
        child.stdout?.off('data', check);
        resolve(Number(m[1]));
      }
    };
    if (child.stdout) child.stdout.on('data', check);
    else poll = setInterval(check, 50);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (timedOut) return reject(new Error(`server did not start in 60 s (killed):\n${output()}`));
      const message = `server exited with ${code} before listening:\n${output()}`;
      reject(/EADDRINUSE/.test(output()) ? new PortTakenError(message) : new Error(message));
    });
  });

  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    process: child,
    output,
    databaseUrl,
    metricsUrl: /metrics on (http:\/\/[^\s"]+\/metrics)/.exec(output())?.[1],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      await drop?.();
      return code;
    },
  };
}
