// The delivery loop against an in-memory store and a scripted server: final vs retryable
// answers, backoff, batching in order, and one delivery per item under concurrent drains.
import { describe, expect, it } from 'vitest';
import { SYNC_BODY_MAX_BYTES, SYNC_PATH } from '../../../contract/api.ts';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay, retryAfterMs } from './backoff.ts';
import { drainOutbox, takeBatch, type DeliveryDeps } from './deliver.ts';
import { isDue, type OutboxStore } from './store.ts';
import type { OutboxEvent, OutboxItem } from './types.ts';

function memoryStore(): OutboxStore & { items: Map<string, OutboxItem> } {
  const items = new Map<string, OutboxItem>();
  let seq = 0;
  const sorted = () => [...items.values()].sort((a, b) => a.seq - b.seq);
  return {
    items,
    async add(item, now) {
      const existing = items.get(item.id);
      if (existing) return existing;
      const stored: OutboxItem = { ...item, seq: ++seq, state: 'waiting', attempts: 0, nextAttemptAt: 0, createdAt: now };
      items.set(item.id, stored);
      return stored;
    },
    async get(id) {
      return items.get(id);
    },
    async due(now, limit, connectivity = false) {
      return sorted()
        .filter((i) => (i.state === 'waiting' || i.state === 'sending') && isDue(i, now, connectivity))
        .slice(0, limit);
    },
    async all() {
      return sorted();
    },
    async patch(id, patch) {
      const item = items.get(id);
      if (!item) return undefined;
      const next = { ...item, ...patch };
      items.set(id, next);
      return next;
    },
    async patchMany(patches) {
      for (const { id, patch } of patches) {
        const item = items.get(id);
        if (item) items.set(id, { ...item, ...patch });
      }
    },
    async remove(id) {
      items.delete(id);
    },
  };
}

