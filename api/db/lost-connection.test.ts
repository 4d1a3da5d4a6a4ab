// Which failures are a lost connection worth another try, and the tries' pauses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseDownError } from './outage.ts';
import {
  isLostConnection,
  LOST_CONNECTION_PAUSES_MS,
  lostConnectionRetries,
  retryInHalvesOnLostConnection,
  retryOnLostConnection,
} from './lost-connection.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isLostConnection', () => {
  it('knows a connection that was open and is gone', () => {
    expect(isLostConnection(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isLostConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostConnection(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isLostConnection(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
  });

  it('does not take a database known down, a refused or slow connection, or a refused row for one', () => {
    expect(isLostConnection(new DatabaseDownError())).toBe(false);
    expect(isLostConnection(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(false);
    expect(isLostConnection(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isLostConnection(new Error('Query read timeout'))).toBe(false);
    expect(isLostConnection(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isLostConnection('Connection terminated unexpectedly')).toBe(false);
  });
});

describe('retryOnLostConnection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after each pause while the connection is lost, and returns the first success', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const result = retryOnLostConnection(async () => {
      calls++;
      if (calls < 3) throw new Error('Connection terminated unexpectedly');
      return 'stored';
    });
    await vi.advanceTimersByTimeAsync(LOST_CONNECTION_PAUSES_MS[0] - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(LOST_CONNECTION_PAUSES_MS[1]);
    await expect(result).resolves.toBe('stored');
    expect(calls).toBe(3);
  });

  it('throws the last failure once the pauses are used up, counting each try started again', async () => {
    const before = lostConnectionRetries();
    let calls = 0;
    const lost = retryOnLostConnection(async () => {
      calls++;
      throw withCode(`terminated ${calls}`, '57P01');
    }, [0, 0]);
    await expect(lost).rejects.toThrow('terminated 3');
    expect(calls).toBe(3);
    expect(lostConnectionRetries() - before).toBe(2);
  });

  it('does not try again for any other failure', async () => {
    const before = lostConnectionRetries();
    let calls = 0;
    const refused = retryOnLostConnection(async () => {
      calls++;
      throw withCode('duplicate key value violates unique constraint', '23505');
    });
    await expect(refused).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
    expect(lostConnectionRetries()).toBe(before);
  });
});

describe('retryOnLostConnection within its budget', () => {
  it('starts no try later than the budget allows after the first', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const lost = retryOnLostConnection(
      async () => {
        calls++;
        // Each try takes 400 ms before its connection is lost.
        await new Promise((resolve) => setTimeout(resolve, 400));
        throw new Error('Connection terminated unexpectedly');
      },
      [10, 10, 10, 10],
      1_000,
    ).catch((err: Error) => err.message);
    await vi.advanceTimersByTimeAsync(2_000);
    // Tries start at 0, 410 and 820 ms; a fourth would start at 1,230.
    expect(calls).toBe(3);
    await expect(lost).resolves.toMatch(/terminated/);
    vi.useRealTimers();
  });
});

describe('retryInHalvesOnLostConnection', () => {
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const lost = () => new Error('Connection terminated unexpectedly');

  it('writes a piece cut by a lost connection again in halves, until the pieces are short enough to get through', async () => {
    const before = lostConnectionRetries();
    const tried: number[][] = [];
    const written: number[] = [];
    const gaveUp: number[][] = [];
    await retryInHalvesOnLostConnection(
      numbers(20),
      async (piece) => {
        tried.push(piece);
        // As a connection cut every so often cuts any statement that runs long.
        if (piece.length > 5) throw lost();
        written.push(...piece);
      },
      (piece) => gaveUp.push(piece),
      [0, 0, 0, 0, 0],
    );
    expect(written).toEqual(numbers(20));
    expect(gaveUp).toEqual([]);
    expect(tried.map((p) => p.length)).toEqual([20, 10, 5, 5, 10, 5, 5]);
    // One loss tried again for each piece that was cut: 20, and its two halves of 10.
    expect(lostConnectionRetries() - before).toBe(3);
  });

  it('gives up only the pieces whose tries ran out; the others are written', async () => {
    const written: number[] = [];
    const gaveUp: Array<{ piece: number[]; message: string }> = [];
    await retryInHalvesOnLostConnection(
      numbers(8),
      async (piece) => {
        if (piece.includes(7)) throw lost();
        written.push(...piece);
      },
      (piece, err) => gaveUp.push({ piece, message: (err as Error).message }),
      [0, 0],
    );
    expect(written).toEqual([1, 2, 3, 4, 5, 6]);
    expect(gaveUp).toEqual([{ piece: [7, 8], message: 'Connection terminated unexpectedly' }]);
  });

  it('gives a piece up at once for any other failure', async () => {
    let calls = 0;
    const gaveUp: number[][] = [];
    await retryInHalvesOnLostConnection(
      numbers(4),
      async () => {
        calls++;
        throw new DatabaseDownError();
      },
      (piece) => gaveUp.push(piece),
      [0, 0],
    );
    expect(calls).toBe(1);
    expect(gaveUp).toEqual([numbers(4)]);
  });

  it('starts no piece later than the budget allows after the first try', async () => {
    vi.useFakeTimers();
    const tried: number[][] = [];
    const gaveUp: number[][] = [];
    const done = retryInHalvesOnLostConnection(
      numbers(4),
      async (piece) => {
        tried.push(piece);
        if (piece.length === 4) throw lost();
        // The first half takes longer than what is left of the budget.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
      },
      (piece) => gaveUp.push(piece),
      [10],
      1_000,
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(tried).toEqual([numbers(4), [1, 2]]);
    expect(gaveUp).toEqual([[3, 4]]);
    vi.useRealTimers();
  });
});
