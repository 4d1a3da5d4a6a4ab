// The submit-answers body, validated the way the API does (abortEarly off, stripUnknown on).
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { QUIZ_ITEM_IDS } from './items.ts';
import { quizAnswersSchema } from './schema.ts';

const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
const valid = { name: 'Asha Verma', email: 'Asha@Example.in', answers, language: 'hinglish' };

async function errorsOf(body: unknown): Promise<Record<string, string>> {
  try {
    await quizAnswersSchema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path ?? '_', e.message]));
  }
  return {};
}

describe('quizAnswersSchema', () => {
  it('accepts a complete submission and normalises the email', async () => {
    const value = await quizAnswersSchema.validate(valid, { stripUnknown: true });
    expect(value).toEqual({ ...valid, email: 'asha@example.in' });
  });

  it('defaults the language to english, as the spec client sends none', async () => {
    const { language: _omitted, ...body } = valid;
    expect((await quizAnswersSchema.validate(body)).language).toBe('english');
  });

  it('rejects 29 answers', async () => {
    const { q17: _dropped, ...partial } = answers;
    expect(await errorsOf({ ...valid, answers: partial })).toEqual({ answers: 'Please answer all 30 questions' });
  });

  it('rejects missing or non-object answers', async () => {
    const { answers: _omitted, ...body } = valid;
    expect(await errorsOf(body)).toEqual({ answers: 'Please answer all 30 questions' });
    expect(await errorsOf({ ...valid, answers: [1, 2, 3] })).toEqual({ answers: 'Please answer all 30 questions' });
  });

  it('rejects an option index of 4, a negative one, a fraction and a string', async () => {
    for (const bad of [4, -1, 1.5, '2', null]) {
      expect(await errorsOf({ ...valid, answers: { ...answers, q03: bad } }), String(bad)).toEqual({
        answers: 'Each answer must be an option from A to D',
      });
    }
  });

  it('rejects an unknown question id even though unknown fields are stripped elsewhere', async () => {
    expect(await errorsOf({ ...valid, answers: { ...answers, q31: 2 } })).toEqual({
      answers: 'Unknown question id: q31',
    });
  });

  it('rejects a missing email, a bad email and a missing name with the lead-form messages', async () => {
    const { email: _omitted, ...noEmail } = valid;
    expect(await errorsOf(noEmail)).toEqual({ email: 'Email is required' });
    expect(await errorsOf({ ...valid, email: 'asha@' })).toEqual({ email: 'Invalid email address' });
    expect(await errorsOf({ ...valid, name: '  ' })).toEqual({ name: 'Name is required' });
  });

  it('rejects a language other than english, hinglish or hindi', async () => {
    expect(await errorsOf({ ...valid, language: 'tamil' })).toEqual({
      language: 'The test language must be english, hinglish or hindi',
    });
    expect(await errorsOf({ ...valid, language: null })).toEqual({
      language: 'The test language must be english, hinglish or hindi',
    });
  });
});
