// The contact page's words (the form's are i18n/forms.*.ts); content/hi/contact.ts gives them in Hindi.
export interface ContactWords {
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  lead: string;
  detailsLabel: string;
  phone: string;
  email: string;
  address: string;
  addressLines: readonly [string, string, string];
}

export const CONTACT_EN: ContactWords = {
  title: 'Contact Us',
  description: 'Call, email or message SkillUp Soft Skills Academy in New Delhi about courses, campus programmes and corporate training.',
  eyebrow: 'GET IN TOUCH',
  heading: 'We would love to hear from you',
  lead: 'Questions about a course, a campus programme or training for your team? Send us a message and we will reply within one working day.',
  detailsLabel: 'Contact details',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  addressLines: ['2nd Floor, 14 Community Centre', 'Saket, New Delhi 110017', 'India'],
};
