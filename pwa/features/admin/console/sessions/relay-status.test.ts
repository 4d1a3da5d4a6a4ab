import { describe, expect, it } from 'vitest';
import type { RelayStatus } from '../../../../../contract/relay.ts';
import { relayStatusText } from './relay-status.ts';

const relay: RelayStatus = {
  relay: true,
  upstream: 'https://leads.example.in',
  waiting: 0,
  forwarded: 12,
  failed: 0,
  lastError: null,
  waitingReason: null,
};

describe('the relay status line', () => {
  it('says what has gone when nothing waits', () => {
    expect(relayStatusText(relay)).toBe('This laptop is a relay to https://leads.example.in: 0 waiting to go, 12 delivered.');
  });

  it('says why the waiting ones are not going while the upstream refuses the key', () => {
    const revoked = 'The upstream answered 401: This relay key is not valid or has been revoked';
    expect(relayStatusText({ ...relay, waiting: 3, lastError: revoked, waitingReason: revoked })).toBe(
      `This laptop is a relay to https://leads.example.in: 3 waiting to go, 12 delivered. Not going yet: ${revoked}.`,
    );
  });

  it('names what the upstream refused for good', () => {
    expect(relayStatusText({ ...relay, failed: 1, lastError: 'Please answer all 30 questions' })).toBe(
      'This laptop is a relay to https://leads.example.in: 0 waiting to go, 12 delivered, 1 refused (Please answer all 30 questions).',
    );
  });
});
