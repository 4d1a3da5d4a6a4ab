// The admin console at scale: 1,000,000 leads seeded into Postgres (200,000 per list, spread
// over a year, with statuses and 50,000 taken tests), then the built server answers the
// console's reads through HTTP with an admin token, each timed many times with a different
// value each time: a list page, a search by a phone fragment and by an email fragment, a
// status-filtered page, the people lookup and the overview; and the sales desk's reads as one
// of 20 counsellors who share the leads (95% assigned round the team, 5% in the pool, 2% with
// a next step due within three days either way): their My day, their list (theirs and the
// pool, a counsellor's scope), their list filtered to theirs. Then the header's search
// across every list (a name, a fragment, an email, a phone pasted or typed, nothing), and
// the contact list sorted by each of its keys, both ways, first and deeper pages. Target:
// p95 under 100 ms each. Then the CSV export of all of them: rows per second (target at
// least 150,000) and the server's peak memory growth while it streams them (target under
// 100 MB); and last a 10,000-row CSV imported into the contact list, preview then commit
// (target under 10 s). Everyone is seeded already joined to their person.
// Traffic goes to 127.0.0.1 only.
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { CONSOLE_PATHS, csvPath } from '../contract/console.ts';
import { LEAD_KINDS, LIST_SLUGS, sortKeysOf } from '../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../contract/workspace.ts';
import type { ImportResponse } from '../contract/lead-import.ts';
import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { hashPassword } from '../api/auth/passwords.ts';
import { DESK_PATHS } from '../contract/desk.ts';
import { startServer } from '../tests/support/server.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_LIST = Number(process.env.BENCH_CONSOLE_PER_LIST ?? 200_000);
const SAMPLES = Number(process.env.BENCH_CONSOLE_SAMPLES ?? 60);
export const CONSOLE_TARGET_MS = 100;
const ADMIN = { email: 'bench@example.in', password: 'bench password 1' };
const COUNSELLORS = 20;
const COUNSELLOR = (i: number) => ({ email: `counsellor${i}@bench.example.in`, password: 'bench counsellor 1' });

export interface ConsoleTiming {
  name: string;
  p50: number;
  p95: number;
  max: number;
  samples: number;
}
export interface ExportBench {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory at its highest during the export, above where it started (MB). */
  peakGrowthMb: number;
}
export interface ImportBench {
  rows: number;
  invalid: number;
  stored: number;
  previewSeconds: number;
  commitSeconds: number;
}
export interface ConsoleBench {
  leads: number;
  seedSeconds: number;
  timings: ConsoleTiming[];
  /** The header's search across every list. */
  search: ConsoleTiming[];
  /** A list sorted by each of its columns, both ways, its first page and a deeper one. */
  sorted: ConsoleTiming[];
  imported: ImportBench;
  exported: ExportBench;
}
export const EXPORT_TARGET_ROWS_PER_SECOND = 150_000;
export const EXPORT_TARGET_GROWTH_MB = 100;
/** A 10,000-row file previewed and then committed, in under 10 s. */
export const IMPORT_TARGET_SECONDS = 10;
const IMPORT_ROWS = 10_000;

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/**
 * Every lead as CSV: each list's export without a status (every status but spam), then
 * its spam, so the million rows are all written. Rows are counted as they arrive; the
 * server's memory is sampled every 20 ms throughout.
 */
async function benchExport(url: string, auth: Record<string, string>, pid: number): Promise<ExportBench> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  let rows = 0;
  const started = performance.now();
  try {
    for (const slug of LIST_SLUGS) {
      for (const query of ['', '?status=spam']) {
        const res = await fetch(`${url}${csvPath(slug)}${query}`, { headers: auth });
        if (res.status !== 200 || !res.body) throw new Error(`export ${slug}${query}: ${res.status}`);
        let lines = 0;
        const reader = res.body.getReader();
        // Counted by indexOf, not byte by byte in JS: this client shares the server's two cores,
        // and a loop over each byte took 0.27 of a core from them (0.16 so).
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          const chunk = next.value;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        }
        rows += lines - 1; // the header
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(pid));
  return { rows, seconds, rowsPerSecond: rows / seconds, peakGrowthMb: peak - before };
}

const STATUS_CYCLE = `(array['new','new','new','new','new','new','new','contacted','contacted','converted','not-interested','spam'])[1 + (g % 12)]`;

/** Person n's email and phone, the same in every list they appear in (for the people lookup). */
const emailOf = (n: number) => `person${n}@mail${n % 97}.example.in`;
const phoneOf = (n: number) => `9${String(n).padStart(9, '0')}`;

