// The outage gate: after a connection attempt fails because nothing answers, requests are
// answered at once (a 503) instead of each trying a connection, until one check succeeds.
// Time is a hand-moved clock; nothing sleeps.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { createOutageGate, DatabaseDownError, isConnectFailure } from './outage.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function setup() {
  let now = 1_000_000;
  const lines: string[] = [];
  const gate = createOutageGate({ recheckMs: 250, now: () => now, log: (l) => lines.push(l) });
  let attempts = 0;
  let outcome: 'refuse' | 'ok' = 'refuse';
  const open = async () => {
    attempts++;
    if (outcome === 'refuse') throw refused();
    return 'client';
  };
  return {
    gate,
    lines,
    open,
    attempts: () => attempts,
    advance: (ms: number) => (now += ms),
    set: (o: 'refuse' | 'ok') => (outcome = o),
  };
}

describe('the outage gate', () => {
  it('answers at once while the database is known down, checks again after the pause, and opens when it is back', async () => {
    const t = setup();
    expect(t.gate.down).toBe(false);
    expect(t.gate.refusing).toBe(false);
    await expect(t.gate.connect(t.open)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.gate.down).toBe(true);
    expect(t.gate.refusing).toBe(true);
    // Within the pause: no attempt is made, the answer is a database-unavailable error (503).
    for (let i = 0; i < 5; i++) await expect(t.gate.connect(t.open)).rejects.toBeInstanceOf(DatabaseDownError);
    t.advance(249);
    await expect(t.gate.connect(t.open)).rejects.toBeInstanceOf(DatabaseDownError);
    expect(t.attempts()).toBe(1);
    // After it: one attempt checks (still refused), and the pause starts again.
    t.advance(1);
    await expect(t.gate.connect(t.open)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.attempts()).toBe(2);
    await expect(t.gate.connect(t.open)).rejects.toBeInstanceOf(DatabaseDownError);
    // The database is back: the next check succeeds and every request goes through again.
    t.set('ok');
    t.advance(250);
    expect(t.gate.refusing).toBe(false);
    expect(await t.gate.connect(t.open)).toBe('client');
    expect(t.gate.down).toBe(false);
    expect(t.gate.refusing).toBe(false);
    expect(await t.gate.connect(t.open)).toBe('client');
    expect(t.attempts()).toBe(4);
    expect(t.lines).toEqual([expect.stringMatching(/^database unreachable \(connect ECONNREFUSED/), 'database reachable again']);
  });

  it('lets one check through at a time: the others are answered while it waits', async () => {
    const t = setup();
    await expect(t.gate.connect(t.open)).rejects.toThrow();
    t.advance(250);
    let finish: (client: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    expect(t.gate.refusing).toBe(false);
    const check = t.gate.connect(slow);
    expect(t.gate.refusing).toBe(true);
    await expect(t.gate.connect(t.open)).rejects.toBeInstanceOf(DatabaseDownError);
    finish('client');
    expect(await check).toBe('client');
    expect(t.gate.down).toBe(false);
  });

  it('is not tripped by a busy pool or a refused login, only by a database that is away', async () => {
    const busy = new Error('timeout exceeded when trying to connect');
    const login = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    expect(isConnectFailure(busy)).toBe(false);
    expect(isConnectFailure(login)).toBe(false);
    expect(isConnectFailure(refused())).toBe(true);
    expect(isConnectFailure(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isConnectFailure(new Error('Connection terminated due to connection timeout'))).toBe(true);
    const gate = createOutageGate({ now: () => 0 });
    await expect(gate.connect(() => Promise.reject(busy))).rejects.toBe(busy);
    await expect(gate.connect(() => Promise.reject(login))).rejects.toBe(login);
    expect(gate.down).toBe(false);
    expect(await gate.connect(async () => 'client')).toBe('client');
  });

  it('gives an error the API answers as 503 (retried by the outbox)', () => {
    expect(isDatabaseUnavailable(new DatabaseDownError())).toBe(true);
  });
});
