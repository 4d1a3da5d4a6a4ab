// POST /api/v1/quiz/submit-answers: { name, email, answers, language }. The PWA checks it
// before queueing the submission and the API checks it again with this same object.
import { mixed, string } from 'yup';
import { freeJoinSchema } from '../leads.ts';
import { QUIZ_MESSAGES, quizAnswersProblem } from './answers.ts';
import { QUIZ_LANGUAGES, type QuizAnswers, type QuizLanguage } from './options.ts';

export const quizAnswersSchema = freeJoinSchema
  // The same name and email rules (and messages) as every other lead form.
  .pick(['name', 'email'])
  .shape({
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
