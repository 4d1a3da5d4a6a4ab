// Capped exponential backoff with jitter: attempt 1 waits about 2 s, doubling to a cap of
// 5 minutes; each delay is drawn from its upper half so a classroom of phones that lost
// Wi-Fi together does not retry in lockstep, yet no retry comes sooner than half the step.

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** How long a delivery waits for its answer before it counts as no answer and is retried. */
export const DELIVERY_TIMEOUT_MS = 20_000;

export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date), as ms; undefined if absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, BACKOFF_CAP_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), BACKOFF_CAP_MS);
}
