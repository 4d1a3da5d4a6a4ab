// An uploaded file written to a temporary file as it arrives, a piece at a time, and its
// SHA-256 taken on the way: the server holds one piece of it at a time, never the file.
// Imports take turns (api/resources/import.ts), and a file waiting for its turn waits on
// disk, not in memory. Back-pressure instead (the upload left unread until its turn) would
// hold the importer's connection open meanwhile, where a 5 MB file on a weak campus Wi-Fi
// already takes most of the server's REQUEST_TIMEOUT_SECONDS, and would let a slow upload
// hold the turn of everyone behind it while it trickles in.
import { createHash } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError } from '../http/http.ts';

export interface SpooledFile {
  path: string;
  bytes: number;
  /** The file's SHA-256, hex. */
  sha256: string;
  /** Deletes the file (and its directory); safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Writes `body` to a new temporary file, refusing it (413 with `tooLarge`) past `maxBytes`:
 * nothing of a refused file stays on disk. Each piece is written before the next is read,
 * so a fast client is slowed to the disk's pace rather than buffered. The file goes in a
 * new directory under `parent` (the system's temporary directory).
 */
export async function spool(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: string,
  parent = tmpdir(),
): Promise<SpooledFile> {
  const dir = await mkdtemp(join(parent, 'import-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload.csv');
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      if (body) {
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          if (bytes > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw new HttpError(413, tooLarge);
          }
          hash.update(value);
          await file.write(value);
        }
      }
    } finally {
      await file.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { path, bytes, sha256: hash.digest('hex'), remove };
}
