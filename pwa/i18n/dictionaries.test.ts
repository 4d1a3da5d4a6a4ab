// Every English string a visitor reads has its Hindi one: the typecheck catches a missing
// key (the Hindi tables are typed by the English keys); this catches an empty one, a
// leftover English copy, and a label the contract's rules use without a Hindi name.
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../contract/messages.ts';
import { API_MESSAGES_HI, CONSENT_MESSAGES_HI, hindiMessage, LABELS_HI, localizeMessage, MESSAGES_HI } from '../../contract/messages-hi.ts';
import {
  bookingSchema,
  bookingUtrSchema,
  contactSchema,
  enquirySchema,
  freeJoinSchema,
  joinNowSchema,
  personalitySignupSchema,
  proposalSchema,
} from '../../contract/leads.ts';
import { ABOUT_EN } from '../content/about.ts';
import { COURSE_EN } from '../content/course-words.ts';
import { GALLERY_EN } from '../content/gallery.ts';
import ABOUT_HI from '../content/hi/about.ts';
import COURSE_HI from '../content/hi/course.ts';
import GALLERY_HI from '../content/hi/gallery.ts';
import PROGRAMS_HI from '../content/hi/programs.ts';
import SECTIONS_HI from '../content/hi/sections.ts';
import { PROGRAMS_EN } from '../content/program-words.ts';
import { SECTIONS_EN } from '../content/sections.ts';
import { LEAD_FORMS_EN } from './lead-forms.en.ts';
import { LEAD_FORMS_HI } from './lead-forms.hi.ts';
import { overEnglish } from './useLeadFormWords.ts';
import BLOG_PAGE_HI from '../content/hi/blog-page.ts';
import CONTACT_HI from '../content/hi/contact.ts';
import ERASURE_HI from '../content/hi/erasure.ts';
import HOME_HI from '../content/hi/home.ts';
import JOIN_NOW_HI from '../content/hi/join-now.ts';
import POLICY_WORDS_HI from '../content/hi/policies.ts';
import SIGNUP_HI from '../content/hi/signup.ts';
import WEBINARS_HI from '../content/hi/webinars.ts';
import OUTBOX_HI from '../content/hi/outbox.ts';
import { BLOG_PAGE_EN } from '../content/blog-page.ts';
import { ERASURE_EN } from '../content/erasure.ts';
import { JOIN_NOW_EN } from '../content/join-now.ts';
import { POLICY_WORDS_EN } from '../content/policies.ts';
import { SIGNUP_EN } from '../content/signup.ts';
import { WEBINARS_EN } from '../content/webinars.ts';
import { OUTBOX_EN } from '../content/outbox.ts';
import { CHROME_EN } from './chrome.en.ts';
import { CHROME_HI } from './chrome.hi.ts';
import { FORMS_EN } from './forms.en.ts';
import { FORMS_HI } from './forms.hi.ts';
import { withFallback } from './LangContext.tsx';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every string inside a value, with where it sits. */
function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe('the Hindi dictionaries', () => {
  const tables: Record<string, [Record<string, string>, Record<string, string>]> = {
    chrome: [CHROME_EN, CHROME_HI],
    forms: [FORMS_EN, FORMS_HI],
  };
  for (const [name, [en, hi]] of Object.entries(tables)) {
    it(`${name}: every English key has a Hindi string, not empty`, () => {
      const missing = Object.keys(en).filter((k) => typeof hi[k] !== 'string' || hi[k].trim() === '');
      expect(missing).toEqual([]);
      expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    });
    it(`${name}: the Hindi strings are written in Hindi (each has Devanagari, or is the switch back to English)`, () => {
      const english = Object.entries(hi).filter(([k, v]) => !DEVANAGARI.test(v) && k !== 'switchTo');
      expect(english).toEqual([]);
    });
  }

  it('the contract’s messages: every one has Hindi, written in Devanagari', () => {
    for (const table of [MESSAGES_HI, API_MESSAGES_HI, CONSENT_MESSAGES_HI, LABELS_HI]) {
      for (const [key, text] of Object.entries(table)) expect(DEVANAGARI.test(text), key).toBe(true);
    }
    for (const [key, message] of Object.entries(API_MESSAGES)) {
      const english = typeof message === 'function' ? message(key === 'tooLarge' ? (2048 as never) : ('Email' as never)) : message;
      expect(hindiMessage(english), key).toMatch(DEVANAGARI);
    }
  });

  it('every message the public forms’ schemas can give has Hindi (labels included)', () => {
    const empty = { firstName: '', lastName: '', name: '', email: '', phone: '', message: '', password: '', background: '', course: '' };
    const long = Object.fromEntries(Object.keys(empty).map((k) => [k, 'x'.repeat(5000)]));
    const bad = { ...empty, email: 'ravi@gmail', phone: '123', password: '1' };
    for (const schema of [contactSchema, enquirySchema, joinNowSchema, personalitySignupSchema, freeJoinSchema]) {
      for (const input of [empty, long, bad]) {
        try {
          schema.validateSync(input, { abortEarly: false });
        } catch (err) {
          for (const message of (err as { errors: string[] }).errors) expect(hindiMessage(message), message).toMatch(DEVANAGARI);
        }
      }
    }
  });

  it('the Hindi pages’ words: no empty string', () => {
    for (const [name, content] of Object.entries({ home: HOME_HI, contact: CONTACT_HI })) {
      const blank = strings(content).filter(([, v]) => v.trim() === '');
      expect(blank, name).toEqual([]);
    }
  });

  it('the Hindi pages’ words: each English one has its Hindi one, in Devanagari (brand, locale and numbers aside)', () => {
    const pages: Record<string, [unknown, unknown]> = {
      blog: [BLOG_PAGE_EN, BLOG_PAGE_HI],
      signup: [SIGNUP_EN, SIGNUP_HI],
      joinNow: [JOIN_NOW_EN, JOIN_NOW_HI],
      erasure: [ERASURE_EN, ERASURE_HI],
      webinars: [WEBINARS_EN, WEBINARS_HI],
      outbox: [OUTBOX_EN, OUTBOX_HI],
      policies: [POLICY_WORDS_EN, POLICY_WORDS_HI],
    };
    for (const [name, [en, hi]] of Object.entries(pages)) {
      const hindi = new Map(strings(hi));
      const paths = strings(en).map(([at]) => at);
      // Every English place has a Hindi string (policies: every section and paragraph).
      expect(
        paths.filter((at) => !hindi.has(at) && !at.endsWith('.path')),
        name,
      ).toEqual([]);
      const notHindi = [...hindi].filter(([at, v]) => !DEVANAGARI.test(v) && !/(\.path|\.effective|dateLocale)$/.test(at));
      expect(notHindi, name).toEqual([]);
    }
    // The English blog has no note; the Hindi one says the posts are English.
    expect(BLOG_PAGE_EN.postsNote).toBe('');
    expect(BLOG_PAGE_HI.postsNote).toMatch(/अंग्रेज़ी/);
  });

  it('a gap never shows blank: an empty Hindi string falls back to English, and an unknown message stays as sent', () => {
    const words = withFallback({ ...CHROME_HI, navHome: '' }, CHROME_EN);
    expect(words.navHome).toBe('Home');
    expect(words.navAbout).toBe(CHROME_HI.navAbout);
    expect(localizeMessage('Some message we never wrote', 'hi')).toBe('Some message we never wrote');
    expect(localizeMessage('Email is required', 'hi')).toBe('ईमेल भरना ज़रूरी है');
    expect(localizeMessage('Email is required', 'en')).toBe('Email is required');
  });
});

