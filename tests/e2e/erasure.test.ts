// Erasure in Chromium against the real server and a real SMTP peer: a visitor asks at
// /delete-my-data, the link arrives by email, confirming it erases their submissions and
// withdraws their certificate (its page names no one), and the console's erasure log shows
// it; an admin deletes a lead after a confirmation dialog, which the log shows too.
import { describe, expect, it } from 'vitest';
import { mimeLeaves } from '../../api/testing/smtp.ts';
import { ERASURE_MESSAGES } from '../../contract/erasure.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { Page } from 'playwright-core';
import { axeViolations, gotoLive } from '../support/pwa.ts';
import { adminEnv, consoleLogin, postLead } from '../support/console.ts';
import { fillFields, toast, unique, useMailingSite, NO_SERVICE_WORKER } from '../support/site.ts';

const ADMIN = { email: 'eraser@example.in', password: 'eraser password 1' };
const site = useMailingSite({ ...adminEnv(ADMIN), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }, NO_SERVICE_WORKER);

const post = (path: string, body: object) => postLead(site, path, body);
const login = (page: Page) => consoleLogin(site, page, ADMIN);

describe('erasure', () => {
  it('erases a visitor’s data from the link they are emailed, withdrawing their certificate', async () => {
    const email = `erase.me.${unique()}@example.in`;
    await post(LEAD_PATHS.freeJoin, { name: 'Meera Erase', phone: '9876512001', email });
    await post(LEAD_PATHS.personalitySignup, { name: 'Meera Erase', phone: '9876512001', email, password: 'secret123' });
    const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
    const test = await post(QUIZ_ANSWERS_PATH, { name: 'Meera Erase', email, answers, language: 'english' });
    // The certificate email went out first; the erasure link is the second message.
    await expect.poll(() => site.peer.received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);

    const { page, errors } = await site.page();
    await gotoLive(page, `${site.url}/delete-my-data`);
    expect(await axeViolations(page)).toEqual([]);
    await fillFields(page, { Email: email });
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await toast(page, ERASURE_MESSAGES.requested);

    await expect.poll(() => site.peer.received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(2);
    const mail = site.peer.received.filter((m) => m.to.includes(email))[1]!;
    const text = mimeLeaves(mail.raw)
      .find((l) => l.contentType === 'text/plain')!
      .text();
    const link = new RegExp(`${site.url.replace(/[.:/]/g, '\\$&')}/delete-my-data\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
    expect(link).toBeDefined();

    await gotoLive(page, link!);
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByText(ERASURE_MESSAGES.erased).waitFor();
    // Twice is once: the link is spent.
    await page.reload();
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('alert').getByText(ERASURE_MESSAGES.linkInvalid).waitFor();

    // The certificate's page says withdrawn and names no one.
    await page.goto(`${site.url}/certificate/${test.certificateId}`);
    await page.getByRole('heading', { name: ERASURE_MESSAGES.withdrawn }).waitFor();
    expect(await page.content()).not.toContain('Meera');
    // A withdrawn certificate is nothing to share.
    for (const name of ['Add to LinkedIn', 'Share on WhatsApp', 'Download PNG']) {
      expect(await page.getByRole('link', { name }).count()).toBe(0);
    }
    // The 400 of the spent link and the 410 of the withdrawn certificate are logged by the
    // browser as failed loads; nothing else may be.
    expect(errors.filter((e) => !/status of (400|410)/.test(e))).toEqual([]);

    // The console: nothing left under that email; the log says the person erased it.
    const { page: admin } = await site.page();
    await login(admin);
    await admin.goto(`${site.url}/admin/join-free?q=${encodeURIComponent(email)}`);
    await admin.getByText('No users found').waitFor();
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Erasure log' }).click();
    const row = admin.locator('.console-table tbody tr', { hasText: 'Certificates' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('The person');
    expect(await admin.locator('.console-table').textContent()).not.toContain(email);
  });

  it('lets an admin delete a lead after confirming, and logs it', async () => {
    const email = `admin.delete.${unique()}@example.in`;
    const { data } = await post(LEAD_PATHS.contact, {
      firstName: 'Deleted',
      lastName: 'ByAdmin',
      email,
      phone: '9876512002',
      message: 'Remove me',
    });
    const { page } = await site.page();
    await login(page);
    await page.goto(`${site.url}/admin/contact?q=${encodeURIComponent(email)}&open=${data._id}`);
    await page.getByRole('button', { name: 'Delete this lead' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this lead?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Cancel' }).first().click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete this lead' }).click();
    await page.getByRole('dialog', { name: 'Delete this lead?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Lead deleted');
    await page.getByText('No contact messages found.').waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Erasure log' }).click();
    const row = page.locator('.console-table tbody tr', { hasText: 'Contact Users' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('eraser');
  });
});
