// The join-now page's words (the fields' are i18n/forms.*.ts); content/hi/join-now.ts gives them in Hindi.
export interface JoinNowWords {
  title: string;
  description: string;
  heading: string;
  intro: string;
  collects: string;
  register: string;
}

export const JOIN_NOW_EN: JoinNowWords = {
  title: 'Join Now',
  description: 'Create your free SkillUp account to join live soft-skills classes and track your progress.',
  heading: 'Join Now',
  intro: 'Register for free to book live classes and get your learning dashboard.',
  collects: 'your name, phone and email (your password is kept only as a one-way hash)',
  register: 'Register',
};
