import { describe, expect, it } from 'vitest';
import { isQuizOptionIndex, knownQuizAnswers, quizAnswersProblem } from './answers.ts';
import { QUIZ_ITEM_IDS } from './items.ts';

describe('knownQuizAnswers', () => {
  it('keeps the answers the rule accepts and drops the rest', () => {
    const [first, second, third] = QUIZ_ITEM_IDS;
    expect(knownQuizAnswers({ [first!]: 0, [second!]: 3, [third!]: 4, q99: 1, extra: 'x' })).toEqual({ [first!]: 0, [second!]: 3 });
    expect(knownQuizAnswers({ [first!]: '1', [second!]: 1.5, [third!]: -1 })).toEqual({});
    for (const value of [undefined, null, 'text', 3]) expect(knownQuizAnswers(value)).toEqual({});
  });

  it('agrees with the completeness rule: a full set it keeps is complete', () => {
    const full = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
    expect(quizAnswersProblem(knownQuizAnswers(full))).toBeNull();
    expect(knownQuizAnswers(full)).toEqual(full);
  });

  it('knows the four option indices', () => {
    expect([0, 1, 2, 3, 4, -1, '0', null].map(isQuizOptionIndex)).toEqual([true, true, true, true, false, false, false, false]);
  });
});
