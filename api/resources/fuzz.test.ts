// Hostile-input fuzzing of everything a stranger can send: the eight public POSTs (the
// five lead forms, the test's answers and the batch endpoint), the admin lists' query
// strings and the login. Thousands of bodies made from valid ones by seeded mutations
// (hostile strings, wrong types, missing and unknown fields, broken JSON, bad keys).
// Whatever comes in: never a 5xx, and the rows stored are exactly the 201s answered.
// Runs on PGlite and, when TEST_DATABASE_URL is set, on real Postgres. A failure prints
// the seed and the body; FUZZ_SEED replays a run.
import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS, ADMIN_PATHS } from '../../contract/admin.ts';
import { SYNC_PATH } from '../../contract/api.ts';
import { LEAD_KIND_NAMES, LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { Database } from '../db/schema.ts';
import { adminToken } from '../testing/admin.ts';
import { LEAD_SAMPLES, sendsSignals, tableOfKind } from '../testing/lead-samples.ts';
import { useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { seededRandom } from '../testing/random.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
// 3,000 bodies per database (thousands, not a handful); FUZZ_BODIES=20000 for a deeper run.
const BODIES = Number(process.env.FUZZ_BODIES ?? 3000);

/** Seeded (mulberry32), so a failure replays: good enough to pick mutations. */
function rng(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

type LeadTable = keyof Database;
/** Every kind of the registry, by its public path. */
const KIND_BY_PATH = new Map(LEAD_KIND_NAMES.map((kind) => [LEAD_PATHS[kind] as string, kind]));
const TABLE_BY_PATH: Record<string, LeadTable> = Object.fromEntries(LEAD_KIND_NAMES.map((kind) => [LEAD_PATHS[kind], tableOfKind(kind)]));
/**
 * Paths to fuzz, weighted: the forms with a password cost an scrypt hash (~150 ms of CPU)
 * per stored body, so they come up less often; they are still fuzzed hundreds of times.
 */
const PATHS = LEAD_KIND_NAMES.flatMap((kind) => {
  const weight = LEAD_KINDS[kind].fields.some((f) => f.key === 'password') ? 1 : sendsSignals(kind) ? 3 : 2;
  return Array<string>(weight).fill(LEAD_PATHS[kind]);
});

/** What the PWA sends beside a form's fields (contract/lead-signals.ts, contract/consent.ts). */
const SIGNALS = {
  source: { first: { utm_source: 'instagram', landingPath: '/' }, last: { utm_source: 'newsletter', referrer: 'https://mail.example/' } },
  consent: { version: '2026-11-23', at: '2026-11-23T06:00:00.000Z', marketing: true, age: 'adult' },
  fillMs: 8000,
};

function validBody(path: string, r: Rng): Record<string, unknown> {
  const kind = KIND_BY_PATH.get(path)!;
  return { ...LEAD_SAMPLES[kind](r.int(1_000_000)), ...(sendsSignals(kind) ? SIGNALS : {}) };
}

/** Values no form would send, and strings that broke SQL, JSON or a renderer somewhere. */
const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00\ud800y',
  '\u202e\u2066',
  '\u0007\u0008\u001b[31m',
  '\u0085\u2028\u2029',
  '\ufeff',
  '',
  ' ',
  '\t\n\r',
  "'; drop table contact_messages; --",
  '%00',
  '\\u0000',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '😀'.repeat(40),
  'क्‍ष'.repeat(20),
  'x'.repeat(81),
  'x'.repeat(70_000),
  'https://win.example/claim',
  'A\u030a\u0301\u0302',
  '٩٨٧٦٥٤٣٢١٠',
  '+91 98765-43210',
  '00000000000',
  0,
  -1,
  1e308,
  9876543210,
  true,
  null,
  [],
  ['a@b.co'],
  {},
  { toString: 1 },
  { valueOf: () => 1 },
  { $ne: null },
];

function hostileString(r: Rng): string {
  const base = r.pick(HOSTILE.filter((v): v is string => typeof v === 'string' && v.length < 1000));
  const chars = ['\u0000', '\ud800', '\udc00', '\u0001', '\u007f', '\u202e', '😀', 'é', '"', '\\'];
  let s = base;
  for (let i = r.int(3); i > 0; i--) {
    const at = r.int(s.length + 1);
    s = s.slice(0, at) + r.pick(chars) + s.slice(at);
  }
  return s;
}

function mutate(body: Record<string, unknown>, r: Rng): unknown {
  if (r.chance(0.03)) return r.pick(HOSTILE);
  const out: Record<string, unknown> = { ...body };
  const fields = Object.keys(out);
  for (let m = 1 + r.int(3); m > 0; m--) {
    const field = r.pick(fields);
    switch (r.int(8)) {
      case 0:
        out[field] = r.pick(HOSTILE);
        break;
      case 1:
        out[field] = hostileString(r);
        break;
      case 2:
        if (typeof out[field] === 'string') {
          const s = out[field] as string;
          const at = r.int(s.length + 1);
          out[field] = s.slice(0, at) + hostileString(r) + s.slice(at);
        }
        break;
      case 3:
        delete out[field];
        break;
      case 4:
        out[hostileString(r) || '__proto__'] = r.pick(HOSTILE);
        break;
      case 5:
        if (out.answers && typeof out.answers === 'object') {
          const a = { ...(out.answers as Record<string, unknown>) };
          a[r.chance(0.5) ? r.pick(QUIZ_ITEM_IDS) : hostileString(r)] = r.pick([...HOSTILE, 4, 1.5, -0, '2']);
          out.answers = a;
        }
        break;
      case 6: {
        // The signals beside the fields: hostile text inside the nested objects, where no
        // schema checks it (it is cleaned, never refused: a bad source must not cost a lead).
        const text = () => (r.chance(0.3) ? 'a' + '😀'.repeat(r.int(150)) : hostileString(r));
        out.source = r.chance(0.2)
          ? r.pick(HOSTILE)
          : {
              first: { utm_source: text(), referrer: text(), [hostileString(r) || 'x']: text() },
              last: r.chance(0.5) ? { utm_campaign: text(), landingPath: text() } : r.pick(HOSTILE),
            };
        out.consent = r.chance(0.2)
          ? r.pick(HOSTILE)
          : {
              version: text(),
              at: r.pick([text(), '2026-11-23T06:00:00Z', '99999-01-01T00:00:00Z']),
              marketing: r.pick(HOSTILE),
              age: r.pick(['guardian', 'adult', text()]),
              guardianEmail: text(),
            };
        out.website = r.chance(0.5) ? r.pick(HOSTILE) : undefined;
        out.fillMs = r.pick(HOSTILE);
        break;
      }
      default:
        // Left valid: a fair share of fuzzed bodies must be stored, or the count proves little.
        break;
    }
  }
  return out;
}

/** A raw request body: mostly JSON, sometimes broken on purpose. */
function encode(value: unknown, r: Rng): string | Uint8Array<ArrayBuffer> {
  const json = JSON.stringify(value) ?? 'null';
  switch (r.int(40)) {
    case 0:
      return json.slice(0, r.int(json.length));
    case 1:
      return new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]); // invalid UTF-8
    case 2:
      return `${json}${json}`;
    case 3:
      return '['.repeat(5000) + ']'.repeat(5000);
    default:
      return json;
  }
}

