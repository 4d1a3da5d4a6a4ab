// The instrument itself: 30 public-domain IPIP statements, balanced per domain and keying,
// interleaved, complete in both languages, with four options each.
import { describe, expect, it } from 'vitest';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS, QUIZ_ITEM_IDS, QUIZ_ITEMS, quizItemText } from './items.ts';
import { QUIZ_LANGUAGES, QUIZ_OPTION_LETTERS, QUIZ_OPTIONS } from './options.ts';
import { QUIZ_BAND_LABELS, QUIZ_BAND_PROFILES } from './scoring.ts';

const SHORT: Record<string, string> = {
  extraversion: 'E',
  agreeableness: 'A',
  conscientiousness: 'C',
  emotionalStability: 'ES',
  openness: 'O',
};

describe('quiz items', () => {
  it('has 30 items with stable ids q01..q30 in order', () => {
    expect(QUIZ_ITEMS).toHaveLength(30);
    expect(QUIZ_ITEM_IDS).toEqual(Array.from({ length: 30 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`));
  });

  it('keeps each id on the same domain and keying (stored answers depend on it)', () => {
    // Written out by hand: changing the instrument must be a deliberate edit here too.
    const layout = QUIZ_ITEMS.map((item) => `${SHORT[item.domain]}${item.keyed === 'plus' ? '+' : '-'}`).join(' ');
    expect(layout).toBe('E+ A- C+ ES- O+ E- A+ C- ES+ O- E+ A- C+ ES- O+ E- A+ C- ES+ O- E+ A- C+ ES- O- E- A+ C- ES+ O+');
  });

  it.each(QUIZ_DOMAINS)('has 6 items for %s, 3 keyed plus and 3 keyed minus', (domain) => {
    const items = QUIZ_ITEMS.filter((item) => item.domain === domain);
    expect(items).toHaveLength(6);
    expect(items.filter((item) => item.keyed === 'plus')).toHaveLength(3);
    expect(items.filter((item) => item.keyed === 'minus')).toHaveLength(3);
  });

  it('interleaves domains: no two neighbouring items measure the same domain', () => {
    for (let i = 1; i < QUIZ_ITEMS.length; i++) {
      expect(QUIZ_ITEMS[i]?.domain, `items ${i} and ${i + 1}`).not.toBe(QUIZ_ITEMS[i - 1]?.domain);
    }
  });

  it('cites an IPIP source for every item and no licensed inventory', () => {
    for (const item of QUIZ_ITEMS) {
      expect(item.source, item.id).toMatch(/^IPIP/);
      expect(item.source, item.id).not.toMatch(/BFI|NEO-PI-R|16PF|MBTI/);
    }
    expect(new Set(QUIZ_ITEMS.map((item) => item.source)).size).toBe(30);
  });

  it('has a non-empty English and Hinglish text for every item, all different', () => {
    for (const language of QUIZ_LANGUAGES) {
      const texts = QUIZ_ITEMS.map((item) => quizItemText(item, language));
      for (const text of texts) expect(text.trim().length).toBeGreaterThan(10);
      expect(new Set(texts).size).toBe(30);
    }
    for (const item of QUIZ_ITEMS) expect(item.text.hinglish, item.id).not.toBe(item.text.en);
  });

  it('writes Hinglish in Roman script, so it reads on any phone keyboard and font', () => {
    for (const item of QUIZ_ITEMS) expect(item.text.hinglish, item.id).toMatch(/^[\x20-\x7E]+$/);
  });

  it('writes Hindi in Devanagari, no Latin words left in it but for a bracketed gloss', () => {
    for (const item of QUIZ_ITEMS) {
      expect(item.text.hindi, item.id).toMatch(/^[\u0900-\u097f][\u0900-\u097f\s,()\-–।]+।$/u);
    }
  });
});

describe('quiz options', () => {
  it('offers the two spec languages and Hindi', () => {
    expect(QUIZ_LANGUAGES).toEqual(['english', 'hinglish', 'hindi']);
    expect(Object.keys(QUIZ_OPTIONS).sort()).toEqual([...QUIZ_LANGUAGES].sort());
  });

  it.each(QUIZ_LANGUAGES)('has four distinct, non-empty labels A to D in %s', (language) => {
    const labels = QUIZ_OPTIONS[language];
    expect(labels).toHaveLength(QUIZ_OPTION_LETTERS.length);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(4);
  });

  it('runs from inaccurate to accurate in both languages', () => {
    expect(QUIZ_OPTIONS.english[0]).toBe('Very inaccurate');
    expect(QUIZ_OPTIONS.english[3]).toBe('Very accurate');
    expect(QUIZ_OPTIONS.hinglish[0]).toBe('Bilkul sahi nahi');
    expect(QUIZ_OPTIONS.hinglish[3]).toBe('Bilkul sahi');
    expect(QUIZ_OPTIONS.hindi[0]).toBe('बिल्कुल सही नहीं');
    expect(QUIZ_OPTIONS.hindi[3]).toBe('बिल्कुल सही');
  });
});

describe('result wording', () => {
  it('has a label for every domain and band, in both languages', () => {
    for (const domain of QUIZ_DOMAINS) {
      expect(QUIZ_DOMAIN_LABELS[domain].en).not.toBe('');
      expect(QUIZ_DOMAIN_LABELS[domain].hinglish).not.toBe('');
      expect(QUIZ_DOMAIN_LABELS[domain].hindi).toMatch(/^[\u0900-\u097f]/u);
    }
    for (const label of Object.values(QUIZ_BAND_LABELS)) {
      expect(label.en).not.toBe('');
      expect(label.hinglish).not.toBe('');
      expect(label.hindi).toMatch(/^[\u0900-\u097f]+$/u);
    }
  });

  it('has a title and a description for every domain and band, in both languages', () => {
    const seen = new Set<string>();
    for (const domain of QUIZ_DOMAINS) {
      for (const band of ['low', 'balanced', 'high'] as const) {
        const profile = QUIZ_BAND_PROFILES[domain][band];
        for (const text of [profile.title.en, profile.title.hinglish, profile.title.hindi]) expect(text.trim()).not.toBe('');
        expect(profile.title.hindi).toMatch(/[\u0900-\u097f]/u);
        expect(profile.text.hindi).toMatch(/[\u0900-\u097f]/u);
        for (const text of [profile.text.en, profile.text.hinglish, profile.text.hindi]) {
          expect(text.length, `${domain}/${band}`).toBeGreaterThan(80);
          expect(text.length, `${domain}/${band}`).toBeLessThan(400);
          seen.add(text);
        }
      }
    }
    expect(seen.size).toBe(45);
  });
});
