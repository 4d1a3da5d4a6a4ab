// An Ed25519 private key given as a JSON Web Key (RFC 8037), checked before it is used.
import type { JWK } from 'jose';

/** Checks a configured key: an Ed25519 private JWK (kty OKP, crv Ed25519, x and d). */
export function parseSigningJwk(text: string): JWK {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw new Error('CREDENTIAL_SIGNING_KEY must be a JSON Web Key (JSON)');
  }
  const k = jwk as JWK;
  if (typeof k !== 'object' || k === null || k.kty !== 'OKP' || k.crv !== 'Ed25519' || !k.x || !k.d) {
    throw new Error('CREDENTIAL_SIGNING_KEY must be an Ed25519 private JWK ({"kty":"OKP","crv":"Ed25519","x":…,"d":…})');
  }
  return k;
}
