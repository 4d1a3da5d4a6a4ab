// The bench reads its figures from wrk's text output; a misread unit would silently turn
// 950 µs into 950 ms (or the reverse), so the parser is checked on wrk's real formats.
import { describe, expect, it } from 'vitest';
import { luaString, parseWrk } from './wrk.ts';

const CLEAN = `Running 10s test @ http://127.0.0.1:3999
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.95ms    2.10ms  41.20ms   90.12%
    Req/Sec     8.45k   512.33     9.20k    71.00%
  Latency Distribution
     50%    3.50ms
     75%    4.61ms
     90%    5.92ms
     99%    7.78ms
  84312 requests in 10.02s, 89.75MB read
Requests/sec:   8416.97
Transfer/sec:      8.96MB
`;

const TROUBLED = `Running 10s test @ http://127.0.0.1:3999
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   870.50us  120.00us   1.20s    95.00%
    Req/Sec   230.00     20.00   260.00     80.00%
  Latency Distribution
     50%  850.00us
     75%    0.90ms
     90%    1.00ms
     99%    1.20s
  2301 requests in 1.00m, 3.10MB read
  Socket errors: connect 1, read 2, write 3, timeout 4
  Non-2xx or 3xx responses: 17
Requests/sec:     38.35
Transfer/sec:     52.90KB
ITEMS_NOT_201 12
`;

describe('parseWrk', () => {
  it('reads throughput, percentiles in milliseconds and the run length', () => {
    expect(parseWrk(CLEAN)).toEqual({
      requests: 84312,
      seconds: 10.02,
      rps: 8416.97,
      p50: 3.5,
      p99: 7.78,
      errors: 0,
      non2xx: 0,
      extra: {},
    });
  });

  it('converts µs, s and minutes, and counts every kind of error', () => {
    const r = parseWrk(TROUBLED);
    expect(r.p50).toBeCloseTo(0.85);
    expect(r.p99).toBe(1200);
    expect(r.seconds).toBe(60);
    expect(r.errors).toBe(10);
    expect(r.non2xx).toBe(17);
    expect(r.extra).toEqual({ ITEMS_NOT_201: 12 });
  });

  it('refuses output it cannot read instead of reporting zeros', () => {
    expect(() => parseWrk('PANIC: unprotected error in call to Lua API')).toThrow(/could not read wrk/);
  });
});

describe('luaString', () => {
  it('quotes JSON so Lua reads back the same text', () => {
    expect(luaString('{"a":"b\\\\c"}\n')).toBe('"{\\"a\\":\\"b\\\\\\\\c\\"}\\n"');
  });
});
