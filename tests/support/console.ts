// What the browser suites of the admin console share: logging in through the page, and
// calling the admin API as an admin from the test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { gotoLive } from './pwa.ts';
import { fillFields, type Site } from './site.ts';

export interface AdminAccount {
  email: string;
  password: string;
}

/** Logs in at /admin-login and waits for the console (it opens on the first list). */
export async function consoleLogin(site: Site, page: Page, admin: AdminAccount): Promise<void> {
  await gotoLive(page, `${site.url}/admin-login`);
  await fillFields(page, { Email: admin.email, Password: admin.password });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/join-now');
  await page.getByText('Welcome').waitFor();
}

/** GET on the admin API with a token of this admin's (logged in once per site); expects 200. */
export function adminApi(site: Site, admin: AdminAccount): <T>(path: string) => Promise<T> {
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
