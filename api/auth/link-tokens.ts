// The single-use tokens emailed as links (an admin's password reset, a visitor's erasure):
// 32 random bytes in base64url (contract/api.ts LINK_TOKEN_PATTERN), of which only the
// SHA-256 is stored, so the database alone cannot open a link.
import { createHash, randomBytes } from 'node:crypto';

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
