import { describe, expect, it } from 'vitest';
import { isStorableText } from './text-rules.ts';
import { cleanSource, leadUtmSource, looksLikeBot, MIN_FILL_MS, SOURCE_VALUE_MAX } from './lead-signals.ts';

describe('cleanSource', () => {
  it('keeps only the known keys of first and last, as capped strings', () => {
    expect(cleanSource({ first: { utm_source: 'a', evil: 'b', gclid: 1 }, last: { fbclid: 'c' }, extra: { utm_source: 'd' } })).toEqual({
      first: { utm_source: 'a' },
      last: { fbclid: 'c' },
    });
    expect(cleanSource({ first: { referrer: 'r'.repeat(SOURCE_VALUE_MAX * 10) } })?.first?.referrer).toHaveLength(SOURCE_VALUE_MAX);
  });

  it('drops what cannot be stored or shown safely, not the lead', () => {
    expect(cleanSource({ first: { utm_source: 'in\u0000sta\u202Egram\uD800' } })).toEqual({ first: { utm_source: 'instagram' } });
    expect(cleanSource({ first: { utm_source: '\u0000\u0001' } })).toBeUndefined();
  });

  it('never cuts a character in half at the cap (half an emoji cannot be stored)', () => {
    for (const prefix of ['', 'a']) {
      const kept = cleanSource({ first: { utm_source: prefix + '😀'.repeat(150) } })!.first!.utm_source!;
      expect(kept.length).toBeLessThanOrEqual(SOURCE_VALUE_MAX);
      expect(isStorableText(kept), JSON.stringify(prefix)).toBe(true);
    }
  });

  it('is undefined for anything that is not a source', () => {
    for (const value of [undefined, null, 'x', 42, [], [{ utm_source: 'a' }], {}, { first: 'x' }, { first: [] }])
      expect(cleanSource(value), JSON.stringify(value)).toBeUndefined();
  });

  it('cuts a long value after a bounded amount of work', () => {
    const started = performance.now();
    cleanSource({ first: { referrer: 'x'.repeat(1_000_000) } });
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('leadUtmSource', () => {
  it('is the last touch’s utm_source, else the first’s', () => {
    expect(leadUtmSource({ first: { utm_source: 'a' }, last: { utm_source: 'b' } })).toBe('b');
    expect(leadUtmSource({ first: { utm_source: 'a' }, last: { referrer: 'r' } })).toBe('a');
    expect(leadUtmSource(undefined)).toBeUndefined();
  });
});

describe('looksLikeBot', () => {
  it('catches a filled honeypot and a form sent too soon', () => {
    expect(looksLikeBot({ website: 'http://x' })).toBe(true);
    expect(looksLikeBot({ website: ['x'] })).toBe(true);
    expect(looksLikeBot({ fillMs: MIN_FILL_MS - 1 })).toBe(true);
    expect(looksLikeBot({ fillMs: 0 })).toBe(true);
  });

  it('lets a person through, and a client that sends neither (the spec’s own)', () => {
    expect(looksLikeBot({ website: '', fillMs: MIN_FILL_MS })).toBe(false);
    expect(looksLikeBot({ website: '   ', fillMs: 60_000 })).toBe(false);
    expect(looksLikeBot({ name: 'Asha' })).toBe(false);
    expect(looksLikeBot({ fillMs: '100' })).toBe(false);
    expect(looksLikeBot(null)).toBe(false);
  });

  it('judges fill time by the threshold given (0 turns it off)', () => {
    expect(looksLikeBot({ fillMs: 100 }, 0)).toBe(false);
    expect(looksLikeBot({ fillMs: 100, website: 'x' }, 0)).toBe(true);
  });
});
