// Each programme's brochure, in each of the site's languages, assembled from the very content
// its page renders (the course, the four programmes, the packages, the contact details; in
// Hindi the words content/hi/ gives those pages), so the PDF can never say something the page
// does not. Read at build time only (entry-server.tsx hands it to scripts/prerender.mjs, which
// draws each with brochures/render-brochure.ts).
import { SITE } from '../config/site.ts';
import type { Lang } from '../i18n/lang.ts';
import { brochureFileName, type BrochureSlug } from './brochure-files.ts';
import { COURSE_EN, withWords, type CourseWords } from './course-words.ts';
import CONTACT_HI from './hi/contact.ts';
import COURSE_HI from './hi/course.ts';
import PROGRAMS_HI from './hi/programs.ts';
import { PRICING_PACKAGES } from './pricing.ts';
import { PROGRAMS_EN, type ProgramsWords } from './program-words.ts';
import { PROGRAM_SLUGS } from './programs-index.ts';
import type { CourseHeader } from './types.ts';

export interface BrochurePackage {
  title: string;
  price: string;
  features: string[];
}

/** The brochure's own words: its headings and labels, in its language. */
export interface BrochureWords {
  /** The brand as the site in this language writes it. */
  brand: string;
  /** The line above the title: '{brand} · Programme brochure'. */
  kicker: string;
  subject: string;
  packages: string;
  outcomes: string;
  certificate: string;
  contactUs: string;
  phone: string;
  email: string;
  address: string;
  web: string;
}

export interface Brochure {
  slug: BrochureSlug;
  lang: Lang;
  words: BrochureWords;
  fileName: string;
  title: string;
  /** What the programme promises: its page's lead paragraph. */
  promise: string;
  facts: Array<[string, string]>;
  approach: { title: string; steps: Array<{ title: string; text: string }> };
  /** The course's packages; an organisation's programme is priced in its proposal. */
  packages: BrochurePackage[];
  pricingNote?: string;
  outcomes: Array<{ title: string; items: string[] }>;
  certificate: string[];
  contact: { phone: string; email: string; address: string; web: string };
}

/** What differs between the languages besides the pages' own words. */
interface Language {
  words: BrochureWords;
  factLabels: Record<'duration' | 'mode' | 'language' | 'startDate' | 'jobAssistance', string>;
  course: CourseWords;
  programs: ProgramsWords;
  courseApproach: string;
  courseOutcomes: string;
  pricingNote: string;
  address: string;
}

const WEB = 'skillupacademy.in';

const LANGUAGES: Record<Lang, Language> = {
  en: {
    words: {
      brand: SITE.name,
      kicker: `${SITE.name} · Programme brochure`,
      subject: 'Programme brochure',
      packages: 'Packages',
      outcomes: 'Outcomes',
      certificate: 'Certificate',
      contactUs: 'Contact us',
      phone: 'Phone / WhatsApp',
      email: 'Email',
      address: 'Address',
      web: 'Web',
    },
    factLabels: { duration: 'Duration', mode: 'Delivery mode', language: 'Language', startDate: 'Starts', jobAssistance: 'Job assistance' },
    course: COURSE_EN,
    programs: PROGRAMS_EN,
    courseApproach: 'How the course works',
    courseOutcomes: 'What you get',
    pricingNote: 'Priced for your organisation: request a proposal on the programme’s page, or call us.',
    address: `${SITE.address.line1}, ${SITE.address.line2}, ${SITE.address.country}`,
  },
  // Written for the Hindi reader as the Hindi pages are: the brand, programme and package
  // names as Indians write them (SkillUp, Elevate, LinkedIn in Latin letters), the labels the
  // Hindi pages use (content/hi/sections.ts), the address as the Hindi contact page gives it.
  hi: {
    words: {
      brand: 'SkillUp सॉफ्ट स्किल्स अकादमी',
      kicker: 'SkillUp सॉफ्ट स्किल्स अकादमी · प्रोग्राम ब्रोशर',
      subject: 'प्रोग्राम ब्रोशर',
      packages: COURSE_HI.sections.pricingTitle,
      outcomes: 'आपको क्या मिलेगा',
      certificate: 'सर्टिफ़िकेट',
      contactUs: 'हमसे संपर्क करें',
      phone: 'फ़ोन / WhatsApp',
      email: 'ईमेल',
      address: 'पता',
      web: 'वेबसाइट',
    },
    factLabels: {
      duration: COURSE_HI.sections.duration,
      mode: COURSE_HI.sections.mode,
      language: COURSE_HI.sections.language,
      startDate: 'शुरुआत',
      jobAssistance: COURSE_HI.sections.jobAssistance,
    },
    course: COURSE_HI,
    programs: PROGRAMS_HI,
    courseApproach: 'कोर्स कैसे चलता है',
    courseOutcomes: COURSE_HI.benefitsListTitle,
    pricingNote: 'फ़ीस आपकी संस्था के हिसाब से तय होती है: प्रोग्राम के पेज पर प्रस्ताव मँगवाएँ, या हमें फ़ोन करें।',
    address: CONTACT_HI.addressLines.join(', '),
  },
};

function facts(header: Omit<CourseHeader, 'image'>, labels: Language['factLabels']): Array<[string, string]> {
  return [
    [labels.duration, header.duration],
    [labels.mode, header.mode],
    [labels.language, header.language],
    [labels.startDate, header.startDate],
    [labels.jobAssistance, header.jobAssistance],
  ];
}

function common(l: Language, lang: Lang) {
  return { lang, words: l.words, contact: { phone: SITE.phone, email: SITE.email, address: l.address, web: WEB } };
}

function courseBrochure(lang: Lang): Brochure {
  const l = LANGUAGES[lang];
  const c = l.course;
  return {
    ...common(l, lang),
    slug: 'soft-skills',
    fileName: brochureFileName(c.header.title, lang),
    title: c.header.title,
    promise: c.header.description,
    facts: facts(c.header, l.factLabels),
    approach: { title: l.courseApproach, steps: c.features.map((f) => ({ title: f.title, text: f.description })) },
    packages: withWords(PRICING_PACKAGES, c.packages).map((p) => ({
      title: p.title,
      price: `${p.priceText}${p.priceNote ? ` (${p.priceNote})` : ''}`,
      features: p.features,
    })),
    outcomes: [{ title: l.courseOutcomes, items: c.benefits }],
    certificate: c.certificateCriteria,
  };
}

function programBrochure(slug: (typeof PROGRAM_SLUGS)[number], lang: Lang): Brochure {
  const l = LANGUAGES[lang];
  const p = l.programs.programs[slug];
  return {
    ...common(l, lang),
    slug,
    fileName: brochureFileName(p.header.title, lang),
    title: p.header.title,
    promise: p.header.description,
    facts: facts(p.header, l.factLabels),
    approach: p.approach,
    packages: [],
    pricingNote: l.pricingNote,
    outcomes: p.benefits,
    certificate: p.certificate.criteria,
  };
}

/** The course's and each programme's brochure in `lang`. */
export function brochures(lang: Lang = 'en'): Brochure[] {
  return [courseBrochure(lang), ...PROGRAM_SLUGS.map((slug) => programBrochure(slug, lang))];
}
