// Builds the real app around a test database, and small helpers to call it in-process.
import path from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { TestDatabase } from './databases.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PORT: '0', DATA_DIR: path.join('/tmp', 'unused-test-data') }),
    publicUrl: 'http://test.local',
    ...overrides,
  };
}

export function testApp(database: TestDatabase, overrides: Partial<Config> = {}) {
  const lines: string[] = [];
  const app = createApp(
    { db: database.db, config: testConfig(overrides), log: (l) => lines.push(l), ping: () => database.ping() },
    { logRequests: false },
  );
  return { app, lines };
}

export function postJson(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}
