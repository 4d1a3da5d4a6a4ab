// The public certificate: JSON and PNG under /api/v1/certificates, the
// server-rendered verification page at /certificate/{id}, what none of them expose, their
// caching, and unknown or malformed ids as a JSON 404 and an HTML 404 page. Runs on
// PGlite and, when TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAINS, QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../../contract/quiz/options.ts';
import { describeScore, scoreAnswers } from '../../contract/quiz/scoring.ts';
import { CertificateImages, newCertificateId } from '../certificate/store.ts';
import { CONTENT_SECURITY_POLICY } from '../http/http-policy.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { pngSize } from '../testing/smtp.ts';

const answers: QuizAnswers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 5 + 1) % 4) as QuizOptionIndex]));
const STUDENT = { name: 'Rahul <b>Verma</b> & Co', email: 'rahul.secret@example.in', answers, language: 'hinglish' };

describe.each(testBackends())('certificates on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let id: string;

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
    const res = await postJson(app, QUIZ_ANSWERS_PATH, STUDENT);
    expect(res.status).toBe(201);
    id = (await res.json()).certificateId;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const get = (path: string, headers: Record<string, string> = {}) => Promise.resolve(app.request(path, { headers }));

  it('GET /api/v1/certificates/{id} answers the certificate data and no email or phone', async () => {
    const res = await get(`/api/v1/certificates/${id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('rahul.secret');
    expect(text).not.toMatch(/email|phone|answers/i);
    const body = JSON.parse(text);
    expect(body).toEqual({
      valid: true,
      certificateId: id,
      name: STUDENT.name,
      language: 'hinglish',
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      result: scoreAnswers(answers),
      certificateUrl: `http://test.local/certificate/${id}`,
      imageUrl: `/api/v1/certificates/${id}.png`,
    });
  });

  it('GET /api/v1/certificates/{id}.png is the 1600×1131 image, cached as immutable, with a working ETag', async () => {
    const res = await get(`/api/v1/certificates/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1600, height: 1131 });
    expect(res.headers.get('content-length')).toBe(String(png.length));
    const etag = res.headers.get('etag')!;
    expect(etag).toContain(id);
    const again = await get(`/api/v1/certificates/${id}.png`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    // The page path serves the same image (the service worker leaves /certificate/*.png to the network).
    const alias = await get(`/certificate/${id}.png`);
    expect(Buffer.from(await alias.arrayBuffer()).equals(png)).toBe(true);
  });

  it('GET /certificate/{id} is a valid-certificate page: image, name, date, the five-domain profile, no script', async () => {
    const res = await get(`/certificate/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('This certificate is valid.');
    // The name is escaped, never markup.
    expect(html).toContain('Rahul &#60;b&#62;Verma&#60;/b&#62; &#38; Co');
    expect(html).not.toContain('<b>Verma</b>');
    expect(html).toContain(`<img class="image" src="/api/v1/certificates/${id}.png" width="1600" height="1131"`);
    expect(html).toMatch(/on <strong>\d{1,2} [A-Z][a-z]+ \d{4}<\/strong>/);
    expect(html).toContain('taken in Hinglish');
    for (const score of scoreAnswers(answers).domains) {
      expect(html).toContain(`data-domain="${score.domain}"`);
      expect(html).toContain(`<strong>${score.percent}%</strong>`);
      expect(html).toContain(describeScore(score, 'english').title);
    }
    expect(html.match(/data-domain=/g)).toHaveLength(QUIZ_DOMAINS.length);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('rahul.secret');
  });

  it('answers an unknown or malformed id with a JSON 404 under /api and an HTML 404 page otherwise', async () => {
    const unknown = newCertificateId();
    for (const ref of [
      unknown,
      `${unknown}.png`,
      'not-a-certificate',
      `${unknown.toUpperCase()}`,
      `${unknown}0`,
      '..%2F..%2Fetc',
      'x.png',
    ]) {
      const api = await get(`/api/v1/certificates/${ref}`);
      expect(api.status, ref).toBe(404);
      expect(api.headers.get('content-type'), ref).toMatch(/^application\/json/);
      expect(await api.json(), ref).toEqual({ message: 'Certificate not found' });

      const page = await get(`/certificate/${ref}`);
      expect(page.status, ref).toBe(404);
      expect(page.headers.get('content-type'), ref).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html, ref).toContain('<h1>Certificate not found</h1>');
      expect(html, ref).not.toContain('This certificate is valid');
    }
    for (const path of ['/certificate', '/certificate/', `/certificate/${id}/extra`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Certificate not found');
    }
    expect((await get('/api/v1/certificates')).status).toBe(404);
  });
});

describe('CertificateImages', () => {
  const row = (certificate_id: string) => ({
    certificate_id,
    name: 'Asha',
    language: 'english',
    result: scoreAnswers(answers),
    created_at: new Date('2026-11-21T06:00:00Z'),
  });

  it('renders each certificate once, shares a render in flight, and evicts the least recently used', async () => {
    const rendered: string[] = [];
    const images = new CertificateImages('http://test.local', 2, async (data) => {
      rendered.push(data.certificateId);
      return Buffer.from(data.certificateId);
    });
    const [a1, a2] = await Promise.all([images.png(row('a')), images.png(row('a'))]);
    expect(a1).toBe(a2);
    await images.png(row('b'));
    await images.png(row('a')); // a is now the most recently used
    await images.png(row('c')); // evicts b
    expect(images.size).toBe(2);
    await images.png(row('a'));
    await images.png(row('b'));
    expect(rendered).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failed render', async () => {
    let fail = true;
    const images = new CertificateImages('http://test.local', 4, async () => {
      if (fail) throw new Error('boom');
      return Buffer.from('ok');
    });
    await expect(images.png(row('x'))).rejects.toThrow('boom');
    fail = false;
    expect((await images.png(row('x'))).toString()).toBe('ok');
  });
});
