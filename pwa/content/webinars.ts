// The webinars page's words and its registration form's; content/hi/webinars.ts gives them
// in Hindi. What the server answers (registered, closed) is the contract's WEBINAR_MESSAGES.
export interface WebinarsWords {
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  lead: string;
  /** After the start time: "IST · online, free". */
  whenAfter: string;
  /** The locale its dates are written in. */
  dateLocale: string;
  register: string;
  /** {title}: the webinar's. */
  registerFor: string;
  registering: string;
  collects: string;
  loading: string;
  tryAgain: string;
  kept: string;
  listLabel: string;
}

export const WEBINARS_EN: WebinarsWords = {
  title: 'Free Webinars',
  description: 'Free live webinars on communication, interviews and confidence: register and get the joining link by email.',
  eyebrow: 'FREE WEBINARS',
  heading: 'Learn live with our trainers',
  lead: 'Register for a webinar and we will email you the joining link, and remind you an hour before it starts.',
  whenAfter: 'IST · online, free',
  dateLocale: 'en-IN',
  register: 'Register',
  registerFor: 'Register for {title}',
  registering: 'Registering...',
  collects: 'your name, email and phone',
  loading: 'Loading the webinars…',
  tryAgain: 'Try again',
  kept: 'You are offline: this is the list from your last visit. A registration is saved on this device and sent when you are back online.',
  listLabel: 'Upcoming webinars',
};
