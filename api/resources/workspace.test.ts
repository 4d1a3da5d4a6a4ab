// The counsellor's workspace through the API: search with a phone typed every way, sorting
// every column of every list with paging that never repeats or skips a row, templates by
// role, people (joined on email or phone, likely duplicates flagged, merge and undo with
// history), import (a preview, then good rows stored once however often the file is sent),
// export as Excel reads it, an attempt completed with its outcome, saved views shared, and
// column preferences. On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { csvPath, leadPath } from '../../contract/console.ts';
import { bulkPath } from '../../contract/bulk.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import { BOOKABLE_PROGRAMMES, bookingReferenceOf, PAID_PACKAGE_NAMES } from '../../contract/bookings.ts';
import { LEAD_KINDS, LISTED_KINDS, columnOf, sortKeysOf, type LeadField, type ListedKind, listItems } from '../../contract/lead-kinds.ts';
import { BACKGROUND_OPTIONS, COURSE_OPTIONS } from '../../contract/options.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import { mayEmailAutomatically, mayMarketTo } from '../../contract/consent.ts';
import {
  defaultTemplate,
  fillTemplate,
  templatesFor,
  templateValuesFor,
  type MessageTemplate,
  type TemplatesResponse,
} from '../../contract/templates.ts';
import { IMPORT_MESSAGES } from '../../contract/lead-import.ts';
import { WORKSPACE_PATHS } from '../../contract/workspace.ts';
import type { PersonDetail } from '../../contract/people.ts';
import { csvLines } from '../leads/csv.ts';
import { csvText, referenceCsv } from '../testing/csv-reference.ts';
import { listedLead } from '../leads/definitions.ts';
import { linkOnce } from '../people/linker.ts';
import { memberToken } from '../testing/admin.ts';
import { createSampleWebinar, SAMPLE_WEBINAR_ID } from '../testing/lead-samples.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

/** A valid body for any kind's form, from its fields in the registry; `i` varies it, `over` sets fields. */
function bodyFor(kind: ListedKind, i: number, over: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {
    name: `Person ${String.fromCharCode(65 + (i % 26))}${i % 3}`,
    firstName: `First${String.fromCharCode(65 + (i % 7))}`,
    lastName: `Last${i % 4}`,
    email: `person${i}@example.in`,
    phone: `98765${String(10000 + (i % 9)).slice(-5)}`,
    message: `Message ${i % 5}`,
    background: BACKGROUND_OPTIONS[i % BACKGROUND_OPTIONS.length]!,
    course: COURSE_OPTIONS[i % COURSE_OPTIONS.length]!,
    password: 'secret123',
    // A seat booking and a proposal request: the reference is each booking's own.
    programme: BOOKABLE_PROGRAMMES[1 + (i % 4)]!,
    package: PAID_PACKAGE_NAMES[i % 2]!,
    batch: `Batch ${i % 3}`,
    reference: bookingReferenceOf(crypto.randomUUID()),
    organisation: `Organisation ${String.fromCharCode(65 + (i % 5))}`,
    role: `Role ${i % 4}`,
    city: `City ${i % 3}`,
    participants: String(10 + (i % 7)),
    preferredMonths: `Month ${i % 6}`,
    // A webinar registration: the sample webinar, made in beforeAll.
    webinar: SAMPLE_WEBINAR_ID,
  };
  return { ...Object.fromEntries(LEAD_KINDS[kind].fields.map((f) => [f.key, values[f.key]!])), ...over };
}

