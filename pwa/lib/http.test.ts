import { describe, expect, it } from 'vitest';
import { messageOf, postJson } from './http.ts';

describe('postJson', () => {
  it('posts JSON with the given headers and options, and reads a JSON answer', async () => {
    const calls: Array<{ path: string; init: RequestInit }> = [];
    const signal = new AbortController().signal;
    const { response, data } = await postJson(
      '/api/x',
      { a: 1 },
      { headers: { 'Idempotency-Key': 'k' }, credentials: 'same-origin', signal },
      async (path, init) => {
        calls.push({ path, init });
        return new Response(JSON.stringify({ message: 'ok' }), { status: 201, headers: { 'Retry-After': '5' } });
      },
    );
    expect(calls).toEqual([
      {
        path: '/api/x',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
          body: '{"a":1}',
          credentials: 'same-origin',
          signal,
        },
      },
    ]);
    expect(response.status).toBe(201);
    expect(response.headers.get('Retry-After')).toBe('5');
    expect(data).toEqual({ message: 'ok' });
  });

  it('sends only method, headers and body when given no options', async () => {
    let seen: RequestInit | undefined;
    await postJson('/api/x', {}, {}, async (_path, init) => {
      seen = init;
      return new Response(null, { status: 204 });
    });
    expect(seen).toEqual({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  });

  it('reads a body that is not JSON as undefined, keeping the status', async () => {
    const { response, data } = await postJson('/api/x', {}, {}, async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(response.status).toBe(502);
    expect(data).toBeUndefined();
  });

  it('rejects as fetch does when no answer comes', async () => {
    await expect(
      postJson('/api/x', {}, {}, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('messageOf', () => {
  it('is the string `message` of an answer, else undefined', () => {
    expect(messageOf({ message: 'Invalid email' })).toBe('Invalid email');
    expect(messageOf({ message: 3 })).toBeUndefined();
    expect(messageOf('message')).toBeUndefined();
    expect(messageOf(undefined)).toBeUndefined();
  });
});
