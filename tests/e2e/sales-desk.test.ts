// The sales desk in Chromium against the real server and a real SMTP peer: an admin invites
// a counsellor from the Team page, the counsellor sets a password from the emailed link,
// logs in to My day (overdue first; at 390 px their new, uncontacted leads first, as cards), sees only their leads and the pool, logs a call with
// an outcome and a next step, and a reminder appears live when a next step comes due; a
// viewer reads and can change nothing; axe on each page.
import { describe, expect, it } from 'vitest';
import { leadPath } from '../../contract/console.ts';
import { bulkPath } from '../../contract/bulk.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { axeViolations, gotoLive } from '../support/pwa.ts';
import { adminEnv, apiCall, apiLogin, consoleLogin, invitationLink as invitationLinkOf, joinTeam, postLead } from '../support/console.ts';
import { fillFields, toast, unique, useMailingSite, NO_SERVICE_WORKER } from '../support/site.ts';
import { docShot } from '../support/shots.ts';

const ADMIN = { email: 'desk.admin@example.in', password: 'desk admin password' };
const COUNSELLOR = { email: 'priya.desk@example.in', password: 'priya password 1' };
const OTHER = { email: 'rahul.desk@example.in', password: 'rahul password 1' };
const VIEWER = { email: 'vikram.desk@example.in', password: 'vikram password 1' };

const site = useMailingSite({ ...adminEnv(ADMIN), PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }, NO_SERVICE_WORKER);

const invitationLink = (email: string) => invitationLinkOf(site.peer, email);
const join = (adminToken: string, who: { email: string; password: string }, name: string, role: string) =>
  joinTeam(site, site.peer, adminToken, who, name, role);

/** Each lead a person of their own (a shared phone would make later ones a returning person's, given to its owner). */
let phones = 0;
async function contact(first: string): Promise<string> {
  const tag = unique();
  phones += 1;
  const answer = await postLead<{ data: { _id: string } }>(site, LEAD_PATHS.contact, {
    firstName: first,
    lastName: `Desk${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.in`,
    phone: `98765${String(10_000 + phones).slice(-5)}`,
    message: 'Please call me about the weekend batch',
  });
  return answer.data._id;
}

