// The personality test (spec §4, §5, §8): one statement at a time from index 0; Next only
// once the statement is answered; Previous disabled on the first; answers can be changed;
// Submit on the last, enabled when all 30 are answered and nothing is being submitted.
// Keyboard: 1-4 or A-D choose, as do the arrow keys. Every choice is saved to IndexedDB at
// once, so a reload or a closed app resumes at the same statement with the same answers.
// Submitting goes through the outbox like every form (useQuizSubmit.ts). A classroom
// session runs this same page for its students.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../i18n/links.tsx';
import { knownQuizAnswers, quizAnswersProblem } from '../../../contract/quiz/answers.ts';
import { QUIZ_ITEM_COUNT, QUIZ_ITEMS, quizItemText } from '../../../contract/quiz/items.ts';
import {
  QUIZ_OPTION_LETTERS,
  QUIZ_OPTIONS,
  type QuizAnswers,
  QUIZ_HTML_LANG,
  type QuizLanguage,
  type QuizOptionIndex,
} from '../../../contract/quiz/options.ts';
import { Meta } from '../../components/Meta.tsx';
import { QUIZ_TEST_PATHS, QUIZ_WORDS } from '../../content/quiz.ts';
import { loadDraft, saveDraft } from './drafts.ts';
import { useAnswerKeys } from './useAnswerKeys.ts';
import { useQuizSubmit, type SessionTaker } from './useQuizSubmit.ts';
import './quiz.css';

/** A saved draft, checked by the contract's answer rule, with its index kept in range. */
function restore(draft: { answers: Record<string, number>; index: number } | undefined): { answers: QuizAnswers; index: number } {
  const answers = knownQuizAnswers(draft?.answers);
  const index = Number.isInteger(draft?.index) ? Math.min(Math.max(draft!.index, 0), QUIZ_ITEM_COUNT - 1) : 0;
  return { answers, index };
}

interface QuizPageProps {
  language: QuizLanguage;
  /** A classroom session's student (features/session): their answers carry the session's code. */
  taker?: SessionTaker;
  /** Instead of going home after the test (a session shows its own end). */
  onDone?: () => void;
}

/** The answers and the statement shown, resumed from this device's draft and saved to it on every change. */
function useQuizDraft(language: QuizLanguage) {
  const [loaded, setLoaded] = useState(false);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [index, setIndex] = useState(0);

  // Resume where this device left off.
  useEffect(() => {
    let alive = true;
    setLoaded(false);
    void loadDraft(language)
      .catch(() => undefined)
      .then((draft) => {
        if (!alive) return;
        const restored = restore(draft);
        setAnswers(restored.answers);
        setIndex(restored.index);
        setLoaded(true);
      });
    return () => {
      alive = false;
    };
  }, [language]);

  // Every change is saved at once: a reload or a closed app loses nothing.
  useEffect(() => {
    if (!loaded) return;
    void saveDraft({ test: language, answers, index, updatedAt: Date.now() }).catch(() => undefined);
  }, [loaded, language, answers, index]);
  return { loaded, answers, setAnswers, index, setIndex };
}

type QuizWords = (typeof QUIZ_WORDS)[QuizLanguage];

