// The certificate email: the PNG attached, the verification link in both the text and
// the HTML part, and the five-domain profile in words, in the language the test was
// taken in (the certificate itself is in English, for colleges and employers).
import { QUIZ_DOMAIN_LABELS } from '../../contract/quiz/items.ts';
import { certificateImagePath } from '../../contract/quiz/api.ts';
import { QUIZ_BAND_LABELS, describeScore } from '../../contract/quiz/scoring.ts';
import { linkedInAddCertificationUrl, whatsAppShareUrl } from '../../contract/quiz/share.ts';
import type { OutgoingMail } from '../mail/queue.ts';
import type { CertificateData } from './render.ts';
import { escapeHtml } from '../lib/html.ts';

export const CERTIFICATE_SUBJECT = 'Your SkillUp personality profile certificate';

export function certificateFilename(id: string): string {
  return `skillup-personality-certificate-${id.slice(0, 8)}.png`;
}

/** What the mail worker's 'certificate' attachment source is given: the certificate id. */
export const CERTIFICATE_ATTACHMENT = 'certificate';

/** The email; its PNG is drawn by the mail worker when it sends (attachment kind 'certificate'). */
export function certificateEmail(to: string, data: CertificateData): OutgoingMail {
  const hinglish = data.language === 'hinglish';
  const key = hinglish ? 'hinglish' : 'en';
  const rows = data.result.domains.map((score) => ({
    label: QUIZ_DOMAIN_LABELS[score.domain][key],
    band: QUIZ_BAND_LABELS[score.band][key],
    percent: score.percent,
    ...describeScore(score, data.language),
  }));
  const greeting = hinglish ? `Namaste ${data.name},` : `Hello ${data.name},`;
  const intro = hinglish
    ? 'Aapne SkillUp Personality Profile poora kar liya hai. Aapka certificate is email ke saath attached hai.'
    : 'You have completed the SkillUp Personality Profile. Your certificate is attached to this email.';
  const verify = hinglish
    ? 'Certificate online dekhne aur verify karne ke liye yeh link kholiye:'
    : 'Anyone can view and verify your certificate at this link:';
  const profileTitle = hinglish ? 'Aapki personality profile' : 'Your personality profile';
  // The same three links as the certificate page; the PNG by absolute URL, as a mail client has no origin.
  const share = [
    { label: 'Add to LinkedIn', href: linkedInAddCertificationUrl({ ...data, certificateUrl: data.verifyUrl }) },
    { label: 'Share on WhatsApp', href: whatsAppShareUrl(data.verifyUrl) },
    { label: 'Download PNG', href: new URL(certificateImagePath(data.certificateId), data.verifyUrl).href },
  ];
  const closing = hinglish ? 'Shubhkaamnaayein,\nTeam SkillUp' : 'Best wishes,\nThe SkillUp team';

  const text = [
    greeting,
    '',
    intro,
    '',
    verify,
    data.verifyUrl,
    '',
    ...share.map((s) => `${s.label}: ${s.href}`),
    '',
    `${profileTitle}:`,
    ...rows.map((r) => `- ${r.label}: ${r.percent}% (${r.band}, ${r.title}). ${r.text}`),
    '',
    closing,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="${hinglish ? 'hi-Latn' : 'en'}"><body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#2b3a4f">
<div style="max-width:620px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:16px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(verify)}<br><a href="${escapeHtml(data.verifyUrl)}" style="color:#1d3557;font-weight:bold">${escapeHtml(data.verifyUrl)}</a></p>
<p style="font-size:15px;line-height:2">${share
    .map(
      (s) =>
        `<a href="${escapeHtml(s.href)}" style="display:inline-block;background:#b5452a;color:#ffffff;text-decoration:none;font-weight:bold;padding:8px 14px;border-radius:6px;margin:0 8px 8px 0"${s.label === 'Download PNG' ? ` download="${escapeHtml(certificateFilename(data.certificateId))}"` : ''}>${escapeHtml(s.label)}</a>`,
    )
    .join('')}</p>
<h2 style="font-size:18px;color:#1d3557;margin-top:28px">${escapeHtml(profileTitle)}</h2>
${rows
  .map(
    (r) =>
      `<p style="font-size:15px;line-height:1.5;margin:0 0 14px"><strong>${escapeHtml(r.label)}: ${r.percent}%</strong> (${escapeHtml(r.band)}, ${escapeHtml(r.title)})<br>${escapeHtml(r.text)}</p>`,
  )
  .join('\n')}
<p style="font-size:15px;white-space:pre-line;margin-top:24px">${escapeHtml(closing)}</p>
</div></body></html>`;

  return {
    to,
    subject: CERTIFICATE_SUBJECT,
    text,
    html,
    kind: 'certificate',
    attachments: [
      {
        filename: certificateFilename(data.certificateId),
        contentType: 'image/png',
        generated: { kind: CERTIFICATE_ATTACHMENT, id: data.certificateId },
      },
    ],
  };
}
