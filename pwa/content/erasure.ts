// The Delete my data page's words; content/hi/erasure.ts gives them in Hindi. The answers
// the server gives (link sent, link expired, erased) are the contract's ERASURE_MESSAGES.
export interface ErasureWords {
  title: string;
  description: string;
  heading: string;
  /** {hours}: how long the link works. */
  askIntro: string;
  sendLink: string;
  /** Before the grievance officer's title and address. */
  questionsBefore: string;
  questionsAt: string;
  erasedAfter: string;
  askAgain: string;
  confirmIntro: string;
  erase: string;
  erasing: string;
  noConnection: string;
}

export const ERASURE_EN: ErasureWords = {
  title: 'Delete my data',
  description: 'Ask SkillUp to erase every enquiry, registration and personality test we hold for your email address.',
  heading: 'Delete my data',
  askIntro:
    'Enter the email address you used on this site. We will email you a link to confirm; it works once, for {hours} hours. Confirming erases your enquiries, registrations and personality tests with that address, the notes our team made about them, and your certificates.',
  sendLink: 'Send me the link',
  questionsBefore: 'Questions about your data? Write to our',
  questionsAt: 'at',
  erasedAfter:
    'Nothing we held for this email address remains, apart from a record that an erasure took place (without your name or contact details).',
  askAgain: 'Ask for a new link',
  confirmIntro:
    'Confirm to erase every enquiry, registration and personality test we hold for the email address this link was sent to, with our notes and your certificates. This cannot be undone.',
  erase: 'Erase my data',
  erasing: 'Erasing...',
  noConnection: 'No connection: your data has not been erased yet. Please try again when you are online.',
};
