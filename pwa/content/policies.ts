import { SITE } from '../config/site.ts';
import { POLICY_INDEX, POLICY_SLUGS, type PolicySlug } from './policies-index.ts';

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}
export interface Policy {
  path: string;
  title: string;
  description: string;
  effective?: string;
  sections: PolicySection[];
}

/** The policy pages' words in a language: the label before the date, and each policy's text. */
export interface PolicyWords {
  effectiveLabel: string;
  policies: Record<string, Policy>;
}

const contactLine = `Questions? Write to ${SITE.email} or call ${SITE.phone} (Monday to Saturday, 10 am to 6 pm).`;

/** The page bodies, keyed by the slugs in policies-index.ts (which holds each path and title). */
const BODIES: Record<PolicySlug, Omit<Policy, 'path' | 'title'>> = {
  'privacy-policy': {
    description: `How ${SITE.name} collects, uses and protects your personal information.`,
    effective: '21/08/25',
    sections: [
      {
        heading: 'Information we collect',
        paragraphs: [
          'When you fill a form on this site — contact, join for free, registration, enquiry or the personality test sign-up — we collect the details you enter: your name, email address, phone number and, where asked, your background, the course you are interested in, your message and your test answers.',
          'With each form we also record how you reached us: the campaign or advertisement named in the link you followed (its utm_ parameters or ad click id), the site you came from, and the page you landed on. We use it only to learn which of our announcements reach students.',
          'We do not collect payment card details. Payments are handled entirely by our payment partner on their own secure pages.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To reply to your enquiry, enrol you in classes, send your personality-test certificate, and tell you about sessions you signed up for. We do not sell or rent your information to anyone.',
        ],
      },
      {
        heading: 'Your consent, and how to withdraw it',
        paragraphs: [
          'Every form on this site shows, beside its button, what it collects, why, how to withdraw your consent or have your data erased, and whom to contact. We keep with each submission the version of that notice you saw, when you sent it, and your answers below.',
          'Course updates on WhatsApp or by phone are a separate choice, off unless you tick it.',
          "The personality test sign-up, and an enquiry for a school student, ask whether you are 18 or older or whether a parent or guardian agrees; if you are under 18 we ask for your parent's or guardian's email.",
          'You may withdraw your consent at any time: erase your data yourself at /delete-my-data, or write to us.',
          `${SITE.grievance.title}: write to ${SITE.grievance.email}, or by post to ${SITE.grievance.address}. We answer within 7 days.`,
        ],
      },
      {
        heading: 'Storage on your device',
        paragraphs: [
          'To work on weak connections, this site may keep a form you submitted on your device until it has been delivered to us, and remembers that you signed up for the personality test. Clearing your browser data removes this information.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep enquiry and registration details for up to two years after your last interaction with us, unless the law requires longer.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You may ask us to show, correct or delete the information we hold about you. ${contactLine}`,
          'To have everything we hold for your email address erased (your enquiries, registrations and personality tests, our notes about them, and your certificates), use the Delete my data page at /delete-my-data: we email you a link that works once, for 24 hours, and confirming it erases the data at once.',
        ],
      },
    ],
  },
  'return-policy': {
    description: `Refund rules for paid ${SITE.name} courses and packages.`,
    sections: [
      {
        heading: 'Requesting a refund',
        paragraphs: [
          'You may request a refund within 7 days of payment by writing to us with your name, the package you bought and your payment reference.',
        ],
      },
      {
        heading: 'Processing time',
        paragraphs: ['Approved refunds are processed to the original payment method within 7 to 10 business days.'],
      },
      {
        heading: 'When refunds are not available',
        paragraphs: [
          'No refund is given for partial completion of a course or package, or after the 7-day window has passed. Free packages have nothing to refund.',
        ],
      },
      { heading: 'Contact', paragraphs: [contactLine] },
    ],
  },
  'terms-conditions': {
    description: `The terms that apply when you use the ${SITE.name} website and courses.`,
    sections: [
      {
        heading: 'Using this site',
        paragraphs: [
          'By using this website and enrolling in our programmes you agree to these terms. Please give accurate information in every form you submit.',
        ],
      },
      {
        heading: 'Courses and access',
        paragraphs: [
          'Course access is personal and may not be shared. Live session schedules may change; we will tell you in advance and recordings remain available.',
        ],
      },
      {
        heading: 'Content',
        paragraphs: [
          `All course material, videos and workbooks belong to ${SITE.name}. You may use them for your own learning but not copy, resell or publish them.`,
        ],
      },
      {
        heading: 'Certificates',
        paragraphs: [
          'Certificates are issued only when the published criteria are met (60% in each required part). We may revoke a certificate obtained through misrepresentation.',
        ],
      },
      {
        heading: 'Payments and refunds',
        paragraphs: ['Payments are made through our payment partner. Refunds follow our Return & Refund Policy.'],
      },
      { heading: 'Contact', paragraphs: [contactLine] },
    ],
  },
  'shipping-policy': {
    description: `How and when you receive access to ${SITE.name} courses after payment.`,
    sections: [
      {
        heading: 'Digital delivery only',
        paragraphs: ['All our courses and packages are delivered digitally. Nothing is shipped to a postal address.'],
      },
      {
        heading: 'When you get access',
        paragraphs: [
          'You receive your digital access details — login, class links and schedule — by email and WhatsApp within 24 hours of payment.',
        ],
      },
      {
        heading: 'Did not receive them?',
        paragraphs: [`Check your spam folder first. ${contactLine}`],
      },
    ],
  },
};

export const POLICIES: Record<string, Policy> = Object.fromEntries(
  POLICY_SLUGS.map((slug) => [slug, { ...POLICY_INDEX[slug], ...BODIES[slug] }]),
);

export const POLICY_WORDS_EN: PolicyWords = { effectiveLabel: 'Effective date:', policies: POLICIES };
