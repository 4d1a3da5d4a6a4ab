// A certificate as an Open Badges 3.0 credential: an OpenBadgeCredential in the W3C
// Verifiable Credentials 2.0 data model, secured as a VC-JWT (VC-JOSE-COSE: the JWT's
// payload is the credential itself, EdDSA over Ed25519, `kid` naming the published key).
// The recipient is a salted SHA-256 of their email, never the email; a student who gave a
// roll number only is named, as on the certificate's public page.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { BRAND } from '../../contract/brand.ts';
import { CREDENTIAL_PATHS, credentialPath, statusListPath, statusListPlace } from '../../contract/credentials.ts';
import { certificatePagePath } from '../../contract/quiz/api.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { SigningKey } from './keys.ts';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** What a credential is made from: the certificate's row (with the email the page never shows). */
export interface CredentialSource {
  certificate_id: string;
  name: string;
  email: string | null;
  created_at: unknown;
}

/** The certificate's place in the status list and its salt, made the first time it is asked for. */
export async function statusEntry(db: Kysely<Database>, certificateId: string): Promise<{ index: number; salt: string }> {
  await db
    .insertInto('credential_status')
    .values({ certificate_id: certificateId, salt: randomBytes(16).toString('hex') })
    .onConflict((oc) => oc.column('certificate_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('credential_status')
    .select(['status_index', 'salt'])
    .where('certificate_id', '=', certificateId)
    .executeTakeFirstOrThrow();
  return { index: Number(row.status_index), salt: row.salt };
}

/** OB 3.0's identityHash: "sha256$" and the hex SHA-256 of the value followed by the salt. */
export function identityHash(value: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(value + salt)
    .digest('hex')}`;
}

export function issuerProfile(publicUrl: string) {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `${publicUrl}${CREDENTIAL_PATHS.issuer}`,
    type: ['Profile'],
    name: BRAND.name,
    url: publicUrl,
    email: BRAND.email,
    phone: BRAND.phone,
  };
}

export function achievement(publicUrl: string) {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `${publicUrl}${CREDENTIAL_PATHS.achievement}`,
    type: ['Achievement'],
    achievementType: 'Assessment',
    name: `${BRAND.shortName} Personality Profile`,
    description:
      'Completed the 30-statement personality profile (Big Five domains, statements from the public-domain International Personality Item Pool). It describes personal style, not ability.',
    criteria: { narrative: 'Answer all 30 statements of the personality test; the profile is scored by the academy.' },
    creator: { id: `${publicUrl}${CREDENTIAL_PATHS.issuer}`, type: ['Profile'], name: BRAND.name },
  };
}

function recipientIdentifiers(source: CredentialSource, salt: string) {
  const byName = { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: source.name };
  if (!source.email) return [byName];
  const email = source.email.trim().toLowerCase();
  return [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, identityHash: identityHash(email, salt), salt }, byName];
}

/** The unsigned credential. */
export function openBadgeCredential(source: CredentialSource, entry: { index: number; salt: string }, publicUrl: string) {
  const { list } = statusListPlace(entry.index);
  const listUrl = `${publicUrl}${statusListPath(list)}`;
  const { '@context': _context, ...badge } = achievement(publicUrl);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `${publicUrl}${credentialPath(source.certificate_id)}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${BRAND.shortName} Personality Profile`,
    issuer: (({ '@context': _c, ...profile }) => profile)(issuerProfile(publicUrl)),
    validFrom: iso(source.created_at),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: recipientIdentifiers(source, entry.salt),
      achievement: badge,
    },
    evidence: [
      { id: `${publicUrl}${certificatePagePath(source.certificate_id)}`, type: ['Evidence'], name: 'The certificate and its profile' },
    ],
    credentialStatus: {
      id: `${listUrl}#${entry.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(entry.index),
      statusListCredential: listUrl,
    },
  };
}

/** Any credential (the badge, a status list) as a VC-JWT. */
export function signCredential(credential: Record<string, unknown>, key: SigningKey): Promise<string> {
  return new SignJWT(credential).setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'vc+jwt', cty: 'vc' }).sign(key.privateKey);
}