describe.each(testBackends())('the workspace on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { id: string; token: string };
  let counsellor: { id: string; token: string };
  let other: { id: string; token: string };
  let viewer: { id: string; token: string };

  const call = (method: string, path: string, token: string | null, body?: unknown, type = 'application/json') =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': type }) },
        ...(body === undefined
          ? {}
          : {
              body:
                typeof body === 'string'
                  ? body
                  : body instanceof Uint8Array
                    ? new Blob([body as Uint8Array<ArrayBuffer>])
                    : JSON.stringify(body),
            }),
      }),
    );
  const submit = async (kind: ListedKind, body: Record<string, string>): Promise<string> => {
    const res = await postJson(app, LEAD_KINDS[kind].path, body);
    expect(res.status, JSON.stringify(body)).toBe(201);
    const answer = await res.json();
    return (answer.data ?? answer.user)._id;
  };
  const link = async () => {
    while ((await linkOnce(database.db)) > 0);
  };

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database, { publicUrl: 'https://skillup.example.in' }).app;
    admin = await memberToken(database.db, 'ws-admin@example.in', 'admin');
    counsellor = await memberToken(database.db, 'ws-counsellor@example.in', 'counsellor');
    other = await memberToken(database.db, 'ws-other@example.in', 'counsellor');
    viewer = await memberToken(database.db, 'ws-viewer@example.in', 'viewer');
    await createSampleWebinar(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('search', () => {
    it('finds a phone typed every way, across lists, within what the member may see', async () => {
      const mine = await submit('contact', bodyFor('contact', 1, { phone: '9812345678', email: 'phone.form@example.in' }));
      await submit('freeJoin', bodyFor('freeJoin', 1, { phone: '9812345678', email: 'phone.form@example.in' }));
      const theirs = await submit('enquiry', bodyFor('enquiry', 1, { phone: '9812345678', email: 'theirs@example.in' }));
      await call('POST', bulkPath('need-help'), admin.token, { ids: [theirs], action: { type: 'assign', assignee: other.id } });
      for (const typed of ['+91 98123 45678', '098123-45678', '98123 45678', '9812345678', '(98123) 45678']) {
        const res = await call('GET', `${WORKSPACE_PATHS.search}?q=${encodeURIComponent(typed)}`, admin.token);
        expect(res.status, typed).toBe(200);
        const lists = (await res.json()).data.map((h: { list: string }) => h.list).sort();
        expect(lists, typed).toEqual(['contact', 'join-free', 'need-help']);
        // The list's own search finds it typed that way too.
        const listed = await call('GET', `${LEAD_KINDS.contact.list.path}?q=${encodeURIComponent(typed)}&limit=10`, admin.token);
        expect(
          listItems(await listed.json(), 'contacts')!.map((c) => (c as { _id: string })._id),
          typed,
        ).toContain(mine);
      }
      const scoped = await (await call('GET', `${WORKSPACE_PATHS.search}?q=9812345678`, counsellor.token)).json();
      expect(scoped.data.map((h: { _id: string }) => h._id)).not.toContain(theirs);
      expect(scoped.data[0]).toMatchObject({ name: expect.any(String), email: 'phone.form@example.in', phone: '9812345678' });
      expect((await call('GET', `${WORKSPACE_PATHS.search}?q=a`, admin.token)).status).toBe(400);
    });

    it('matches digits typed with spaces as digits alone, but words with digits only as typed', async () => {
      const flat = await submit('contact', bodyFor('contact', 2, { phone: '9876512399', email: 'flat12@example.in' }));
      const spaced = await (await call('GET', `${WORKSPACE_PATHS.search}?q=${encodeURIComponent('512 399')}`, admin.token)).json();
      expect(spaced.data.map((h: { _id: string }) => h._id)).toContain(flat);
      const worded = await (await call('GET', `${WORKSPACE_PATHS.search}?q=${encodeURIComponent('Flat 512399')}`, admin.token)).json();
      expect(worded.data.map((h: { _id: string }) => h._id)).not.toContain(flat);
    });
  });

  describe('sorting', () => {
    it('sorts every column of every list both ways, and its pages never repeat or skip a row', async () => {
      for (const kind of LISTED_KINDS) {
        for (let i = 0; i < 11; i++) await submit(kind, bodyFor(kind, i + 100, { email: `sort.${kind}.${i}@example.in` }));
        const { path, envelope } = LEAD_KINDS[kind].list;
        for (const key of sortKeysOf(LEAD_KINDS[kind].list)) {
          for (const sort of [key, `-${key}`]) {
            const all: Array<Record<string, unknown>> = [];
            let total = 0;
            for (let page = 1; page <= 20; page++) {
              const res = await call('GET', `${path}?q=sort.&sort=${sort}&limit=4&page=${page}`, admin.token);
              expect(res.status, `${kind} ${sort}`).toBe(200);
              total = Number(res.headers.get(TOTAL_COUNT_HEADER));
              const items = listItems(await res.json(), envelope) as Array<Record<string, unknown>>;
              all.push(...items);
              if (items.length < 4) break;
            }
            const ids = all.map((r) => r._id);
            expect(new Set(ids).size, `${kind} ${sort}: no row twice`).toBe(ids.length);
            expect(ids.length, `${kind} ${sort}: no row missing`).toBe(total);
            expect(total).toBe(11);
            // The order is the key's.
            const valueOf = (r: Record<string, unknown>) =>
              key === 'createdAt'
                ? String(r.createdAt ?? r.joinedAt)
                : key === 'owner'
                  ? ''
                  : key === 'next'
                    ? String((r.nextAction as { dueAt?: string } | null)?.dueAt ?? '')
                    : key === 'score'
                      ? String(r.score).padStart(3, '0')
                      : String(r[key] ?? '').toLowerCase();
            const values = all.map(valueOf);
            const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            if (key !== 'owner' && key !== 'next')
              expect(values, `${kind} ${sort}`).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
          }
        }
      }
      expect((await call('GET', `${LEAD_KINDS.contact.list.path}?sort=password`, admin.token)).status).toBe(400);
      // Every list times every key both ways: over 200 pages, slow on a loaded machine.
    }, 120_000);
  });

  describe('templates', () => {
    it('ship in English, Hindi and Hinglish, are read by everyone who works leads, and managed by admins', async () => {
      const list: TemplatesResponse = await (await call('GET', WORKSPACE_PATHS.templates, counsellor.token)).json();
      expect(new Set(list.data.map((t) => t.language))).toEqual(new Set(['english', 'hindi', 'hinglish']));
      expect(list.data.find((t) => t.language === 'hindi')!.body).toMatch(/[\u0900-\u097F]/);
      expect(list.data.every((t) => t.body.includes('{name}'))).toBe(true);
      expect((await call('GET', WORKSPACE_PATHS.templates, viewer.token)).status).toBe(200);
      const body = {
        name: 'Fee reminder',
        language: 'english',
        channel: 'whatsapp',
        body: 'Hi {name}, the fee for {course} is due. – {counsellor}',
      };
      expect((await call('POST', WORKSPACE_PATHS.templates, counsellor.token, body)).status).toBe(403);
      const created = await call('POST', WORKSPACE_PATHS.templates, admin.token, body);
      expect(created.status).toBe(201);
      const { template } = await created.json();
      expect((await call('PATCH', `${WORKSPACE_PATHS.templates}/${template.id}`, admin.token, { body: 'Hi {name}!' })).status).toBe(200);
      expect((await call('POST', WORKSPACE_PATHS.templates, admin.token, { ...body, language: 'tamil' })).status).toBe(400);
      expect((await call('DELETE', `${WORKSPACE_PATHS.templates}/${template.id}`, counsellor.token)).status).toBe(403);
      expect((await call('DELETE', `${WORKSPACE_PATHS.templates}/${template.id}`, admin.token)).status).toBe(204);
      expect((await call('DELETE', `${WORKSPACE_PATHS.templates}/${template.id}`, admin.token)).status).toBe(404);
    });

    it('fill every template for a lead of every kind with no hole, stray brace or space before a full stop', async () => {
      const templates: MessageTemplate[] = (await (await call('GET', WORKSPACE_PATHS.templates, counsellor.token)).json()).data;
      expect(templates.length).toBeGreaterThanOrEqual(8);
      for (const [i, kind] of LISTED_KINDS.entries()) {
        const slug = LEAD_KINDS[kind].list.slug;
        const id = await submit(kind, bodyFor(kind, 60 + i, { email: `holes.${slug}@example.in` }));
        const lead = (await (await call('GET', leadPath(slug, id), counsellor.token)).json()).data as Record<string, unknown>;
        const values = templateValuesFor(lead, 'Meera', 'https://skillup.example.in/');
        // Every default template can be sent to every kind: none is left out for a missing value.
        const filled = templatesFor(templates, values);
        expect(
          filled.map((f) => f.template.name),
          slug,
        ).toEqual(templates.map((t) => t.name));
        for (const { template, message } of filled) {
          const where = `${template.name} for ${slug}`;
          expect(message, where).not.toMatch(/[{}]/);
          expect(message, where).not.toMatch(/[ \t][.,!?।]/);
          expect(message, where).not.toMatch(/ {2}|\b(in|of|about|for) [.,:]|^\s*$/);
          expect(message, where).not.toMatch(/\bundefined\b|\bnull\b/);
          if (template.body.includes('{course}') && !lead.course && !lead.programme)
            expect(message, where).toMatch(/our courses|हमारे कोर्स|hamare courses/);
        }
      }
      // A contact message names no course: the first hello reads well, in English and Hindi.
      const contact = templateValuesFor({ firstName: 'Asha', lastName: 'Verma' }, 'Meera', 'https://skillup.example.in/');
      const english = templates.find((t) => t.name === 'First hello')!;
      expect(fillTemplate(english.body, contact, english.language)).toContain('Thank you for your interest in our courses. When');
      const hindi = templates.find((t) => t.name === 'पहला संदेश')!;
      expect(fillTemplate(hindi.body, contact, hindi.language)).toContain('हमारे कोर्स में आपकी रुचि के लिए धन्यवाद।');
    });

    it('open on a first hello for a new lead and a follow-up after a contact, and refuse a brace that is no placeholder', async () => {
      const whatsapp = ((await (await call('GET', WORKSPACE_PATHS.templates, counsellor.token)).json()).data as MessageTemplate[]).filter(
        (t) => t.channel === 'whatsapp',
      );
      expect(defaultTemplate(whatsapp, 'new')!.name).toBe('First hello');
      expect(defaultTemplate(whatsapp, 'contacted')!.stage).toBe('follow-up');
      const body = { name: 'Typo', language: 'english', channel: 'whatsapp', body: 'Hi {name}, about {cours}' };
      const refused = await call('POST', WORKSPACE_PATHS.templates, admin.token, body);
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors.body).toMatch(/only \{name\}, \{course\}, \{counsellor\}, \{link\}/);
      expect((await call('POST', WORKSPACE_PATHS.templates, admin.token, { ...body, body: 'Hi {name' })).status).toBe(400);
      const created = await call('POST', WORKSPACE_PATHS.templates, admin.token, { ...body, body: 'Hi {name}!', stage: 'first' });
      expect((await created.json()).template).toMatchObject({ stage: 'first' });
    });
  });

  describe('people', () => {
    it('joins leads on email or phone, flags a likely duplicate, merges and undoes with history', async () => {
      const a = await submit('contact', bodyFor('contact', 1, { email: 'asha@people.in', phone: '9000000111' }));
      const a2 = await submit('freeJoin', bodyFor('freeJoin', 1, { email: 'asha@people.in', phone: '9000000999' }));
      const b = await submit('enquiry', bodyFor('enquiry', 1, { email: 'asha.work@people.in', phone: '9000000222' }));
      // Not joined yet: a merge must wait for the linker.
      expect(
        (
          await call('POST', WORKSPACE_PATHS.merges, admin.token, {
            into: { list: 'contact', _id: a },
            from: [{ list: 'need-help', _id: b }],
          })
        ).status,
      ).toBe(409);
      await link();
      // The same phone with another email: a third person? No — joined on the phone; but one
      // sharing an email with one person and a phone with another is flagged.
      const c = await submit('contact', bodyFor('contact', 2, { email: 'asha.work@people.in', phone: '9000000111' }));
      await link();
      const listed = await (await call('GET', `${LEAD_KINDS.contact.list.path}?q=people.in&limit=10`, admin.token)).json();
      const flags = Object.fromEntries(listed.contacts.map((l: { _id: string; likelyDuplicate: boolean }) => [l._id, l.likelyDuplicate]));
      expect(flags).toEqual({ [a]: true, [c]: true });

      const personA = listed.contacts.find((l: { _id: string }) => l._id === a).personId as string;
      const before: PersonDetail = await (await call('GET', `${WORKSPACE_PATHS.people}/${personA}`, admin.token)).json();
      expect(before.leads.map((l) => l._id).sort()).toEqual([a, a2].sort());
      expect(before.duplicates).toEqual([expect.objectContaining({ reason: 'same phone' })]);

      const merged = await call('POST', WORKSPACE_PATHS.merges, admin.token, {
        into: { list: 'contact', _id: a },
        from: [{ list: 'need-help', _id: b }],
      });
      expect(merged.status).toBe(200);
      const { merges } = await merged.json();
      const after: PersonDetail = await (await call('GET', `${WORKSPACE_PATHS.people}/${personA}`, admin.token)).json();
      expect(after.leads.map((l) => l._id).sort()).toEqual([a, a2, b, c].sort());
      expect(after.duplicates).toEqual([]);
      expect(after.merges).toEqual([expect.objectContaining({ id: merges[0], into: personA, moved: 2, by: 'ws-admin', undone: false })]);
      // The person's timeline says it once, in words: whom it joined and how many forms.
      const mergeEntries = (p: PersonDetail) =>
        p.timeline.filter((t) => t.kind === 'merge' || (t.kind === 'history' && /merge/.test(t.action)));
      expect(mergeEntries(after)).toEqual([
        expect.objectContaining({
          kind: 'merge',
          _id: merges[0],
          name: expect.stringMatching(/^(Person B1|FirstC Last2)$/),
          forms: 2,
          joinedHere: true,
          undone: false,
        }),
      ]);
      const history: LeadDetail = await (await call('GET', leadPath('need-help', b), admin.token)).json();
      expect(history.history.map((h) => h.action)).toContain('merge');
      // Nothing was deleted: every lead is still in its list.
      expect((await call('GET', leadPath('need-help', b), admin.token)).status).toBe(200);
      expect(
        (
          await call('POST', WORKSPACE_PATHS.merges, admin.token, {
            into: { list: 'contact', _id: a },
            from: [{ list: 'join-free', _id: a2 }],
          })
        ).status,
      ).toBe(400);

      expect((await call('POST', `${WORKSPACE_PATHS.merges}/${merges[0]}/undo`, admin.token)).status).toBe(200);
      const undone: PersonDetail = await (await call('GET', `${WORKSPACE_PATHS.people}/${personA}`, admin.token)).json();
      expect(undone.leads.map((l) => l._id).sort()).toEqual([a, a2].sort());
      expect(undone.merges[0]).toMatchObject({ undone: true });
      expect(mergeEntries(undone)).toEqual([expect.objectContaining({ kind: 'merge', _id: merges[0], forms: 2, undone: true })]);
      const unmerged: LeadDetail = await (await call('GET', leadPath('need-help', b), admin.token)).json();
      expect(unmerged.history.map((h) => h.action).slice(-1)).toEqual(['unmerge']);
      expect((await call('POST', `${WORKSPACE_PATHS.merges}/${merges[0]}/undo`, admin.token)).status).toBe(409);
      // A viewer cannot merge.
      expect(
        (
          await call('POST', WORKSPACE_PATHS.merges, viewer.token, {
            into: { list: 'contact', _id: a },
            from: [{ list: 'need-help', _id: b }],
          })
        ).status,
      ).toBe(403);
    });

    it('lists everyone, newest first, or those matching a search, and a person in full', async () => {
      await link();
      const page = await (await call('GET', `${WORKSPACE_PATHS.people}?limit=3`, admin.token)).json();
      expect(page.data).toHaveLength(3);
      expect(page.hasMore).toBe(true);
      const found = await (await call('GET', `${WORKSPACE_PATHS.people}?q=asha@people.in`, admin.token)).json();
      expect(found.data).toEqual([
        expect.objectContaining({ email: 'asha@people.in', leads: 2, lists: expect.arrayContaining(['contact', 'join-free']) }),
      ]);
      const person: PersonDetail = await (await call('GET', `${WORKSPACE_PATHS.people}/${found.data[0].id}`, admin.token)).json();
      expect(person.timeline.filter((t) => t.kind === 'submission')).toHaveLength(2);
      expect((await call('GET', `${WORKSPACE_PATHS.people}/00000000-0000-4000-8000-000000000000`, admin.token)).status).toBe(404);
    });

    it('includes a person’s taken tests on their timeline', async () => {
      await submit('personalitySignup', bodyFor('personalitySignup', 5, { email: 'tester@people.in', phone: '9000000333' }));
      const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
      expect(
        (await postJson(app, QUIZ_ANSWERS_PATH, { name: 'Tester', email: 'tester@people.in', answers, language: 'english' })).status,
      ).toBe(201);
      await link();
      const found = await (await call('GET', `${WORKSPACE_PATHS.people}?q=tester@people.in`, admin.token)).json();
      const person: PersonDetail = await (await call('GET', `${WORKSPACE_PATHS.people}/${found.data[0].id}`, admin.token)).json();
      expect(person.timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(['submission', 'test']));
    });
  });

  describe('import', () => {
    const csv = (rows: string[]) => `\uFEFFFirst name,Last name,Email,Phone,Message\r\n${rows.join('\r\n')}\r\n`;
    const file = csv([
      'Ravi,Kumar,ravi@fair.in,9876500001,Met at the fair',
      'Sita,Rao,not-an-email,9876500002,Call after 5',
      ',Das,das@fair.in,9876500003,No first name',
      '"Menon, Jr",Anil,anil@fair.in,+91 98765 00004,"Two lines,\nquoted"',
      'Zoya,Khan,zoya@fair.in,12345,Short phone',
    ]);
    const basis = 'paper form at the Pune career fair, 12 Nov, consent box ticked';
    const send = (
      token: string,
      commit: boolean,
      body: string | Uint8Array = file,
      list = 'contact',
      consentBasis: string | null = basis,
    ) =>
      call(
        'POST',
        `${WORKSPACE_PATHS.import}/${list}?${new URLSearchParams({ fileName: 'college-fair.csv', ...(consentBasis === null ? {} : { consentBasis }), ...(commit ? { commit: '1' } : {}) })}`,
        token,
        body,
        'text/csv',
      );

    it('asks for the consent basis the file was collected on, and stores nothing without it', async () => {
      for (const consentBasis of [null, '', '   ', 'ticked', 'x'.repeat(301)]) {
        const res = await send(admin.token, true, file, 'contact', consentBasis);
        expect(res.status, String(consentBasis)).toBe(400);
        expect((await res.json()).errors, String(consentBasis)).toHaveProperty('consentBasis');
      }
      const stored = await (await call('GET', `${LEAD_KINDS.contact.list.path}?q=fair.in&limit=10`, admin.token)).json();
      expect(stored.contacts).toEqual([]);
    });

    it('previews each bad row with its reasons and stores nothing', async () => {
      const res = await send(counsellor.token, false);
      expect(res.status).toBe(200);
      const preview = await res.json();
      expect(preview).toMatchObject({ fileName: 'college-fair.csv', committed: false, total: 5, valid: 2, invalid: 3 });
      expect(preview.rows).toEqual([
        {
          line: 3,
          ok: false,
          errors: { email: expect.any(String) },
          messages: [expect.stringMatching(/^Line 3, Sita Rao: Email 'not-an-email': /)],
        },
        { line: 4, ok: false, errors: { firstName: expect.any(String) }, messages: [expect.stringMatching(/^Line 4, Das: /)] },
        { line: 7, ok: false, errors: { phone: expect.any(String) }, messages: ["Line 7, Zoya Khan: '12345' is not a 10-digit number"] },
      ]);
      const stored = await (await call('GET', `${LEAD_KINDS.contact.list.path}?q=fair.in&limit=10`, admin.token)).json();
      expect(stored.contacts).toEqual([]);
    });

    it('names the person and the value of each refused row, leaves out a repeated person, says a Date column is not imported, and assigns to the importer', async () => {
      const sheet = [
        '\uFEFFName,Phone,Email,Date',
        'Asha Stall,9876511001,asha.stall@fair.in,26/11/2026',
        'Ravi Kumar,9.12346E+09,ravi.stall@fair.in,26/11/2026',
        'Asha S,09876511001,asha.other@fair.in,26/11/2026',
        'Kiran Stall,9876511003,kiran.stall@fair.in,27/11/2026',
      ].join('\r\n');
      const url = (query: string) =>
        `${WORKSPACE_PATHS.import}/join-free?fileName=stall.csv&consentBasis=${encodeURIComponent('Walk-ins at our stall, 26 Nov, consent box ticked')}${query}`;
      const preview = await (await call('POST', url(''), counsellor.token, sheet, 'text/csv')).json();
      expect(preview).toMatchObject({ total: 4, valid: 2, invalid: 2, ignoredColumns: ['Date'] });
      expect(preview.rows).toEqual([
        expect.objectContaining({
          line: 3,
          ok: false,
          messages: ["Line 3, Ravi Kumar: '9.12346E+09' is not a 10-digit number — format the Phone column as Text in Excel"],
        }),
        expect.objectContaining({
          line: 4,
          ok: false,
          duplicateOf: 2,
          messages: ['Line 4, Asha S: the same phone as line 2 — left out, so they are not imported twice'],
        }),
      ]);
      const done = await (await call('POST', url('&commit=1&assignToMe=1'), counsellor.token, sheet, 'text/csv')).json();
      expect(done).toMatchObject({ committed: true, stored: 2, assignedToMe: 2 });
      const listed = await (await call('GET', `${LEAD_KINDS.freeJoin.list.path}?q=stall&limit=10`, admin.token)).json();
      const rows = listItems(listed, 'users') as Array<{ email: string; assignee: { _id: string } | null }>;
      expect(rows.map((r) => [r.email, r.assignee?._id]).sort()).toEqual([
        ['asha.stall@fair.in', counsellor.id],
        ['kiran.stall@fair.in', counsellor.id],
      ]);
    });

    it('stores the good rows once, with their source, however often the file is sent', async () => {
      const first = await (await send(counsellor.token, true)).json();
      expect(first).toMatchObject({ committed: true, stored: 2, alreadyStored: 0 });
      const again = await (await send(admin.token, true)).json();
      expect(again).toMatchObject({ committed: true, stored: 0, alreadyStored: 2 });
      const stored = await (await call('GET', `${LEAD_KINDS.contact.list.path}?q=fair.in&limit=10`, admin.token)).json();
      expect(stored.contacts.map((c: { email: string }) => c.email).sort()).toEqual(['anil@fair.in', 'ravi@fair.in']);
      const detail: LeadDetail = await (await call('GET', leadPath('contact', stored.contacts[0]._id), admin.token)).json();
      expect(detail.source?.first).toMatchObject({ utm_source: 'import', utm_content: 'college-fair.csv' });
      // Its consent record is the basis the file was collected on.
      expect(detail.consent).toEqual({ version: 'import', at: expect.any(String), marketing: false, basis });
      expect(mayEmailAutomatically(detail.consent)).toBe(true);
      expect(mayMarketTo(detail.consent)).toBe(false);
      expect(detail.data).toMatchObject({ phone: expect.stringMatching(/^98765000/) });
    });

    it('refuses a file that is not UTF-8, lacks a column, or goes to a list with passwords; and a viewer', async () => {
      const latin1 = new Uint8Array([
        ...new TextEncoder().encode('First name,Last name,Email,Phone,Message\nJos'),
        0xe9,
        ...new TextEncoder().encode(',X,j@x.in,9876500009,hi\n'),
      ]);
      const bad = await send(admin.token, false, latin1);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe(IMPORT_MESSAGES.importNotUtf8);
      const missing = await send(admin.token, false, 'First name,Email\nA,a@b.in\n');
      expect(missing.status).toBe(400);
      expect((await missing.json()).message).toMatch(/lacks: Last name, Phone, Message/);
      expect((await send(admin.token, false, file, 'join-now')).status).toBe(400);
      expect((await send(viewer.token, false)).status).toBe(403);
    });

    it('refuses a file past 5 MB sent without a length, and one whose rows pass 10,000, storing nothing', async () => {
      // Streamed in pieces with no Content-Length: the limit is counted as the file arrives.
      const pieces = [
        new TextEncoder().encode('First name,Last name,Email,Phone,Message\r\n'),
        ...Array(81).fill(new Uint8Array(64 * 1024).fill(0x61)),
      ];
      const stream = new ReadableStream<Uint8Array>({
        pull: (controller) => (pieces.length > 0 ? controller.enqueue(pieces.shift()!) : controller.close()),
      });
      const query = new URLSearchParams({ fileName: 'big.csv', consentBasis: basis, commit: '1' });
      const big = await app.request(`${WORKSPACE_PATHS.import}/contact?${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'text/csv' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(big.status).toBe(413);
      expect((await big.json()).message).toBe(IMPORT_MESSAGES.importTooLarge);
      const rows = Array.from({ length: 10_001 }, (_, i) => `Many,Rows,many${i}@rows.in,9${String(i).padStart(9, '0')},hi`);
      const many = await send(admin.token, true, csv(rows));
      expect(many.status).toBe(413);
      const stored = await (await call('GET', `${LEAD_KINDS.contact.list.path}?q=rows.in&limit=1`, admin.token)).json();
      expect(stored.contacts).toEqual([]);
    });
  });

  describe('export', () => {
    it('writes dates in IST as Excel reads them, the certificate as a full link, and only the leads chosen', async () => {
      const ids = [
        await submit('personalitySignup', bodyFor('personalitySignup', 9, { email: 'export1@example.in' })),
        await submit('personalitySignup', bodyFor('personalitySignup', 9, { email: 'export2@example.in' })),
        await submit('personalitySignup', bodyFor('personalitySignup', 9, { email: 'export3@example.in' })),
      ];
      const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
      await postJson(app, QUIZ_ANSWERS_PATH, { name: 'Export One', email: 'export1@example.in', answers, language: 'english' });
      const res = await call('GET', `${csvPath('test-form')}?ids=${ids[0]},${ids[2]}`, admin.token);
      expect(res.status).toBe(200);
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]!.startsWith('Date (IST),')).toBe(true);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
      expect(lines.join('\n')).toContain('export3@example.in');
      expect(lines.join('\n')).not.toContain('export2@example.in');
      expect(lines.find((l) => l.includes('export1@example.in'))).toMatch(/https:\/\/skillup\.example\.in\/certificate\/[0-9a-f]{32}/);
    });
  });

  describe('export across pages', () => {
    it('writes every lead exactly once when the list takes many pages (the keyset moves strictly past each page)', async () => {
      const tag = 'keyset';
      const ids = new Set<string>();
      for (let i = 0; i < 7; i++) ids.add(await submit('freeJoin', bodyFor('freeJoin', 60 + i, { email: `${tag}${i}@example.in` })));
      // Four of them stored in one moment, as an import or a synced batch stores its rows:
      // one microsecond-precise time (a millisecond keyset would skip them).
      await sql`update free_join_users set created_at = '2026-11-20 10:00:00.123456+00'
        where email in ('keyset1@example.in', 'keyset2@example.in', 'keyset3@example.in', 'keyset4@example.in')`.execute(database.db);
      const query = {
        page: 1,
        limit: undefined,
        q: `${tag}`,
        from: undefined,
        to: undefined,
        status: undefined,
        utmSource: undefined,
        assignee: undefined,
        sort: { key: 'createdAt', desc: true },
        ids: undefined,
      };
      const options = { publicUrl: 'https://skillup.example.in', names: new Map<string, string>() };
      // Pages of 2, of 3 and of 7: some end exactly on the last row, some in the middle.
      for (const pageSize of [2, 3, 7]) {
        const text = await csvText(csvLines(database.db, listedLead('join-free')!, query, { ...options, pageSize }));
        const rows = text.trim().split('\r\n').slice(1);
        const emails = rows.map((r) => /keyset\d@example\.in/.exec(r)?.[0]);
        expect(emails, `pages of ${pageSize}`).toHaveLength(7);
        expect(new Set(emails).size, `pages of ${pageSize}`).toBe(7);
      }
    });

    /**
     * A list's newest rows given what a cell must quote or defuse (in each stored text field
     * the list shows), an owner, a next step, a first contact, a source with both touches and
     * a consent record, as they can be stored.
     */
    async function awkwardRows(table: string, kind: ListedKind, owner: string): Promise<void> {
      const texts = ['=SUM(1,2)', 'say "hi", आशा\nवर्मा', '-5', '@x', '\tTab', 'plain'];
      const fields = (LEAD_KINDS[kind].list.columns as readonly LeadField[]).filter(
        (f) => f.kind === 'text' && columnOf(f) !== null && !['email', 'phone'].includes(columnOf(f)!),
      );
      const rows = await sql<{ id: string }>`select id from ${sql.table(table)} order by created_at desc, id desc limit 3`.execute(
        database.db,
      );
      for (const [i, { id }] of rows.rows.entries()) {
        const sets = fields.map((f, j) => sql`${sql.ref(columnOf(f)!)} = ${texts[(i + j) % texts.length]!}`);
        const source = { first: { utm_source: '=cmd', landingPath: '/a,b' }, last: { utm_source: 'mail', utm_campaign: 'a;"b"' } };
        const consent = {
          version: 'v2',
          at: '2026-11-20T10:00:00.000Z',
          marketing: i === 1,
          age: 'guardian',
          guardianEmail: 'g@example.in',
        };
        await sql`update ${sql.table(table)} set ${sql.join([
          ...sets,
          sql`assignee_id = ${i === 2 ? null : owner}`,
          sql`next_action_type = ${i === 0 ? 'whatsapp' : null}`,
          sql`next_action_due_at = ${i === 0 ? '2026-11-30 18:29:59.9999+00' : null}`,
          sql`first_contact_at = ${i === 1 ? '2026-11-21 00:00:00+00' : null}`,
          sql`utm_source = ${i === 0 ? '-fair, stall "4"' : null}`,
          sql`source = ${i === 2 ? null : JSON.stringify(source)}::jsonb`,
          sql`consent = ${i === 1 ? JSON.stringify(consent) : null}::jsonb`,
          sql`status = ${(['contacted', 'converted', 'new'] as const)[i]!}`,
        ])} where id = ${id}`.execute(database.db);
      }
    }

    it('writes the same bytes for every list whatever the page size (each next page read while one is written)', async () => {
      const query = {
        page: 1,
        limit: undefined,
        q: undefined,
        from: undefined,
        to: undefined,
        status: undefined,
        utmSource: undefined,
        assignee: undefined,
        sort: { key: 'createdAt', desc: true },
        ids: undefined,
      };
      const options = {
        publicUrl: 'https://skillup.example.in',
        // An owner's name a spreadsheet would run and that needs quotes.
        names: new Map([[counsellor.id, '=Rao, "Counsellor"']]),
      };
      for (const [i, kind] of LISTED_KINDS.entries()) {
        // Each list has rows of its own, whatever ran before.
        for (let n = 0; n < 3; n++) await submit(kind, bodyFor(kind, 300 + 10 * i + n, { email: `bytes.${kind}.${n}@example.in` }));
        // Tests taken by two of the people who signed up for one: the first twice (the later
        // one is written), the third none.
        if (kind === 'personalitySignup') {
          for (const [n, language, shift] of [
            [0, 'hinglish', 1],
            [0, 'english', 2],
            [1, 'hindi', 3],
          ] as const) {
            const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, k) => [id, (k * shift) % 4]));
            const email = `bytes.${kind}.${n}@example.in`;
            expect((await postJson(app, QUIZ_ANSWERS_PATH, { name: 'Bytes Test', email, answers, language })).status).toBe(201);
          }
        }
        // One registration moved to a webinar since cancelled, which its cell names.
        if (kind === 'webinar') {
          const cancelled = '5a3b1c2d-0000-4000-8000-0000000cca1d';
          await database.db
            .insertInto('webinars')
            .values({
              id: cancelled,
              title: 'Speaking, "called off"',
              starts_at: new Date('2026-12-01T12:30:00Z'),
              join_url: 'https://meet.example.in/off',
              cancelled_at: new Date(),
            })
            .execute();
          await sql`update webinar_registrations set webinar_id = ${cancelled} where email = ${`bytes.${kind}.1@example.in`}`.execute(
            database.db,
          );
        }
        const lead = listedLead(LEAD_KINDS[kind].list.slug)!;
        await awkwardRows(lead.table, kind, counsellor.id);
        const texts: string[] = [];
        for (const pageSize of [1, 4, 10_000]) texts.push(await csvText(csvLines(database.db, lead, query, { ...options, pageSize })));
        expect(texts[2]!.split('\r\n').length, kind).toBeGreaterThan(3);
        expect(texts[0], kind).toBe(texts[2]);
        expect(texts[1], kind).toBe(texts[2]);
        // On Postgres, COPY quotes the cells: the same file, in pages of 1 and of 4 too.
        if (database.copyCsv) {
          for (const pageSize of [1, 4, 10_000]) {
            const copied = await csvText(csvLines(database.db, lead, query, { ...options, pageSize, copyCsv: database.copyCsv }));
            expect(copied, `${kind} through COPY, pages of ${pageSize}`).toBe(texts[2]);
          }
        }
        // The same kind with its extras made only in JS (as a kind that gives them no SQL): its
        // pages are read as rows and their lines made here, cell for cell the same file.
        if (lead.extrasSql) {
          const text = await csvText(csvLines(database.db, { ...lead, extrasSql: undefined }, query, { ...options, pageSize: 4 }));
          expect(text, `${kind} with its extras in JS`).toBe(texts[2]);
        }
        // Cell for cell what the first export wrote from whole records (api/testing/csv-reference.ts).
        expect(texts[2], kind).toBe(await referenceCsv(database.db, lead, query, options));
      }
      // Every list three times over and once more by the reference: minutes on a loaded machine.
    }, 180_000);
  });

  describe('an attempt, then its outcome', () => {
    it('records a tap as an attempt only: the lead stays new and its clock runs until the outcome is saved', async () => {
      const id = await submit('contact', bodyFor('contact', 41, { email: 'tapped@example.in' }));
      await call('PATCH', leadPath('contact', id), admin.token, { assignee: counsellor.id });
      const tapped = await (await call('POST', `${leadPath('contact', id)}/activities`, counsellor.token, { type: 'whatsapp' })).json();
      expect(tapped.data).toMatchObject({ status: 'new', firstContactAt: null, waitedMinutes: expect.any(Number) });
      // Another tap, and a call tapped: still attempts.
      await call('POST', `${leadPath('contact', id)}/activities`, counsellor.token, { type: 'call' });
      const read = await (await call('GET', leadPath('contact', id), counsellor.token)).json();
      expect(read.data).toMatchObject({ status: 'new', firstContactAt: null });
      const path = `${leadPath('contact', id)}/activities/${tapped.activity._id}`;
      const done = await (await call('PATCH', path, counsellor.token, { outcome: 'connected', nextAction: null })).json();
      // The contact was made at the tap: that is when the clock stopped.
      expect(done.data).toMatchObject({ status: 'contacted', firstContactAt: tapped.activity.at });
    });

    it('records the attempt, then its outcome as the first contact and its next step, once, by its maker', async () => {
      const id = await submit('contact', bodyFor('contact', 40, { email: 'attempt@example.in' }));
      await call('PATCH', leadPath('contact', id), admin.token, {
        assignee: counsellor.id,
        nextAction: { type: 'call', dueAt: '2030-01-01T10:00:00+05:30' },
      });
      const attempt = await call('POST', `${leadPath('contact', id)}/activities`, counsellor.token, { type: 'whatsapp' });
      expect(attempt.status).toBe(201);
      const started = await attempt.json();
      // An attempt is not a contact yet; the planned step stays until the outcome is known.
      expect(started.data).toMatchObject({ status: 'new', firstContactAt: null, nextAction: { type: 'call' } });
      const path = `${leadPath('contact', id)}/activities/${started.activity._id}`;
      expect((await call('PATCH', path, other.token, { outcome: 'connected' })).status).toBe(404);
      const done = await call('PATCH', path, counsellor.token, {
        outcome: 'call-back',
        note: 'Will decide by Friday',
        nextAction: { type: 'call', dueAt: '2030-01-03T11:00:00+05:30' },
      });
      expect(done.status).toBe(200);
      const body = await done.json();
      expect(body.activity).toMatchObject({ activityType: 'whatsapp', outcome: 'call-back', note: 'Will decide by Friday' });
      expect(body.data.nextAction).toMatchObject({ type: 'call', dueAt: '2030-01-03T05:30:00.000Z' });
      expect(body.data).toMatchObject({ status: 'contacted', firstContactAt: expect.any(String) });
      expect((await call('PATCH', path, counsellor.token, { outcome: 'enrolled' })).status).toBe(409);
    });
  });

  describe('saved views and columns', () => {
    it('shares a view with the team, keeps a private one private, and lets only its owner delete it', async () => {
      const shared = await call('POST', WORKSPACE_PATHS.views, counsellor.token, {
        name: 'Fresh enquiries',
        list: 'need-help',
        query: '?status=new&owner=none',
        shared: true,
      });
      expect(shared.status).toBe(201);
      const own = await call('POST', WORKSPACE_PATHS.views, counsellor.token, {
        name: 'Mine',
        list: 'contact',
        query: 'owner=me',
        shared: false,
      });
      expect(own.status).toBe(201);
      const seen = await (await call('GET', WORKSPACE_PATHS.views, other.token)).json();
      expect(seen.data).toEqual([
        expect.objectContaining({ name: 'Fresh enquiries', list: 'need-help', query: 'status=new&owner=none', shared: true, mine: false }),
      ]);
      const id = seen.data[0].id;
      expect((await call('DELETE', `${WORKSPACE_PATHS.views}/${id}`, other.token)).status).toBe(403);
      expect((await call('DELETE', `${WORKSPACE_PATHS.views}/${id}`, counsellor.token)).status).toBe(204);
      expect((await call('POST', WORKSPACE_PATHS.views, counsellor.token, { name: 'X', list: 'nowhere', query: '' })).status).toBe(400);
    });

    it('lets a viewer save, share or delete no view, and shows no one a view a viewer shared', async () => {
      const body = { name: 'Viewer view', list: 'contact', query: 'status=new', shared: true };
      const refused = await call('POST', WORKSPACE_PATHS.views, viewer.token, body);
      expect(refused.status).toBe(403);
      expect((await call('POST', WORKSPACE_PATHS.views, viewer.token, { ...body, shared: false })).status).toBe(403);
      // One shared while viewers still could: on no one else's sidebar, and the viewer cannot delete it.
      const { id } = await database.db
        .insertInto('saved_views')
        .values({ owner_id: viewer.id, name: 'Viewer view', list: 'contact', query: 'status=new', shared: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const member of [counsellor, other]) {
        const seen = await (await call('GET', WORKSPACE_PATHS.views, member.token)).json();
        expect(seen.data.map((v: { id: string }) => v.id)).not.toContain(id);
      }
      expect((await call('DELETE', `${WORKSPACE_PATHS.views}/${id}`, viewer.token)).status).toBe(403);
      expect(await database.db.selectFrom('saved_views').select('id').where('owner_id', '=', viewer.id).execute()).toEqual([{ id }]);
    });

    it('remembers each member’s columns per list', async () => {
      const res = await call('PATCH', '/api/admin/me', counsellor.token, { columns: { contact: ['email', 'message'] } });
      expect(res.status).toBe(200);
      expect((await res.json()).preferences).toEqual({ columns: { contact: ['email', 'message'] } });
      await call('PATCH', '/api/admin/me', counsellor.token, { columns: { 'need-help': ['course'] } });
      const me = await (await call('GET', '/api/admin/me', counsellor.token)).json();
      expect(me.preferences.columns).toEqual({ contact: ['email', 'message'], 'need-help': ['course'] });
      expect((await call('PATCH', '/api/admin/me', counsellor.token, { columns: { contact: 'email' } })).status).toBe(400);
    });
  });
});
