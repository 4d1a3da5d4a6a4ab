// What the browser suites of the admin console share: logging in through the page, and
// calling the admin API as an admin from the test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { CONSOLE_PATHS } from '../../contract/console.ts';
import type { PeopleResponse } from '../../contract/people.ts';
import { listOf, type ListSlug } from '../../contract/lead-kinds.ts';
import { mimeLeaves, type SmtpPeer } from '../../api/testing/smtp.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { STORAGE_KEYS } from '../../pwa/lib/storage-keys.ts';
import { gotoLive } from './pwa.ts';
import { fillFields, type Site } from './site.ts';

export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * Each account's stored session after its first login through the page on a server: a later
 * test of the file opens the console with it, as a member coming back would, instead of a
 * login page, a scrypt check and the console's first load again (about 1.5 s a test). The
 * first test of each account still logs in through the form.
 */
const sessions = new Map<string, string>();

/** Logs in at /admin-login and waits for the console (an admin's opens on the first list, a counsellor's on My day). */
export async function consoleLogin(site: Site, page: Page, admin: AdminAccount, landing = '**/admin/join-now'): Promise<void> {
  const key = `${site.url} ${admin.email}`;
  const stored = sessions.get(key);
  if (stored !== undefined && (await openWithSession(site, page, stored, landing))) return;
  await gotoLive(page, `${site.url}/admin-login`);
  await fillFields(page, { Email: admin.email, Password: admin.password });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(landing);
  // The page's content (Welcome is behind the menu on a phone).
  await page.locator('#console-main').waitFor();
  const session = await page.evaluate((name) => localStorage.getItem(name), STORAGE_KEYS.adminSession);
  if (session !== null) sessions.set(key, session);
}

/**
 * The console at its landing page with a stored session; false when the server no longer
 * takes it (a test logged that member out or deactivated them), for a login through the form.
 */
async function openWithSession(site: Site, page: Page, session: string, landing: string): Promise<boolean> {
  // The console shows its page before its first call can answer 401, so the token is asked first.
  const { token } = JSON.parse(session) as { token: string };
  const me = await fetch(site.url + ADMIN_PATHS.me, { headers: { Authorization: `Bearer ${token}` } });
  if (me.status !== 200) return false;
  // Any page of the origin holds its localStorage; robots.txt is the smallest.
  await page.goto(`${site.url}/robots.txt`);
  await page.evaluate(([name, value]) => localStorage.setItem(name, value), [STORAGE_KEYS.adminSession, session] as const);
  await page.goto(landing.replace('**', site.url));
  const main = page.locator('#console-main');
  const login = page.getByRole('button', { name: 'Login' });
  await main.or(login).first().waitFor();
  return main.isVisible();
}

/** A call of the admin API with this token; its status and JSON body. */
export async function apiCall<T = any>(
  site: Pick<Site, 'url'>,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(site.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
}

/** Logs in through the API; the token. */
export async function apiLogin(site: Pick<Site, 'url'>, account: AdminAccount): Promise<string> {
  const res = await fetch(site.url + ADMIN_PATHS.login, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(res.status, `login of ${account.email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** GET on the admin API with a token of this admin's (logged in once per site); expects 200. */
export function adminApi(site: Pick<Site, 'url'>, admin: AdminAccount): <T>(path: string) => Promise<T> {
  let token: Promise<string> | undefined;
  return async <T>(path: string): Promise<T> => {
    token ??= fetch(site.url + ADMIN_PATHS.login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    })
      .then((res) => res.json())
      .then((body) => (body as { token: string }).token);
    const res = await fetch(site.url + path, { headers: { Authorization: `Bearer ${await token}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
}

/** A public POST that must be taken (201); its answer's body. */
export async function postLead<T = any>(site: Site, path: string, body: object): Promise<T> {
  const res = await fetch(site.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(201);
  return (await res.json()) as T;
}

/** A test admin: give it to a server as ADMIN_EMAIL / ADMIN_PASSWORD (adminEnv). */
export const TEST_ADMIN: AdminAccount = { email: 'tests.admin@example.in', password: 'a long test password' };
export const adminEnv = (admin: AdminAccount = TEST_ADMIN) => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/**
 * What a server holds, read the way an admin reads it (the admin API), so a suite counts
 * stored leads on the embedded database as well as on Postgres.
 */
export function storedLeads(site: Pick<Site, 'url'>, admin: AdminAccount = TEST_ADMIN) {
  const api = adminApi(site, admin);
  return {
    /** One person's submissions across the lists (`kind: 'test'` for taken tests), newest first. */
    of: async (email: string) => (await api<PeopleResponse>(`${CONSOLE_PATHS.people}?email=${encodeURIComponent(email)}`)).data,
    /** How many of a list's leads, or of its taken tests, have this email. */
    count: async (list: ListSlug, email: string, kind: 'lead' | 'test' = 'lead') =>
      (await api<PeopleResponse>(`${CONSOLE_PATHS.people}?email=${encodeURIComponent(email)}`)).data.filter(
        (s) => s.list === list && s.kind === kind && String(s.email ?? '').toLowerCase() === email.toLowerCase(),
      ).length,
    /** The emails of every lead in a list whose name, email or phone contains `q` (all when absent). */
    emails: async (list: ListSlug, q?: string) => {
      const { path, envelope } = listOf(list);
      const body = await api<unknown>(q === undefined ? path : `${path}?q=${encodeURIComponent(q)}`);
      const items = (envelope === 'array' ? body : (body as Record<string, unknown>)[envelope]) as Array<{ email?: unknown }>;
      return items.map((item) => String(item.email));
    },
  };
}

/** The invitation link in the newest email to this address (the SMTP peer the server sends to). */
export async function invitationLink(peer: SmtpPeer, email: string): Promise<string> {
  await expect.poll(() => peer.received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = peer.received.filter((m) => m.to.includes(email)).at(-1)!;
  const text = mimeLeaves(mail.raw)
    .find((l) => l.contentType === 'text/plain')!
    .text();
  const link = /http:\/\/127\.0\.0\.1:\d+\/admin-invite\?token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  return link!;
}

/** A member invited by an admin and joined, through the API; their id. */
export async function joinTeam(
  site: Pick<Site, 'url'>,
  peer: SmtpPeer,
  adminToken: string,
  who: AdminAccount,
  name: string,
  role: string,
): Promise<string> {
  const invited = await apiCall(site, adminToken, 'POST', DESK_PATHS.team, { email: who.email, name, role });
  expect(invited.status).toBe(201);
  const token = new URL(await invitationLink(peer, who.email)).searchParams.get('token');
  const res = await fetch(site.url + DESK_PATHS.acceptInvitation, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: who.password }),
  });
  expect(res.status).toBe(200);
  return (invited.body as { member: { id: string } }).member.id;
}
