// The open-file limit read from /proc/self/limits, and the start-up warning it gives.
import { describe, expect, it } from 'vitest';
import { connectionCeilingWarning, FILES_KEPT, parseOpenFileLimit } from './open-files.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63704                63704                processes
Max open files            1024                 524288               files
`;

describe('open files', () => {
  it('reads the soft limit, and nothing when unlimited or absent', () => {
    expect(parseOpenFileLimit(LIMITS)).toBe(1024);
    expect(parseOpenFileLimit(LIMITS.replace('1024 ', 'unlimited'))).toBeUndefined();
    expect(parseOpenFileLimit('')).toBeUndefined();
  });

  it('warns when the connection ceiling leaves too few files', () => {
    expect(connectionCeilingWarning(4096 + 32, 20_000)).toBeUndefined();
    expect(connectionCeilingWarning(4096 + 32, 1024)).toMatch(/MAX_CONNECTIONS .* 1024 open files/);
    expect(connectionCeilingWarning(1024 - FILES_KEPT, 1024)).toBeUndefined();
    expect(connectionCeilingWarning(0, 1024)).toBeUndefined();
    expect(connectionCeilingWarning(4096, undefined)).toBeUndefined();
  });
});