function mutex() {
  let tail = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler) {
  const store = memoryStore();
  let clock = 1_000_000;
  const events: OutboxEvent[] = [];
  const requests: Array<{ path: string; key: string | null; body: unknown }> = [];
  const deps: DeliveryDeps = {
    store,
    now: () => clock,
    random: () => 0.5,
    notify: (e) => events.push(e),
    withLock: mutex(),
    fetch: async (path, init) => {
      const key = new Headers(init.headers).get('Idempotency-Key');
      requests.push({ path, key, body: JSON.parse(String(init.body)) });
      return handler(path, init);
    },
  };
  return { store, deps, events, requests, advance: (ms: number) => (clock += ms), now: () => clock };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const contact = (i: number) => ({ firstName: `S${i}`, lastName: 'T', email: `s${i}@example.in`, phone: '9876543210', message: 'hi' });

describe('backoff', () => {
  it('doubles from 2 s to a 5 minute cap, jittered within the upper half', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(3, () => 1)).toBe(BACKOFF_BASE_MS * 4);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });
  it('reads Retry-After as seconds or a date, capped', () => {
    expect(retryAfterMs('7', 0)).toBe(7000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs('99999', 0)).toBe(BACKOFF_CAP_MS);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});

describe('takeBatch', () => {
  const item = (id: string, message: string): OutboxItem => ({
    id,
    seq: 0,
    path: '/api/v1/contact',
    body: { message },
    label: 'Contact message',
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
  });
  const bytesOf = (items: OutboxItem[]) =>
    new TextEncoder().encode(JSON.stringify(items.map((i) => ({ key: i.id, path: i.path, body: i.body })))).byteLength;

  it('fills a request up to the server limit counted in UTF-8 bytes, not characters', () => {
    // 300,000 Devanagari characters are 900,000 bytes: two fit in 2 MiB, a third does not.
    const hindi = Array.from({ length: 4 }, (_, i) => item(`hindi-${i}`, 'न'.repeat(300_000)));
    const batch = takeBatch(hindi);
    expect(batch.map((i) => i.id)).toEqual(['hindi-0', 'hindi-1']);
    expect(bytesOf(batch)).toBeLessThanOrEqual(SYNC_BODY_MAX_BYTES);
    expect(bytesOf(hindi.slice(0, 3))).toBeGreaterThan(SYNC_BODY_MAX_BYTES);
  });

  it('counts the request exactly: a batch may end one byte under the limit, never over', () => {
    const items = Array.from({ length: 3 }, (_, i) => item(`k-${i}`, 'x'.repeat(100)));
    const exact = bytesOf(items);
    expect(takeBatch(items, exact)).toHaveLength(3);
    expect(takeBatch(items, exact - 1)).toHaveLength(2);
  });

  it('sends an item larger than the limit on its own (the server answers it)', () => {
    const items = [item('big', 'x'.repeat(100)), item('next', 'y')];
    expect(takeBatch(items, 50).map((i) => i.id)).toEqual(['big']);
  });
});

describe('drainOutbox', () => {
  it('delivers one item to its own endpoint with its id as the key, then forgets its password', async () => {
    const t = setup(() => json(201, { message: 'ok' }));
    await t.store.add(
      { id: 'item-0001', path: '/api/v1/now/join-now', body: { name: 'K', password: 'secret12' }, label: 'Registration' },
      t.now(),
    );
    const report = await drainOutbox(t.deps);
    expect(report).toEqual({ sent: 1, attention: 0, retrying: 0 });
    expect(t.requests).toEqual([{ path: '/api/v1/now/join-now', key: 'item-0001', body: { name: 'K', password: 'secret12' } }]);
    const item = t.store.items.get('item-0001')!;
    expect(item.state).toBe('sent');
    expect(item.body).toEqual({ name: 'K' });
    expect(t.events).toContainEqual({
      type: 'outcome',
      id: 'item-0001',
      state: 'sent',
      status: 201,
      body: { message: 'ok' },
      label: 'Registration',
      attempts: 0,
    });
  });

  it('keeps an item waiting with backoff when offline, and sends it once the time has come', async () => {
    let online = false;
    const t = setup(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(201, {});
    });
    await t.store.add({ id: 'item-0002', path: '/api/v1/contact', body: contact(1), label: 'Contact message' }, t.now());
    expect(await drainOutbox(t.deps)).toEqual({ sent: 0, attention: 0, retrying: 1 });
    const waiting = t.store.items.get('item-0002')!;
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'No connection' });
    expect(waiting.nextAttemptAt).toBe(t.now() + 1500);
    online = true;
    expect((await drainOutbox(t.deps)).sent).toBe(0); // not due yet
    t.advance(1500);
    expect((await drainOutbox(t.deps)).sent).toBe(1);
    expect(t.requests.map((r) => r.key)).toEqual(['item-0002', 'item-0002']);
  });

  it('skips the backoff of network failures when the connection comes back, not a server Retry-After', async () => {
    let online = false;
    const t = setup(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(503, { message: 'busy' }, { 'Retry-After': '120' });
    });
    await t.store.add({ id: 'item-0010', path: '/api/v1/contact', body: contact(1), label: 'Contact message' }, t.now());
    await drainOutbox(t.deps);
    online = true;
    // 'online': tried at once, although its backoff has not passed.
    expect((await drainOutbox(t.deps, { connectivity: true })).retrying).toBe(1);
    expect(t.requests).toHaveLength(2);
    // The server asked for two minutes: another connectivity trigger does not override it.
    await drainOutbox(t.deps, { connectivity: true });
    expect(t.requests).toHaveLength(2);
    expect(t.store.items.get('item-0010')!.nextAttemptAt - t.now()).toBe(120_000);
  });

  it('retries a 500 and honours Retry-After on a 503', async () => {
    const answers = [json(500, { message: 'boom' }), json(503, { message: 'busy' }, { 'Retry-After': '30' }), json(201, {})];
    const t = setup(() => answers.shift()!);
    await t.store.add({ id: 'item-0003', path: '/api/v1/contact', body: contact(1), label: 'Contact message' }, t.now());
    await drainOutbox(t.deps);
    expect(t.store.items.get('item-0003')).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'boom', lastStatus: 500 });
    t.advance(BACKOFF_BASE_MS);
    await drainOutbox(t.deps);
    const second = t.store.items.get('item-0003')!;
    expect(second.nextAttemptAt - t.now()).toBe(30_000);
    t.advance(30_000);
    await drainOutbox(t.deps);
    expect(t.store.items.get('item-0003')!.state).toBe('sent');
  });

  it('keeps an item refused with 429 (a rate limit) waiting, honours its Retry-After, and delivers it after', async () => {
    const answers = [json(429, { message: 'Too many requests' }, { 'Retry-After': '45' }), json(201, {})];
    const t = setup(() => answers.shift()!);
    await t.store.add({ id: 'item-0429', path: '/api/v1/contact', body: contact(1), label: 'Contact message' }, t.now());
    expect((await drainOutbox(t.deps)).attention).toBe(0);
    const waiting = t.store.items.get('item-0429')!;
    expect(waiting).toMatchObject({ state: 'waiting', lastStatus: 429 });
    expect(waiting.nextAttemptAt - t.now()).toBe(45_000);
    t.advance(45_000);
    await drainOutbox(t.deps);
    expect(t.store.items.get('item-0429')!.state).toBe('sent');
    expect(t.requests).toHaveLength(2);
  });

  it('puts a 4xx that retrying cannot fix in "needs attention" with the server message', async () => {
    const t = setup(() => json(400, { message: 'Invalid email address', errors: { email: 'Invalid email address' } }));
    await t.store.add({ id: 'item-0004', path: '/api/v1/contact', body: contact(1), label: 'Contact message' }, t.now());
    expect((await drainOutbox(t.deps)).attention).toBe(1);
    expect(t.store.items.get('item-0004')).toMatchObject({
      state: 'attention',
      lastStatus: 400,
      lastError: 'Invalid email address',
      lastErrors: { email: 'Invalid email address' },
    });
    // It is never sent again by itself.
    t.advance(BACKOFF_CAP_MS);
    await drainOutbox(t.deps);
    expect(t.requests).toHaveLength(1);
  });

  it('drains a long queue through the batch endpoint in submission order', async () => {
    const t = setup((path, init) => {
      const items = JSON.parse(String(init.body)) as Array<{ key: string }>;
      return json(200, { results: items.map((i) => ({ key: i.key, status: 201, body: {} })) });
    });
    for (let i = 0; i < 250; i++) {
      await t.store.add(
        { id: `item-${String(i).padStart(4, '0')}`, path: '/api/v1/contact', body: contact(i), label: 'Contact message' },
        t.now(),
      );
    }
    expect(await drainOutbox(t.deps)).toEqual({ sent: 250, attention: 0, retrying: 0 });
    expect(t.requests.map((r) => [r.path, (r.body as unknown[]).length])).toEqual([
      [SYNC_PATH, 100],
      [SYNC_PATH, 100],
      [SYNC_PATH, 50],
    ]);
    const keys = t.requests.flatMap((r) => (r.body as Array<{ key: string }>).map((i) => i.key));
    expect(keys).toEqual([...keys].sort());
  });

  it('sends each item with the language of its form, a batch never mixing two (Accept-Language)', async () => {
    const languages: Array<string | null> = [];
    const t = setup((path, init) => {
      languages.push(new Headers(init.headers).get('Accept-Language'));
      if (path !== SYNC_PATH) return json(201, {});
      const items = JSON.parse(String(init.body)) as Array<{ key: string }>;
      return json(200, { results: items.map((i) => ({ key: i.key, status: 201, body: {} })) });
    });
    const langs = ['hi', 'hi', 'en', 'hi', undefined];
    for (const [i, lang] of langs.entries()) {
      await t.store.add(
        { id: `item-${i}`, path: '/api/v1/contact', body: contact(i), label: 'Contact message', ...(lang ? { lang } : {}) },
        t.now(),
      );
    }
    expect(await drainOutbox(t.deps)).toEqual({ sent: 5, attention: 0, retrying: 0 });
    expect(t.requests.map((r) => (Array.isArray(r.body) ? r.body.map((i: { key: string }) => i.key) : r.key))).toEqual([
      ['item-0', 'item-1'],
      'item-2',
      'item-3',
      'item-4',
    ]);
    expect(languages).toEqual(['hi', 'en', 'hi', null]);
  });

  it('stops after a round with a retryable item so later items do not overtake it', async () => {
    let round = 0;
    const t = setup((path, init) => {
      round++;
      const items = JSON.parse(String(init.body)) as Array<{ key: string }>;
      return json(200, {
        results: items.map((i, n) => ({ key: i.key, status: round === 1 && n === 0 ? 409 : 201, body: {} })),
      });
    });
    for (let i = 0; i < 150; i++) {
      await t.store.add(
        { id: `item-${String(i).padStart(4, '0')}`, path: '/api/v1/contact', body: contact(i), label: 'Contact message' },
        t.now(),
      );
    }
    expect(await drainOutbox(t.deps)).toEqual({ sent: 99, attention: 0, retrying: 1 });
    expect(t.requests).toHaveLength(1);
    t.advance(BACKOFF_BASE_MS);
    expect((await drainOutbox(t.deps)).sent).toBe(51);
  });

  it('delivers each item once when several contexts drain at the same time', async () => {
    const t = setup(async (path, init) => {
      const body = JSON.parse(String(init.body));
      // Yield so the three drains really interleave at the network step.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return Array.isArray(body)
        ? json(200, { results: body.map((i: { key: string }) => ({ key: i.key, status: 201, body: {} })) })
        : json(201, {});
    });
    for (let i = 0; i < 30; i++) {
      await t.store.add(
        { id: `item-${String(i).padStart(4, '0')}`, path: '/api/v1/contact', body: contact(i), label: 'Contact message' },
        t.now(),
      );
    }
    await Promise.all([drainOutbox(t.deps), drainOutbox(t.deps), drainOutbox(t.deps)]);
    const sentKeys = t.requests.flatMap((r) => (Array.isArray(r.body) ? r.body.map((i: { key: string }) => i.key) : [r.key]));
    expect(sentKeys).toHaveLength(30);
    expect(new Set(sentKeys).size).toBe(30);
  });
});
