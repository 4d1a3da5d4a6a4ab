// Takes the README's pictures of the admin console (a list, a lead's panel, the overview) with
// Debian's Chromium. Run by hand after visual changes to the console:
// `npm run build && node scripts/generate-console-screenshots.mjs`; the PNGs are committed.
//
// The leads come in through the public API like a visitor's, then their dates are spread
// over the last 30 days in a throwaway Postgres database (the public API stamps "now"), so
// the overview's chart has a month to show. Needs Postgres on 127.0.0.1:5432 (or
// SCREENSHOT_DATABASE_URL pointing at a server where a database may be created).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { launchChromium, startBuiltServer } from './lib/screenshot-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const base = process.env.SCREENSHOT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `console_shots_${randomUUID().slice(0, 8)}`;
const admin = { email: 'priya@skillup.example.in', password: 'screenshots only 1' };

const first = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Ishaan',
  'Meera',
  'Rahul',
  'Divya',
  'Karan',
  'Pooja',
  'Aditya',
  'Nisha',
  'Siddharth',
  'Riya',
];
const last = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Singh', 'Das', 'Kulkarni', 'Mehta', 'Joshi', 'Banerjee'];
const person = (i) => {
  const f = first[i % first.length];
  const l = last[(i * 7) % last.length];
  return {
    f,
    l,
    name: `${f} ${l}`,
    email: `${f}.${l}${i}@example.in`.toLowerCase(),
    phone: `98${String(45_000_000 + i * 7919).slice(0, 8)}`,
  };
};

const admin0 = new pg.Client({ connectionString: base });
await admin0.connect();
await admin0.query(`create database ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();

const { url: site, stop } = await startBuiltServer({
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
});
const campaigns = ['instagram', 'campus-fair', 'google', 'newsletter'];
let posted = 0;
/** Each lead as the PWA sends it: where the visitor came from, and what they consented to. */
const post = async (path, body) => {
  const n = posted++;
  const source = {
    first: { utm_source: campaigns[n % 4], utm_medium: n % 2 ? 'social' : 'referral', landingPath: '/' },
    last: { utm_source: campaigns[(n + 1) % 4], utm_campaign: 'diwali-batch', landingPath: '/course/soft-skills' },
  };
  const consent = { version: '2026-11-23', at: new Date().toISOString(), marketing: n % 3 === 0, ...(n % 5 === 4 ? { age: 'adult' } : {}) };
  const res = await fetch(site + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, source, consent }),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
};

const browser = await launchChromium();
try {
  const courses = ['Soft Skills', 'B2B Training', 'Corporate Training'];
  const backgrounds = ['College Student', 'College Student', 'School Student', 'Corporate Employee'];
  for (let i = 0; i < 150; i++) {
    // Each person fills two forms (one story the detail panel tells), every fifth a third.
    const p = person(i % 5 === 4 ? i - 3 : Math.floor(i / 2));
    const kind = i % 5;
    if (kind === 0)
      await post('/api/v1/contact', {
        firstName: p.f,
        lastName: p.l,
        email: p.email,
        phone: p.phone,
        message: `Is the weekend batch for ${courses[i % 3]} still open?`,
      });
    if (kind === 1) await post('/api/v1/free/join-free', { name: p.name, email: p.email, phone: p.phone });
    if (kind === 2)
      await post('/api/v1/form/submit', {
        background: backgrounds[i % 4],
        course: courses[i % 3],
        name: p.name,
        email: p.email,
        phone: p.phone,
      });
    if (kind === 3) await post('/api/v1/now/join-now', { name: p.name, email: p.email, phone: p.phone, password: 'secret123' });
    if (kind === 4) await post('/api/v1/quiz/submit-form', { name: p.name, email: p.email, phone: p.phone, password: 'secret123' });
  }
  // Spread the dates over 30 days (more lately, like a campaign taking off) and work a few.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  for (const table of ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users']) {
    await db.query(`update ${table} set created_at = now() - (power(random(), 1.7) * 30) * interval '1 day'`);
    await db.query(`update ${table} set status = (array['contacted','converted','not-interested','contacted'])[1 + (random() * 3)::int]
                    where id in (select id from ${table} order by created_at limit 12)`);
  }
  await db.end();

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  await page.goto(`${site}/admin-login`);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/join-now');
  await page.goto(`${site}/admin/need-help`);
  await page.locator('.console-table tbody tr').first().waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-list.png` });
  await page.locator('.console-table tbody th button').first().click();
  await page.getByRole('heading', { name: 'Other submissions by this person' }).waitFor();
  await page.locator('.lead-people li').first().waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-lead.png` });
  await page.goto(`${site}/admin`);
  await page.locator('svg[role="img"]').waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-overview.png`, fullPage: true });
} finally {
  await browser.close();
  await stop();
  await admin0.query(`drop database if exists ${dbName} with (force)`);
  await admin0.end();
}
