// Takes the README's pictures of the admin console (a counsellor's My day, a list, a lead's
// panel with its timeline, the overview, a person; My day, a list and the menu again at a
// laptop's 1366 px and a phone's 390 px) with Debian's Chromium. Run by hand after visual changes to the console:
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
  const tables = ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users'];
  for (const table of tables) {
    await db.query(`update ${table} set created_at = now() - (power(random(), 1.7) * 30) * interval '1 day'`);
    await db.query(`update ${table} set status = (array['contacted','converted','not-interested','contacted'])[1 + (random() * 3)::int]
                    where id in (select id from ${table} order by created_at limit 12)`);
  }

  // The team: three counsellors (invited through the API, their password set here, since the
  // invitation emails go nowhere), and the leads shared among them as round robin would.
  const token = await fetch(`${site}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  })
    .then((r) => r.json())
    .then((b) => b.token);
  const api = (method, path, body) =>
    fetch(site + path, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
      return r.json();
    });
  const team = [
    { email: 'ananya@skillup.example.in', name: 'Ananya Iyer' },
    { email: 'rohan@skillup.example.in', name: 'Rohan Gupta' },
    { email: 'kavya@skillup.example.in', name: 'Kavya Nair' },
  ];
  const ids = [];
  for (const m of team) ids.push((await api('POST', '/api/admin/team', { ...m, role: 'counsellor' })).member.id);
  await db.query(`update admins set password_hash = (select password_hash from admins where email = $1) where email = any($2)`, [
    admin.email,
    team.map((m) => m.email),
  ]);
  for (const table of tables) {
    // Most leads have an owner; the newest few wait in the pool.
    await db.query(
      `update ${table} t set assignee_id = ($1::uuid[])[1 + (abs(hashtext(t.id::text)) % 3)], assigned_at = t.created_at
       where t.id not in (select id from ${table} order by created_at desc limit 3)`,
      [ids],
    );
    // First contact for the older ones, in working minutes (some within the 15-minute SLA).
    await db.query(`update ${table} set first_contact_at = created_at + interval '20 minutes', first_contact_minutes = (abs(hashtext(id::text)) % 90) + 3
                    where status <> 'new' and assignee_id is not null`);
  }
  await db.end();
  // Ananya's day: follow-ups overdue and due today, and a few calls logged.
  const need = await api('GET', '/api/v1/form/submissions?limit=100');
  const hers = need.data.filter((l) => l.assignee?._id === ids[0]);
  const hour = 3_600_000;
  const dues = [-26 * hour, -3 * hour, -0.5 * hour, 1.5 * hour, 4 * hour, 6 * hour];
  for (const [i, lead] of hers.slice(0, dues.length).entries()) {
    const dueAt = new Date(Date.now() + dues[i]).toISOString();
    await api('POST', `/api/admin/leads/need-help/${lead._id}/activities`, {
      type: i % 2 ? 'whatsapp' : 'call',
      outcome: i % 3 === 0 ? 'call-back' : i % 3 === 1 ? 'no-answer' : 'connected',
      note: i % 2 ? 'Sent the weekend batch timings' : 'Asked to call back after college',
      nextAction: { type: i % 2 ? 'call' : 'whatsapp', dueAt, note: i === 0 ? 'Share the fee plan' : undefined },
    });
  }

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const login = async (email) => {
    await page.goto(`${site}/admin-login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
  };
  await login(team[0].email);
  await page.waitForURL('**/admin/my-day');
  await page.locator('.my-day__item').first().waitFor();
  // The login's toast would cover the pictures' corner.
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await page.screenshot({ path: `${root}docs/screenshots/console-my-day.png` });
  /** The page as it is at a laptop's and a phone's width (the same session, the window resized). */
  const atWidths = async (name) => {
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${root}docs/screenshots/${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  await atWidths('console-my-day');
  await page.goto(`${site}/admin/need-help?owner=${ids[0]}`);
  await page.locator('.console-table tbody tr').first().waitFor();
  await page.locator(`[data-lead-id="${hers[0]._id}"]`).click();
  await page.getByRole('heading', { name: 'Timeline' }).waitFor();
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await page.screenshot({ path: `${root}docs/screenshots/console-lead.png` });
  await page.keyboard.press('Escape');
  await atWidths('console-list');
  // The phone's menu, open: the links, Logout, the search and Welcome behind one button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.screenshot({ path: `${root}docs/screenshots/console-menu-390.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin-login');

  await login(admin.email);
  await page.waitForURL('**/admin/join-now');
  await page.goto(`${site}/admin/need-help`);
  await page.locator('.console-table tbody tr').first().waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-list.png` });
  await page.goto(`${site}/admin`);
  await page.locator('svg[role="img"]').waitFor();
  await page.getByRole('heading', { name: 'Speed to lead, last 30 days' }).waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-overview.png`, fullPage: true });
  // A person: every form they sent and one timeline (the seeded leads' people, newest first).
  await page.goto(`${site}/admin/people`);
  await page.locator('.people-table tbody tr').first().waitFor();
  await page.locator('.people-table tbody tr a').first().click();
  await page.getByRole('heading', { name: 'Timeline' }).waitFor();
  await page.screenshot({ path: `${root}docs/screenshots/console-person.png` });
} finally {
  await browser.close();
  await stop();
  await admin0.query(`drop database if exists ${dbName} with (force)`);
  await admin0.end();
}
