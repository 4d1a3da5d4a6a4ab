// Submitting the test through the outbox: the signed-up visitor's (name and email from the
// sign-up on this device), or a classroom session's student (their join, with the session's
// code beside the fields). Offline the answers are queued and the profile is scored here,
// so the student sees it at once.
import { useRef, useState } from 'react';
import { useLocalNavigate } from '../../i18n/links.tsx';
import { QUIZ_MESSAGES } from '../../../contract/quiz/answers.ts';
import { QUIZ_ANSWERS_PATH, type QuizAnswersResponse } from '../../../contract/quiz/api.ts';
import type { QuizAnswers, QuizLanguage } from '../../../contract/quiz/options.ts';
import { quizAnswersSchema } from '../../../contract/quiz/schema.ts';
import { scoreAnswers } from '../../../contract/quiz/scoring.ts';
import { useToast } from '../../components/Toast.tsx';
import { QUIZ_WORDS } from '../../content/quiz.ts';
import { readLocalUser } from '../../lib/storage.ts';
import { newSubmissionId, submit } from '../../lib/submit.ts';
import { clearDraft } from './drafts.ts';
import { quizOutcome } from './outcome.ts';
import { saveQuizResult } from './quiz-storage.ts';

/** A classroom session's student: who they said they are when they joined. */
export interface SessionTaker {
  session: string;
  name: string;
  email?: string | undefined;
  rollNumber?: string | undefined;
  phone?: string | undefined;
}

export function useQuizSubmit(language: QuizLanguage, taker: SessionTaker | undefined, onDone: (() => void) | undefined) {
  const toast = useToast();
  const navigate = useLocalNavigate();
  const words = QUIZ_WORDS[language];
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);

  const validBody = async (answers: QuizAnswers) => {
    const user = taker ?? readLocalUser();
    if (!user) {
      toast.show(`⚠️ ${words.noUser}`, 'error');
      void navigate('/signup');
      return undefined;
    }
    const fields = { name: user.name, email: user.email, answers, language };
    const extra = taker ? { rollNumber: taker.rollNumber, phone: taker.phone } : {};
    try {
      return await quizAnswersSchema.validate({ ...fields, ...extra }, { stripUnknown: true });
    } catch (err) {
      toast.show(`⚠️ ${err instanceof Error ? err.message : QUIZ_MESSAGES.failure}`, 'error');
      return undefined;
    }
  };

  const send = async (answers: QuizAnswers) => {
    const body = await validBody(answers);
    if (!body) return;
    const id = newSubmissionId();
    const result = await submit<QuizAnswersResponse>(QUIZ_ANSWERS_PATH, body, taker ? { session: taker.session } : {}, id);
    if (!result.ok && !result.queued) {
      toast.show(quizOutcome(result, language).message, 'error');
      return;
    }
    saveQuizResult({
      language,
      name: body.name,
      // The same pure function the server scores with, so the profile is the same offline.
      result: result.data?.result ?? scoreAnswers(body.answers),
      submittedAt: Date.now(),
      submissionId: id,
      certificateId: result.data?.certificateId,
      certificateUrl: result.data?.certificateUrl,
      // A classroom student who gave a roll number only is mailed nothing.
      emailed: body.email === undefined ? false : result.data?.emailed,
      pending: !result.ok,
    });
    await clearDraft(language).catch(() => undefined);
    toast.show(quizOutcome(result, language).message, 'success');
    if (onDone) onDone();
    else void navigate('/');
  };

  const onSubmit = async (answers: QuizAnswers, complete: boolean) => {
    if (submittingRef.current || !complete) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      await send(answers);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };
  return { submitting, submittingRef, onSubmit };
}