describe('the Hindi pages and forms: about, course, programmes, gallery, and the forms they open', () => {
  const pairs: Record<string, [unknown, unknown]> = {
    about: [ABOUT_EN, ABOUT_HI],
    course: [COURSE_EN, COURSE_HI],
    programs: [PROGRAMS_EN, PROGRAMS_HI],
    gallery: [GALLERY_EN, GALLERY_HI],
    sections: [SECTIONS_EN, SECTIONS_HI],
    'lead forms': [LEAD_FORMS_EN, LEAD_FORMS_HI],
  };
  /** Words Hindi readers see in Latin letters on Indian sites and apps: figures, and these names. */
  const LATIN_AS_IS = /^(?:[\d%–-]+|UPI ID)$/;

  for (const [name, [en, hi]] of Object.entries(pairs)) {
    it(`${name}: every English string has its Hindi one in the same place (no list shorter or longer), none empty`, () => {
      const paths = (value: unknown) =>
        strings(value)
          .map(([at]) => at)
          .sort();
      expect(paths(hi)).toEqual(paths(en));
      expect(strings(hi).filter(([, v]) => v.trim() === '')).toEqual([]);
    });
    it(`${name}: written in Hindi (each string has Devanagari, but figures and payment terms)`, () => {
      const english = strings(hi).filter(([, v]) => !DEVANAGARI.test(v) && !LATIN_AS_IS.test(v));
      expect(english).toEqual([]);
    });
  }

  it('an empty Hindi form word shows the English one, at any depth', () => {
    const words = overEnglish({ ...LEAD_FORMS_HI, booking: { ...LEAD_FORMS_HI.booking, title: ' ' } }, LEAD_FORMS_EN);
    expect(words.booking.title).toBe('Book your seat');
    expect(words.booking.close).toBe(LEAD_FORMS_HI.booking.close);
    expect(words.options.programme['Skill for Colleges']).toBe('कॉलेजों के लिए स्किल');
  });

  it('every message the booking, proposal and UTR forms can give has Hindi, their field names in Hindi too', () => {
    const empty = {
      programme: '',
      package: '',
      batch: '',
      name: '',
      email: '',
      phone: '',
      organisation: '',
      role: '',
      city: '',
      participants: '',
    };
    const inputs = [
      empty,
      { ...empty, preferredMonths: '', participants: 'many' },
      { ...empty, participants: 1.5, email: 'ravi@gmail', phone: '123' },
      { ...empty, participants: 0 },
      { ...empty, participants: 10_000_000, city: 'x'.repeat(500), batch: 'x'.repeat(500) },
      { reference: 'SU-123', utr: '' },
      { reference: 'SU-0123456789', utr: '12' },
    ];
    const seen = new Set<string>();
    for (const schema of [bookingSchema, proposalSchema, bookingUtrSchema]) {
      for (const input of inputs) {
        try {
          schema.validateSync(input, { abortEarly: false });
        } catch (err) {
          for (const message of (err as { errors: string[] }).errors) seen.add(message);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(15);
    for (const message of seen) {
      const hindi = hindiMessage(message);
      expect(hindi, message).toMatch(DEVANAGARI);
      // Only the payment terms stay in Latin letters: every field's name has its Hindi one.
      expect(hindi!.replace(/UTR|UPI/g, ''), message).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
});
