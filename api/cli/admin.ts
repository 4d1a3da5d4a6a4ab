// `npm run admin -- <command>`: manage admins from the shell.
//
//   npm run admin -- create EMAIL [--name "Full Name"]
//   npm run admin -- set-password EMAIL     (ends every session of that admin)
//   npm run admin -- list
//
// The password is read from stdin, never from argv (argv shows up in `ps` and shell
// history): typed twice without echo at a terminal, or the first line of piped input:
//   printf '%s\n' "$NEW_PASSWORD" | npm run admin -- set-password admin@example.org
// Uses the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR).
import type { Readable, Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { createAdmin, newPasswordProblem, normalizeEmail, setAdminPassword } from '../auth/admins.ts';

export interface CliIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
}

const USAGE = `Usage:
  npm run admin -- create EMAIL [--name "Full Name"]
  npm run admin -- set-password EMAIL
  npm run admin -- list
The password is read from stdin (typed twice without echo at a terminal, or the first line of piped input).`;

class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** Reads one line from a terminal without echoing it. */
function readHidden(io: CliIo, prompt: string): Promise<string> {
  const { stdin, stderr } = io;
  stderr.write(prompt);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let value = '';
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(new CliError('Cancelled', 130));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of piped stdin. */
async function readLine(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readNewPassword(io: CliIo): Promise<string> {
  let password: string;
  if (io.stdin.isTTY) {
    password = await readHidden(io, 'New password (8 to 128 characters): ');
    const again = await readHidden(io, 'Repeat it: ');
    if (again !== password) throw new CliError('Passwords do not match');
  } else {
    password = await readLine(io.stdin);
  }
  const problem = newPasswordProblem(password);
  if (problem) throw new CliError(problem);
  return password;
}

function emailArg(args: string[]): string {
  const email = args[1];
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`An email address is needed.\n${USAGE}`, 2);
  return normalizeEmail(email);
}

/** Runs one command against an open database; returns the exit code. */
export async function runAdminCommand(db: Kysely<Database>, args: string[], io: CliIo): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  try {
    switch (args[0]) {
      case 'create': {
        const email = emailArg(args);
        const nameAt = args.indexOf('--name');
        const name = nameAt > 0 ? args[nameAt + 1] : undefined;
        const exists = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
        if (exists) throw new CliError(`${email} is already an admin (use set-password to change the password)`);
        const password = await readNewPassword(io);
        if (!(await createAdmin(db, { email, password, name }))) throw new CliError(`${email} is already an admin`);
        out(`Admin ${email} created.`);
        return 0;
      }
      case 'set-password': {
        const email = emailArg(args);
        const exists = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
        if (!exists) throw new CliError(`${email} is not an admin (use create)`);
        const password = await readNewPassword(io);
        if (!(await setAdminPassword(db, email, password))) throw new CliError(`${email} is not an admin`);
        out(`Password of ${email} changed; its sessions have ended.`);
        return 0;
      }
      case 'list': {
        const admins = await db.selectFrom('admins').select(['email', 'name', 'created_at']).orderBy('email').execute();
        if (admins.length === 0) out('No admins yet: npm run admin -- create you@example.org');
        for (const a of admins) out(`${a.email}\t${a.name}\tcreated ${new Date(a.created_at).toISOString()}`);
        return 0;
      }
      default:
        throw new CliError(USAGE, args[0] === undefined || args[0] === 'help' || args[0] === '--help' ? 0 : 2);
    }
  } catch (err) {
    if (err instanceof CliError) {
      (err.code === 0 ? io.stdout : io.stderr).write(`${err.message}\n`);
      return err.code;
    }
    throw err;
  }
}

/** The command line: opens the server's database (migrating it if needed), runs, closes. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Only where the database is matters here; the server's other settings are not checked.
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await runAdminCommand(database.db, argv, io);
  } finally {
    await database.close();
  }
}
