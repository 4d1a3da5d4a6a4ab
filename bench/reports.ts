// The funnel and revenue report at a million leads: the console bench's seed (1,000,000 leads
// over a year in five lists, 20 counsellors and the pool, everyone joined to their person),
// then each lead given a source and a campaign (eight sources, three campaigns each, one in
// eight with none), 20,000 seat bookings by people of the contact list (both packages, half
// paid within a fortnight) and 2,000 college proposals. The rollup takes everyone in (timed:
// what the first start after the migration does), then the built server answers a year's
// report by each key, a quarter's, the revenue by week, and a counsellor's year, each timed
// many times through HTTP. Target: p95 under 300 ms each.
import pg from 'pg';
import { REPORT_DIMENSIONS, REPORT_PATHS } from '../contract/reports.ts';
import { openDatabase } from '../api/db/database.ts';
import { refreshAll } from '../api/reports/rollup.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { startServer } from '../tests/support/server.ts';
import { seed } from './console.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 40);
export const REPORT_TARGET_MS = 300;
const ADMIN = { email: 'bench@example.in', password: 'bench password 1' };
const COUNSELLOR = { email: 'counsellor7@bench.example.in', password: 'bench counsellor 1' };
const LISTS = ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users'];

export interface ReportTiming {
  name: string;
  p50: number;
  p95: number;
  max: number;
  samples: number;
}
export interface ReportBench {
  leads: number;
  seedSeconds: number;
  rollupSeconds: number;
  people: number;
  cells: number;
  timings: ReportTiming[];
}

/** Sources, campaigns, bookings and proposals on top of the console bench's leads. */
async function seedReport(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const source = `(array['google','instagram','facebook','youtube','linkedin','whatsapp','college-fair','referral'])[1 + abs(hashtext(id::text)) % 8]`;
    const campaign = `(array['admissions','diwali','weekend'])[1 + abs(hashtext(id::text || 'c')) % 3]`;
    for (const table of LISTS) {
      await client.query(`update ${table} set utm_source = s, source = jsonb_build_object('last', jsonb_build_object('utm_source', s, 'utm_campaign', c))
        from (select id as lead, ${source} as s, ${campaign} as c from ${table}) t
        where id = t.lead and abs(hashtext(id::text || 'n')) % 8 <> 0`);
    }
    await client.query(`insert into bookings (programme, package, batch, name, email, phone, reference, amount, payment_status, paid_at, created_at, assignee_id, status, utm_source, source)
      select 'Soft Skill For Students', p, 'Weekend batch', first_name, email, phone, 'SU-' || lpad(to_hex(g), 10, '0'),
        case when p = 'Elevate' then 2499 else 7499 end, case when paid then 'paid' else 'payment-pending' end,
        case when paid then least(now(), created_at + (g % 15) * interval '1 day') end, created_at + interval '1 hour', assignee_id, 'new', utm_source, source
      from (select c.*, row_number() over (order by c.id) as g, (array['Elevate','Elite'])[1 + (abs(hashtext(c.id::text)) % 2)] as p,
              abs(hashtext(c.id::text || 'p')) % 2 = 0 as paid
            from contact_messages c where c.status <> 'spam' limit 20000) c`);
    await client.query(`insert into proposals (programme, organisation, name, role, email, phone, city, participants, preferred_months, message, created_at, status, utm_source)
      select 'Skill for Colleges', 'College ' || (g % 30), name, 'Placement officer', email, phone, 'Pune', 60, 'January', 'A proposal', created_at + interval '1 hour', 'new', utm_source
      from (select f.*, row_number() over (order by f.id) as g from free_join_users f where f.status <> 'spam' limit 2000) f`);
    for (const [table, list] of [
      ['bookings', 'bookings'],
      ['proposals', 'proposals'],
    ] as const) {
      const from = table === 'bookings' ? ['contact_messages', 'contact'] : ['free_join_users', 'join-free'];
      await client.query(`insert into lead_people (list, lead_id, person_id)
        select '${list}', t.id, lp.person_id from ${table} t join ${from[0]} o on o.email = t.email join lead_people lp on lp.list = '${from[1]}' and lp.lead_id = o.id
        on conflict do nothing`);
    }
    await client.query('truncate people_queue');
    await client.query('vacuum analyze');
    const leads = await client.query<{ n: string }>(`select sum(n)::text as n from lead_status_counts`);
    return Number(leads.rows[0]!.n);
  } finally {
    await client.end();
  }
}

function timing(name: string, ms: number[]): ReportTiming {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { name, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)!, samples: sorted.length };
}

async function tokenOf(url: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login ${who.email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Today's IST day less `days`. */
const istDay = (days = 0) => new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);

async function timeReports(url: string): Promise<ReportTiming[]> {
  const admin = { Authorization: `Bearer ${await tokenOf(url, ADMIN)}` };
  const counsellor = { Authorization: `Bearer ${await tokenOf(url, COUNSELLOR)}` };
  const year = `from=${istDay(364)}&to=${istDay()}`;
  const cases = [
    ...REPORT_DIMENSIONS.map((by) => ({ name: `a year by ${by}`, path: `${REPORT_PATHS.funnel}?by=${by}&${year}`, as: admin })),
    { name: 'a quarter by source (from a random day)', path: '', as: admin },
    { name: 'revenue by week and source, a year', path: `${REPORT_PATHS.revenue}?${year}`, as: admin },
    { name: "a counsellor's year by source", path: `${REPORT_PATHS.funnel}?by=source&${year}`, as: counsellor },
  ];
  const timings: ReportTiming[] = [];
  for (const c of cases) {
    const ms: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const start = Math.floor(Math.random() * 270) + 90;
      const path = c.path || `${REPORT_PATHS.funnel}?by=source&from=${istDay(start)}&to=${istDay(start - 90)}`;
      const t0 = performance.now();
      const res = await fetch(url + path, { headers: c.as });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
      if (i >= 3) ms.push(performance.now() - t0);
    }
    timings.push(timing(c.name, ms));
  }
  return timings;
}

export async function benchReports(): Promise<ReportBench> {
  const database = await createPostgresDatabase(BASE_URL);
  try {
    const started = performance.now();
    await seed(database.url);
    const leads = await seedReport(database.url);
    const seedSeconds = (performance.now() - started) / 1000;
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    let rollupSeconds: number;
    let people: number;
    try {
      const t0 = performance.now();
      people = await refreshAll(handle.db, 5_000);
      rollupSeconds = (performance.now() - t0) / 1000;
    } finally {
      await handle.close();
    }
    const cells = await (async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('vacuum analyze report_cells');
        return Number((await client.query<{ n: string }>('select count(*)::text as n from report_cells')).rows[0]!.n);
      } finally {
        await client.end();
      }
    })();
    const server = await startServer({
      databaseUrl: database.url,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      logFile: '/tmp/bench-reports-server.log',
    });
    try {
      return { leads, seedSeconds, rollupSeconds, people, cells, timings: await timeReports(server.url) };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
