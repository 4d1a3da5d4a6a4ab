// `npm run backup -- [FILE]` and `npm run restore -- FILE`: a copy of the whole database.
//
// - Postgres (DATABASE_URL set): `pg_dump --format=custom` of that database, restored with
//   `pg_restore --clean --if-exists --no-owner --single-transaction` (every table, the
//   migration history included, so the restored database starts where the dump was
//   taken). Needs the PostgreSQL client tools on PATH (Debian: postgresql-client), of the
//   server's major version or newer. Runs while the servers run (pg_dump reads one
//   consistent snapshot).
// - Embedded (no DATABASE_URL): PGlite's own dump of its data directory (a gzipped tar),
//   restored into an empty DATA_DIR. The embedded database is one process's: stop the server
//   first (its lock says so otherwise).
//
// FILE defaults to backups/softskills-<time>.(dump|tar.gz) under the working directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { acquireDirLock } from '../db/dir-lock.ts';
import { loadPglite } from '../db/database.ts';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `${command} not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`
            : err.message,
        ),
      ),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

function defaultFile(config: Config): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.resolve('backups', `softskills-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
}

/** Writes a backup to `file` (made up when undefined) and returns its path. */
export async function backup(config: Config, file?: string): Promise<string> {
  const out = path.resolve(file ?? defaultFile(config));
  mkdirSync(path.dirname(out), { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${config.databaseUrl}`]);
    return out;
  }
  const lock = acquireDirLock(path.join(config.dataDir, 'pglite.lock'));
  try {
    if (!existsSync(path.join(config.dataDir, 'pglite'))) throw new Error(`No embedded database in ${config.dataDir}`);
    const { PGlite, extensions } = await loadPglite();
    const client = await PGlite.create(path.join(config.dataDir, 'pglite'), { extensions });
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  return out;
}

/** Restores `file` over the configured database (Postgres), or into an empty DATA_DIR (embedded). */
export async function restore(config: Config, file: string): Promise<void> {
  const from = path.resolve(file);
  if (!existsSync(from) || !statSync(from).isFile()) throw new Error(`No backup file at ${from}`);
  if (config.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      from,
    ]);
    return;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireDirLock(path.join(config.dataDir, 'pglite.lock'));
  try {
    const target = path.join(config.dataDir, 'pglite');
    if (existsSync(target) && readdirSync(target).length > 0) {
      throw new Error(`${target} already holds a database: restore into an empty DATA_DIR (move the old one aside first)`);
    }
    const { PGlite, extensions } = await loadPglite();
    const client = await PGlite.create(target, { extensions, loadDataDir: new Blob([readFileSync(from)]) });
    await client.close();
  } finally {
    lock.release();
  }
}

const USAGE = `Usage:
  npm run backup -- [FILE]      (default: backups/softskills-<time>.dump or .tar.gz)
  npm run restore -- FILE
The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (stop the server first).`;

export async function main(command: string, argv: string[]): Promise<number> {
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  if (argv.some((a) => a === '-h' || a === '--help') || argv.length > 1 || (command === 'restore' && argv.length !== 1)) {
    console.error(USAGE);
    return argv.some((a) => a === '-h' || a === '--help') ? 0 : 2;
  }
  // Only where the database is: the server's other settings (JWT_SECRET...) are not needed here.
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  if (command === 'backup') {
    const file = await backup(config, argv[0]);
    console.log(`backup written: ${file} (${statSync(file).size} bytes)`);
  } else {
    await restore(config, argv[0]!);
    console.log(`restored from ${path.resolve(argv[0]!)}`);
  }
  return 0;
}
