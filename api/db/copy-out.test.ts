// COPY takes no parameters, so copy-out.ts writes each value into the statement as a
// literal: every kind of value the exports' filters send must reach Postgres as it would as
// a parameter, however it is spelt (quotes, backslashes, a Devanagari name, ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { inlineSql } from './copy-out.ts';

describe.each(testBackends().filter((b) => b.name === 'postgres'))('COPY of a select on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const awkward = [`it's`, 'back\\slash \\n', `both \\' and '' "`, 'आशा वर्मा', '', '100%_like'];
  const ids = ['5a3b1c2d-0000-4000-8000-000000000001', '5a3b1c2d-0000-4000-8000-000000000002'];
  const at = new Date('2026-11-24T09:50:00.123Z');

  it('writes each value as the literal Postgres reads as the parameter it was', async () => {
    for (const text of awkward) {
      const select = sql`select ${text}::text as t, ${42}::int as n, ${at}::timestamptz as at, ${ids}::uuid[] as ids, ${null}::text as none`;
      const viaParameters = (
        await sql<{ t: string; n: number; at: Date; ids: string[]; none: null }>`select
        t, n, (at = ${at}::timestamptz) as same_at, ids = ${ids}::uuid[] as same_ids, none is null as none
        from (${select}) s`.execute(database.db)
      ).rows[0];
      expect(viaParameters).toMatchObject({ t: text, n: 42, same_at: true, same_ids: true, none: true });
      const inlined = inlineSql(select);
      expect(inlined, 'no placeholder left').not.toMatch(/\$\d/);
      const viaLiterals = (
        await sql<{ t: string; same_at: boolean; same_ids: boolean }>`select t, n,
        (at = ${at}::timestamptz) as same_at, ids = ${ids}::uuid[] as same_ids, none is null as none
        from (${sql.raw(inlined)}) s`.execute(database.db)
      ).rows[0];
      expect(viaLiterals, JSON.stringify(text)).toEqual(viaParameters);
    }
  });

  it('answers the rows as COPY writes CSV: quoted where RFC 4180 asks, NULL as nothing', async () => {
    const chunks = await database.copyCsv!(sql`select * from (values (${'a,"b"'}, null::text, ${'दो\nपंक्तियाँ'}), (${'plain'}, '', 'x')) v`);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('"a,""b""",,"दो\nपंक्तियाँ"\nplain,"",x\n');
  });

  it('writes a number as a parameter is sent, so a negative one after a minus is not a comment', async () => {
    const select = sql`select 1 - ${-5} as n, ${-5}::text as t, ${2.5}::numeric as f, ${true}::boolean as b`;
    const rows = (await sql.raw<{ n: number; t: string; f: string; b: boolean }>(inlineSql(select)).execute(database.db)).rows;
    expect(rows).toEqual([{ n: 6, t: '-5', f: '2.5', b: true }]);
  });

  it('refuses a value it has no literal for, before anything reaches Postgres', () => {
    expect(() => inlineSql(sql`select ${'a\0b'}`)).toThrow(/NUL/);
    expect(() => inlineSql(sql`select ${{ a: 1 }}`)).toThrow(/no literal/);
    expect(() => inlineSql(sql`select ${Number.NaN}`)).toThrow(/not a number/);
  });

  it('gives its connection back after a failed COPY, and the pool goes on', async () => {
    await expect(database.copyCsv!(sql`select 1 / 0`)).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 12; i++) {
      expect(Buffer.concat(await database.copyCsv!(sql`select ${i}::int`)).toString()).toBe(`${i}\n`);
    }
  });
});
