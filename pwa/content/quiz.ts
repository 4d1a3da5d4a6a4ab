// The test page's words in each language (the statements and options are the contract's:
// contract/quiz/items.ts and options.ts). The Hinglish test is Hinglish throughout,
// buttons included.
import { QUIZ_ITEM_COUNT } from '../../contract/quiz/items.ts';
import type { QuizLanguage } from '../../contract/quiz/options.ts';

export interface QuizWords {
  name: string;
  intro: string;
  hint: string;
  question: (n: number) => string;
  /** How many of the questions are answered (the words after it say so). */
  count: (n: number) => string;
  answered: string;
  progressLabel: string;
  saved: string;
  loading: string;
  noUser: string;
  previous: string;
  next: string;
  submit: string;
  submitting: string;
  /** Before the first answer: an offer to take the test in the other language instead. */
  switchPrompt: string;
  /** The offer's link, in the language it leads to. */
  switchLink: string;
}

/** Each test's route. The sign-up opens the one the visitor chose (RequireSignedUp passes it on). */
export const QUIZ_TEST_PATHS: Record<QuizLanguage, string> = {
  english: '/personality/english-test',
  hinglish: '/personality/hinglish-test',
  hindi: '/personality/hindi-test',
};

/** The test a path leads to, if it leads to one. */
export function quizLanguageOfPath(path: unknown): QuizLanguage | undefined {
  return (Object.keys(QUIZ_TEST_PATHS) as QuizLanguage[]).find((language) => QUIZ_TEST_PATHS[language] === path);
}

export const QUIZ_WORDS: Record<QuizLanguage, QuizWords> = {
  english: {
    name: 'English',
    intro: 'Read each statement and choose how accurately it describes you. There are no right or wrong answers.',
    hint: 'Tip: press 1–4 or A–D, or use the arrow keys, to choose an answer.',
    question: (n) => `Question ${n} of ${QUIZ_ITEM_COUNT}`,
    count: (n) => `${n} of ${QUIZ_ITEM_COUNT}`,
    answered: 'answered',
    progressLabel: 'Questions answered',
    saved: 'Your answers are saved on this device as you go, so you can close the app and continue later.',
    loading: 'Loading your test…',
    noUser: 'Please sign up again: your name and email are not saved on this device.',
    previous: 'Previous',
    next: 'Next',
    submit: 'Submit',
    submitting: 'Submitting...',
    switchPrompt: 'Prefer Hinglish?',
    switchLink: 'Hinglish mein test dijiye',
  },
  hinglish: {
    name: 'Hinglish',
    intro: 'Har statement padhiye aur chuniye ki yeh aap par kitna sahi baithta hai. Koi bhi jawab sahi ya galat nahi hota.',
    hint: 'Tip: jawab chunne ke liye 1–4 ya A–D dabaiye, ya arrow keys use kijiye.',
    question: (n) => `Sawaal ${n} of ${QUIZ_ITEM_COUNT}`,
    count: (n) => `${n} of ${QUIZ_ITEM_COUNT}`,
    answered: 'jawab diye',
    progressLabel: 'Jawab diye gaye sawaal',
    saved: 'Aapke jawab isi device par save hote rehte hain, to aap app band karke baad mein bhi test poora kar sakte hain.',
    loading: 'Aapka test load ho raha hai…',
    noUser: 'Kripya dobara sign up kijiye: aapka naam aur email is device par save nahi hai.',
    previous: 'Pichhla',
    next: 'Agla',
    submit: 'Submit kijiye',
    submitting: 'Submit ho raha hai...',
    switchPrompt: 'English pasand hai?',
    switchLink: 'Take the test in English',
  },
  hindi: {
    name: 'हिंदी',
    intro: 'हर कथन पढ़िए और चुनिए कि वह आप पर कितना सही बैठता है। कोई भी जवाब सही या ग़लत नहीं होता।',
    hint: 'सुझाव: जवाब चुनने के लिए 1–4 या A–D दबाइए, या तीर वाली कुंजियाँ इस्तेमाल कीजिए।',
    question: (n) => `सवाल ${n} / ${QUIZ_ITEM_COUNT}`,
    count: (n) => `${n} / ${QUIZ_ITEM_COUNT}`,
    answered: 'जवाब दिए',
    progressLabel: 'जवाब दिए गए सवाल',
    saved: 'आपके जवाब इसी डिवाइस पर सहेजे जाते रहते हैं, इसलिए आप ऐप बंद करके बाद में भी टेस्ट पूरा कर सकते हैं।',
    loading: 'आपका टेस्ट खुल रहा है…',
    noUser: 'कृपया फिर से साइन अप कीजिए: आपका नाम और ईमेल इस डिवाइस पर सहेजा नहीं गया है।',
    previous: 'पिछला',
    next: 'अगला',
    submit: 'जमा कीजिए',
    submitting: 'जमा हो रहा है...',
    switchPrompt: 'अंग्रेज़ी पसंद है?',
    switchLink: 'Take the test in English',
  },
};
