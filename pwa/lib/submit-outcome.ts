// What a form says after `submit` (lib/submit.ts), in one pure function so every form
// reads a result the same way: queued in the outbox is a success that says where the
// submission is; only a final refusal (or no answer, where the browser cannot queue) fails.
import { savedMessage, type SubmitResult } from './submit.ts';

/** A fixed text, or one made from the server's `message` (undefined when it sent none). */
export type OutcomeText = string | ((serverMessage: string | undefined) => string);

export interface OutcomeTexts {
  success: OutcomeText;
  failure: OutcomeText;
  /** Said instead of `failure` when no answer came at all (only when this browser cannot queue). */
  network?: string;
}

export type SubmitOutcomeKind = 'sent' | 'queued' | 'failed';

export interface SubmitOutcome {
  kind: SubmitOutcomeKind;
  message: string;
}

/** The server's own message when it sent one, else `fallback`. */
export function serverMessageOr(fallback: string): (serverMessage: string | undefined) => string {
  return (serverMessage) => serverMessage ?? fallback;
}

function say(text: OutcomeText, serverMessage: string | undefined): string {
  return typeof text === 'string' ? text : text(serverMessage);
}

export function submitOutcome(result: SubmitResult, texts: OutcomeTexts): SubmitOutcome {
  if (result.queued) return { kind: 'queued', message: savedMessage(result) };
  if (result.ok) return { kind: 'sent', message: say(texts.success, result.message) };
  if (result.status === 0 && texts.network !== undefined) return { kind: 'failed', message: texts.network };
  return { kind: 'failed', message: say(texts.failure, result.message) };
}
