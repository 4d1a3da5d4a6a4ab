// Turns anything thrown in a handler into a JSON answer: HttpErrors as they are, a lost
// database as 503 (retryable by the outbox), anything else as a logged 500 that never
// shows a stack trace.
import type { Log } from '../lib/logger.ts';
import { redactPath } from './request-log.ts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_MESSAGES } from '../../contract/messages.ts';
import { HttpError } from './http.ts';
import { throttledLog } from '../lib/throttled-log.ts';

/** Seconds a client is asked to wait before sending again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|PGlite is closed/i.test(
    err.message,
  );
}

/**
 * What an unexpected failure answers, for code that answers per item rather than throwing
 * (the sync batch): 503 while the database is away (retried), otherwise a logged 500.
 */
export function failureAnswer(err: unknown, log: (line: string) => void, where: string): { status: number; body: { message: string } } {
  const message = err instanceof Error ? err.message : String(err);
  if (isDatabaseUnavailable(err)) {
    log(`database unavailable (${where}): ${message}`);
    return { status: 503, body: { message: API_MESSAGES.unavailable } };
  }
  log(`error in ${where}: ${err instanceof Error ? (err.stack ?? message) : message}`);
  return { status: 500, body: { message: API_MESSAGES.internal } };
}

/** The 503 of a database that is away: retryable, after Retry-After (the outbox honours it). */
export function unavailableResponse(c: Context): Response {
  c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return c.json({ message: API_MESSAGES.unavailable }, 503);
}

export function errorHandler(log: Log) {
  // In an outage every request meets it: one line a second, with how many were left out
  // (each request still has its own line in the request log).
  const unavailable = throttledLog((line) => log(line, { level: 'warn' }));
  return (err: Error, c: Context): Response => {
    if (err instanceof HttpError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(err.toBody(), err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ message: err.message || API_MESSAGES.internal }, err.status);
    }
    if (isDatabaseUnavailable(err)) {
      unavailable(`database unavailable: ${err.message}`);
      return unavailableResponse(c);
    }
    log(`error on ${c.req.method} ${redactPath(c.req.path)}: ${err.stack ?? err.message}`, { level: 'error', reqId: c.get('requestId') });
    return c.json({ message: API_MESSAGES.internal }, 500);
  };
}
