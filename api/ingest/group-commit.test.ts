// The group commit on its own, with a write we hold open: who goes at once, who waits,
// how waiters are grouped, and that each gets back only its own rows and failures.
import { describe, expect, it } from 'vitest';
import { createGroupCommit, type WriteOutcome } from './group-commit.ts';

interface Row {
  id: string;
}

/** A write that records each call and finishes only when the test says so. */
function heldWrites() {
  const calls: Array<{ ids: string[]; finish: (failedIds?: string[]) => void; fail: (err: unknown) => void }> = [];
  const write = (rows: Row[]) =>
    new Promise<WriteOutcome<Row>>((resolve, reject) => {
      calls.push({
        ids: rows.map((r) => r.id),
        finish: (failedIds = []) =>
          resolve({
            written: new Map(rows.filter((r) => !failedIds.includes(r.id)).map((r) => [r.id, r])),
            failed: new Map(failedIds.map((id) => [id, new Error(`refused ${id}`)])),
          }),
        fail: reject,
      });
    });
  return { calls, write };
}

const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a lone submission at once, and waiters beyond the writes in flight together in the next write', async () => {
    const { calls, write } = heldWrites();
    const group = createGroupCommit<Row, Row>({ write, idOf: (r) => r.id, maxInFlight: 2, maxRows: 100 });
    const a = group.submit(rows('a'));
    expect(calls.map((c) => c.ids)).toEqual([['a']]);
    const b = group.submit(rows('b1', 'b2'));
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b1', 'b2']]);
    // Two writes are in flight: these wait, and go as one.
    const c = group.submit(rows('c'));
    const d = group.submit(rows('d1', 'd2'));
    const e = group.submit(rows('e'));
    expect(calls).toHaveLength(2);
    calls[0]!.finish();
    await settled();
    expect(calls.map((call) => call.ids)).toEqual([['a'], ['b1', 'b2'], ['c', 'd1', 'd2', 'e']]);
    calls[1]!.finish();
    calls[2]!.finish(['d2']);
    const [ra, rb, rc, rd, re] = await Promise.all([a, b, c, d, e]);
    // Each waiter hears of its own rows only.
    expect([...ra.written.keys()]).toEqual(['a']);
    expect([...rb.written.keys()]).toEqual(['b1', 'b2']);
    expect([...rc.written.keys()]).toEqual(['c']);
    expect(rc.failed.size).toBe(0);
    expect([...rd.written.keys()]).toEqual(['d1']);
    expect([...rd.failed.keys()]).toEqual(['d2']);
    expect([...re.written.keys()]).toEqual(['e']);
  });

  it('keeps a write under maxRows, never splitting a waiter', async () => {
    const { calls, write } = heldWrites();
    const group = createGroupCommit<Row, Row>({ write, idOf: (r) => r.id, maxInFlight: 1, maxRows: 3 });
    const first = group.submit(rows('a'));
    const waiting = [
      group.submit(rows('b', 'c')),
      group.submit(rows('d', 'e')),
      group.submit(rows('f', 'g', 'h', 'i')),
      group.submit(rows('j')),
    ];
    for (let i = 0; i < 4; i++) {
      calls[i]!.finish();
      await settled();
    }
    calls[4]!.finish();
    await Promise.all([first, ...waiting]);
    // b+c fit; d+e would make 4; f..i is alone and over the limit; j follows it.
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f', 'g', 'h', 'i'], ['j']]);
  });

  it('rejects only the waiters of a write that throws, and goes on with the next', async () => {
    const { calls, write } = heldWrites();
    const group = createGroupCommit<Row, Row>({ write, idOf: (r) => r.id, maxInFlight: 1, maxRows: 100 });
    const a = group.submit(rows('a'));
    const b = group.submit(rows('b'));
    const c = group.submit(rows('c'));
    calls[0]!.fail(new Error('database gone'));
    await expect(a).rejects.toThrow('database gone');
    await settled();
    expect(calls[1]!.ids).toEqual(['b', 'c']);
    calls[1]!.finish();
    expect([...(await b).written.keys()]).toEqual(['b']);
    expect([...(await c).written.keys()]).toEqual(['c']);
  });

  it('never runs more writes at once than maxInFlight', async () => {
    const { calls, write } = heldWrites();
    const group = createGroupCommit<Row, Row>({ write, idOf: (r) => r.id, maxInFlight: 3, maxRows: 1 });
    const all = Array.from({ length: 10 }, (_, i) => group.submit(rows(`r${i}`)));
    let finished = 0;
    while (finished < 10) {
      const open = calls.length - finished;
      expect(open).toBeLessThanOrEqual(3);
      expect(open).toBeGreaterThan(0);
      calls[finished++]!.finish();
      await settled();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.ids[0])).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
  });
});
