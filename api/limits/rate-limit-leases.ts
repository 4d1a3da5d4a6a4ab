// The leases of the rate limiter (rate-limit.ts): allowance an address's bucket of one
// second was charged for in the database and this instance has not spent yet. A lease is
// only ever spent in the second it was charged to; what is left when that second ends is
// handed back (as a Refund) to be returned to that same bucket.

/** Allowance charged to an address's bucket of `second` and not yet spent by this instance. */
interface Lease {
  second: number;
  left: number;
  /** The extra asked for last time (the next ask doubles it, up to the cap). */
  size: number;
  /** Submissions this instance admitted for the address in `second`. */
  admitted: number;
  /** When the database refused this address in `second`: the moment it said to retry (ms). */
  refusedUntil?: number;
}

/** Allowance to give back to an address's bucket of `second`. */
export interface Refund {
  address: string;
  second: number;
  amount: number;
}

/** What a round left over for an address in a second. */
export interface RoundLeftover {
  left: number;
  admitted: number;
  /** The extra that was asked for. */
  size: number;
  refusedUntil: number | undefined;
}

export type LocalAnswer = { kind: 'granted' } | { kind: 'refused'; retryAfterSeconds: number } | undefined;

const byAddressThenSecond = (x: Refund, y: Refund) => (x.address < y.address ? -1 : x.address > y.address ? 1 : x.second - y.second);

export class LeaseBook {
  private readonly leases = new Map<string, Lease>();
  /** Leases that hold allowance. */
  private readonly holding = new Set<string>();
  /** Ended leases not yet given back. */
  private unreturned: Refund[] = [];

  /** @param cap The most a lease may hold beyond the waiting requests: a second's share of the limit. */
  constructor(private readonly cap: number) {}

  get holdsAllowance(): boolean {
    return this.holding.size > 0;
  }

  /** Ends the leases charged to seconds before `second`; what they hold, to give back (in one lock order). */
  endBefore(second: number): Refund[] {
    const ended = this.unreturned;
    this.unreturned = [];
    for (const address of this.holding) {
      const lease = this.leases.get(address)!;
      if (lease.second === second) continue;
      ended.push({ address, second: lease.second, amount: lease.left });
      lease.left = 0;
      this.holding.delete(address);
    }
    return ended.sort(byAddressThenSecond);
  }

  /** Takes what is left of `address`'s lease of `second`, to go towards a round's costs. */
  pool(address: string, second: number): number {
    const lease = this.leases.get(address);
    if (!lease || lease.second !== second) return 0;
    const left = lease.left;
    lease.left = 0;
    this.holding.delete(address);
    return left;
  }

  /**
   * The extra to ask for beyond `cost`: an address that needed a round this second or the
   * last asks for twice as much more each time, while this instance's admissions for it this
   * second stay within the cap (beyond that rate leasing could hold allowance the other
   * instances are refused for); anyone else asks for just what it needs.
   */
  extra(address: string, second: number, cost: number): number {
    const lease = this.leases.get(address);
    if (this.cap === 0 || lease === undefined || lease.second < second - 1) return 0;
    const room = this.cap - (lease.second === second ? lease.admitted : 0) - cost;
    return room > 0 ? Math.min(room, Math.max(cost, lease.size * 2)) : 0;
  }

  /** Records what a round left over for `address` in `second` (added to what its lease already holds). */
  keep(address: string, second: number, leftover: RoundLeftover): void {
    const lease = this.leases.get(address);
    if (lease && lease.left > 0 && lease.second !== second) this.unreturned.push({ address, second: lease.second, amount: lease.left });
    const same = lease !== undefined && lease.second === second;
    this.leases.set(address, {
      second,
      left: leftover.left + (same ? lease.left : 0),
      size: leftover.size,
      admitted: leftover.admitted + (same ? lease.admitted : 0),
      refusedUntil: leftover.refusedUntil,
    });
    this.track(address);
  }

  /**
   * Spends `cost` of `address`'s lease when it is of the current second and covers it;
   * or answers refused when the database refused the address earlier in this same second
   * (a flood past its limit then costs no round trips). Undefined: ask the database.
   */
  answer(address: string, cost: number, now: number): LocalAnswer {
    const lease = this.leases.get(address);
    if (!lease || lease.second !== Math.floor(now / 1000)) return undefined;
    if (this.spend(address, cost)) return { kind: 'granted' };
    if (lease.refusedUntil !== undefined && lease.refusedUntil > now) {
      return { kind: 'refused', retryAfterSeconds: Math.max(1, Math.ceil((lease.refusedUntil - now) / 1000)) };
    }
    return undefined;
  }

  /** Spends `cost` of what `address`'s lease holds, if it holds that much. */
  spend(address: string, cost: number): boolean {
    const lease = this.leases.get(address);
    if (!lease || lease.left < cost) return false;
    lease.left -= cost;
    lease.admitted += cost;
    this.track(address);
    return true;
  }

  /** Forgets leases of seconds before the last that hold nothing. */
  sweep(second: number): void {
    for (const [address, lease] of this.leases) if (lease.second < second - 1 && !this.holding.has(address)) this.leases.delete(address);
  }

  private track(address: string): void {
    if (this.leases.get(address)!.left > 0) this.holding.add(address);
    else this.holding.delete(address);
  }
}
