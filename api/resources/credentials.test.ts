// Certificates as Open Badges 3.0 credentials: verified by jose (code this project did not
// write) against the JWKS the site publishes, a tampered one refused, the recipient hashed
// (never the email in clear), one key for every instance on a database, and an erased
// certificate revoked in the signed Bitstring Status List. PGlite and, with
// TEST_DATABASE_URL, Postgres.
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_MEDIA_TYPE, CREDENTIAL_PATHS, credentialPath } from '../../contract/credentials.ts';
import { ERASURE_PATHS } from '../../contract/erasure.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../../contract/quiz/options.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const answers: QuizAnswers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, (i % 4) as QuizOptionIndex]));
const ORIGIN = 'https://skillup.example.in';

type App = ReturnType<typeof testApp>['app'];
interface Badge {
  '@context': string[];
  type: string[];
  issuer: { id: string; type: string[]; name: string };
  validFrom: string;
  credentialSubject: {
    type: string[];
    identifier: { identityType: string; hashed: boolean; identityHash: string; salt?: string }[];
    achievement: { type: string[]; criteria: { narrative: string } };
  };
  credentialStatus: { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
}

async function published(app: App): Promise<JSONWebKeySet> {
  const res = await app.request(CREDENTIAL_PATHS.jwks);
  expect(res.status).toBe(200);
  return (await res.json()) as JSONWebKeySet;
}

async function credentialJwt(app: App, id: string): Promise<string> {
  const res = await app.request(credentialPath(id));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(CREDENTIAL_MEDIA_TYPE);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  return res.text();
}

/** What a verifier does: check the signature with the published key, then read the credential. */
async function verify(app: App, jwt: string): Promise<Badge> {
  const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await published(app)), {
    typ: 'vc+jwt',
    algorithms: ['EdDSA'],
  });
  expect(protectedHeader.kid).toBeTruthy();
  return payload as unknown as Badge;
}