const ist = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('the sales desk', () => {
  let adminToken: string;
  let priyaId: string;
  const leads = { overdue: '', today: '', theirs: '', pool: '', remind: '' };

  // Four logins (scrypt by design), three pages and three emailed links: about a minute on a loaded 2-core machine.
  it(
    'lets an admin invite a counsellor, who sets a password from the emailed link and logs in to My day',
    { timeout: 180_000 },
    async () => {
      const { page: admin, errors } = await site.page();
      await consoleLogin(site, admin, ADMIN);
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Team' }).click();
      await admin.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      const invite = admin.getByRole('form', { name: 'Invite someone' });
      await fillFields(invite, { Email: COUNSELLOR.email, Name: 'Priya Sharma' });
      await invite.getByLabel('Role').selectOption('counsellor');
      expect(await axeViolations(admin)).toEqual([]);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await toast(admin, `Invitation sent to ${COUNSELLOR.email}`);
      await admin
        .getByRole('row', { name: /Priya Sharma/ })
        .getByText('Invited, not joined yet')
        .waitFor();
      // Resend a moment later: a new link mailed on purpose (the first one spent), the one the counsellor opens.
      await admin
        .getByRole('row', { name: /Priya Sharma/ })
        .getByRole('button', { name: /^Resend/ })
        .click();
      await toast(admin, `Invitation sent again to ${COUNSELLOR.email}`);
      await expect.poll(() => site.peer.received.filter((m) => m.to.includes(COUNSELLOR.email)).length, { timeout: 20_000 }).toBe(2);
      // Copy link: another new link, mailed too and put on the admin's clipboard, the same one.
      await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      await admin
        .getByRole('row', { name: /Priya Sharma/ })
        .getByRole('button', { name: /^Copy link/ })
        .click();
      await toast(admin, `A new link for ${COUNSELLOR.email} is copied (the emailed one works too)`);
      await expect.poll(() => site.peer.received.filter((m) => m.to.includes(COUNSELLOR.email)).length, { timeout: 20_000 }).toBe(3);
      const copied = await admin.evaluate(() => navigator.clipboard.readText());
      expect(new URL(copied).searchParams.get('token')).toBe(new URL(await invitationLink(COUNSELLOR.email)).searchParams.get('token'));
      // The invitation page at a laptop's width, too: whom it is for (opening it spends nothing).
      const { page: wide } = await site.page({ viewport: { width: 1366, height: 768 } });
      await gotoLive(wide, copied.replace(/^http:\/\/[^/]+/, site.url));
      await wide.getByText(`For ${COUNSELLOR.email}, as Counsellor.`).waitFor();

      const { page } = await site.page({ viewport: { width: 390, height: 844 } });
      await gotoLive(page, await invitationLink(COUNSELLOR.email));
      // Whom the link is for, before a password is chosen.
      await page.getByText(`For ${COUNSELLOR.email}, as Counsellor.`).waitFor();
      await fillFields(page, { Password: COUNSELLOR.password, 'Confirm password': COUNSELLOR.password });
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL('**/admin-login');
      await toast(page, 'Welcome to the team! Please log in.');
      // The address is filled in for them.
      expect(await page.getByLabel('Email').inputValue()).toBe(COUNSELLOR.email);
      await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
      await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
      // A counsellor's console has no team, assignment or erasure pages.
      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.getByRole('link', { name: 'Team' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Erasure log' }).count()).toBe(0);
      // Their overview is one click away (on a phone, behind the Menu button), and says whose leads it counts.
      await page.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await page.getByText('Your leads and the unassigned ones.').waitFor();
      expect(errors).toEqual([]);

      adminToken = await apiLogin(site, ADMIN);
      const team = await apiCall(site, adminToken, 'GET', DESK_PATHS.team);
      priyaId = (team.body as { data: Array<{ id: string; email: string; joined: boolean }> }).data.find(
        (m) => m.email === COUNSELLOR.email,
      )!.id;
    },
  );

  it('orders My day overdue first, and shows a counsellor only their leads and the pool', async () => {
    const rahulId = await join(adminToken, OTHER, 'Rahul Verma', 'counsellor');
    leads.overdue = await contact('Overdue');
    leads.today = await contact('Today');
    leads.theirs = await contact('Theirs');
    leads.pool = await contact('Pool');
    // Follow-ups of leads already contacted (one not contacted yet is listed under New instead).
    const plan = (id: string, assignee: string, dueAt: string) =>
      apiCall(site, adminToken, 'PATCH', leadPath('contact', id), { assignee, status: 'contacted', nextAction: { type: 'call', dueAt } });
    expect((await plan(leads.overdue, priyaId, ist(-3 * 3_600_000))).status).toBe(200);
    // Due later today in India: a minute from now is today there whatever the hour (or overdue by the time it is read, at 23:59).
    expect((await plan(leads.today, priyaId, ist(60_000))).status).toBe(200);
    expect((await plan(leads.theirs, rahulId, ist(-3_600_000))).status).toBe(200);

    const { page, errors } = await site.page();
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    const overdue = page.getByRole('region', { name: /^Overdue/ });
    await overdue.locator(`[data-lead-id="${leads.overdue}"]`).waitFor();
    const firstOverdue = await overdue.locator('li').first().getAttribute('data-lead-id');
    expect(firstOverdue).toBe(leads.overdue);
    const all = await page.locator('.my-day__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-lead-id')));
    expect(all.indexOf(leads.overdue)).toBeLessThan(all.indexOf(leads.today));
    expect(all).not.toContain(leads.theirs);
    await page
      .getByRole('region', { name: /^Unassigned/ })
      .locator(`[data-lead-id="${leads.pool}"]`)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The list: theirs and the pool, never Rahul's.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contact Users' }).click();
    await page.locator(`[data-lead-id="${leads.pool}"]`).waitFor();
    await page.locator(`[data-lead-id="${leads.overdue}"]`).waitFor();
    expect(await page.locator(`[data-lead-id="${leads.theirs}"]`).count()).toBe(0);
    // …nor by its link.
    await page.goto(`${site.url}/admin/contact?open=${leads.theirs}`);
    await page.getByRole('dialog').getByText('This lead does not exist (it may have been removed)').waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it("puts the counsellor's new leads first in My day at 390 px, oldest first with their SLA clock, as cards", async () => {
    const turn = (members: string[]) =>
      apiCall(site, adminToken, 'PUT', DESK_PATHS.assignment, {
        lists: { contact: members.length ? { mode: 'round-robin', members } : { mode: 'manual', members: [] } },
      });
    expect((await turn([priyaId])).status).toBe(200);
    const fresh: string[] = [];
    for (const name of ['Anjali', 'Bhavna', 'Chetan', 'Deepak', 'Esha']) fresh.push(await contact(name));
    expect((await turn([])).status).toBe(200);

    const { page, errors } = await site.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    const waiting = page.getByRole('region', { name: /^New, not contacted yet/ });
    await waiting.locator(`[data-lead-id="${fresh[4]}"]`).waitFor();
    // The section comes first, and holds all five in the order they came.
    const sections = await page.locator('.my-day__section h2').allTextContents();
    expect(sections[0]).toMatch(/^New, not contacted yet/);
    const ids = await waiting.locator('.my-day__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-lead-id')));
    expect(ids.filter((id) => fresh.includes(id!))).toEqual(fresh);
    expect(await waiting.locator(`[data-lead-id="${fresh[0]}"] .my-day__due`).textContent()).toMatch(/^Waiting \d+ (min|h|d)/);
    await docShot(page, 'my-day-390', true);
    // Cards: nothing wider than the screen, nothing cut, and a due line on at most two lines (not a word a line).
    const shape = await page.evaluate(() => {
      const problems: string[] = [];
      const root = document.scrollingElement!;
      if (root.scrollWidth > root.clientWidth) problems.push(`page scrolls sideways: ${root.scrollWidth}`);
      for (const item of document.querySelectorAll<HTMLElement>('.my-day__item')) {
        for (const part of item.querySelectorAll<HTMLElement>(':scope > *, a, button')) {
          if (part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1)
            problems.push(`cut: ${part.textContent}`);
          if (part.getBoundingClientRect().right > window.innerWidth) problems.push(`off screen: ${part.textContent}`);
        }
        const due = item.querySelector<HTMLElement>('.my-day__due')!;
        const lines = due.getBoundingClientRect().height / parseFloat(getComputedStyle(due).lineHeight);
        if (lines > 2.1) problems.push(`"${due.textContent}" takes ${lines.toFixed(1)} lines`);
      }
      return problems;
    });
    expect(shape).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // The morning: open the oldest, its call and WhatsApp buttons are there, and back to the day.
    await waiting
      .locator(`[data-lead-id="${fresh[0]}"]`)
      .getByRole('link', { name: /^Anjali/ })
      .click();
    const panel = page.getByRole('dialog', { name: /^Anjali Desk/ });
    await panel.getByRole('link', { name: /^Call/ }).first().waitFor();
    await panel
      .getByRole('link', { name: /^WhatsApp/ })
      .first()
      .waitFor();
    await page.goBack();
    await waiting.locator(`[data-lead-id="${fresh[0]}"]`).waitFor();
    expect(errors).toEqual([]);
  });

  it('logs a call with its outcome and next step from the lead, and shows it on the timeline', async () => {
    const { page, errors } = await site.page();
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    await page.goto(`${site.url}/admin/contact?open=${leads.pool}`);
    const panel = page.getByRole('dialog', { name: /^Pool Desk/ });
    await panel.getByRole('heading', { name: 'Log an activity' }).waitFor();
    await panel.getByRole('button', { name: 'Call', exact: true }).click();
    const form = panel.getByRole('form', { name: 'Log a Call' });
    await form.getByLabel('No answer').check();
    await form.getByLabel('What was said (optional)').fill('Rang twice, no answer');
    await form.getByRole('button', { name: 'Tomorrow 10:00' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save call' }).click();
    await toast(page, 'Activity saved');
    // Worked from the pool: theirs now; new became contacted; the next step is planned.
    await panel.locator('.lead-work').getByText('You', { exact: true }).waitFor();
    expect(await panel.getByLabel('Status', { exact: true }).inputValue()).toBe('contacted');
    await panel
      .locator('.lead-work')
      .getByText(/^Call, /)
      .waitFor();
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Call: No answer').waitFor();
    await timeline.getByText('Rang twice, no answer').waitFor();
    await timeline.getByText('Assigned to Priya Sharma').waitFor();
    await timeline.getByText(/^Submitted this/).waitFor();
    const saved = await apiCall<{ data: { status: string; firstContactAt: string | null } }>(
      site,
      adminToken,
      'GET',
      leadPath('contact', leads.pool),
    );
    expect(saved.body.data).toMatchObject({ status: 'contacted', firstContactAt: expect.any(String) });
    expect(errors).toEqual([]);
  });

  it('shows a reminder live when a next step comes due', async () => {
    leads.remind = await contact('Remind');
    const { page, errors } = await site.page();
    await consoleLogin(site, page, COUNSELLOR, '**/admin/my-day');
    await page.getByRole('status').getByText('Live: new leads appear by themselves').waitFor();
    const due = ist(2_000);
    expect(
      (
        await apiCall(site, adminToken, 'PATCH', leadPath('contact', leads.remind), {
          assignee: priyaId,
          nextAction: { type: 'whatsapp', dueAt: due, note: 'Send the brochure' },
        })
      ).status,
    ).toBe(200);
    const reminder = page.getByTestId('reminder').filter({ hasText: 'Remind' });
    await reminder.waitFor({ timeout: 20_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(due));
    await reminder.getByText('Send the brochure').waitFor();
    expect(await reminder.getAttribute('role')).toBe('alert');
    await reminder.getByRole('link', { name: 'Open the lead' }).click();
    await page.getByRole('dialog', { name: /^Remind Desk/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('lets a viewer read everything and change nothing', async () => {
    await join(adminToken, VIEWER, 'Vikram Viewer', 'viewer');
    const { page, errors } = await site.page();
    await consoleLogin(site, page, VIEWER);
    await page.goto(`${site.url}/admin/contact?open=${leads.theirs}`);
    const panel = page.getByRole('dialog', { name: /^Theirs Desk/ });
    await panel.getByRole('region', { name: 'Timeline' }).waitFor();
    expect(await panel.getByLabel('Status', { exact: true }).isDisabled()).toBe(true);
    expect(await panel.getByRole('heading', { name: 'Log an activity' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Delete this lead' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Close the lead' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await page.getByText('Save view').count()).toBe(0);
    const rowStatus = page.locator('.console-table tbody tr').first().getByRole('combobox');
    expect(await rowStatus.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // And the server agrees, whatever a page might send.
    const viewerToken = await apiLogin(site, VIEWER);
    expect((await apiCall(site, viewerToken, 'PATCH', leadPath('contact', leads.theirs), { status: 'converted' })).status).toBe(403);
    expect(
      (await apiCall(site, viewerToken, 'POST', bulkPath('contact'), { ids: [leads.theirs], action: { type: 'assign', assignee: null } }))
        .status,
    ).toBe(403);
    expect(errors).toEqual([]);
  });
});
