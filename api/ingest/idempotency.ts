// The answers of the idempotency protocol (../shared/design.md, "The outbox protocol"): a key stored
// with the same fingerprint replays the original answer, with another fingerprint is 422,
// and a key another request is processing right now is 409 (retryable).
import { API_MESSAGES } from '../../contract/messages.ts';
import type { LeadTable } from '../db/schema.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Answer, LeadResource } from './resource.ts';
import type { Stored } from './statements.ts';

export function conflictAnswer(): Answer {
  return { status: 422, body: { message: API_MESSAGES.idempotencyConflict } };
}

export function inFlightAnswer(): Answer {
  return { status: 409, body: { message: API_MESSAGES.idempotencyInFlight } };
}

/** The field a resource keeps only as a hash, from a validated input (undefined when it has none). */
export function secretOf(resource: Pick<LeadResource, 'secretField'>, input: Record<string, unknown>): unknown {
  return resource.secretField ? input[resource.secretField] : undefined;
}

/**
 * The answer to a submission whose key is already stored: the original answer again when
 * the fingerprint matches (and the secret matches its stored hash; a fingerprint never
 * holds a password), otherwise 422.
 */
export async function replay<T extends LeadTable>(
  resource: LeadResource<T>,
  row: Stored<T>,
  hash: string,
  secret: unknown,
): Promise<Answer> {
  if (row.request_hash !== hash) return conflictAnswer();
  if (resource.secretField) {
    const stored = String(row.password_hash ?? '');
    if (typeof secret !== 'string' || !(await verifyPassword(secret, stored))) return conflictAnswer();
  }
  return { ...resource.respond(row), replayed: true };
}

/**
 * A key repeated inside one batch answers like a retry of its first occurrence: the same
 * answer (replayed) for the same fingerprint and secret, 422 for another, 409 when the
 * first has no answer (it was not processed).
 */
export function repeatAnswer(first: Answer | undefined, sameSubmission: boolean): Answer {
  if (!first) return inFlightAnswer();
  if (!sameSubmission) return conflictAnswer();
  return { ...first, replayed: true };
}
