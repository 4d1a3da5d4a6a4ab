// The personality-test sign-up page's words (the fields' are i18n/forms.*.ts); content/hi/signup.ts gives them in Hindi.
export interface SignupWords {
  title: string;
  description: string;
  heading: string;
  intro: string;
  collects: string;
  start: string;
}

export const SIGNUP_EN: SignupWords = {
  title: 'Personality Test Sign Up',
  description: 'Sign up for the free 30-question SkillUp personality test in English or Hinglish and get your certificate by email.',
  heading: 'Personality Checker',
  intro: 'Sign up to take the 30-question personality test (English or Hinglish). Your certificate arrives by email.',
  collects: 'your name, phone, email and your test answers (your password is kept only as a one-way hash)',
  start: 'Start the test',
};
