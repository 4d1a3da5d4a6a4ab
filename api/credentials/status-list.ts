// The revocation lists (W3C Bitstring Status List v1.0): one bit per issued credential, set
// when its certificate is withdrawn (erased at its holder's request). The list is a
// credential too, signed like the badges: GZIP-compressed, base64url with multibase's "u".
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { STATUS_LIST_LENGTH, statusListPath } from '../../contract/credentials.ts';
import type { Database } from '../db/schema.ts';
import { VC_CONTEXT } from './credential.ts';

/** Bit `i` of the list is the i-th bit from the left (the spec's order: index 0 is the first byte's high bit). */
export function encodeBits(revoked: Iterable<number>, length = STATUS_LIST_LENGTH): string {
  const bytes = new Uint8Array(length / 8);
  for (const bit of revoked) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** The bits set in list `list` (from 1): the withdrawn certificates that had a credential. */
export async function revokedBits(db: Kysely<Database>, list: number): Promise<number[]> {
  const first = (list - 1) * STATUS_LIST_LENGTH;
  const rows = await db
    .selectFrom('credential_status as s')
    .innerJoin('withdrawn_certificates as w', 'w.certificate_id', 's.certificate_id')
    .select('s.status_index')
    .where('s.status_index', '>=', first)
    .where('s.status_index', '<', first + STATUS_LIST_LENGTH)
    .execute();
  return rows.map((r) => Number(r.status_index) - first);
}

export function statusListCredential(publicUrl: string, issuerId: string, list: number, encodedList: string, now: Date) {
  const id = `${publicUrl}${statusListPath(list)}`;
  return {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerId,
    validFrom: now.toISOString(),
    credentialSubject: { id: `${id}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
  };
}