let keyCounter = 0;
function idempotencyKey(r: Rng): string | undefined {
  if (r.chance(0.3)) return undefined;
  // (Header values cannot carry NUL or non-Latin-1 at all: the client refuses them first.)
  if (r.chance(0.05)) return r.pick(['short', 'x'.repeat(200), 'has space here', 'ünïcode-key-000', 'tab\tkey-00000', '../../etc/passwd']);
  return `fuzz-${SEED}-${++keyCounter}-${r.int(1e9)}`;
}

describe.each(testBackends())('fuzzing what strangers can send, on $name', (backend) => {
  const t = useTestApp(backend);

  const counts = async (): Promise<Record<LeadTable, number>> => {
    const out = {} as Record<LeadTable, number>;
    for (const table of Object.values(TABLE_BY_PATH)) {
      const row = await t.database.db
        .selectFrom(table as keyof Database)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  const send = async (path: string, body: string | Uint8Array<ArrayBuffer>, key: string | undefined) =>
    Promise.resolve(
      t.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
        body,
      }),
    );

  it(`answers ${BODIES} fuzzed public POSTs without a 5xx and stores exactly the 201s`, { timeout: 240_000 }, async () => {
    const r = rng(SEED);
    const before = await counts();
    const created: Record<LeadTable, number> = Object.fromEntries(Object.values(TABLE_BY_PATH).map((t) => [t, 0])) as Record<
      LeadTable,
      number
    >;
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    const note = (status: number, what: () => string) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500 && failures.length < 5) failures.push(`${status} ${what()}`);
    };

    // Several at a time, as a classroom sends them, so grouped statements meet hostile rows.
    const CONCURRENCY = 8;
    let sent = 0;
    const one = async () => {
      while (sent < BODIES) {
        const i = sent++;
        if (i % 7 === 6) {
          // The batch endpoint: 1 to 20 items, with bad keys, unknown and hostile paths.
          const items = Array.from({ length: 1 + r.int(12) }, () => {
            const path = r.chance(0.9) ? r.pick(PATHS) : r.pick(['/api/v1/nowhere', 42, null, { toString: 1 }, hostileString(r)]);
            const body = typeof path === 'string' && TABLE_BY_PATH[path] ? mutate(validBody(path, r), r) : r.pick(HOSTILE);
            const key = r.chance(0.95) ? `fuzz-${SEED}-${++keyCounter}-${r.int(1e9)}` : r.pick(HOSTILE);
            return r.chance(0.02) ? r.pick(HOSTILE) : { key, path, body };
          });
          const payload = r.chance(0.5) ? items : { items };
          const res = await send(SYNC_PATH, encode(payload, r), undefined);
          note(res.status, () => JSON.stringify(payload).slice(0, 300));
          const answer = (await res.json()) as { results?: Array<{ status: number }> };
          if (res.status === 200 && answer.results) {
            answer.results.forEach((result, n) => {
              const item = items[n] as { path?: unknown } | undefined;
              note(result.status, () => `sync item ${JSON.stringify(item).slice(0, 300)}`);
              if (result.status === 201 && typeof item?.path === 'string') created[TABLE_BY_PATH[item.path]!]++;
            });
          }
          continue;
        }
        const path = r.pick(PATHS);
        const value = mutate(validBody(path, r), r);
        const res = await send(path, encode(value, r), idempotencyKey(r));
        note(res.status, () => `${path} ${JSON.stringify(value).slice(0, 300)}`);
        await res.arrayBuffer();
        if (res.status === 201) created[TABLE_BY_PATH[path]!]++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));

    if (process.env.FUZZ_DEBUG) console.log(statuses, created);
    expect(failures, `seed ${SEED}`).toEqual([]);
    const after = await counts();
    for (const table of Object.values(TABLE_BY_PATH)) {
      expect(after[table] - before[table], `${table} rows vs 201s (seed ${SEED})`).toBe(created[table]);
    }
    // The fuzz reached both sides: plenty stored, plenty refused.
    const stored = Object.values(created).reduce((a, b) => a + b, 0);
    expect(stored).toBeGreaterThan(BODIES / 5);
    expect(statuses[400] ?? 0).toBeGreaterThan(BODIES / 5);
  });

  it('answers fuzzed admin list queries and logins without a 5xx', { timeout: 120_000 }, async () => {
    const r = rng(SEED + 1);
    const token = await adminToken(t.database.db, 'fuzz-admin@example.in');
    const failures: string[] = [];
    /** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes as its raw UTF-8 bytes. */
    const percent = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return '%ED%A0%80';
      }
    };
    const param = () =>
      percent(
        String(
          r.pick<unknown>([
            hostileString(r),
            '2026-01-31',
            '2026-02-30',
            '2026-01-31T10:00:00Z',
            '9999-99-99',
            '-1',
            '0',
            '1e9',
            '501',
            '50',
            'x'.repeat(200),
            r.int(1e12),
          ]),
        ),
      );
    for (let i = 0; i < 400; i++) {
      const list = r.pick(Object.values(ADMIN_LIST_PATHS));
      const query = ['q', 'page', 'limit', 'from', 'to', 'status', hostileString(r)]
        .filter(() => r.chance(0.5))
        .map((name) => `${percent(name)}=${param()}`)
        .join('&');
      const res = await t.app.request(`${list}?${query}`, { headers: { Authorization: `Bearer ${token}` } });
      if (res.status >= 500) failures.push(`${res.status} ${list}?${query}`);
      await res.arrayBuffer();
    }
    for (let i = 0; i < 120; i++) {
      const body = mutate({ email: 'fuzz-admin@example.in', password: 'not the password' }, r);
      const res = await send(r.chance(0.8) ? ADMIN_PATHS.login : ADMIN_PATHS.forgotPassword, encode(body, r), undefined);
      if (res.status >= 500) failures.push(`${res.status} login ${JSON.stringify(body).slice(0, 200)}`);
      await res.arrayBuffer();
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });
});
