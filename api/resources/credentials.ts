// Verifiable credentials, public and read-only, for any verifier (CORS open):
//   GET /api/v1/certificates/{id}/credential   the certificate as an Open Badges 3.0 VC-JWT
//   GET /.well-known/jwks.json                 the public key(s) it is signed with
//   GET /api/v1/credentials/issuer             the issuer's Profile (the credential's issuer.id)
//   GET /api/v1/credentials/achievements/…     the Achievement it attests
//   GET /api/v1/credentials/status/{n}         revocation list n, a signed BitstringStatusListCredential
// A withdrawn certificate's credential is 410, as its page is, and its bit is set in the list.
import { Hono, type Context } from 'hono';
import { CREDENTIAL_MEDIA_TYPE, CREDENTIAL_PATHS, STATUS_LIST_LENGTH } from '../../contract/credentials.ts';
import { ERASURE_MESSAGES } from '../../contract/erasure.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { CERTIFICATE_NOT_FOUND } from '../certificate/page.ts';
import { isCertificateId } from '../certificate/store.ts';
import { achievement, issuerProfile, openBadgeCredential, signCredential, statusEntry } from '../credentials/credential.ts';
import { signingKey } from '../credentials/keys.ts';
import { encodeBits, revokedBits, statusListCredential } from '../credentials/status-list.ts';
import { nowOf, type Deps } from '../deps.ts';
import { isWithdrawn } from '../leads/erasure.ts';

const OPEN = { 'Access-Control-Allow-Origin': '*' };

function vcJwt(c: Context, jwt: string): Response {
  return c.body(jwt, 200, { ...OPEN, 'Content-Type': CREDENTIAL_MEDIA_TYPE, 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' });
}

async function credentialOf(deps: Deps, c: Context): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const row = isCertificateId(id)
    ? await deps.db
        .selectFrom('quiz_submissions')
        .select(['certificate_id', 'name', 'email', 'created_at'])
        .where('certificate_id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    if (await isWithdrawn(deps.db, id))
      return c.json({ message: ERASURE_MESSAGES.withdrawn }, 410, { ...OPEN, 'Cache-Control': 'no-store' });
    return c.json({ message: CERTIFICATE_NOT_FOUND }, 404, OPEN);
  }
  const [entry, key] = await Promise.all([statusEntry(deps.db, id), signingKey(deps.db, deps.config.credentialSigningKey)]);
  return vcJwt(c, await signCredential(openBadgeCredential(row, entry, deps.config.publicUrl), key));
}

async function statusList(deps: Deps, c: Context): Promise<Response> {
  const list = Number(c.req.param('list'));
  const lists = Math.ceil(2 ** 31 / STATUS_LIST_LENGTH);
  if (!Number.isInteger(list) || list < 1 || list > lists) return c.json({ message: API_MESSAGES.notFound }, 404, OPEN);
  const [bits, key] = await Promise.all([revokedBits(deps.db, list), signingKey(deps.db, deps.config.credentialSigningKey)]);
  const issuerId = issuerProfile(deps.config.publicUrl).id;
  return vcJwt(c, await signCredential(statusListCredential(deps.config.publicUrl, issuerId, list, encodeBits(bits), nowOf(deps)), key));
}

/** Mounted at / (its paths are whole), before the site and the API's catch-all 404. */
export function credentials(deps: Deps): Hono {
  return new Hono()
    .get('/api/v1/certificates/:id/credential', (c) => credentialOf(deps, c))
    .get(CREDENTIAL_PATHS.jwks, async (c) => {
      const key = await signingKey(deps.db, deps.config.credentialSigningKey);
      return c.json({ keys: [key.publicJwk] }, 200, { ...OPEN, 'Cache-Control': 'public, max-age=300' });
    })
    .get(CREDENTIAL_PATHS.issuer, (c) => c.json(issuerProfile(deps.config.publicUrl), 200, OPEN))
    .get(CREDENTIAL_PATHS.achievement, (c) => c.json(achievement(deps.config.publicUrl), 200, OPEN))
    .get(`${CREDENTIAL_PATHS.statusLists}/:list`, (c) => statusList(deps, c));
}
