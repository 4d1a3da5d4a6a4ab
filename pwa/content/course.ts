import { sampleCertificate } from './certificates.ts';
import { PRICING_PACKAGES } from './pricing.ts';
import type { CourseFeature, CourseHeader } from './types.ts';

/**
 * The course's "Starts at" price: its cheapest paid package. The spec's ₹6,999 sat beside an
 * Elevate package of ₹2,499 on the same page; reading it from the packages keeps them agreeing.
 */
function startingPrice(): string {
  const paid = PRICING_PACKAGES.filter((p) => p.paymentLink !== undefined);
  const rupees = (p: (typeof paid)[number]) => Number(p.priceText.replace(/[^0-9]/g, ''));
  return paid.reduce((low, p) => (rupees(p) < rupees(low) ? p : low)).priceText;
}

/** /course/soft-skills — Soft Skill For Students (spec §2; wording fixed, see README "Copy fixed from the spec"). */
export const SOFT_SKILLS_COURSE: CourseHeader = {
  badge: '#Bestseller',
  title: 'Soft Skill For Students',
  description:
    'A one-month live programme that turns shy, unsure students into confident communicators: group discussions, interviews, presentations, emails and teamwork, practised every week with feedback from industry mentors.',
  image: { src: '/images/course/soft-skills.svg', alt: 'Illustration of a student presenting to a small group', width: 560, height: 420 },
  price: startingPrice(),
  jobAssistance: 'With the Elite package',
  startDate: 'Upcoming',
  duration: '1 Month',
  mode: 'Live + Recorded',
  language: 'Hindi + English',
};

export const COURSE_FEATURES: CourseFeature[] = [
  {
    title: 'Expert-Led Interactive Sessions',
    description:
      'Live classes with HR leaders and corporate trainers who know what recruiters listen for — with time for your questions in every session.',
  },
  {
    title: 'Real-World Practice Projects',
    description: 'Mock interviews, client calls, presentations and email tasks based on real workplace situations, not textbook examples.',
  },
  {
    title: 'Career-Boosting Support',
    description: 'Resume and LinkedIn reviews, interview preparation and, in the Elite package, referrals to our hiring partners.',
  },
  {
    title: 'Collaborative Peer Learning',
    description: 'Small batches where you practise with peers, give feedback and learn how different people communicate.',
  },
  {
    title: 'Practical & Industry-Relevant Skills',
    description:
      'Communication, teamwork, time management and problem solving, taught through the situations you will meet in your first job.',
  },
  {
    title: 'Recognized Certification',
    description: 'A verifiable course-completion certificate from SkillUp Soft Skills Academy to add to your resume and LinkedIn profile.',
  },
];

/** Your Benefits: ten offerings. */
export const COURSE_BENEFITS: string[] = [
  '12 live interactive sessions with industry mentors',
  'Lifetime access to recorded lessons',
  'Two mock interviews with detailed feedback',
  'Weekly group discussion practice rounds',
  'Resume and LinkedIn profile review',
  'Presentation and public speaking clinic',
  'Professional email and chat writing workshop',
  'Personality assessment with a personal report',
  'Quizzes and assignments to track your progress',
  'Course-completion certificate with verification code',
];

export const COURSE_CERTIFICATE_CRITERIA: string[] = [
  'Watch at least 60% of the course videos.',
  'Complete at least 60% of the quizzes and assignments.',
  'You receive a course-completion certificate only; the Job Assistance criteria are explained in the FAQs below.',
];

/** The course's sample certificate. */
export const COURSE_CERTIFICATE_IMAGE = sampleCertificate('soft-skills', 'Priya Nair', 'Soft Skill For Students');
