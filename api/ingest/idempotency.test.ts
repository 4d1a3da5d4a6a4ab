// The protocol's answers on their own: replay, 422 and 409, with and without a secret.
import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { API_MESSAGES } from '../../contract/messages.ts';
import { hashPassword } from '../auth/passwords.ts';
import { repeatAnswer, replay } from './idempotency.ts';
import type { LeadResource } from './ingest.ts';
import type { Stored } from './statements.ts';

const resource = {
  path: '/test',
  table: 'join_now_users',
  schema: object({ password: string() }),
  toColumns: () => ({}) as never,
  respond: (row: { id: string }) => ({ status: 201, body: { id: row.id } }),
} as unknown as LeadResource<'join_now_users'>;
const withSecret = { ...resource, secretField: 'password' } as LeadResource<'join_now_users'>;
const row = (hash: string, passwordHash?: string) =>
  ({ id: 'r1', idempotency_key: 'k', request_hash: hash, password_hash: passwordHash }) as unknown as Stored<'join_now_users'>;

describe('idempotency answers', () => {
  it('replays the original answer for the same fingerprint, 422 for another', async () => {
    expect(await replay(resource, row('h1'), 'h1', undefined)).toEqual({ status: 201, body: { id: 'r1' }, replayed: true });
    expect(await replay(resource, row('h1'), 'h2', undefined)).toEqual({
      status: 422,
      body: { message: API_MESSAGES.idempotencyConflict },
    });
  });

  it('replays a kind with a secret only when the secret matches its stored hash', async () => {
    const stored = row('h1', await hashPassword('secret12'));
    expect((await replay(withSecret, stored, 'h1', 'secret12')).status).toBe(201);
    expect((await replay(withSecret, stored, 'h1', 'different')).status).toBe(422);
    expect((await replay(withSecret, stored, 'h1', undefined)).status).toBe(422);
  });

  it('answers a repeat inside a batch like a retry of the first', () => {
    const first = { status: 201, body: { id: 'r1' } };
    expect(repeatAnswer(first, true)).toEqual({ ...first, replayed: true });
    expect(repeatAnswer(first, false)).toEqual({ status: 422, body: { message: API_MESSAGES.idempotencyConflict } });
    expect(repeatAnswer(undefined, true)).toEqual({ status: 409, body: { message: API_MESSAGES.idempotencyInFlight } });
  });
});
