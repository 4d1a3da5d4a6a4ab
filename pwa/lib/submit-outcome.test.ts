import { describe, expect, it } from 'vitest';
import { serverMessageOr, submitOutcome } from './submit-outcome.ts';
import { SAVED_OFFLINE_MESSAGE, SAVED_SERVER_MESSAGE, type SubmitResult } from './submit.ts';

const base: SubmitResult = { status: 0, ok: false, data: undefined, message: undefined, queued: false };
const fixed = { success: 'Sent!', failure: 'Failed.' };
const fromServer = { success: serverMessageOr('Sent!'), failure: serverMessageOr('Failed.'), network: 'No connection.' };

describe('submitOutcome', () => {
  it('queued in the outbox: says where the submission is, whatever the texts', () => {
    expect(submitOutcome({ ...base, queued: true, queuedReason: 'offline' }, fixed)).toEqual({
      kind: 'queued',
      message: SAVED_OFFLINE_MESSAGE,
    });
    expect(submitOutcome({ ...base, status: 503, queued: true, queuedReason: 'server' }, fromServer)).toEqual({
      kind: 'queued',
      message: SAVED_SERVER_MESSAGE,
    });
  });

  it('sent: the fixed text, or the server message when the form uses it', () => {
    const sent = { ...base, status: 201, ok: true, message: 'Welcome!' };
    expect(submitOutcome(sent, fixed)).toEqual({ kind: 'sent', message: 'Sent!' });
    expect(submitOutcome(sent, fromServer)).toEqual({ kind: 'sent', message: 'Welcome!' });
    expect(submitOutcome({ ...sent, message: undefined }, fromServer)).toEqual({ kind: 'sent', message: 'Sent!' });
  });

  it('refused: the fixed text, or the server message when the form uses it', () => {
    const refused = { ...base, status: 400, message: 'Invalid email' };
    expect(submitOutcome(refused, fixed)).toEqual({ kind: 'failed', message: 'Failed.' });
    expect(submitOutcome(refused, fromServer)).toEqual({ kind: 'failed', message: 'Invalid email' });
    expect(submitOutcome({ ...refused, message: undefined }, fromServer)).toEqual({ kind: 'failed', message: 'Failed.' });
  });

  it('no answer (direct send only): the network text when the form has one, else the failure text', () => {
    const none = { ...base, direct: true };
    expect(submitOutcome(none, fromServer)).toEqual({ kind: 'failed', message: 'No connection.' });
    expect(submitOutcome(none, fixed)).toEqual({ kind: 'failed', message: 'Failed.' });
  });
});
