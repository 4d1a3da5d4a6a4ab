// A session's class report: the figures against the database (each
// participant's latest test; mean, median and the five bands computed here in SQL, apart
// from the code under test), the under-5 rule (no figures at all for fewer than 5
// finished), and the PDF: its text read back with poppler's pdftotext, aggregate only (no
// student's name), and its first page rendered with pdftoppm. PGlite, and Postgres when
// TEST_DATABASE_URL is set. With KEEP_REPORT_DIR=1 the PDFs and page1.png are kept (their
// folder is printed): the README's docs/screenshots/class-report.png is that page1.png.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../contract/brand.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS, QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../../contract/quiz/options.ts';
import { SESSION_PATHS, type SessionReport } from '../../contract/sessions.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const run = promisify(execFile);

/** Answers that differ from student to student: option (i * k + seed) % 4 on question i. */
function answers(seed: number, k: number): QuizAnswers {
  return Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * k + seed) % 4) as QuizOptionIndex]));
}
const STUDENTS = ['Asha Patil', 'Ravi Kumar', 'Meena Rao', 'Imran Shaikh', 'Kavya Nair', 'Deepak Joshi'];

describe.each(testBackends())('class reports on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let token: string;
  let code: string;
  let dir: string;

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
    token = (await memberToken(database.db, 'trainer@reports.example.in', 'trainer')).token;
    const res = await postJson(
      app,
      SESSION_PATHS.admin,
      { organisation: 'Government Polytechnic, Nagpur', city: 'Nagpur', date: '2026-12-03', language: 'english' },
      { Authorization: `Bearer ${token}` },
    );
    code = (await res.json()).code;
    dir = await mkdtemp(path.join(tmpdir(), 'class-report-'));
  });
  afterAll(async () => {
    if (process.env.KEEP_REPORT_DIR) console.log(dir);
    else await rm(dir, { recursive: true, force: true });
    await database?.dispose();
  });

  const get = (suffix: string) =>
    Promise.resolve(app.request(`${SESSION_PATHS.admin}/${code}${suffix}`, { headers: { Authorization: `Bearer ${token}` } }));
  const takeTest = async (i: number, seed: number, k: number) => {
    const body = { name: STUDENTS[i], email: `student${i}@example.in`, answers: answers(seed, k), language: 'english', session: code };
    const res = await postJson(app, LEAD_PATHS.quizAnswers, body, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
  };
  const pdfText = async (name: string) => {
    const res = await get('/report.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return { file, text: (await run('pdftotext', ['-layout', file, '-'])).stdout };
  };

  /** The figures the database gives for each participant's latest test, in SQL. */
  const expectedFromDatabase = async () => {
    const { rows } = await sql<{
      domain: string;
      mean: string;
      median: string;
      b0: string;
      b1: string;
      b2: string;
      b3: string;
      b4: string;
    }>`
      with latest as (
        select distinct on (participant) result from quiz_submissions
        where session_code = ${code} order by participant, created_at desc, id desc
      ), scores as (
        select d->>'domain' as domain, (d->>'percent')::numeric as p from latest, jsonb_array_elements(result->'domains') d
      )
      select domain, round(avg(p), 1) as mean, percentile_cont(0.5) within group (order by p) as median,
        count(*) filter (where p < 20) as b0, count(*) filter (where p >= 20 and p < 40) as b1,
        count(*) filter (where p >= 40 and p < 60) as b2, count(*) filter (where p >= 60 and p < 80) as b3,
        count(*) filter (where p >= 80) as b4
      from scores group by domain`.execute(database.db);
    return Object.fromEntries(
      rows.map((r) => [
        r.domain,
        { mean: Number(r.mean), median: Math.round(Number(r.median) * 10) / 10, distribution: [r.b0, r.b1, r.b2, r.b3, r.b4].map(Number) },
      ]),
    );
  };

  it('shows no figures at all for fewer than 5 finished participants, in the JSON and in the PDF', async () => {
    for (let i = 0; i < 4; i++) await takeTest(i, i, 3);
    // A second test by the same student is still 4 participants.
    await takeTest(0, 2, 1);
    const report = (await (await get('/report')).json()) as SessionReport;
    expect(report).toEqual({ organisation: 'Government Polytechnic, Nagpur', date: '2026-12-03', joined: 4, finished: 4, domains: null });
    const { text } = await pdfText('too-few');
    expect(text).toContain('Not enough finished tests yet');
    expect(text).toContain('at least 5 students');
    expect(text).not.toMatch(/Mean|Median/);
  });

  it("gives each domain's mean, median and five-band distribution from each participant's latest test, as the database does", async () => {
    await takeTest(4, 1, 5);
    await takeTest(5, 3, 2);
    // Asha's third test replaces her earlier ones in the figures.
    await takeTest(0, 0, 7);
    const report = (await (await get('/report')).json()) as SessionReport;
    expect([report.joined, report.finished]).toEqual([6, 6]);
    expect(report.domains).not.toBeNull();
    expect(Object.keys(report.domains!).sort()).toEqual([...QUIZ_DOMAINS].sort());
    expect(report.domains).toEqual(await expectedFromDatabase());
    for (const d of QUIZ_DOMAINS) expect(report.domains![d].distribution.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('makes a PDF with the five domains, what each means, the programme that fits and our contact, naming no student', async () => {
    const { file, text } = await pdfText('report');
    expect(text).toContain('Class profile: Government Polytechnic, Nagpur');
    expect(text).toContain('6 joined, 6 finished');
    for (const d of QUIZ_DOMAINS) expect(text).toContain(QUIZ_DOMAIN_LABELS[d].en);
    expect(text).toContain('How calmly they handle pressure');
    expect(text).toContain('The programme that fits');
    expect(text).toContain('Skill for Colleges');
    expect(text).toContain(BRAND.phone);
    expect(text).toContain(BRAND.email);
    const report = (await (await get('/report')).json()) as SessionReport;
    expect(text).toContain(`Mean ${report.domains!.openness.mean} · Median ${report.domains!.openness.median}`);
    for (const name of STUDENTS) expect(text).not.toContain(name.split(' ')[0]);
    expect(text).not.toContain('@example.in');
    // The first page as an image (the README's is made the same way).
    await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page1')]);
    const png = await readFile(path.join(dir, 'page1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // A4 (595.28 × 841.89 pt) at 60 dpi, rounded up: 497 × 702 pixels.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([497, 702]);
  });
});
