import { PAID_PACKAGES, rupeesText } from '../../contract/bookings.ts';
import type { PricingPackage } from './types.ts';

/** Under the packages: for a group, a link to the contact page (the spec's "Get All Touch"). */
export const CUSTOM_PLAN = { text: 'Need a custom plan for your college, school or company?', link: 'Get in Touch' } as const;

/** Spec §9. A paid package's button opens the booking form; its payment page follows the booking (contract/bookings.ts). */
export const PRICING_PACKAGES: PricingPackage[] = [
  {
    title: 'Ignite',
    priceText: '₹0',
    priceNote: 'Free forever',
    features: [
      'Free live class every Tuesday',
      'Personality checker (English or Hinglish)',
      'Starter workbook (PDF)',
      'Community WhatsApp group',
      'Monthly webinar with an industry mentor',
      'Certificate of participation',
    ],
    highlight: false,
    button: 'Join For Free',
  },
  {
    title: 'Elevate',
    priceText: rupeesText(PAID_PACKAGES.Elevate.rupees),
    priceNote: 'One-time',
    features: [
      'Everything in Ignite',
      '12 live sessions over 4 weeks',
      'Recorded lessons with lifetime access',
      'Two mock interviews with feedback',
      'Group discussion practice rounds',
      'Resume and LinkedIn review',
      'Email and presentation clinics',
      'Quizzes and assignments with grading',
      'Course-completion certificate',
    ],
    highlight: true,
    paymentLink: PAID_PACKAGES.Elevate.link,
    button: 'Book Your Slot',
  },
  {
    title: 'Elite',
    priceText: rupeesText(PAID_PACKAGES.Elite.rupees),
    priceNote: 'Starting from',
    features: [
      'Everything in Elevate',
      'One-to-one coaching (4 sessions)',
      'Job assistance with partner referrals',
      'Personal placement mentor for 3 months',
      'Unlimited mock interviews',
      'Personal branding workshop',
      'Priority WhatsApp support',
      'Merit certificate with verification',
    ],
    highlight: false,
    paymentLink: PAID_PACKAGES.Elite.link,
    button: 'Book Your Slot',
  },
];
