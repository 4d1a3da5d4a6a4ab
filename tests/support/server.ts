// Starts the real built server (dist/server) as a child process for browser and process
// tests: one per suite, on a free port, with its own database (in-memory PGlite, or a
// fresh Postgres database when TEST_DATABASE_URL is set), stopped with SIGTERM after.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../api/testing/databases.ts';

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
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Use Postgres when TEST_DATABASE_URL is set (default true). */
  postgres?: boolean;
  /** Reuse an existing database instead of creating one (restart tests). */
  databaseUrl?: string;
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

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const base = process.env.TEST_DATABASE_URL;
  let databaseUrl = options.databaseUrl;
  let drop: (() => Promise<void>) | undefined;
  if (!databaseUrl && base && options.postgres !== false) {
    const created = await createPostgresDatabase(base);
    databaseUrl = created.url;
    drop = created.drop;
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATA_DIR: 'memory://',
      DATABASE_URL: databaseUrl ?? '',
      ...options.env,
    },
    stdio: options.logFile ? ['ignore', openSync(options.logFile, 'w'), openSync(options.logFile, 'a')] : ['ignore', 'pipe', 'pipe'],
  });
  let piped = '';
  child.stdout?.on('data', (d: Buffer) => (piped += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (piped += d.toString()));
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : piped);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    let poll: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`server did not start in 60 s:\n${output()}`));
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
      reject(new Error(`server exited with ${code} before listening:\n${output()}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output,
    databaseUrl,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      await drop?.();
      return code;
    },
  };
}
