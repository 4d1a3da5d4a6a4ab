// The words of the forms the home, course and programme pages open (the enquiry, the
// join-for-free modal, the booking form with its payment, the proposal form) in English:
// what lead-forms.hi.ts must give. The shared field words (email, phone, consent) are
// forms.*.ts; the rules' messages the contract's (contract/messages-hi.ts). An option's
// value stays the English one the server checks; only the text shown changes.
import { BOOKABLE_PROGRAMMES, NEXT_BATCH, type BookableProgramme } from '../../contract/bookings.ts';
import { BACKGROUND_OPTIONS, COURSE_OPTIONS, type Background, type Course } from '../../contract/options.ts';

const same = <K extends string>(keys: readonly K[]): Record<K, string> =>
  Object.fromEntries(keys.map((k) => [k, k as string])) as Record<K, string>;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LEAD_FORMS_EN = {
  name: 'Name',
  submit: 'Submit',
  submitting: 'Submitting...',
  enquiry: {
    title: 'Need help choosing?',
    /** '{n}' the step's number, '{name}' its name. */
    step: 'Step {n} of 2: {name}',
    aboutYou: 'About You',
    personalDetails: 'Personal Details',
    background: 'Your background',
    chooseBackground: 'Select your background',
    course: 'Course you are interested in',
    chooseCourse: 'Select a course',
    next: 'Next',
    collects: 'your background, the course you asked about, your name, email and phone',
  },
  freeJoin: {
    title: 'Zero Fees, Infinite Knowledge',
    /** '{day}' is the free class's weekday. */
    intro: 'Join for free and get a seat in our live class every {day}.',
    close: 'Close join for free form',
    whatsApp: 'WhatsApp number',
    collects: 'your name, WhatsApp number and email',
    button: 'Join For Free',
  },
  proposal: {
    title: 'Request a proposal',
    /** '{programme}' is the programme's name. */
    intro: 'Tell us about your group and we will send a proposal for {programme}.',
    close: 'Close proposal form',
    organisation: 'Organisation',
    role: 'Your role',
    city: 'City',
    participants: 'Participants',
    preferredMonths: 'Preferred months',
    monthsExample: 'e.g. January–February',
    messageOptional: 'Message (optional)',
    collects: "your organisation, name, role, email, phone and your group's needs",
    button: 'Request a proposal',
    sending: 'Sending...',
  },
  booking: {
    title: 'Book your seat',
    close: 'Close booking form',
    programme: 'Programme',
    package: 'Package',
    batch: 'Batch',
    collects: 'your name, email, phone and the seat you booked',
    button: 'Book my seat',
    busy: 'Booking...',
    reference: 'Your booking reference:',
    copyReference: 'Copy the reference',
    reached: 'Your booking has reached us. Quote the reference when you pay.',
    savedHere: 'Saved on this device — it will be sent automatically when you are back online. Your reference stays the same.',
    paymentLater: 'The payment options appear here once you are online.',
    /** '{amount}' is the price, '₹2,499'. */
    payFor: 'Pay {amount} for your seat',
    payOnline: 'Pay online (card, net banking, UPI)',
    opensPayment: ' (opens the payment page in a new tab)',
    paid: 'Paid — thank you! Your seat is confirmed.',
    payAmountOnline: 'Pay {amount} online (card, net banking, UPI)',
    linkExpired: 'This payment link has expired. Please call us and we will send a new one.',
    linkComing: 'Your payment link is on its way: it appears here in a moment.',
    payUpi: 'Pay {amount} with a UPI app',
    payee: 'Payee',
    upiId: 'UPI ID',
    qrAlt: 'QR code to pay {amount} by UPI',
    qrCaption: 'On a laptop? Scan this with your phone’s UPI app.',
    utr: 'UTR (the 12-digit number your UPI app shows after paying)',
    sendUtr: 'Send UTR',
    sending: 'Sending...',
    utrFailed: 'Something went wrong. Please try again.',
    utrOffline: 'You seem to be offline. Please send the UTR when you are back online.',
  },
  options: {
    background: same<Background>(BACKGROUND_OPTIONS),
    course: same<Course>(COURSE_OPTIONS),
    programme: same<BookableProgramme>(BOOKABLE_PROGRAMMES),
    nextBatch: NEXT_BATCH as string,
    weekday: same<Weekday>(WEEKDAYS),
  },
};

/** Every string of T as `string`: another language's table has the same shape, its own words. */
export type Words<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? ReadonlyArray<Words<U>>
    : { [K in keyof T]: Words<T[K]> };

export type LeadFormWords = Words<typeof LEAD_FORMS_EN>;
