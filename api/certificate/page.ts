// The public certificate verification page (GET /certificate/{id}, resources/certificates.ts):
// server-rendered HTML with inline style and no script, so it works without JavaScript
// under the site's strict CSP. Every value from the database is escaped.
import { BUSINESS_TIME_ZONE } from '../../contract/console.ts';
import { CREDENTIAL_MEDIA_TYPE, CREDENTIAL_PATHS, CREDENTIAL_TEXT, credentialPath } from '../../contract/credentials.ts';
import { ERASURE_MESSAGES } from '../../contract/erasure.ts';
import { certificateImagePath, type CertificateRecord } from '../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS } from '../../contract/quiz/items.ts';
import { QUIZ_LANGUAGE_NAMES } from '../../contract/quiz/options.ts';
import { QUIZ_BAND_LABELS, describeScore } from '../../contract/quiz/scoring.ts';
import { linkedInAddCertificationUrl, whatsAppShareUrl } from '../../contract/quiz/share.ts';
import { escapeHtml } from '../lib/html.ts';
import { certificateFilename } from './email.ts';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: BUSINESS_TIME_ZONE });

// Inline <style> is allowed by the CSP (style-src 'unsafe-inline'); there is no script at all.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:#2b3a4f;background:#f5f7fa;line-height:1.5}
a{color:#1d3557}
header{background:#1d3557;color:#fff;padding:14px 20px}
header a{color:#fff;text-decoration:none;font-weight:700;letter-spacing:.5px}
main{max-width:980px;margin:0 auto;padding:24px 16px 48px}
.badge{display:inline-flex;align-items:center;gap:8px;background:#e3f4ea;color:#14532d;border:1px solid #9fd6b2;border-radius:999px;padding:6px 14px;font-weight:700}
.badge--bad{background:#fdecea;color:#7f1d1d;border-color:#f5b5ae}
h1{color:#1d3557;font-size:1.8rem;margin:14px 0 6px}
h2{color:#1d3557;font-size:1.3rem;margin:32px 0 12px}
.lead{font-size:1.08rem;max-width:60ch}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:20px}
.image{display:block;width:100%;height:auto;border-radius:8px;border:1px solid #e6ebf1;background:#fffdf8}
.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;margin:18px 0 0;padding:0}
.meta div{background:#fff;border-radius:10px;padding:12px 14px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.meta dt{font-size:.8rem;text-transform:uppercase;letter-spacing:1px;color:#5b6b80}
.meta dd{margin:2px 0 0;font-weight:700;word-break:break-all}
.domains{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.domain{background:#fff;border-radius:10px;padding:14px 16px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.domain__head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:6px 16px;align-items:baseline}
.domain__name{font-weight:700;color:#1d3557}
.domain__band{color:#b4442a;font-weight:700}
.bar{height:10px;border-radius:5px;background:#e6ebf1;margin:8px 0;overflow:hidden}
.bar span{display:block;height:100%;background:linear-gradient(90deg,#1d3557,#457b9d)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0 0}
.btn{display:inline-block;background:#b5452a;color:#fff;text-decoration:none;font-weight:700;padding:10px 18px;border-radius:8px}
.btn--plain{background:#fff;color:#1d3557;border:1px solid #c9d3df}
.note{font-size:.9rem;color:#5b6b80;margin-top:28px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | SkillUp Soft Skills Academy</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">SkillUp Soft Skills Academy</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * What a holder does with a valid certificate: put it on LinkedIn, send it on WhatsApp, keep
 * the image. Only a valid certificate's page has them; a withdrawn one certifies no one.
 */
function shareLinks(cert: CertificateRecord): string {
  const shareable = { certificateId: cert.certificateId, issuedAt: new Date(cert.issuedAt), certificateUrl: cert.certificateUrl };
  const external = 'target="_blank" rel="noopener noreferrer"';
  return [
    `<a class="btn" href="${escapeHtml(linkedInAddCertificationUrl(shareable))}" ${external}>Add to LinkedIn</a>`,
    `<a class="btn" href="${escapeHtml(whatsAppShareUrl(cert.certificateUrl))}" ${external}>Share on WhatsApp</a>`,
    `<a class="btn" href="${escapeHtml(certificateImagePath(cert.certificateId))}" download="${escapeHtml(certificateFilename(cert.certificateId))}">Download PNG</a>`,
  ].join('');
}

/** The verification page of a valid certificate: who, when, the image and the profile. */
export function certificatePageHtml(cert: CertificateRecord): string {
  const name = escapeHtml(cert.name);
  const date = DATE_FORMAT.format(new Date(cert.issuedAt));
  const version = QUIZ_LANGUAGE_NAMES[cert.language];
  const domains = cert.result.domains
    .map((score) => {
      const { title, text } = describeScore(score, 'english');
      const percent = Math.max(0, Math.min(100, Math.round(score.percent)));
      return `<li class="domain" data-domain="${score.domain}">
<div class="domain__head"><span class="domain__name">${escapeHtml(QUIZ_DOMAIN_LABELS[score.domain].en)}</span><span><span class="domain__band">${escapeHtml(QUIZ_BAND_LABELS[score.band].en)}</span> · ${escapeHtml(title)} · <strong>${percent}%</strong></span></div>
<div class="bar" role="img" aria-label="${percent}% of the possible range"><span style="width:${percent}%"></span></div>
<p>${escapeHtml(text)}</p>
</li>`;
    })
    .join('\n');
  const image = escapeHtml(certificateImagePath(cert.certificateId));
  return layout(
    `Certificate for ${cert.name}`,
    `<p class="badge" data-testid="certificate-status"><span aria-hidden="true">✓</span> Valid certificate</p>
<h1>Personality Profile certificate</h1>
<p class="lead" data-testid="certificate-statement">This certificate is valid. SkillUp Soft Skills Academy issued it to <strong>${name}</strong> on <strong>${escapeHtml(date)}</strong> for completing the SkillUp Personality Profile${cert.organisation ? ` at <strong>${escapeHtml(cert.organisation)}</strong>` : ''}, a 30-statement Big Five assessment taken in ${version}.</p>
<div class="card"><img class="image" src="${image}" width="1600" height="1131" alt="Certificate of completion issued to ${name} on ${escapeHtml(date)}"></div>
<div class="actions" data-testid="certificate-share">${shareLinks(cert)}<a class="btn btn--plain" href="/">Visit SkillUp</a></div>
<dl class="meta">
<div><dt>Name</dt><dd data-testid="certificate-name">${name}</dd></div>
<div><dt>Issued</dt><dd><time datetime="${escapeHtml(cert.issuedAt)}">${escapeHtml(date)}</time></dd></div>
<div><dt>Test version</dt><dd>${version}</dd></div>
<div><dt>Certificate ID</dt><dd>${escapeHtml(cert.certificateId)}</dd></div>
</dl>
<h2>Verify it by machine</h2>
<p data-testid="certificate-credential">${escapeHtml(CREDENTIAL_TEXT.explain)} It verifies with the key at <a href="${CREDENTIAL_PATHS.jwks}">${CREDENTIAL_PATHS.jwks}</a> and is revoked if the certificate is withdrawn.</p>
<div class="actions"><a class="btn btn--plain" href="${escapeHtml(credentialPath(cert.certificateId))}" download="${escapeHtml(`skillup-credential-${cert.certificateId}.jwt`)}" type="${CREDENTIAL_MEDIA_TYPE}">${escapeHtml(CREDENTIAL_TEXT.download)}</a></div>
<h2>Personality profile</h2>
<ul class="domains" data-testid="certificate-profile">
${domains}
</ul>
<p class="note">Statements from the public-domain International Personality Item Pool (ipip.ori.org). Each percentage is the share of the possible range on that domain. The profile describes personal style, not ability: no score is good or bad.</p>`,
  );
}

/** The page of a certificate withdrawn with its holder's data (410): no name. */
export function withdrawnPageHtml(): string {
  return layout(
    ERASURE_MESSAGES.withdrawn,
    `<p class="badge badge--bad"><span aria-hidden="true">✗</span> Withdrawn</p>
<h1>${ERASURE_MESSAGES.withdrawn}</h1>
<p class="lead">This certificate was issued by SkillUp and later withdrawn at its holder's request, together with their data. It no longer certifies anyone.</p>
<div class="actions"><a class="btn btn--plain" href="/">Go to the home page</a></div>`,
  );
}

/** The page of an id that names no certificate (404). */
export function notFoundPageHtml(): string {
  return layout(
    CERTIFICATE_NOT_FOUND,
    `<p class="badge badge--bad"><span aria-hidden="true">✗</span> Not a valid certificate</p>
<h1>${CERTIFICATE_NOT_FOUND}</h1>
<p class="lead">No certificate has this ID. Check that the link is complete: it ends in a 32-character code. If you copied it from an email, open the link from the email itself.</p>
<div class="actions"><a class="btn btn--plain" href="/">Go to the home page</a></div>`,
  );
}
