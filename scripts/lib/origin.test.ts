import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { buildOrigin } from './origin.mjs';

describe('the prerender’s origin', () => {
  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(buildOrigin({ PUBLIC_URL: 'https://skillup.example.in/', PORT: '8080' })).toBe('https://skillup.example.in');
  });

  it('follows PORT when PUBLIC_URL is unset, as the server does', () => {
    expect(buildOrigin({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(buildOrigin({})).toBe('http://localhost:3000');
    for (const env of [{ PORT: '8080' }, {}, { PUBLIC_URL: 'https://skillup.example.in' }]) {
      expect(buildOrigin(env)).toBe(loadConfig(env).canonicalOrigin);
    }
  });
});