/** Bit `index` of the status list the credential names, read as a verifier would (gunzip of base64url after "u"). */
async function revoked(app: App, status: Badge['credentialStatus']): Promise<boolean> {
  const path = new URL(status.statusListCredential).pathname;
  const { payload } = await jwtVerify(await (await app.request(path)).text(), createLocalJWKSet(await published(app)));
  const subject = (payload as { credentialSubject: { type: string; statusPurpose: string; encodedList: string } }).credentialSubject;
  expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
  expect(subject.encodedList.startsWith('u')).toBe(true);
  const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
  expect(bits.length).toBe(131_072 / 8);
  const index = Number(status.statusListIndex);
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

describe.each(testBackends())('verifiable credentials on $name', (backend) => {
  let database: TestDatabase;
  let app: App;
  let tasks: ReturnType<typeof testApp>['tasks'];
  const submit = async (name: string, email: string) => {
    const res = await postJson(app, QUIZ_ANSWERS_PATH, { name, email, answers, language: 'english' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { certificateId: string }).certificateId;
  };

  beforeAll(async () => {
    database = await backend.create();
    ({ app, tasks } = testApp(database, { publicUrl: ORIGIN }));
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers an OpenBadgeCredential as a VC-JWT that jose verifies with the published Ed25519 key', async () => {
    const id = await submit('Meera Iyer', 'Meera.Iyer@Example.in');
    const jwt = await credentialJwt(app, id);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
    const { keys } = await published(app);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: decodeProtectedHeader(jwt).kid });
    expect(keys[0]).not.toHaveProperty('d');
    const badge = await verify(app, jwt);
    expect(badge['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(badge.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(badge.issuer).toMatchObject({
      id: `${ORIGIN}${CREDENTIAL_PATHS.issuer}`,
      type: ['Profile'],
      name: 'SkillUp Soft Skills Academy',
    });
    expect(Date.parse(badge.validFrom)).toBeGreaterThan(Date.now() - 60_000);
    expect(badge.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(badge.credentialSubject.achievement.type).toEqual(['Achievement']);
    expect(badge.credentialSubject.achievement.criteria.narrative.length).toBeGreaterThan(10);
    expect(badge.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(await revoked(app, badge.credentialStatus)).toBe(false);
  });

  it('names the recipient by a salted SHA-256 of the email, never the email itself', async () => {
    const id = await submit('Kabir Sethi', 'kabir.sethi@example.in');
    const jwt = await credentialJwt(app, id);
    expect(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).not.toContain('kabir.sethi@');
    const byEmail = (await verify(app, jwt)).credentialSubject.identifier.find((i) => i.identityType === 'emailAddress')!;
    expect(byEmail.hashed).toBe(true);
    expect(byEmail.salt).toMatch(/^[0-9a-f]{32}$/);
    const expected = createHash('sha256').update(`kabir.sethi@example.in${byEmail.salt}`).digest('hex');
    expect(byEmail.identityHash).toBe(`sha256$${expected}`);
    // The same credential every time it is fetched (one salt, one place in the list).
    expect(await credentialJwt(app, id)).toBe(jwt);
  });

  it('refuses a tampered credential and one signed by another key', async () => {
    const jwt = await credentialJwt(app, await submit('Tara Nair', 'tara.nair@example.in'));
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Badge;
    changed.credentialSubject.identifier[1]!.identityHash = 'Someone Else';
    const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    await expect(verify(app, tampered)).rejects.toThrow(/signature/i);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT(changed as never)
      .setProtectedHeader({ alg: 'EdDSA', kid: decodeProtectedHeader(jwt).kid!, typ: 'vc+jwt' })
      .sign(privateKey);
    await expect(verify(app, forged)).rejects.toThrow(/signature/i);
  });

  it('signs with one key for every instance on the database (made once), or the configured one', async () => {
    const id = await submit('Ira Das', 'ira.das@example.in');
    const other = testApp(database, { publicUrl: ORIGIN }).app;
    expect(await published(other)).toEqual(await published(app));
    await verify(app, await credentialJwt(other, id));
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const configured = { ...(await exportJWK(privateKey)), kid: 'academy-2026' };
    const withKey = testApp(database, { publicUrl: ORIGIN, credentialSigningKey: JSON.stringify(configured) }).app;
    const { keys } = await published(withKey);
    expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: configured.x, kid: 'academy-2026', alg: 'EdDSA', use: 'sig' }]);
    const jwt = await credentialJwt(withKey, id);
    expect(decodeProtectedHeader(jwt).kid).toBe('academy-2026');
    await jwtVerify(jwt, createLocalJWKSet({ keys }));
  });

  it('the certificate page offers the credential and says how it verifies', async () => {
    const id = await submit('Arjun Mehta', 'arjun.mehta@example.in');
    const html = await (await app.request(`/certificate/${id}`)).text();
    const link = /<a [^>]*href="([^"]+)"[^>]*download="[^"]+"[^>]*>Download verifiable credential<\/a>/.exec(html);
    expect(link?.[1]).toBe(credentialPath(id));
    expect(html).toContain(`It verifies with the key at <a href="${CREDENTIAL_PATHS.jwks}">`);
    await verify(app, await credentialJwt(app, id));
  });

  it('serves the issuer profile at the credential’s issuer.id and 404s unknown certificates', async () => {
    const profile = await (await app.request(CREDENTIAL_PATHS.issuer)).json();
    expect(profile).toMatchObject({ id: `${ORIGIN}${CREDENTIAL_PATHS.issuer}`, type: ['Profile'], url: ORIGIN });
    expect((await app.request(credentialPath('0'.repeat(32)))).status).toBe(404);
    expect((await app.request(credentialPath('not-an-id'))).status).toBe(404);
    expect((await app.request(`${CREDENTIAL_PATHS.statusLists}/0`)).status).toBe(404);
  });

  it('revokes an erased certificate in the status list: its credential is 410 and a kept copy shows revoked', async () => {
    const email = 'nisha.revoke@example.in';
    const keep = await submit('Nisha Revoke', 'other.keep@example.in');
    const id = await submit('Nisha Revoke', email);
    const badge = await verify(app, await credentialJwt(app, id));
    const kept = await verify(app, await credentialJwt(app, keep));
    expect(await revoked(app, badge.credentialStatus)).toBe(false);

    expect((await postJson(app, ERASURE_PATHS.request, { email })).status).toBe(201);
    await tasks.idle();
    const mail = await database.db
      .selectFrom('mail_queue')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'erasure')
      .executeTakeFirstOrThrow();
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    expect((await postJson(app, ERASURE_PATHS.confirm, { token })).status).toBe(200);

    expect((await app.request(credentialPath(id))).status).toBe(410);
    // A verifier holding the credential it downloaded before finds it revoked; the other stays good.
    expect(await revoked(app, badge.credentialStatus)).toBe(true);
    expect(await revoked(app, kept.credentialStatus)).toBe(false);
  });
});