const FIRST_NAMES = ['Aarav', 'Priya', 'Rahul', 'Sneha', 'Vikram', 'Ananya', 'Rohan', 'Kavya', 'Arjun', 'Meera', 'Imran', 'Fatima'];
const LAST_NAMES = ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Singh', 'Khan', 'Das', 'Nair', 'Gupta', 'Menon, Jr'];

/**
 * A college-fair sheet as Excel saves it (UTF-8 with a byte-order mark, CRLF): 10,000 rows,
 * phones written the ways people write them, some messages quoted with commas and line
 * breaks, and one row in a hundred bad (no email, a five-digit phone, no first name).
 */
function importFile(run: string): { csv: string; bad: number } {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = ['First name,Last name,Email,Phone,Message'];
  let bad = 0;
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const digits = `98${String(i).padStart(8, '0')}`;
    const phone = [`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, `0${digits.slice(0, 5)}-${digits.slice(5)}`, digits][i % 3]!;
    const row = [
      FIRST_NAMES[i % FIRST_NAMES.length]!,
      LAST_NAMES[i % LAST_NAMES.length]!,
      `fair${run}.${i}@example.in`,
      phone,
      i % 7 === 0 ? `Wants the weekend batch, "evening" slot,\nafter ${i % 12} pm` : `Met at the college fair, stall ${i % 40}`,
    ];
    if (i % 100 === 50) {
      bad++;
      if (i % 300 === 50) row[2] = '';
      else if (i % 300 === 150) row[3] = '12345';
      else row[0] = '';
    }
    lines.push(row.map(quote).join(','));
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, bad };
}

/** The import of one such file into the contact list: its preview, then its commit. */
async function benchImport(url: string, auth: Record<string, string>): Promise<ImportBench> {
  const { csv, bad } = importFile(Date.now().toString(36));
  const send = async (commit: boolean): Promise<{ answer: ImportResponse; seconds: number }> => {
    const started = performance.now();
    const basis = encodeURIComponent('paper form at the college fair, consent box ticked');
    const res = await fetch(
      `${url}${WORKSPACE_PATHS.import}/contact?fileName=college-fair.csv&consentBasis=${basis}${commit ? '&commit=1' : ''}`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'text/csv' },
        body: csv,
      },
    );
    const answer = (await res.json()) as ImportResponse;
    if (res.status !== (commit ? 201 : 200)) throw new Error(`import${commit ? ' commit' : ''}: ${res.status} ${JSON.stringify(answer)}`);
    return { answer, seconds: (performance.now() - started) / 1000 };
  };
  const preview = await send(false);
  if (preview.answer.total !== IMPORT_ROWS || preview.answer.invalid !== bad) {
    throw new Error(`import preview: ${preview.answer.total} rows, ${preview.answer.invalid} bad (expected ${IMPORT_ROWS}, ${bad})`);
  }
  const commit = await send(true);
  if (commit.answer.stored !== IMPORT_ROWS - bad) throw new Error(`import commit: stored ${commit.answer.stored} of ${IMPORT_ROWS - bad}`);
  return {
    rows: IMPORT_ROWS,
    invalid: bad,
    stored: commit.answer.stored,
    previewSeconds: preview.seconds,
    commitSeconds: commit.seconds,
  };
}

const BENCH_TABLES = [
  ['contact_messages', 'contact'],
  ['free_join_users', 'join-free'],
  ['enquiries', 'need-help'],
  ['join_now_users', 'join-now'],
  ['personality_users', 'test-form'],
] as const;

/** A fresh database at `url` migrated and filled with the bench's leads (also for EXPLAIN by hand). */
/**
 * What a form's lead carries beside its fields, as the server stores it: a consent record on
 * every lead (one in three opted in to WhatsApp, half answered the age question, one in ten
 * through a guardian), and on three in five the visit it came from and its latest campaign
 * visit. The export words both into cells, so a seed without them timed less than it writes.
 */
const SIGNALS = `jsonb_build_object('version', '2026-11-23', 'at', to_char(arrived at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'marketing', g % 3 = 0)
      || case when g % 10 = 0 then jsonb_build_object('age', 'guardian', 'guardianEmail', 'parent' || g || '@example.in')
        when g % 10 < 5 then '{"age": "adult"}'::jsonb else '{}'::jsonb end,
    case when g % 5 < 3 then jsonb_build_object(
      'first', jsonb_build_object('utm_source', (array['instagram', 'google', 'college-fair', 'newsletter'])[1 + g % 4],
        'utm_medium', 'social', 'utm_campaign', 'diwali-' || (g % 12), 'referrer', 'https://www.instagram.com/',
        'landingPath', '/course/soft-skills'),
      'last', jsonb_build_object('utm_source', 'newsletter', 'utm_campaign', 'weekly', 'gclid', 'Cj0KCQ' || g, 'landingPath', '/blog')) end,
    case when g % 5 < 3 then 'newsletter' end`;

export async function seed(url: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
  await migrateToLatest(handle.db);
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const n = PER_LIST;
    // The team: 20 counsellors. Each lead's owner is the (g mod 21)th, the 21st being no one
    // (the pool); one in fifty has a next step due from three days ago to three days ahead.
    const hash = await hashPassword(COUNSELLOR(0).password);
    const team = await client.query<{ id: string }>(
      `insert into admins (email, name, role, password_hash)
       select 'counsellor' || i || '@bench.example.in', 'Counsellor ' || i, 'counsellor', $1 from generate_series(0, ${COUNSELLORS - 1}) i
       returning id`,
      [hash],
    );
    await client.query('create temporary table bench_team (ids uuid[])');
    await client.query('insert into bench_team values ($1::uuid[])', [team.rows.map((r) => r.id)]);
    const desk = `(select ids[1 + (g % ${COUNSELLORS + 1})] from bench_team),
      case when g % 50 = 0 then 'call' end,
      case when g % 50 = 0 then now() + ((g % 7) - 3) * interval '1 day' + (g % 24) * interval '1 hour' end,
      case when g % 12 between 7 and 10 then (g % 90) + 2 end,
      ${SIGNALS}`;
    const deskColumns = 'assignee_id, next_action_type, next_action_due_at, first_contact_minutes, consent, source, utm_source';
    // People 1..n/2 appear in two lists each (free join, then an enquiry): one story each.
    const person = (offset: number) => `(g + ${offset})`;
    const email = (p: string) => `'person' || ${p} || '@mail' || (${p} % 97) || '.example.in'`;
    const phone = (p: string) => `'9' || lpad(${p}::text, 9, '0')`;
    // Each list's rows stored in the order they arrived, as a running system stores them (its
    // heap follows created_at): the year's random instants sorted first.
    const arrivals = `(select g, now() - (random() * 365) * interval '1 day' as arrived from generate_series(1, ${n}) g order by 2) arrivals`;
    const when = 'arrived';
    await client.query(`insert into contact_messages (first_name, last_name, email, phone, message, status, created_at, ${deskColumns})
      select 'First' || g, 'Last' || (g % 5000), ${email(person(0))}, ${phone(person(0))}, 'Please call me about the weekend batch ' || g, ${STATUS_CYCLE}, ${when}, ${desk}
      from ${arrivals}`);
    await client.query(`insert into free_join_users (name, email, phone, status, created_at, ${deskColumns})
      select 'Student ' || g, ${email(person(n))}, ${phone(person(n))}, ${STATUS_CYCLE}, ${when}, ${desk} from ${arrivals}`);
    await client.query(`insert into enquiries (background, course, name, email, phone, status, created_at, ${deskColumns})
      select 'College Student', 'Soft Skills', 'Student ' || g, ${email(person(n))}, ${phone(person(n))}, ${STATUS_CYCLE}, ${when}, ${desk} from ${arrivals}`);
    await client.query(`insert into join_now_users (name, email, phone, password_hash, status, created_at, ${deskColumns})
      select 'Member ' || g, ${email(person(2 * n))}, ${phone(person(2 * n))}, 'scrypt$bench', ${STATUS_CYCLE}, ${when}, ${desk} from ${arrivals}`);
    await client.query(`insert into personality_users (name, email, phone, password_hash, status, created_at, ${deskColumns})
      select 'Taker ' || g, ${email(person(3 * n))}, ${phone(person(3 * n))}, 'scrypt$bench', ${STATUS_CYCLE}, ${when}, ${desk} from ${arrivals}`);
    const result = JSON.stringify({
      domains: ['extraversion', 'agreeableness', 'conscientiousness', 'emotionalStability', 'openness'].map((domain) => ({
        domain,
        raw: 18,
        percent: 50,
        band: 'balanced',
      })),
    });
    await client.query(
      `insert into quiz_submissions (name, email, language, answers, result, certificate_id, created_at)
       select 'Taker ' || g, ${email(person(3 * n))}, 'english', '{}'::jsonb, $1::jsonb, md5(g::text || 'bench'), arrived
       from (select g, now() - (random() * 365) * interval '1 day' as arrived from generate_series(1, ${Math.floor(n / 4)}) g order by 2) arrivals`,
      [result],
    );
    // Everyone already joined to their person, as a running system has them (else the
    // linker would spend the whole bench on a million-lead backlog): one person per email.
    await client.query(`create temporary table bench_people as
      select email, gen_random_uuid() as id, min(created_at) as created_at from (
        ${BENCH_TABLES.map(([table]) => `select email, created_at from ${table}`).join(' union all ')}
      ) leads group by email`);
    await client.query('insert into people (id, created_at) select id, created_at from bench_people');
    for (const [table, list] of BENCH_TABLES) {
      await client.query(
        `insert into lead_people (list, lead_id, person_id) select '${list}', t.id, p.id from ${table} t join bench_people p using (email)`,
      );
    }
    await client.query('truncate people_queue');
    await quietBacklogs(client);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * A year of leads inserted in minutes leaves backlogs a running system never has: the
 * scheduler's jobs for the year's events (an escalation per lead, a test taken; ~980,000 rows),
 * all due at once; the reports' rollup queue (every person); and the "assigned to you"
 * notices of some 880,000 assignments in the timeline. Left in, the server worked through
 * them during the timings (17,000 escalations and 390,000 rollup rows in one run on 28 Nov,
 * and the notices 500 a round, each round's read of the timeline up to half a second), so the
 * console was measured beside a backlog, not at a million leads. The events past due ran in
 * their time (done), and their notices and next-step reminders went then (the cursor at the
 * timeline's end, each past-due step reminded at its due time); the
 * rollup is the reports bench's to measure (bench/reports.ts), its queue emptied here.
 */
async function quietBacklogs(client: pg.Client): Promise<void> {
  await client.query(`update jobs set state = 'done', finished_at = run_at where state = 'waiting' and run_at <= now()`);
  await client.query('truncate report_queue');
  await client.query(`update notify_cursors set through = (select coalesce(max(id), 0) from lead_history) where name = 'assignments'`);
  for (const [table] of BENCH_TABLES) {
    await client.query(
      `update ${table} set next_action_reminded_at = next_action_due_at where next_action_due_at <= now() and next_action_reminded_at is null`,
    );
  }
  // Their dead rows vacuumed now, not by autovacuum under the first timings.
  await client.query(`vacuum analyze jobs, report_queue, ${BENCH_TABLES.map(([table]) => table).join(', ')}`);
}

function timing(name: string, ms: number[]): ConsoleTiming {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { name, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)!, samples: sorted.length };
}

/**
 * The bench's database: a fresh one seeded and dropped afterwards, or with BENCH_CONSOLE_DB
 * one of that name kept between runs (a million leads take minutes to seed on a loaded
 * machine): seeded when it does not exist yet, else brought to the latest migration.
 */
async function benchDatabase(): Promise<{ url: string; seedSeconds: number; drop(): Promise<void> }> {
  const started = performance.now();
  const kept = process.env.BENCH_CONSOLE_DB;
  if (!kept) {
    const database = await createPostgresDatabase(BASE_URL);
    await seed(database.url);
    return { ...database, seedSeconds: (performance.now() - started) / 1000 };
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`BENCH_CONSOLE_DB: ${kept} is not a plain database name`);
  const url = new URL(BASE_URL);
  url.pathname = `/${kept}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [kept]);
    if (exists.rowCount === 0) {
      await admin.query(`create database ${kept}`);
      await seed(url.toString());
    } else {
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await migrateToLatest(handle.db);
      await handle.close();
      // The last run's import and whatever its server left queued.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await quietBacklogs(client).finally(() => client.end());
    }
  } finally {
    await admin.end();
  }
  return { url: url.toString(), seedSeconds: (performance.now() - started) / 1000, drop: async () => {} };
}

