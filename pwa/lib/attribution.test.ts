import { describe, expect, it } from 'vitest';
import { afterLanding, touchOf } from './attribution.ts';

const site = 'https://skillup.example.in';

describe('touchOf', () => {
  it('reads the campaign parameters, an outside referrer and the landing path', () => {
    const url = new URL(`${site}/course/soft-skills?utm_source=instagram&utm_medium=social&utm_campaign=diwali&gclid=abc&fbclid=&other=1`);
    expect(touchOf(url, 'https://l.instagram.com/x')).toEqual({
      landingPath: '/course/soft-skills',
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'diwali',
      gclid: 'abc',
      referrer: 'https://l.instagram.com/x',
    });
  });

  it('leaves out our own pages as referrers, and a referrer that is not a URL', () => {
    expect(touchOf(new URL(`${site}/contact`), `${site}/`)).toEqual({ landingPath: '/contact' });
    expect(touchOf(new URL(`${site}/contact`), 'not a url')).toEqual({ landingPath: '/contact' });
  });
});

describe('afterLanding', () => {
  const campaign = { landingPath: '/', utm_source: 'instagram' };
  const google = { landingPath: '/blog', referrer: 'https://www.google.com/' };
  const direct = { landingPath: '/contact' };

  it('keeps the first landing forever, even a direct one', () => {
    const first = afterLanding(undefined, direct);
    expect(first).toEqual({ first: direct, last: direct });
    const later = afterLanding(first, campaign);
    expect(later.first).toEqual(direct);
    expect(afterLanding(later, google).first).toEqual(direct);
  });

  it('replaces the last touch only with a landing from a campaign or another site', () => {
    const fromCampaign = afterLanding(afterLanding(undefined, direct), campaign);
    expect(fromCampaign.last).toEqual(campaign);
    // A reload or a typed address says nothing new.
    expect(afterLanding(fromCampaign, direct).last).toEqual(campaign);
    expect(afterLanding(fromCampaign, google).last).toEqual(google);
  });

  it('cleans and caps what it keeps, like the server', () => {
    const long = { landingPath: '/', utm_source: `x${'y'.repeat(500)}`, utm_term: 'a\u0000b' };
    const kept = afterLanding(undefined, long);
    expect(kept.first?.utm_source).toHaveLength(200);
    expect(kept.first?.utm_term).toBe('ab');
  });
});
