// What a form hears from submit(): sent, refused (and not kept twice), saved on the device
// (offline or the server away), and straight to the server where there is no IndexedDB.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshBrowser, heldFetch, until } from '../testing/fake-browser.ts';

describe('submit', () => {
  let held: ReturnType<typeof heldFetch>;
  beforeEach(() => {
    freshBrowser();
    held = heldFetch();
    vi.stubGlobal('fetch', held.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function load() {
    return { ...(await import('./submit.ts')), store: await import('./outbox/store.ts') };
  }

  it('answers a delivered submission with the server answer, sent with the form signals and the given id', async () => {
    const { submit } = await load();
    const result = submit('/api/v1/contact', { message: 'hi' }, { filledMs: 9_000 }, 'sub-1');
    await until(() => held.calls.length === 1);
    expect(JSON.parse(String(held.calls[0]!.init.body))).toEqual({ message: 'hi', filledMs: 9_000, lang: 'en' });
    held.calls[0]!.answer(201, { message: 'Thanks', data: { _id: 'r' } });
    expect(await result).toEqual({
      status: 201,
      ok: true,
      data: { message: 'Thanks', data: { _id: 'r' } },
      message: 'Thanks',
      queued: false,
    });
  });

  it('drops a refused submission from the outbox: the visitor corrects it on the form', async () => {
    const { submit, store } = await load();
    const result = submit('/api/v1/contact', { message: '' }, {}, 'sub-2');
    await until(() => held.calls.length === 1);
    held.calls[0]!.answer(400, { message: 'Message is required' });
    expect(await result).toMatchObject({ status: 400, ok: false, message: 'Message is required', queued: false });
    expect(await store.idbStore.get('sub-2')).toBeUndefined();
  });

  it('keeps a submission that could not be delivered, saying why: offline, or the server away', async () => {
    const { submit, store } = await load();
    const offline = submit('/api/v1/contact', { message: 'a' }, {}, 'sub-3');
    await until(() => held.calls.length === 1);
    held.calls[0]!.fail();
    expect(await offline).toMatchObject({ ok: false, queued: true, queuedReason: 'offline', status: 0 });
    const away = submit('/api/v1/contact', { message: 'b' }, {}, 'sub-4');
    await until(() => held.calls.length === 2);
    held.calls[1]!.answer(503, { message: 'Service unavailable' });
    expect(await away).toMatchObject({ ok: false, queued: true, queuedReason: 'server', status: 503 });
    expect((await store.idbStore.all()).map((i) => [i.id, i.state])).toEqual([
      ['sub-3', 'waiting'],
      ['sub-4', 'waiting'],
    ]);
  });

  it('sends straight to the server, with its id as the key, where IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { submit } = await load();
    const result = submit('/api/v1/contact', { message: 'hi' }, {}, 'sub-5');
    await until(() => held.calls.length === 1);
    expect(new Headers(held.calls[0]!.init.headers).get('Idempotency-Key')).toBe('sub-5');
    held.calls[0]!.answer(201, { message: 'Thanks' });
    expect(await result).toMatchObject({ status: 201, ok: true, queued: false, direct: true });
    const failed = submit('/api/v1/contact', { message: 'hi' }, {}, 'sub-6');
    await until(() => held.calls.length === 2);
    held.calls[1]!.fail();
    expect(await failed).toEqual({ status: 0, ok: false, data: undefined, message: undefined, queued: false, direct: true });
  });
});
