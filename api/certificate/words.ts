// The certificate's words. It speaks English for the English and Hinglish tests (it is made
// to be shown to colleges and employers, and states the version taken) and Hindi for the
// Hindi test, whose takers asked for a certificate they and their families read.
import { BUSINESS_TIME_ZONE } from '../../contract/console.ts';
import { QUIZ_LANGUAGE_NAMES, type QuizLanguage, type QuizTextKey } from '../../contract/quiz/options.ts';

export interface CertificateWords {
  /** Where the profile's labels come from in the contract's texts. */
  key: Extract<QuizTextKey, 'en' | 'hindi'>;
  lang: string;
  title: string;
  /** Capitals spaced apart; never Devanagari, whose letters hang from one joining headline. */
  spaced: boolean;
  subtitle: string;
  certifies: string;
  completed: (date: string, organisation: string | undefined) => string;
  assessment: (language: QuizLanguage) => string;
  profile: string;
  profileNote: string;
  certificateId: string;
  issued: (date: string) => string;
  verifyAt: (url: string) => string;
  source: string;
  scan: string;
  date: (date: Date) => string;
}

const dateIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: BUSINESS_TIME_ZONE });
const EN_DATE = dateIn('en-IN');
const HI_DATE = dateIn('hi-IN');

const ENGLISH: CertificateWords = {
  key: 'en',
  lang: 'en',
  title: 'CERTIFICATE',
  spaced: true,
  subtitle: 'OF COMPLETION',
  certifies: 'This certifies that',
  completed: (date, organisation) =>
    organisation
      ? `has completed the SkillUp Personality Profile at ${organisation} on ${date},`
      : `has completed the SkillUp Personality Profile on ${date},`,
  assessment: (language) => `a 30-statement Big Five assessment taken in ${QUIZ_LANGUAGE_NAMES[language]}.`,
  profile: 'PERSONALITY PROFILE',
  profileNote: 'Big Five domains · share of the possible range',
  certificateId: 'CERTIFICATE ID',
  issued: (date) => `Issued ${date}`,
  verifyAt: (url) => `Verify at ${url}`,
  source:
    'Statements from the public-domain International Personality Item Pool (ipip.ori.org). The profile describes personal style, not ability: no score is good or bad.',
  scan: 'SCAN TO VERIFY',
  date: (date) => EN_DATE.format(date),
};

const HINDI: CertificateWords = {
  key: 'hindi',
  lang: 'hi',
  title: 'पूर्णता प्रमाणपत्र',
  spaced: false,
  subtitle: 'बिग फ़ाइव पर्सनैलिटी प्रोफ़ाइल',
  certifies: 'प्रमाणित किया जाता है कि',
  completed: (date, organisation) =>
    organisation ? `ने ${date} को ${organisation} में SkillUp पर्सनैलिटी प्रोफ़ाइल पूरी की,` : `ने ${date} को SkillUp पर्सनैलिटी प्रोफ़ाइल पूरी की,`,
  assessment: () => 'जो हिंदी में दिया गया 30 कथनों का बिग फ़ाइव आकलन है।',
  profile: 'पर्सनैलिटी प्रोफ़ाइल',
  profileNote: 'बिग फ़ाइव के पाँच पहलू · संभावित दायरे में स्थान',
  certificateId: 'प्रमाणपत्र संख्या',
  issued: (date) => `जारी: ${date}`,
  verifyAt: (url) => `जाँचें: ${url}`,
  source:
    'कथन सार्वजनिक डोमेन के इंटरनेशनल पर्सनैलिटी आइटम पूल (ipip.ori.org) से। यह प्रोफ़ाइल व्यक्तिगत स्वभाव बताती है, क़ाबिलियत नहीं: कोई भी स्कोर अच्छा या बुरा नहीं होता।',
  scan: 'स्कैन करके जाँचें',
  date: (date) => HI_DATE.format(date),
};

export function certificateWords(language: QuizLanguage): CertificateWords {
  return language === 'hindi' ? HINDI : ENGLISH;
}

/** A domain's name as the certificate prints it: the contract's label without its gloss in brackets. */
export function shortLabel(label: string): string {
  return label.replace(/\s*\(.*\)$/u, '');
}
