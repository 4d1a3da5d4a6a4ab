// Admin configuration rules and the JWT key: JWT_SECRET at least 32 bytes and required in
// production; otherwise one generated once and kept in DATA_DIR.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { resolveJwtSecret } from './auth.ts';

describe('admin and mail configuration', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('requires a JWT_SECRET of at least 32 bytes in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ JWT_SECRET: 'too short' })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('generates a key once in DATA_DIR outside production, and reuses it after a restart', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret).toBeUndefined();
    const lines: string[] = [];
    const first = resolveJwtSecret(config, (l) => lines.push(l));
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }), () => {})).toBe(first);
    expect(lines).toHaveLength(1);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) }), () => {})).toBe('y'.repeat(40));
  });

  it('checks the admin, mail and CORS variables', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'short' })).toThrow(/8 to 128/);
    expect(loadConfig({ ADMIN_EMAIL: ' Boss@Example.org ', ADMIN_PASSWORD: 'long enough' }).adminEmail).toBe('boss@example.org');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://skills.example.in/' }).mailFrom).toBe(
      'SkillUp Soft Skills Academy <no-reply@skills.example.in>',
    );
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example:8443/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({}).mailMaxAttempts).toBe(20);
  });
});
