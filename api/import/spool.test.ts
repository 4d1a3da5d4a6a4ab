import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http.ts';
import { spool } from './spool.ts';

/** A body that arrives in these pieces. */
const bodyOf = (pieces: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });

describe('spool', () => {
  it('writes the body to a file as it arrives, with its SHA-256, and removes it', async () => {
    const pieces = Array.from({ length: 40 }, (_, i) => new Uint8Array(64 * 1024).fill(i));
    const whole = Buffer.concat(pieces);
    const file = await spool(bodyOf([...pieces]), 5 * 1024 * 1024, 'too large');
    expect(file.bytes).toBe(whole.byteLength);
    expect(file.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    expect(readFileSync(file.path).equals(whole)).toBe(true);
    await file.remove();
    expect(existsSync(file.path)).toBe(false);
    await file.remove();
  });

  it('takes an empty or missing body as an empty file', async () => {
    for (const body of [null, bodyOf([])]) {
      const file = await spool(body, 10, 'too large');
      expect(file.bytes).toBe(0);
      expect(readFileSync(file.path).byteLength).toBe(0);
      await file.remove();
    }
  });

  it('refuses a body past the limit with 413, leaving nothing on disk', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'spool-test-'));
    try {
      const body = bodyOf([new Uint8Array(6), new Uint8Array(6)]);
      const caught = await spool(body, 10, 'The file is too large', parent).catch((err: unknown) => err);
      expect(caught).toBeInstanceOf(HttpError);
      expect(caught).toMatchObject({ status: 413, message: 'The file is too large' });
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
