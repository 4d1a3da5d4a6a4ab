// A registration the webinar can no longer take: it was cancelled, has started, or never was
// (a stale page's choice). Final answers (422), so the outbox shows the visitor the reason
// instead of retrying for ever.
import { WEBINAR_MESSAGES } from '../../contract/webinars.ts';
import type { Answer } from '../ingest/ingest.ts';

/** Thrown in the registration's transaction when its webinar is closed. */
export class WebinarClosed extends Error {
  constructor() {
    super(WEBINAR_MESSAGES.closed);
  }
}

const FOREIGN_KEY_VIOLATION = '23503';

export function webinarRefusal(err: unknown): Answer | undefined {
  if (err instanceof WebinarClosed)
    return { status: 422, body: { message: WEBINAR_MESSAGES.closed, errors: { webinar: WEBINAR_MESSAGES.closed } } };
  if ((err as { code?: unknown })?.code === FOREIGN_KEY_VIOLATION)
    return { status: 422, body: { message: WEBINAR_MESSAGES.unknown, errors: { webinar: WEBINAR_MESSAGES.unknown } } };
  return undefined;
}
