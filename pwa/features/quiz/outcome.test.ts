import { describe, expect, it } from 'vitest';
import { SAVED_OFFLINE_MESSAGE, SAVED_SERVER_MESSAGE, type SubmitResult } from '../../lib/submit.ts';
import { QUIZ_MESSAGES } from '../../../contract/quiz/answers.ts';
import { quizOutcome } from './outcome.ts';

const base: SubmitResult = { status: 0, ok: false, data: undefined, message: undefined, queued: false };

describe('quizOutcome (spec §8, quiz submit)', () => {
  it('success: the spec message, whatever the server said', () => {
    expect(quizOutcome({ ...base, status: 201, ok: true, message: 'anything' }, 'english')).toEqual({
      kind: 'sent',
      message: 'Test submitted! Certificate sent to your email.',
    });
    expect(quizOutcome({ ...base, status: 201, ok: true }, 'hinglish').message).toBe('Test submitted! Certificate sent to your email.');
  });

  it('success without the email (the address had its certificate emails for today): says so', () => {
    const data = { emailed: false };
    expect(quizOutcome({ ...base, status: 201, ok: true, data, message: QUIZ_MESSAGES.successNotEmailed }, 'english')).toEqual({
      kind: 'sent',
      message: QUIZ_MESSAGES.successNotEmailed,
    });
    expect(quizOutcome({ ...base, status: 201, ok: true, data: { emailed: true }, message: 'x' }, 'english').message).toBe(
      QUIZ_MESSAGES.success,
    );
  });

  it('failure: a warning sign and the server message, else "Submission failed"', () => {
    expect(quizOutcome({ ...base, status: 400, message: 'Please answer all 30 questions' }, 'english')).toEqual({
      kind: 'failed',
      message: '⚠️ Please answer all 30 questions',
    });
    expect(quizOutcome({ ...base, status: 422 }, 'hinglish')).toEqual({ kind: 'failed', message: 'Submission failed' });
  });

  it('network error: the English and the Hinglish message', () => {
    expect(quizOutcome({ ...base, direct: true }, 'english')).toEqual({
      kind: 'failed',
      message: 'Server not responding. Please try again later.',
    });
    expect(quizOutcome({ ...base, direct: true }, 'hinglish')).toEqual({
      kind: 'failed',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('queued in the outbox: a success that says it is saved on the device', () => {
    expect(quizOutcome({ ...base, queued: true, queuedReason: 'offline' }, 'english')).toEqual({
      kind: 'queued',
      message: SAVED_OFFLINE_MESSAGE,
    });
    expect(quizOutcome({ ...base, status: 503, queued: true, queuedReason: 'server' }, 'hinglish')).toEqual({
      kind: 'queued',
      message: SAVED_SERVER_MESSAGE,
    });
  });
});
