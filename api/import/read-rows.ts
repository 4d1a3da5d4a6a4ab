// A spooled CSV file's rows, read from disk 64 KB at a time, decoded as UTF-8 and parsed
// piece by piece: the file is never held as one string, nor its rows as one list.
import { createReadStream } from 'node:fs';
import { TextDecoder } from 'node:util';
import { IMPORT_MESSAGES } from '../../contract/lead-import.ts';
import { HttpError } from '../http/http.ts';
import { CsvError, CsvReader, type CsvRow } from './parse-csv.ts';

/** Bytes read, decoded and parsed at a time. */
const PIECE = 64 * 1024;

/** The rows of the CSV file at `path`; a file that is not UTF-8 or not CSV is a 400 with the line. */
export async function* rowsOf(path: string): AsyncGenerator<CsvRow> {
  // fatal: a byte that is not UTF-8 is an error, not a silent U+FFFD. A decoder in stream
  // mode drops a leading byte-order mark and keeps a character cut between two pieces.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = new CsvReader();
  const stream = createReadStream(path, { highWaterMark: PIECE });
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      yield* reader.push(decode(decoder, piece));
    }
    yield* reader.push(decode(decoder));
    yield* reader.end();
  } catch (err) {
    if (err instanceof CsvError) throw new HttpError(400, `Line ${err.line}: ${err.message}`);
    throw err;
  } finally {
    stream.destroy();
  }
}

function decode(decoder: TextDecoder, piece?: Buffer): string {
  try {
    return piece ? decoder.decode(piece, { stream: true }) : decoder.decode();
  } catch {
    throw new HttpError(400, IMPORT_MESSAGES.importNotUtf8);
  }
}
