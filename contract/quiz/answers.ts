// The one rule for a complete set of quiz answers, without yup, so the scoring function can
// enforce it too: the schema and the scorer can never disagree about what is complete.
import { QUIZ_ITEM_COUNT, QUIZ_ITEM_IDS } from './items.ts';
import type { QuizAnswers, QuizOptionIndex } from './options.ts';

export const QUIZ_MESSAGES = {
  incomplete: `Please answer all ${QUIZ_ITEM_COUNT} questions`,
  notAnOption: 'Each answer must be an option from A to D',
  // Cut long ids short: the message is echoed back and shown on screen.
  unknownId: (id: string) => `Unknown question id: ${id.length > 40 ? `${id.slice(0, 40)}…` : id}`,
  badLanguage: 'The test language must be english, hinglish or hindi',
  // §8, quiz submit
  success: 'Test submitted! Certificate sent to your email.',
  // Not in the spec: the day's certificate emails to this address are used up (a cap against abuse).
  successNotEmailed:
    'Test submitted! This email address has already received its certificate emails for today, so open your certificate from its link.',
  // A classroom session's student who gave a roll number, not an email.
  successNoEmail: 'Test submitted! Open your certificate from its link.',
  failure: 'Submission failed',
  networkEnglish: 'Server not responding. Please try again later.',
  networkHinglish: 'Something went wrong. Please try again.',
  networkHindi: 'सर्वर से जवाब नहीं मिल रहा। कृपया थोड़ी देर बाद फिर कोशिश कीजिए।',
} as const;

const KNOWN_IDS = new Set(QUIZ_ITEM_IDS);

/**
 * What is wrong with `answers`, in the words shown to the user, or null when it holds
 * exactly the known question ids, each with an option index 0..3. Unknown ids are
 * reported first (a client on an old question list should hear that, not "answer all"),
 * then bad values, then missing answers.
 */
export function quizAnswersProblem(answers: unknown): string | null {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return QUIZ_MESSAGES.incomplete;
  const entries = Object.entries(answers);
  for (const [id] of entries) {
    if (!KNOWN_IDS.has(id)) return QUIZ_MESSAGES.unknownId(id);
  }
  for (const [, value] of entries) {
    if (!isQuizOptionIndex(value)) return QUIZ_MESSAGES.notAnOption;
  }
  return entries.length === QUIZ_ITEM_COUNT ? null : QUIZ_MESSAGES.incomplete;
}

export function isQuizOptionIndex(value: unknown): value is QuizOptionIndex {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/**
 * The answers of `value` that pass the rule above (known ids, option indices), dropping
 * the rest: a draft saved on a device by an older version is resumed as far as it is valid.
 */
export function knownQuizAnswers(value: unknown): QuizAnswers {
  const answers: QuizAnswers = {};
  if (typeof value !== 'object' || value === null) return answers;
  for (const [id, option] of Object.entries(value)) {
    if (KNOWN_IDS.has(id) && isQuizOptionIndex(option)) answers[id] = option;
  }
  return answers;
}
