// Each condition test over a lead's facts: equals, in and contains on text (case and spaces
// aside), gte and lte on numbers (the score); a fact the lead lacks matches nothing.
import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionsHold } from './conditions.ts';
import { factsOf } from './facts.ts';

describe('rule conditions', () => {
  const facts = factsOf('bookings', {
    utm_source: null,
    source: { first: { utm_source: 'Instagram', utm_medium: 'paid', utm_campaign: 'Diwali-2026' } },
    programme: 'Soft Skill For Students',
    package: 'Elevate',
    organisation: 'Hansraj College',
    city: 'New Delhi',
    score: 72,
  });

  it('reads every field from the row', () => {
    expect(facts).toMatchObject({
      list: 'bookings',
      utm_source: 'Instagram',
      utm_medium: 'paid',
      utm_campaign: 'Diwali-2026',
      programme: 'Soft Skill For Students',
      package: 'Elevate',
      organisation: 'Hansraj College',
      city: 'New Delhi',
      score: 72,
    });
  });

  it('tests text with equals, in and contains, numbers with gte and lte', () => {
    expect(conditionHolds({ field: 'utm_source', op: 'equals', value: ' instagram ' }, facts)).toBe(true);
    expect(conditionHolds({ field: 'utm_source', op: 'equals', value: 'insta' }, facts)).toBe(false);
    expect(conditionHolds({ field: 'package', op: 'in', value: ['Lift', 'elevate'] }, facts)).toBe(true);
    expect(conditionHolds({ field: 'package', op: 'in', value: ['Lift'] }, facts)).toBe(false);
    expect(conditionHolds({ field: 'utm_campaign', op: 'contains', value: 'diwali' }, facts)).toBe(true);
    expect(conditionHolds({ field: 'score', op: 'gte', value: 72 }, facts)).toBe(true);
    expect(conditionHolds({ field: 'score', op: 'gte', value: 73 }, facts)).toBe(false);
    expect(conditionHolds({ field: 'score', op: 'lte', value: 72 }, facts)).toBe(true);
    expect(conditionHolds({ field: 'score', op: 'lte', value: 71 }, facts)).toBe(false);
    expect(conditionHolds({ field: 'city', op: 'gte', value: 3 }, facts)).toBe(false);
  });

  it('matches nothing on a fact the lead lacks, and needs every condition', () => {
    expect(conditionHolds({ field: 'course', op: 'contains', value: 'a' }, facts)).toBe(false);
    expect(conditionHolds({ field: 'testLanguage', op: 'equals', value: 'hindi' }, facts)).toBe(false);
    expect(conditionsHold([], facts)).toBe(true);
    expect(
      conditionsHold(
        [
          { field: 'city', op: 'equals', value: 'new delhi' },
          { field: 'utm_medium', op: 'equals', value: 'organic' },
        ],
        facts,
      ),
    ).toBe(false);
  });
});
