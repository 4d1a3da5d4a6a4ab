import { describe, expect, it } from 'vitest';
import { createInFlightKeys } from './in-flight.ts';

describe('in-flight keys', () => {
  it('lets one request hold a key of a table until it releases it', () => {
    const keys = createInFlightKeys();
    expect(keys.claim('contact_messages', 'k1')).toBe(true);
    expect(keys.claim('contact_messages', 'k1')).toBe(false);
    // Another table's key of the same spelling is another submission.
    expect(keys.claim('enquiries', 'k1')).toBe(true);
    expect(keys.size).toBe(2);
    keys.release('contact_messages', 'k1');
    expect(keys.claim('contact_messages', 'k1')).toBe(true);
  });

  it('keeps two instances apart: each has its own keys', () => {
    const a = createInFlightKeys();
    const b = createInFlightKeys();
    expect(a.claim('contact_messages', 'k')).toBe(true);
    expect(b.claim('contact_messages', 'k')).toBe(true);
  });
});
