// The Hindi test's certificate and email are in Hindi (Devanagari); the English and Hinglish
// tests' certificates stay in English, stating the version taken. The words are read from
// the element tree satori draws, so a string that is not printed cannot pass.
import { describe, expect, it } from 'vitest';
import { QUIZ_DOMAIN_LABELS, QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizLanguage } from '../../contract/quiz/options.ts';
import { QUIZ_BAND_PROFILES, scoreAnswers } from '../../contract/quiz/scoring.ts';
import { certificateEmail } from './email.ts';
import { certificateTree, renderCertificatePng, type CertificateData, type Child } from './render.ts';

const answers: QuizAnswers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 7 + 3) % 4) as 0 | 1 | 2 | 3]));
const data = (language: QuizLanguage): CertificateData => ({
  certificateId: 'b'.repeat(32),
  name: 'अनन्या वर्मा',
  language,
  issuedAt: new Date('2026-11-27T06:30:00Z'),
  result: scoreAnswers(answers),
  verifyUrl: 'https://skillup.example.in/certificate/' + 'b'.repeat(32),
});

function printed(node: Child | Child[] | undefined): string[] {
  if (node === undefined || node === null || node === false) return [];
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(printed);
  return printed(node.props.children);
}

const DEVANAGARI = /[\u0900-\u097f]/u;

describe('the certificate in the language of the test', () => {
  it('is in Hindi for the Hindi test: title, statement, profile, date and footer', () => {
    const words = printed(certificateTree(data('hindi'))).join('\n');
    expect(words).toContain('प्रमाणपत्र');
    expect(words).toContain('प्रमाणित किया जाता है कि');
    expect(words).toContain('ने 27 नवंबर 2026 को SkillUp पर्सनैलिटी प्रोफ़ाइल पूरी की,');
    expect(words).toContain('जो हिंदी में दिया गया 30 कथनों का बिग फ़ाइव आकलन है।');
    for (const score of scoreAnswers(answers).domains) {
      expect(words).toContain(QUIZ_DOMAIN_LABELS[score.domain].hindi.split(' (')[0]);
      expect(words).toContain(QUIZ_BAND_PROFILES[score.domain][score.band].title.hindi);
    }
    expect(words).toContain('स्कैन करके जाँचें');
    // Nothing English is left but the brand, the id and the address.
    const english = printed(certificateTree(data('hindi'))).filter((s) => /[A-Za-z]{4,}/.test(s) && !DEVANAGARI.test(s));
    expect(english.sort()).toEqual(
      ['BIG FIVE · IPIP', 'CERTIFIED', 'SKILLUP', 'SkillUp', 'SOFT SKILLS ACADEMY', 'Soft skills that open doors', 'b'.repeat(32)].sort(),
    );
  });

  it('stays in English for the English and Hinglish tests, naming the version', () => {
    for (const [language, name] of [
      ['english', 'English'],
      ['hinglish', 'Hinglish'],
    ] as const) {
      const words = printed(certificateTree(data(language))).join('\n');
      expect(words).toContain('CERTIFICATE');
      expect(words).toContain(`a 30-statement Big Five assessment taken in ${name}.`);
      expect(words.replace(data(language).name, '')).not.toMatch(DEVANAGARI);
    }
  });

  it('renders the Hindi certificate as a PNG different from the English one', async () => {
    const [hindi, english] = await Promise.all([renderCertificatePng(data('hindi')), renderCertificatePng(data('english'))]);
    expect(hindi.length).toBeGreaterThan(50_000);
    expect(hindi.equals(english)).toBe(false);
  });

  it('emails the Hindi test in Hindi: subject, greeting, profile and closing', () => {
    const mail = certificateEmail('ananya@example.in', data('hindi'));
    expect(mail.subject).toBe('आपका SkillUp पर्सनैलिटी प्रोफ़ाइल प्रमाणपत्र');
    expect(mail.text).toMatch(/^नमस्ते अनन्या वर्मा,/);
    expect(mail.text).toContain('आपकी पर्सनैलिटी प्रोफ़ाइल:');
    expect(mail.text).toContain('शुभकामनाएँ,\nटीम SkillUp');
    expect(mail.html).toContain('<html lang="hi">');
    for (const score of scoreAnswers(answers).domains) expect(mail.text).toContain(QUIZ_BAND_PROFILES[score.domain][score.band].text.hindi);
  });
});
