// The personality test's languages and its four answer options (spec §3: options labelled
// A to D; §9: 30 questions, 4 options each). The stored answer is the option's index, so
// the same answers mean the same thing whichever language the test was taken in.

export const QUIZ_LANGUAGES = ['english', 'hinglish', 'hindi'] as const;
export type QuizLanguage = (typeof QUIZ_LANGUAGES)[number];

/** The key each language's words are kept under in the items and profiles ('en' for English). */
export type QuizTextKey = 'en' | 'hinglish' | 'hindi';
/** One text in each of the test's languages. */
export type QuizText = Record<QuizTextKey, string>;

export function quizTextKey(language: QuizLanguage): QuizTextKey {
  return language === 'english' ? 'en' : language;
}

/** Each test's HTML language: Hinglish is Hindi written in Latin letters. */
export const QUIZ_HTML_LANG: Record<QuizLanguage, string> = { english: 'en', hinglish: 'hi-Latn', hindi: 'hi' };

/** The language's name, for English-language places (the console, the verification page). */
export const QUIZ_LANGUAGE_NAMES: Record<QuizLanguage, string> = { english: 'English', hinglish: 'Hinglish', hindi: 'Hindi' };

export const QUIZ_OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** An answer: the index of the chosen option, 0 (A) to 3 (D). */
export type QuizOptionIndex = 0 | 1 | 2 | 3;

/** Quiz answers (spec §3): question id to chosen option index. */
export type QuizAnswers = Record<string, QuizOptionIndex>;

// IPIP's own response scale, minus its neutral middle point: a four-point scale makes
// people lean one way, and the spec fixes four options. The Hinglish labels are what a
// student would say aloud about a statement ("yeh mere baare mein ... hai"); the Hindi ones
// are the same words in Devanagari, as a Hindi reader says them.
export const QUIZ_OPTIONS: Record<QuizLanguage, readonly [string, string, string, string]> = {
  english: ['Very inaccurate', 'Moderately inaccurate', 'Moderately accurate', 'Very accurate'],
  hinglish: ['Bilkul sahi nahi', 'Thoda sahi nahi', 'Kaafi had tak sahi', 'Bilkul sahi'],
  hindi: ['बिल्कुल सही नहीं', 'कुछ हद तक सही नहीं', 'काफ़ी हद तक सही', 'बिल्कुल सही'],
};

export function isQuizLanguage(value: unknown): value is QuizLanguage {
  return typeof value === 'string' && (QUIZ_LANGUAGES as readonly string[]).includes(value);
}
