// POST /api/v1/quiz/submit-answers: { name, email, answers, language } (and in a session,
// rollNumber instead of email, and phone). The PWA checks it
// before queueing the submission and the API checks it again with this same object.
import { mixed, string } from 'yup';
import { email, freeJoinSchema } from '../leads.ts';
import { optionalPhone, rollNumberField } from '../sessions.ts';
import { QUIZ_MESSAGES, quizAnswersProblem } from './answers.ts';
import { QUIZ_LANGUAGES, type QuizAnswers, type QuizLanguage } from './options.ts';

export const quizAnswersSchema = freeJoinSchema
  // The same name and email rules (and messages) as every other lead form.
  .pick(['name', 'email'])
  .shape({
    // In a classroom session a student may give a roll number instead of an email (their
    // certificate is then at its link, not mailed); everyone else gives an email.
    email: email().when('rollNumber', ([rollNumber]: unknown[], schema) =>
      rollNumber ? schema.transform((v: unknown) => (v === '' ? undefined : v)).notRequired() : schema,
    ),
    rollNumber: rollNumberField(),
    phone: optionalPhone(),
    // mixed(), not object(): the API validates with stripUnknown, which would silently drop
    // an unknown question id from an object() schema instead of reporting it.
    answers: mixed<QuizAnswers>()
      .required(QUIZ_MESSAGES.incomplete)
      .test('complete-answers', function check(value) {
        const problem = quizAnswersProblem(value);
        return problem === null || this.createError({ message: problem });
      }),
    // The spec's client sends only name, email and answers (§7); its test is the English one.
    language: string<QuizLanguage>()
      .typeError(QUIZ_MESSAGES.badLanguage)
      .default('english')
      .required(QUIZ_MESSAGES.badLanguage)
      .oneOf(QUIZ_LANGUAGES, QUIZ_MESSAGES.badLanguage),
  });
