// The page side of the outbox on fake-indexeddb with a fetch the test answers by hand:
// stored before any request, enqueue's wait for the first attempt, one drain at a time
// with later triggers folded into one more round, and the timer while items wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshBrowser, heldFetch, until } from '../../testing/fake-browser.ts';

describe('outbox client', () => {
  let client: typeof import('./client.ts');
  let store: typeof import('./store.ts');
  let held: ReturnType<typeof heldFetch>;

  beforeEach(async () => {
    freshBrowser();
    held = heldFetch();
    vi.stubGlobal('fetch', held.fetch);
    client = await import('./client.ts');
    store = await import('./store.ts');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stores the submission before its request, and answers with the first attempt', async () => {
    const sent = client.enqueue('id-1', '/api/v1/contact', { message: 'hi' }, 'Contact message');
    await until(() => held.calls.length === 1);
    // The request is out: the item was already on the device.
    expect(await store.idbStore.get('id-1')).toMatchObject({ id: 'id-1', body: { message: 'hi' } });
    expect(held.calls[0]!.url).toBe('/api/v1/contact');
    expect(new Headers(held.calls[0]!.init.headers).get('Idempotency-Key')).toBe('id-1');
    held.calls[0]!.answer(201, { data: { _id: 'x' } });
    expect(await sent).toEqual({ kind: 'sent', status: 201, body: { data: { _id: 'x' } } });
    expect((await store.idbStore.get('id-1'))?.state).toBe('sent');
  });

  it('stops waiting after waitMs with the item still queued (a form offline moves on)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: unknown;
    const first = client.enqueue('id-2', '/api/v1/contact', { message: 'hi' }, 'Contact message', 5_000).then((o) => (settled = o));
    await until(() => held.calls.length === 1);
    vi.advanceTimersByTime(4_999);
    await until(async () => (await store.idbStore.get('id-2')) !== undefined);
    expect(settled).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(await first).toEqual({ kind: 'timeout' });
    expect((await store.idbStore.get('id-2'))?.state).toBe('sending');
  });

  it('runs one drain at a time: triggers during a drain fold into one more round', async () => {
    void client.enqueue('a', '/api/v1/contact', { message: 'a' }, 'Contact message');
    await until(() => held.calls.length === 1);
    await store.idbStore.add({ id: 'b', path: '/api/v1/contact', body: { message: 'b' }, label: 'Contact message' }, Date.now());
    const triggers = [client.drainSoon(), client.drainSoon(true), client.drainSoon()];
    expect(new Set(triggers).size).toBe(1);
    held.calls[0]!.answer(201);
    await until(() => held.calls.length === 2);
    expect(new Headers(held.calls[1]!.init.headers).get('Idempotency-Key')).toBe('b');
    held.calls[1]!.answer(201);
    await triggers[0];
    // Three triggers, one extra round: nothing was sent twice and nothing more was asked.
    expect(held.calls).toHaveLength(2);
    expect((await store.idbStore.all()).map((i) => i.state)).toEqual(['sent', 'sent']);
  });

  it('sets a timer for the next due item and delivers it when the time comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    void client.enqueue('late', '/api/v1/contact', { message: 'late' }, 'Contact message');
    await until(() => held.calls.length === 1);
    held.calls[0]!.answer(503, { message: 'busy' }, { 'Retry-After': '30' });
    await until(async () => (await store.idbStore.get('late'))?.attempts === 1);
    const due = (await store.idbStore.get('late'))!.nextAttemptAt;
    expect(due - Date.now()).toBeGreaterThanOrEqual(29_000);
    await until(() => vi.getTimerCount() > 0);
    vi.advanceTimersByTime(due - Date.now() - 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.calls).toHaveLength(1);
    vi.advanceTimersByTime(10);
    await until(() => held.calls.length === 2);
    held.calls[1]!.answer(201);
    await until(async () => (await store.idbStore.get('late'))?.state === 'sent');
  });
});
