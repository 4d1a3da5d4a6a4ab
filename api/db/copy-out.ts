// A query's result as Postgres's COPY … TO STDOUT writes it (Postgres only; PGlite has no
// COPY to a client). COPY formats and quotes every value in Postgres's own C code and sends
// the rows as a stream of bytes: for the CSV export that halved the time of a page's
// statement against quoting each cell in SQL (docs/performance.md).
import { PostgresQueryCompiler, type RawBuilder } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A value as an SQL literal: quoted text of unknown type, as the pg driver sends a parameter
 * (a bare -5 after a minus would start a comment). A Date is written in UTC, pg's in local
 * time: the same instant for the timestamptz columns the lists filter on.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    // Postgres text holds no NUL; sent in a simple query it would end the statement's text.
    if (value.includes('\0')) throw new Error('copy-out: a NUL character cannot be written into a statement');
    return pg.escapeLiteral(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copy-out: ${value} is not a number Postgres reads`);
    return pg.escapeLiteral(String(value));
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return pg.escapeLiteral(String(value));
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    // An array's text form ('{"a","b"}'): the statement casts it, as it would a parameter.
    const items = value.map((item) => {
      if (typeof item !== 'string') throw new Error('copy-out: only arrays of text are written as literals');
      return `"${item.replace(/["\\]/g, '\\$&')}"`;
    });
    return pg.escapeLiteral(`{${items.join(',')}}`);
  }
  throw new Error(`copy-out: no literal for a ${typeof value}`);
}

/**
 * COPY runs as a simple query, which takes no parameters: this compiler writes each value
 * as an escaped literal where Kysely would write its placeholder ($1).
 */
class LiteralCompiler extends PostgresQueryCompiler {
  protected override appendValue(value: unknown): void {
    this.append(literal(value));
  }
}

/** The statement's text with its values written in, for a simple query. */
export function inlineSql(statement: RawBuilder<unknown>): string {
  const node = statement.toOperationNode();
  return new LiteralCompiler().compileQuery(node, { queryId: 'copy-out' }).sql;
}

export interface CopyOutOptions {
  /** Settings for this statement only (set_config(…, true) in its transaction). */
  settings?: Readonly<Record<string, string>>;
}

/**
 * What a DatabaseHandle offers on Postgres: `select`'s rows as COPY writes them in its CSV
 * format (RFC 4180's quoting, a NULL as nothing, an empty text as "", each row ending in LF).
 */
export type CopyCsv = (select: RawBuilder<unknown>, options?: CopyOutOptions) => Promise<Buffer[]>;

/**
 * COPY (select) TO STDOUT on a connection of the pool, in a transaction of its own, every
 * chunk of bytes it sent (a chunk holds whole and part rows as the socket read them). Read
 * to the end before the connection goes back: a COPY stopped halfway leaves its connection
 * mid-protocol, so a failed one is discarded, never reused.
 */
export function copyCsvWith(connect: () => Promise<pg.PoolClient>): CopyCsv {
  return async (select, options = {}) => {
    const client = await connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      for (const [name, value] of Object.entries(options.settings ?? {})) {
        await client.query('select set_config($1, $2, true)', [name, value]);
      }
      const chunks: Buffer[] = [];
      const stream = client.query(copyTo(`copy (${inlineSql(select)}) to stdout (format csv)`));
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      // pg arms its query_timeout for every query and clears it through the query's callback,
      // which a COPY stream never calls: unanswered, it would call the finished stream's
      // handleError 15 s later (an 'error' with no listener ends the process).
      stream.on('error', () => {});
      (stream as { callback?: () => void }).callback?.();
      await client.query('commit');
      return chunks;
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
