// The certificate's share links on its page and in its email: the same
// LinkedIn, WhatsApp and PNG links in both, and none on a withdrawn certificate's page.
import { describe, expect, it } from 'vitest';
import { QUIZ_ITEMS } from '../../contract/quiz/items.ts';
import type { QuizOptionIndex } from '../../contract/quiz/options.ts';
import { scoreAnswers } from '../../contract/quiz/scoring.ts';
import { linkedInAddCertificationUrl, whatsAppShareUrl } from '../../contract/quiz/share.ts';
import { certificateEmail } from './email.ts';
import { certificatePageHtml, withdrawnPageHtml } from './page.ts';

const id = 'abcdef0123456789abcdef0123456789';
const issuedAt = new Date('2026-11-20T10:00:00Z');
const verifyUrl = `https://skillupacademy.in/certificate/${id}`;
const result = scoreAnswers(Object.fromEntries(QUIZ_ITEMS.map((item, i) => [item.id, (i % 4) as QuizOptionIndex])));
const linkedIn = linkedInAddCertificationUrl({ certificateId: id, issuedAt, certificateUrl: verifyUrl });
const whatsApp = whatsAppShareUrl(verifyUrl);

/** href of each link by its text (the HTML's &#38; decoded). */
function links(html: string): Map<string, { href: string; tag: string }> {
  const found = new Map<string, { href: string; tag: string }>();
  for (const m of html.matchAll(/(<a [^>]*href="([^"]*)"[^>]*>)([^<]*)<\/a>/g))
    found.set(m[3]!, { href: m[2]!.replaceAll('&#38;', '&'), tag: m[1]! });
  return found;
}

describe('the certificate page', () => {
  it('offers Add to LinkedIn, Share on WhatsApp and Download PNG', () => {
    const html = certificatePageHtml({
      valid: true,
      certificateId: id,
      name: 'Asha',
      language: 'english',
      issuedAt: issuedAt.toISOString(),
      result,
      certificateUrl: verifyUrl,
      imageUrl: `/api/v1/certificates/${id}.png`,
    });
    const a = links(html);
    expect(a.get('Add to LinkedIn')?.href).toBe(linkedIn);
    expect(a.get('Share on WhatsApp')?.href).toBe(whatsApp);
    expect(a.get('Download PNG')?.href).toBe(`/api/v1/certificates/${id}.png`);
    expect(a.get('Download PNG')?.tag).toContain(`download="skillup-personality-certificate-abcdef01.png"`);
  });

  it('offers none of them once withdrawn', () => {
    const a = links(withdrawnPageHtml());
    expect([...a.keys()]).toEqual(['SkillUp Soft Skills Academy', 'Go to the home page']);
  });
});

describe('the certificate email', () => {
  for (const language of ['english', 'hinglish'] as const) {
    it(`carries the same three links in its text and HTML (${language})`, () => {
      const mail = certificateEmail('asha@example.in', { certificateId: id, name: 'Asha', language, issuedAt, result, verifyUrl });
      const png = `https://skillupacademy.in/api/v1/certificates/${id}.png`;
      for (const line of [`Add to LinkedIn: ${linkedIn}`, `Share on WhatsApp: ${whatsApp}`, `Download PNG: ${png}`]) {
        expect(mail.text).toContain(line);
      }
      const a = links(mail.html!);
      expect(a.get('Add to LinkedIn')?.href).toBe(linkedIn);
      expect(a.get('Share on WhatsApp')?.href).toBe(whatsApp);
      expect(a.get('Download PNG')?.href).toBe(png);
    });
  }
});
