// A lead's tags through the API, on PGlite and on Postgres: given and taken back on the lead
// (PATCH tag / untag), each real change once in its timeline, shown with its detail; the
// lists filtered by a tag (alone, with another filter, and in a bulk change by filter); the
// tags in use counted within the member's scope; a viewer reads them and changes none.
import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { bulkPath } from '../../contract/bulk.ts';
import { leadPath } from '../../contract/console.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import { TAG_MESSAGE, TAGS_PATH, type TagsResponse } from '../../contract/tags.ts';
import { memberToken } from '../testing/admin.ts';
import { memberRequests, useTestApp } from '../testing/app.ts';
import { insertContactLeads } from '../testing/bulk-leads.ts';
import { testBackends } from '../testing/databases.ts';

const LIST = LEAD_KINDS.contact.list.path;
const ENVELOPE = LEAD_KINDS.contact.list.envelope;

describe.each(testBackends())('lead tags on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: { id: string; token: string };
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  let viewer: { id: string; token: string };
  let n = 0;
  /** A fresh source and tag per test, so each test's filter sees its own leads only. */
  const fresh = () => ((n += 1), { src: `tags-${n}`, tag: `Fair ${n}` });

  beforeAll(async () => {
    admin = await memberToken(t.database.db, 'tags-admin@example.in', 'admin');
    asha = await memberToken(t.database.db, 'tags-asha@example.in', 'counsellor');
    ravi = await memberToken(t.database.db, 'tags-ravi@example.in', 'counsellor');
    viewer = await memberToken(t.database.db, 'tags-viewer@example.in', 'viewer');
  });

  const call = memberRequests(t);
  const patch = async (token: string, id: string, body: unknown, status = 200) => {
    const res = await call('PATCH', leadPath('contact', id), token, body);
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as LeadDetail & { message?: string };
  };
  const detail = async (token: string, id: string) => (await (await call('GET', leadPath('contact', id), token)).json()) as LeadDetail;
  const listed = async (token: string, query: string) => {
    const res = await call('GET', `${LIST}?limit=50&${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Record<typeof ENVELOPE, Array<{ _id: string }>>;
    return { ids: body[ENVELOPE].map((d) => d._id).sort(), total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
  };
  const tagEntries = (d: LeadDetail) => d.history.filter((h) => h.action === 'tag').map((h) => `${h.untagged ? '-' : '+'}${h.note}`);

  it('gives a tag and takes it back, each change once in the timeline, shown with the lead', async () => {
    const { src, tag } = fresh();
    const [id] = await insertContactLeads(t.database.db, 1, { utmSource: src });
    expect((await patch(admin.token, id!, { tag })).tags).toEqual([tag]);
    // The same tag again changes nothing and writes nothing.
    expect((await patch(admin.token, id!, { tag: `  ${tag} ` })).tags).toEqual([tag]);
    const two = await patch(admin.token, id!, { tag: 'परिवार ने फ़ोन किया' });
    expect(two.tags).toEqual([tag, 'परिवार ने फ़ोन किया']);
    const back = await patch(admin.token, id!, { untag: tag });
    expect(back.tags).toEqual(['परिवार ने फ़ोन किया']);
    // A tag the lead does not have: nothing to take back, nothing written.
    await patch(admin.token, id!, { untag: 'Never given' });
    const after = await detail(admin.token, id!);
    expect(tagEntries(after)).toEqual([`+${tag}`, '+परिवार ने फ़ोन किया', `-${tag}`]);
    expect(after.history.find((h) => h.action === 'tag')!.by).toBe('tags-admin');
  });

  it('refuses a tag that is not one, with the rule for what a tag may be', async () => {
    const { src } = fresh();
    const [id] = await insertContactLeads(t.database.db, 1, { utmSource: src });
    for (const bad of ['', '   ', 'x'.repeat(41), 'a<b>', 'semi;colon']) {
      expect((await patch(admin.token, id!, { tag: bad }, 400)).message).toBe(TAG_MESSAGE);
    }
    await patch(admin.token, id!, { untag: ['Fair'] }, 400);
    expect((await detail(admin.token, id!)).tags).toEqual([]);
  });

  it('filters a list by a tag, alone and with another filter, and a bulk change by that filter', async () => {
    const { src, tag } = fresh();
    const ids = await insertContactLeads(t.database.db, 5, { utmSource: src });
    const others = await insertContactLeads(t.database.db, 2, { utmSource: `${src}-other` });
    for (const id of [...ids.slice(0, 3), others[0]!]) await patch(admin.token, id, { tag });
    expect(await listed(admin.token, `tag=${encodeURIComponent(tag)}`)).toEqual({
      ids: [...ids.slice(0, 3), others[0]!].sort(),
      total: 4,
    });
    expect(await listed(admin.token, `tag=${encodeURIComponent(tag)}&utm_source=${src}`)).toEqual({
      ids: ids.slice(0, 3).sort(),
      total: 3,
    });
    expect((await listed(admin.token, `tag=${encodeURIComponent(`${tag}x`)}`)).total).toBe(0);
    // A page's rows carry their tags, each lead's in the order given; a lead with none, none.
    await patch(admin.token, ids[0]!, { tag: 'परिवार ने फ़ोन किया' });
    const page = await call('GET', `${LIST}?limit=50&utm_source=${src}`, admin.token);
    const rowTags = Object.fromEntries(
      ((await page.json()) as Record<typeof ENVELOPE, Array<{ _id: string; tags: string[] }>>)[ENVELOPE].map((d) => [d._id, d.tags]),
    );
    expect(rowTags).toEqual({
      [ids[0]!]: [tag, 'परिवार ने फ़ोन किया'],
      [ids[1]!]: [tag],
      [ids[2]!]: [tag],
      [ids[3]!]: [],
      [ids[4]!]: [],
    });
    expect((await call('GET', `${LIST}?tag=${encodeURIComponent('a<b>')}`, admin.token)).status).toBe(400);

    const res = await call('POST', bulkPath('contact'), admin.token, {
      filter: { tag, utm_source: src },
      action: { type: 'status', status: 'contacted' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: 3 });
    const rows = await t.database.db.selectFrom('contact_messages').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.filter((r) => r.status === 'contacted').map((r) => r.id)).toEqual(ids.slice(0, 3).sort());
  });

  it("counts the tags in use within the member's scope, most used first", async () => {
    const { src, tag } = fresh();
    const mine = await insertContactLeads(t.database.db, 2, { utmSource: src, assignee: asha.id });
    const pool = await insertContactLeads(t.database.db, 1, { utmSource: src, assignee: null });
    const theirs = await insertContactLeads(t.database.db, 3, { utmSource: src, assignee: ravi.id });
    for (const id of [...mine, ...pool, ...theirs]) await patch(admin.token, id, { tag });
    await patch(admin.token, theirs[0]!, { tag: `${tag} only Ravi` });
    const counts = async (token: string) => {
      const res = await call('GET', `${TAGS_PATH}?list=contact`, token);
      expect(res.status).toBe(200);
      return ((await res.json()) as TagsResponse).data.filter((c) => c.tag.startsWith(tag));
    };
    expect(await counts(admin.token)).toEqual([
      { tag, leads: 6 },
      { tag: `${tag} only Ravi`, leads: 1 },
    ]);
    // Asha sees hers and the pool's; Ravi's lead and its tag are not hers to see.
    expect(await counts(asha.token)).toEqual([{ tag, leads: 3 }]);
    expect((await listed(asha.token, `tag=${encodeURIComponent(tag)}`)).ids).toEqual([...mine, ...pool].sort());
    expect((await call('GET', `${TAGS_PATH}?list=no-such-list`, admin.token)).status).toBe(404);
    expect((await t.app.request(`${TAGS_PATH}?list=contact`)).status).toBe(401);
  });

  it("lets a counsellor tag their leads and the pool's but not another's; a viewer reads tags and changes none", async () => {
    const { src, tag } = fresh();
    const [own] = await insertContactLeads(t.database.db, 1, { utmSource: src, assignee: asha.id });
    const [others] = await insertContactLeads(t.database.db, 1, { utmSource: src, assignee: ravi.id });
    expect((await patch(asha.token, own!, { tag })).tags).toEqual([tag]);
    await patch(asha.token, others!, { tag }, 404);
    expect((await detail(admin.token, others!)).tags).toEqual([]);
    await patch(viewer.token, own!, { untag: tag }, 403);
    expect((await detail(viewer.token, own!)).tags).toEqual([tag]);
    expect((await call('GET', `${TAGS_PATH}?list=contact`, viewer.token)).status).toBe(200);
  });
});
