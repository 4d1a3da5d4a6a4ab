// Fails fast while Postgres is known to be unreachable. Without it, every request in an
// outage opened a connection of its own and waited for it to fail (a refused port at once,
// a black-holed network only after the pool's 5 s connect timeout), and the phones'
// outboxes, retrying, multiplied those attempts: answers queued behind them and slowed to
// seconds. Once a new connection has failed for a reason that means "no database here", the
// pool is not asked again for RECHECK_MS: requests get a 503 at once (the outbox retries it,
// nothing is lost). After that one attempt goes through, and its outcome decides.
/** How long "the database is down" holds before one connection attempt checks again (ms). */
export const RECHECK_MS = 250;

/** A connection refused while the database is known down: a 503 like any lost connection (SQLSTATE class 08). */
export class DatabaseDownError extends Error {
  readonly code = '08001';
  constructor() {
    super('database unavailable: the last connection attempt failed; retrying shortly');
  }
}

/** Node's network failures: nothing answers at the database's address. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** Postgres turning connections away while it starts or stops (57P01-57P03), or a cut during the handshake (class 08). */
const SERVER_CODES = /^(57P0[123]|08)/;

/**
 * Whether a failed connection attempt means the database is away. A queue wait for a free
 * pool client ("timeout exceeded when trying to connect") is the pool being busy, not the
 * database being down; wrong credentials are a configuration error that a 503 would hide.
 */
export function isConnectFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return NETWORK_CODES.has(code) || SERVER_CODES.test(code);
  // pg's own words for a connection lost during the handshake or its connect timeout.
  return /^Connection terminated/.test(err.message);
}

export interface OutageGate {
  /** Opens a connection with `open`, or rejects at once with DatabaseDownError while the database is known down. */
  connect<C>(open: () => Promise<C>): Promise<C>;
  /** True from a failed connection attempt until one succeeds. */
  readonly down: boolean;
  /** True while a connection asked for now would be refused at once (down, and its one check is under way or not yet due). */
  readonly refusing: boolean;
}

export function createOutageGate(options: { recheckMs?: number; now?: () => number; log?: (line: string) => void } = {}): OutageGate {
  const { recheckMs = RECHECK_MS, now = Date.now, log = () => {} } = options;
  let down = false;
  let recheckAt = 0;
  let checking = false;
  // While down, only one attempt at a time, and not before recheckAt: the others are answered now.
  const refusing = () => down && (checking || now() < recheckAt);
  return {
    get down() {
      return down;
    },
    get refusing() {
      return refusing();
    },
    async connect<C>(open: () => Promise<C>): Promise<C> {
      if (refusing()) throw new DatabaseDownError();
      const check = down;
      if (check) checking = true;
      try {
        const client = await open();
        if (down) log('database reachable again');
        down = false;
        return client;
      } catch (err) {
        if (isConnectFailure(err)) {
          if (!down) log(`database unreachable (${err instanceof Error ? err.message : String(err)}): answering 503 at once`);
          down = true;
          recheckAt = now() + recheckMs;
        }
        throw err;
      } finally {
        if (check) checking = false;
      }
    },
  };
}