/** How many statements are answered, in words and as a bar. */
function QuizProgress({ words, answeredCount }: { words: QuizWords; answeredCount: number }) {
  const percent = Math.round((answeredCount / QUIZ_ITEM_COUNT) * 100);
  return (
    <div className="quiz__progress">
      <span className="quiz__count" data-testid="quiz-progress">
        {words.count(answeredCount)} <span className="quiz__count-word">{words.answered}</span>
      </span>
      <div
        className="quiz__bar"
        role="progressbar"
        aria-label={words.progressLabel}
        aria-valuemin={0}
        aria-valuemax={QUIZ_ITEM_COUNT}
        aria-valuenow={answeredCount}
        aria-valuetext={words.count(answeredCount)}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

interface QuizOptionsProps {
  language: QuizLanguage;
  item: (typeof QUIZ_ITEMS)[number];
  current: QuizOptionIndex | undefined;
  submitting: boolean;
  choose: (option: QuizOptionIndex) => void;
}

/** The four answers to the statement, as radio buttons named by their letters. */
function QuizOptions({ language, item, current, submitting, choose }: QuizOptionsProps) {
  return (
    <div className="quiz__options" role="radiogroup" aria-labelledby="quiz-statement">
      {QUIZ_OPTIONS[language].map((label, i) => {
        const option = i as QuizOptionIndex;
        const checked = current === option;
        return (
          <label key={label} className={`quiz__option${checked ? ' quiz__option--checked' : ''}`}>
            <input
              type="radio"
              name={`answer-${item.id}`}
              value={option}
              checked={checked}
              disabled={submitting}
              onChange={() => choose(option)}
            />
            <span className="quiz__letter" aria-hidden="true">
              {QUIZ_OPTION_LETTERS[option]}
            </span>
            <span>{label}</span>
          </label>
        );
      })}
    </div>
  );
}

export default function QuizPage({ language, taker, onDone }: QuizPageProps) {
  const words = QUIZ_WORDS[language];
  const { loaded, answers, setAnswers, index, setIndex } = useQuizDraft(language);
  const { submitting, submittingRef, onSubmit } = useQuizSubmit(language, taker, onDone);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Next/Previous, the new statement is announced and arrow keys keep working.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [index]);

  const item = QUIZ_ITEMS[index]!;
  const current = answers[item.id];
  const answeredCount = Object.keys(answers).length;
  const isLast = index === QUIZ_ITEM_COUNT - 1;
  const complete = quizAnswersProblem(answers) === null;

  const choose = useCallback(
    (option: QuizOptionIndex) => {
      if (submittingRef.current) return;
      setAnswers((prev) => (prev[item.id] === option ? prev : { ...prev, [item.id]: option }));
    },
    [item.id, submittingRef, setAnswers],
  );

  const go = (next: number) => {
    moved.current = true;
    setIndex(Math.min(Math.max(next, 0), QUIZ_ITEM_COUNT - 1));
  };

  useAnswerKeys(loaded, current, choose);

  const title = `Personality Test (${words.name})`;
  const other: QuizLanguage = language === 'english' ? 'hinglish' : 'english';
  const lang = QUIZ_HTML_LANG[language];
  return (
    <>
      <Meta title={title} description={`The SkillUp 30-question personality test in ${words.name}.`} robots="noindex" />
      <section className="section quiz" lang={lang}>
        <div className="container container--narrow">
          <h1>{title}</h1>
          <p className="lead">{words.intro}</p>
          {/* Only before the first answer: answers are kept per test, so switching later would start over. */}
          {/* A session's language is the trainer's choice. */}
          {loaded && answeredCount === 0 && !taker && (
            <p className="quiz__switch" data-testid="quiz-switch">
              {words.switchPrompt}{' '}
              <Link to={QUIZ_TEST_PATHS[other]} lang={QUIZ_HTML_LANG[other]}>
                {words.switchLink}
              </Link>
            </p>
          )}
          {!loaded ? (
            <p className="quiz__loading" aria-busy="true">
              {words.loading}
            </p>
          ) : (
            <div className="card quiz__card" data-testid="quiz" data-index={index}>
              <QuizProgress words={words} answeredCount={answeredCount} />

              <div className="quiz__question">
                <p className="quiz__number">{words.question(index + 1)}</p>
                <h2 ref={headingRef} id="quiz-statement" tabIndex={-1} className="quiz__statement" data-testid="quiz-statement">
                  {quizItemText(item, language)}
                </h2>
                <QuizOptions language={language} item={item} current={current} submitting={submitting} choose={choose} />
              </div>

              <div className="quiz__nav">
                <button type="button" className="btn btn--outline" onClick={() => go(index - 1)} disabled={index === 0 || submitting}>
                  {words.previous}
                </button>
                {isLast ? (
                  <button
                    type="button"
                    className="btn btn--accent"
                    onClick={() => void onSubmit(answers, complete)}
                    disabled={!complete || submitting}
                  >
                    {submitting ? words.submitting : words.submit}
                  </button>
                ) : (
                  <button type="button" className="btn btn--primary" onClick={() => go(index + 1)} disabled={current === undefined}>
                    {words.next}
                  </button>
                )}
              </div>
              <p className="quiz__hint">{words.hint}</p>
              <p className="quiz__hint">{words.saved}</p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
