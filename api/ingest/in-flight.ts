// The keys this instance is processing right now. A repeat that arrives while the first
// request with its key is still being validated, hashed or inserted is answered 409
// (retry shortly) at once, without a database round trip and without hashing a password
// twice. Other instances are kept apart by the advisory lock in the insert (statements.ts).
// One set per app (createIngest), so two apps in one test process are two instances.
export interface InFlightKeys {
  /** True, and the key is held until released, when no other request of this instance holds it. */
  claim(table: string, key: string): boolean;
  release(table: string, key: string): void;
  /** How many keys are held (for tests and diagnostics). */
  readonly size: number;
}

export function createInFlightKeys(): InFlightKeys {
  const held = new Set<string>();
  const slot = (table: string, key: string) => `${table}\u0000${key}`;
  return {
    claim(table, key) {
      const s = slot(table, key);
      if (held.has(s)) return false;
      held.add(s);
      return true;
    },
    release(table, key) {
      held.delete(slot(table, key));
    },
    get size() {
      return held.size;
    },
  };
}
