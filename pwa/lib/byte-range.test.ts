import { describe, expect, it } from 'vitest';
import { rangeOf } from './byte-range.ts';

const whole = () =>
  new Response(new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 256)), { headers: { 'Content-Type': 'video/mp4' } });

describe('a byte range of a cached response', () => {
  it('gives the whole response when no range is asked', async () => {
    const res = await rangeOf(null, whole());
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers a range, an open range and a suffix with 206 and the exact bytes', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=100-199', 100, 199],
      ['bytes=0-', 0, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-10', 990, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await rangeOf(range, whole());
      expect(res.status, range).toBe(206);
      expect(res.headers.get('Content-Range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('Content-Length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('Content-Type')).toBe('video/mp4');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes[0], range).toBe(start % 256);
      expect(bytes.length, range).toBe(end - start + 1);
    }
  });

  it('refuses a range outside the file, or one it cannot read, with 416 and the size', async () => {
    for (const range of ['bytes=1000-', 'bytes=500-100', 'bytes=-', 'items=0-5']) {
      const res = await rangeOf(range, whole());
      expect(res.status, range).toBe(416);
      expect(res.headers.get('Content-Range')).toBe('bytes */1000');
    }
  });
});
