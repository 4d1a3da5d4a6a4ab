// The IndexedDB outbox store on fake-indexeddb: one item per id, submission order, what is
// due, patches, pruning of delivered items, and the meta values.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshBrowser } from '../../testing/fake-browser.ts';

const newItem = (id: string) => ({ id, path: '/api/v1/contact', body: { message: id }, label: 'Contact message' });

describe('outbox store', () => {
  let store: typeof import('./store.ts');
  beforeEach(async () => {
    freshBrowser();
    store = await import('./store.ts');
  });

  it('stores an id once (a double click) and numbers submissions in order', async () => {
    const a = await store.idbStore.add(newItem('a'), 1_000);
    const again = await store.idbStore.add({ ...newItem('a'), body: { message: 'changed' } }, 2_000);
    const b = await store.idbStore.add(newItem('b'), 3_000);
    expect(again).toEqual(a);
    expect(a).toMatchObject({ seq: 1, state: 'waiting', attempts: 0, nextAttemptAt: 0, createdAt: 1_000, body: { message: 'a' } });
    expect(b.seq).toBe(2);
    expect((await store.idbStore.all()).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('gives what is due in order, up to a limit, waiving backoff of network failures when the connection is back', async () => {
    for (const id of ['a', 'b', 'c', 'd']) await store.idbStore.add(newItem(id), 0);
    await store.idbStore.patchMany([
      { id: 'a', patch: { nextAttemptAt: 5_000, lastStatus: 0 } }, // network failure, backing off
      { id: 'b', patch: { nextAttemptAt: 5_000, lastStatus: 503 } }, // the server asked to wait
      { id: 'c', patch: { state: 'attention' } },
    ]);
    expect((await store.idbStore.due(1_000, 10)).map((i) => i.id)).toEqual(['d']);
    expect((await store.idbStore.due(1_000, 10, true)).map((i) => i.id)).toEqual(['a', 'd']);
    expect((await store.idbStore.due(6_000, 10)).map((i) => i.id)).toEqual(['a', 'b', 'd']);
    expect((await store.idbStore.due(6_000, 2)).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('patches one item and answers undefined for a missing one; removes', async () => {
    await store.idbStore.add(newItem('a'), 0);
    expect(await store.idbStore.patch('a', { attempts: 3 })).toMatchObject({ id: 'a', attempts: 3 });
    expect((await store.idbStore.get('a'))?.attempts).toBe(3);
    expect(await store.idbStore.patch('missing', { attempts: 1 })).toBeUndefined();
    await store.idbStore.remove('a');
    expect(await store.idbStore.get('a')).toBeUndefined();
  });

  it('prunes delivered items older than a week and beyond the last 50, never waiting ones', async () => {
    const week = 7 * 24 * 3600_000;
    const now = 100 * week;
    for (let i = 0; i < 60; i++) {
      await store.idbStore.add(newItem(`sent-${i}`), 0);
      await store.idbStore.patch(`sent-${i}`, { state: 'sent', sentAt: now - 1_000 * (60 - i) });
    }
    await store.idbStore.add(newItem('old'), 0);
    await store.idbStore.patch('old', { state: 'sent', sentAt: now - week - 1 });
    await store.idbStore.add(newItem('waiting'), 0);
    await store.pruneSent(now);
    const left = (await store.idbStore.all()).map((i) => i.id);
    expect(left).toHaveLength(51);
    expect(left).toContain('waiting');
    expect(left).not.toContain('old');
    // The 50 most recently delivered stay.
    expect(left.filter((id) => id.startsWith('sent-'))).toEqual(Array.from({ length: 50 }, (_, i) => `sent-${i + 10}`));
  });

  it('keeps meta values', async () => {
    expect(await store.getMeta('persistAsked')).toBeUndefined();
    await store.setMeta('persistAsked', true);
    expect(await store.getMeta('persistAsked')).toBe(true);
  });
});
