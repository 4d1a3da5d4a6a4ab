// Public certificates, reached only through their unguessable id:
//   GET /api/v1/certificates/{id}      JSON CertificateRecord (no email, no phone)
//   GET /api/v1/certificates/{id}.png  the certificate image (immutable: a certificate never changes)
//   GET /certificate/{id}              the verification page, server-rendered HTML that works
//                                      without JavaScript under the site's strict CSP
// An unknown or malformed id is a JSON 404 under /api and an HTML 404 page otherwise; the id
// of a certificate erased at its holder's request is 410, "This certificate was withdrawn.",
// with no name.
import { Hono, type Context } from 'hono';
import { ERASURE_MESSAGES } from '../../contract/erasure.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { CertificateRecord } from '../../contract/quiz/api.ts';
import { certificateFilename } from '../certificate/email.ts';
import { isWithdrawn } from '../leads/erasure.ts';
import { CERTIFICATE_NOT_FOUND, certificatePageHtml, notFoundPageHtml, withdrawnPageHtml } from '../certificate/page.ts';
import { certificateImagesFor, certificateRecord, findCertificate, type CertificateRow } from '../certificate/store.ts';
import type { Deps } from '../deps.ts';

export { CERTIFICATE_NOT_FOUND };

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `abc` → JSON, `abc.png` → image; anything else is not a certificate reference. */
function parseRef(ref: string): { id: string; png: boolean } {
  return ref.endsWith('.png') ? { id: ref.slice(0, -4), png: true } : { id: ref, png: false };
}

async function sendPng(deps: Deps, c: Context, row: CertificateRow): Promise<Response> {
  const etag = `"certificate-${row.certificate_id}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'image/png',
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'Content-Disposition': `inline; filename="${certificateFilename(row.certificate_id)}"`,
    'X-Robots-Tag': 'noindex',
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const png = await certificateImagesFor(deps).png(row);
  headers['Content-Length'] = String(png.byteLength);
  return c.body(new Uint8Array(png), 200, headers);
}

/** Mounted at /api/v1/certificates. */
export function certificatesApi(deps: Deps): Hono {
  return new Hono().get('/:ref', async (c) => {
    const { id, png } = parseRef(c.req.param('ref'));
    const row = await findCertificate(deps.db, id);
    if (!row) {
      if (await isWithdrawn(deps.db, id)) return c.json({ message: ERASURE_MESSAGES.withdrawn }, 410, { 'Cache-Control': 'no-store' });
      return c.json({ message: CERTIFICATE_NOT_FOUND }, 404);
    }
    if (png) return sendPng(deps, c, row);
    const body: CertificateRecord = certificateRecord(row, deps.config.publicUrl);
    return c.json(body);
  });
}

/** Mounted at /certificate, before the static site. */
export function certificatePage(deps: Deps): Hono {
  const notFound = (c: Context) => c.html(notFoundPageHtml(), 404, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  return new Hono()
    .get('/:ref', async (c) => {
      const { id, png } = parseRef(c.req.param('ref'));
      const row = await findCertificate(deps.db, id);
      if (!row) {
        if (await isWithdrawn(deps.db, id))
          return c.html(withdrawnPageHtml(), 410, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
        return notFound(c);
      }
      if (png) return sendPng(deps, c, row);
      return c.html(certificatePageHtml(certificateRecord(row, deps.config.publicUrl)), 200, {
        'Cache-Control': 'no-cache',
        'X-Robots-Tag': 'noindex',
      });
    })
    .get('/', notFound)
    .get('/*', notFound)
    .all('*', (c) => c.json({ message: API_MESSAGES.notFound }, 404));
}
