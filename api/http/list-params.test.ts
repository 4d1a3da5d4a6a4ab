import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { parseListParams } from './list-params.ts';

/** The parsed params of a query string, or the 400's message. */
async function parsed(query: string): Promise<unknown> {
  const app = new Hono().get('/', (c) => {
    try {
      const p = parseListParams(c);
      return c.json({ ...p, from: p.from?.toISOString(), to: p.to?.toISOString() });
    } catch (err) {
      return c.json({ error: err instanceof HttpError ? err.message : String(err) }, 400);
    }
  });
  return (await app.request(`/?${query}`)).json();
}

describe('the one parser of every admin list', () => {
  it('reads a bare date as that day in India, to inclusive, and a date-time as it is', async () => {
    expect(await parsed('from=2026-03-02&to=2026-03-02')).toMatchObject({
      from: '2026-03-01T18:30:00.000Z',
      to: '2026-03-02T18:29:59.999Z',
      page: 1,
    });
    expect(await parsed('from=2026-03-02T10:00:00Z&page=3&limit=20&q=%20asha%20')).toMatchObject({
      from: '2026-03-02T10:00:00.000Z',
      page: 3,
      limit: 20,
      q: 'asha',
    });
  });

  it('refuses what it cannot read, saying which parameter', async () => {
    for (const [query, word] of <Array<[string, string]>>[
      ['page=0', 'page'],
      ['limit=501', 'limit'],
      ['from=yesterday', 'from'],
      ['from=2026-02-30', 'from'],
      ['from=2027-02-29T10:00:00Z', 'from'],
      ['to=2027-04-31T10:00:00%2B05:30', 'to'],
      ['from=2026-03-03&to=2026-03-01', 'from must not be after to'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ])
      expect(((await parsed(query)) as { error?: string }).error, query).toContain(word);
  });
});
