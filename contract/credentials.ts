// Verifiable credentials: each certificate is also an Open Badges 3.0 credential (W3C
// Verifiable Credentials 2.0), secured as a VC-JWT signed with the site's Ed25519 key.
// The paths a verifier needs: the credential, the key, the issuer and the revocation list.

/** The media type of a VC-JWT (VC-JOSE-COSE). */
export const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';

export const CREDENTIAL_PATHS = {
  /** The site's public signing keys, as a JSON Web Key Set. */
  jwks: '/.well-known/jwks.json',
  /** The issuer's Open Badges Profile (the credential's issuer.id). */
  issuer: '/api/v1/credentials/issuer',
  /** The achievement every certificate attests. */
  achievement: '/api/v1/credentials/achievements/personality-profile',
  /** The Bitstring Status Lists, numbered from 1. */
  statusLists: '/api/v1/credentials/status',
} as const;

export function credentialPath(certificateId: string): string {
  return `/api/v1/certificates/${certificateId}/credential`;
}

export function statusListPath(list: number): string {
  return `${CREDENTIAL_PATHS.statusLists}/${list}`;
}

/** Entries per status list: the recommended minimum, so one revoked bit does not single anyone out. */
export const STATUS_LIST_LENGTH = 131_072;

/** Where entry `index` is: its list (from 1) and its bit within that list. */
export function statusListPlace(index: number): { list: number; bit: number } {
  return { list: Math.floor(index / STATUS_LIST_LENGTH) + 1, bit: index % STATUS_LIST_LENGTH };
}

export const CREDENTIAL_TEXT = {
  download: 'Download verifiable credential',
  explain:
    'An Open Badges 3.0 credential, signed by the academy: any verifier checks it against our published key and revocation list, without asking us.',
} as const;
