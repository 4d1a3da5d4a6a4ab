// Scoring against hand-computed profiles. Each expected number below was worked out on
// paper from the item layout (E+ A- C+ ES- O+ / E- A+ C- ES+ O- ... see items.test.ts).
import { describe, expect, it } from 'vitest';
import { QUIZ_ITEM_IDS, QUIZ_ITEMS } from './items.ts';
import type { QuizAnswers, QuizOptionIndex } from './options.ts';
import { describeScore, QuizAnswersError, scoreAnswers, type QuizResult } from './scoring.ts';

const fill = (pick: (id: string, n: number) => QuizOptionIndex): QuizAnswers =>
  Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, pick(id, i + 1)]));

const summary = (result: QuizResult) => result.domains.map((d) => [d.domain, d.raw, d.percent, d.band]);

describe('scoreAnswers', () => {
  it('scores all A as the midpoint: 3 plus items at 1, 3 minus items at 4', () => {
    const result = scoreAnswers(fill(() => 0));
    for (const d of result.domains) expect([d.raw, d.percent, d.band]).toEqual([15, 50, 'balanced']);
  });

  it('scores all D as the midpoint too: agreeing with everything is not a high score', () => {
    const result = scoreAnswers(fill(() => 3));
    for (const d of result.domains) expect([d.raw, d.percent, d.band]).toEqual([15, 50, 'balanced']);
  });

  it('scores alternating A, D, A, D... (odd ids A, even ids D)', () => {
    // E, A, C and ES alternate their keying in step with the ids, so every item scores 1.
    // Openness breaks step at q25 (minus, odd: A -> 4) and q30 (plus, even: D -> 4).
    expect(summary(scoreAnswers(fill((_, n) => (n % 2 ? 0 : 3))))).toEqual([
      ['extraversion', 6, 0, 'low'],
      ['agreeableness', 6, 0, 'low'],
      ['conscientiousness', 6, 0, 'low'],
      ['emotionalStability', 6, 0, 'low'],
      ['openness', 12, 33, 'low'],
    ]);
  });

  it('scores the opposite alternation (odd ids D, even ids A)', () => {
    expect(summary(scoreAnswers(fill((_, n) => (n % 2 ? 3 : 0))))).toEqual([
      ['extraversion', 24, 100, 'high'],
      ['agreeableness', 24, 100, 'high'],
      ['conscientiousness', 24, 100, 'high'],
      ['emotionalStability', 24, 100, 'high'],
      ['openness', 18, 67, 'high'],
    ]);
  });

  it('reverses minus-keyed items: D on a minus item lowers the domain', () => {
    // All B: plus items score 2, minus items 3, so every domain is 15.
    const base = fill(() => 1);
    const a = (answers: QuizAnswers) => scoreAnswers(answers).domains.find((d) => d.domain === 'agreeableness');
    // q02 "I feel little concern for others" is minus-keyed: B (3) -> D (1) is 15 - 2 = 13.
    expect(a({ ...base, q02: 3 })).toMatchObject({ raw: 13, percent: 39, band: 'low' });
    // q07 "I sympathise with other people's feelings" is plus-keyed: B (2) -> D (4) is 17.
    expect(a({ ...base, q07: 3 })).toMatchObject({ raw: 17, percent: 61, band: 'high' });
    // q02 to A: minus-keyed, B (3) -> A (4) is 16, still balanced.
    expect(a({ ...base, q02: 0 })).toMatchObject({ raw: 16, percent: 56, band: 'balanced' });
  });

  it('cuts bands between raw 13|14 and 16|17', () => {
    const base = fill(() => 1);
    const e = (answers: QuizAnswers) => scoreAnswers(answers).domains[0];
    // q01, q11, q21 are E plus items; q06, q16, q26 are E minus items.
    expect(e({ ...base, q06: 2 })).toMatchObject({ raw: 14, percent: 44, band: 'balanced' });
    expect(e({ ...base, q06: 2, q16: 2 })).toMatchObject({ raw: 13, percent: 39, band: 'low' });
    expect(e({ ...base, q01: 2 })).toMatchObject({ raw: 16, percent: 56, band: 'balanced' });
    expect(e({ ...base, q01: 2, q11: 2 })).toMatchObject({ raw: 17, percent: 61, band: 'high' });
  });

  it('moves only the item’s own domain, in the direction of its key', () => {
    const base = fill(() => 1);
    const before = scoreAnswers(base).domains;
    for (const item of QUIZ_ITEMS) {
      const after = scoreAnswers({ ...base, [item.id]: 3 }).domains;
      for (const [i, d] of after.entries()) {
        const delta = d.raw - (before[i]?.raw ?? NaN);
        expect(delta, item.id).toBe(d.domain === item.domain ? (item.keyed === 'plus' ? 2 : -2) : 0);
      }
    }
  });

  it('returns the five domains in a fixed order', () => {
    expect(scoreAnswers(fill(() => 2)).domains.map((d) => d.domain)).toEqual([
      'extraversion',
      'agreeableness',
      'conscientiousness',
      'emotionalStability',
      'openness',
    ]);
  });

  it('throws QuizAnswersError with the user-facing message on incomplete or bad answers', () => {
    const all = fill(() => 2);
    const { q30: _dropped, ...missing } = all;
    expect(() => scoreAnswers(missing)).toThrow(QuizAnswersError);
    expect(() => scoreAnswers(missing)).toThrow('Please answer all 30 questions');
    expect(() => scoreAnswers({ ...all, q31: 1 } as QuizAnswers)).toThrow('Unknown question id: q31');
    expect(() => scoreAnswers({ ...all, q05: 4 } as unknown as QuizAnswers)).toThrow('Each answer must be an option from A to D');
  });

  it('describes each score in the chosen language', () => {
    const score = scoreAnswers(fill((_, n) => (n % 2 ? 3 : 0))).domains[0]!;
    expect(describeScore(score, 'english').title).toBe('Outgoing');
    expect(describeScore(score, 'hinglish').title).toBe('Milansaar aur outgoing');
    expect(describeScore(score, 'hinglish').text).toMatch(/baatcheet/);
  });
});
