// A stable fingerprint of a normalised request, used to tell a genuine retry (same key,
// same body) from a reused key with a different body. Keys are sorted so property order
// does not matter; secret fields are left out (they are compared against their scrypt
// hash instead, so no fast hash of a password is ever stored).
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function fingerprint(path: string, input: Record<string, unknown>, omit: readonly string[] = []): string {
  const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !omit.includes(k)));
  return createHash('sha256')
    .update(path)
    .update('\n')
    .update(JSON.stringify(canonical(kept)))
    .digest('base64url');
}