export async function benchConsole(): Promise<ConsoleBench> {
  const database = await benchDatabase();
  try {
    const seedSeconds = database.seedSeconds;
    const server = await startServer({
      databaseUrl: database.url,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      logFile: '/tmp/bench-console-server.log',
    });
    try {
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { Authorization: `Bearer ${token}` };
      const counsellorLogin = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(COUNSELLOR(7)),
      });
      const counsellor = (await counsellorLogin.json()) as { token: string; admin: { _id: string } };
      const asCounsellor = { Authorization: `Bearer ${counsellor.token}` };
      const random = (max: number) => 1 + Math.floor(Math.random() * max);
      const cases: Array<{ name: string; url: () => string; as?: Record<string, string> }> = [
        { name: 'list page (contact, 50 of 200,000)', url: () => `${LEAD_KINDS.contact.list.path}?limit=50&page=${random(20)}` },
        { name: 'list page (personality, with tests)', url: () => `${LEAD_KINDS.personalitySignup.list.path}?limit=50&page=${random(20)}` },
        {
          name: 'search by a phone fragment',
          url: () => `${LEAD_KINDS.freeJoin.list.path}?limit=50&q=${phoneOf(PER_LIST + random(PER_LIST)).slice(3, 9)}`,
        },
        {
          name: 'search by an email fragment',
          url: () => `${LEAD_KINDS.enquiry.list.path}?limit=50&q=${encodeURIComponent(`person${PER_LIST + random(PER_LIST)}@`)}`,
        },
        { name: 'status-filtered page', url: () => `${LEAD_KINDS.joinNow.list.path}?limit=50&status=converted&page=${random(20)}` },
        {
          name: 'people lookup (email and phone)',
          url: () => {
            const p = PER_LIST + random(PER_LIST);
            return `${CONSOLE_PATHS.people}?email=${encodeURIComponent(emailOf(p))}&phone=${phoneOf(p)}`;
          },
        },
        { name: 'overview (with speed to lead and the team)', url: () => CONSOLE_PATHS.overview },
        { name: "a counsellor's My day (1 of 20)", url: () => DESK_PATHS.myDay, as: asCounsellor },
        {
          name: "a counsellor's list page (theirs and the pool)",
          url: () => `${LEAD_KINDS.enquiry.list.path}?limit=50&page=${random(20)}`,
          as: asCounsellor,
        },
        {
          name: "a counsellor's list, theirs only",
          url: () => `${LEAD_KINDS.contact.list.path}?limit=50&assignee=${counsellor.admin._id}&page=${random(20)}`,
          as: asCounsellor,
        },
        { name: "an admin's list, the pool only", url: () => `${LEAD_KINDS.freeJoin.list.path}?limit=50&assignee=none&page=${random(20)}` },
      ];
      const time = async (list: typeof cases): Promise<ConsoleTiming[]> => {
        const timings: ConsoleTiming[] = [];
        for (const c of list) {
          const ms: number[] = [];
          for (let i = 0; i < SAMPLES + 5; i++) {
            const t0 = performance.now();
            const res = await fetch(server.url + c.url(), { headers: c.as ?? auth });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
            if (i >= 5) ms.push(performance.now() - t0);
          }
          timings.push(timing(c.name, ms));
        }
        return timings;
      };
      const timings = await time(cases);
      // The header search, across every list: what a counsellor pastes or types.
      const searchFor = (q: () => string) => () => `${WORKSPACE_PATHS.search}?q=${encodeURIComponent(q())}`;
      const spaced = (d: string) => `+91 ${d.slice(0, 5)} ${d.slice(5)}`;
      const search = await time([
        { name: 'a name (Member 123456)', url: searchFor(() => `Member ${random(PER_LIST)}`) },
        { name: 'a name fragment (Student 12)', url: searchFor(() => `Student ${random(99)}`) },
        { name: 'an email (in two lists)', url: searchFor(() => emailOf(PER_LIST + random(PER_LIST))) },
        { name: 'an email fragment (person1234@)', url: searchFor(() => `person${random(PER_LIST * 4)}@`) },
        { name: 'a phone as +91 90001 23456', url: searchFor(() => spaced(phoneOf(random(PER_LIST * 4)))) },
        { name: 'a phone as 090001-23456', url: searchFor(() => `0${phoneOf(random(PER_LIST * 4)).replace(/^(\d{5})/, '$1-')}`) },
        { name: 'a phone no one has (+91 98123 45678)', url: searchFor(() => spaced(`98${String(random(99_999_999)).padStart(8, '0')}`)) },
        { name: 'a name no one has', url: searchFor(() => `Zorawar Qx${random(1000)}`) },
      ]);
      // The sortable lists: the contact list (the most columns) by each of them, both
      // ways, its first page and a deeper one (50 a page, with the total).
      const contact = LEAD_KINDS.contact.list;
      const sorted = await time(
        sortKeysOf(contact).flatMap((key) =>
          ['', '-'].flatMap((dir) => [
            { name: `sort=${dir}${key}, page 1`, url: () => `${contact.path}?limit=50&sort=${dir}${key}` },
            { name: `sort=${dir}${key}, pages 11-20`, url: () => `${contact.path}?limit=50&sort=${dir}${key}&page=${10 + random(10)}` },
          ]),
        ),
      );
      const exported = await benchExport(server.url, auth, server.process.pid!);
      // Last: its rows' line breaks would count as rows in the export above.
      const imported = await benchImport(server.url, auth);
      return { leads: PER_LIST * 5, seedSeconds, timings, search, sorted, imported, exported };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
