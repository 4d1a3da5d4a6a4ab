// The certificate email: the PNG attached, the verification link in both the text and
// the HTML part, and the five-domain profile in words, in the language the test was
// taken in (the certificate itself is in English for the English and Hinglish tests, for
// colleges and employers, and in Hindi for the Hindi test).
import { QUIZ_DOMAIN_LABELS } from '../../contract/quiz/items.ts';
import { certificateImagePath } from '../../contract/quiz/api.ts';
import { QUIZ_BAND_LABELS, describeScore } from '../../contract/quiz/scoring.ts';
import { linkedInAddCertificationUrl, whatsAppShareUrl } from '../../contract/quiz/share.ts';
import { quizTextKey, type QuizLanguage } from '../../contract/quiz/options.ts';
import type { OutgoingMail } from '../mail/queue.ts';
import type { CertificateData } from './render.ts';
import { escapeHtml } from '../lib/html.ts';

export const CERTIFICATE_SUBJECT = 'Your SkillUp personality profile certificate';

export function certificateFilename(id: string): string {
  return `skillup-personality-certificate-${id.slice(0, 8)}.png`;
}

/** What the mail worker's 'certificate' attachment source is given: the certificate id. */
export const CERTIFICATE_ATTACHMENT = 'certificate';

interface EmailWords {
  subject: string;
  lang: string;
  greeting: (name: string) => string;
  intro: string;
  verify: string;
  profileTitle: string;
  linkedIn: string;
  whatsApp: string;
  download: string;
  closing: string;
}

// The email is in the language the test was taken in; the subject of the English and
// Hinglish ones is the same (a mail filter may look for it).
const EMAIL_WORDS: Record<QuizLanguage, EmailWords> = {
  english: {
    subject: CERTIFICATE_SUBJECT,
    lang: 'en',
    greeting: (name) => `Hello ${name},`,
    intro: 'You have completed the SkillUp Personality Profile. Your certificate is attached to this email.',
    verify: 'Anyone can view and verify your certificate at this link:',
    profileTitle: 'Your personality profile',
    linkedIn: 'Add to LinkedIn',
    whatsApp: 'Share on WhatsApp',
    download: 'Download PNG',
    closing: 'Best wishes,\nThe SkillUp team',
  },
  hinglish: {
    subject: CERTIFICATE_SUBJECT,
    lang: 'hi-Latn',
    greeting: (name) => `Namaste ${name},`,
    intro: 'Aapne SkillUp Personality Profile poora kar liya hai. Aapka certificate is email ke saath attached hai.',
    verify: 'Certificate online dekhne aur verify karne ke liye yeh link kholiye:',
    profileTitle: 'Aapki personality profile',
    linkedIn: 'Add to LinkedIn',
    whatsApp: 'Share on WhatsApp',
    download: 'Download PNG',
    closing: 'Shubhkaamnaayein,\nTeam SkillUp',
  },
  hindi: {
    subject: 'आपका SkillUp पर्सनैलिटी प्रोफ़ाइल प्रमाणपत्र',
    lang: 'hi',
    greeting: (name) => `नमस्ते ${name},`,
    intro: 'आपने SkillUp पर्सनैलिटी प्रोफ़ाइल पूरी कर ली है। आपका प्रमाणपत्र इस ईमेल के साथ संलग्न है।',
    verify: 'कोई भी इस लिंक पर आपका प्रमाणपत्र देख और जाँच सकता है:',
    profileTitle: 'आपकी पर्सनैलिटी प्रोफ़ाइल',
    linkedIn: 'LinkedIn पर जोड़िए',
    whatsApp: 'WhatsApp पर भेजिए',
    download: 'PNG डाउनलोड कीजिए',
    closing: 'शुभकामनाएँ,\nटीम SkillUp',
  },
};

/** The email; its PNG is drawn by the mail worker when it sends (attachment kind 'certificate'). */
export function certificateEmail(to: string, data: CertificateData): OutgoingMail {
  const words = EMAIL_WORDS[data.language];
  const key = quizTextKey(data.language);
  const rows = data.result.domains.map((score) => ({
    label: QUIZ_DOMAIN_LABELS[score.domain][key],
    band: QUIZ_BAND_LABELS[score.band][key],
    percent: score.percent,
    ...describeScore(score, data.language),
  }));
  const { intro, verify, profileTitle, closing } = words;
  const greeting = words.greeting(data.name);
  // The same three links as the certificate page; the PNG by absolute URL, as a mail client has no origin.
  const download = new URL(certificateImagePath(data.certificateId), data.verifyUrl).href;
  const share = [
    { label: words.linkedIn, href: linkedInAddCertificationUrl({ ...data, certificateUrl: data.verifyUrl }) },
    { label: words.whatsApp, href: whatsAppShareUrl(data.verifyUrl) },
    { label: words.download, href: download },
  ];

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
<html lang="${words.lang}"><body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#2b3a4f">
<div style="max-width:620px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:16px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(verify)}<br><a href="${escapeHtml(data.verifyUrl)}" style="color:#1d3557;font-weight:bold">${escapeHtml(data.verifyUrl)}</a></p>
<p style="font-size:15px;line-height:2">${share
    .map(
      (s) =>
        `<a href="${escapeHtml(s.href)}" style="display:inline-block;background:#b5452a;color:#ffffff;text-decoration:none;font-weight:bold;padding:8px 14px;border-radius:6px;margin:0 8px 8px 0"${s.href === download ? ` download="${escapeHtml(certificateFilename(data.certificateId))}"` : ''}>${escapeHtml(s.label)}</a>`,
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
    subject: words.subject,
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
