// The relay's settings: both or neither, a key of the console's shape, and its links the upstream's.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const KEY = `rk_${'a'.repeat(43)}`;

describe('the classroom relay settings', () => {
  it('makes an instance a relay whose links (a certificate) are the upstream’s unless PUBLIC_URL says otherwise', () => {
    const relay = loadConfig({ PORT: '3000', RELAY_UPSTREAM_URL: 'https://skillup.example.in/', RELAY_KEY: KEY });
    expect(relay.relay).toEqual({ upstreamUrl: 'https://skillup.example.in', key: KEY });
    expect(relay.publicUrl).toBe('https://skillup.example.in');
    expect(loadConfig({ RELAY_UPSTREAM_URL: 'https://a.example', RELAY_KEY: KEY, PUBLIC_URL: 'https://b.example' }).publicUrl).toBe(
      'https://b.example',
    );
    expect(loadConfig({ PORT: '3000' }).relay).toBeUndefined();
  });

  it('refuses half a relay, a URL that is not http(s), and a key not made in the console', () => {
    expect(() => loadConfig({ RELAY_UPSTREAM_URL: 'https://a.example' })).toThrow(/go together/);
    expect(() => loadConfig({ RELAY_KEY: KEY })).toThrow(/go together/);
    expect(() => loadConfig({ RELAY_UPSTREAM_URL: 'ftp://a.example', RELAY_KEY: KEY })).toThrow(/http/);
    expect(() => loadConfig({ RELAY_UPSTREAM_URL: 'https://a.example', RELAY_KEY: 'secret' })).toThrow(/made in the console/);
  });
});
