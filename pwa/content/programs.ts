import { B2B_FAQS, COLLEGE_FAQS, CORPORATE_FAQS, SCHOOL_FAQS } from './faqs.ts';
import { PROGRAM_INDEX, PROGRAM_SLUGS, type ProgramSlug } from './programs-index.ts';
import { B2B_TESTIMONIALS, CORPORATE_TESTIMONIALS, PROFESSOR_TESTIMONIALS, SCHOOL_TESTIMONIALS } from './testimonials.ts';
import { sampleCertificate } from './certificates.ts';
import type { CourseHeader, FaqItem, Image, Testimonial } from './types.ts';

export interface ProgramStep {
  title: string;
  text: string;
}

export interface ProgramContent {
  path: string;
  metaTitle: string;
  metaDescription: string;
  header: CourseHeader;
  /** The B2B page's hero has no info grid. */
  showInfoGrid: boolean;
  about?: { title: string; paragraphs: string[] };
  whyItMatters?: { figure: string; text: string }[];
  download: boolean;
  marquee: boolean;
  benefits: { title: string; items: string[] }[];
  approach: { title: string; steps: ProgramStep[] };
  /** The sample certificate shown is this programme's own. */
  certificate: { title: string; criteria: string[]; image: Image };
  /** Each page quotes its own people. */
  testimonials: { title: string; items: Testimonial[] };
  faqs: FaqItem[];
}

const image = (name: string, alt: string) => ({ src: `/images/services/${name}.svg`, alt, width: 560, height: 420 });

/** A programme's page without its path and heading, which live in programs-index.ts. */
type ProgramBody = Omit<ProgramContent, 'path' | 'header'> & { header: Omit<CourseHeader, 'title'> };

/** The page bodies, keyed by the slugs in programs-index.ts. */
const BODIES: Record<ProgramSlug, ProgramBody> = {
  'skill-for-colleges': {
    metaTitle: 'Soft Skills Programme for Colleges',
    metaDescription:
      'A semester-long soft-skills programme for colleges: communication, interviews and teamwork, with placement-cell reports and 60% completion criteria.',
    header: {
      badge: '#Campus',
      description:
        'An on-campus and live-online programme that makes your students placement-ready: confident in group discussions, clear in interviews and comfortable working in teams.',
      image: image('colleges', 'Illustration of college students in a group discussion'),
      jobAssistance: 'Placement-cell partnership',
      startDate: 'Every semester',
      duration: '8–12 weeks',
      mode: 'On-campus + Live',
      language: 'Hindi + English',
    },
    showInfoGrid: true,
    about: {
      title: 'About the programme',
      paragraphs: [
        'We work with your training and placement cell to design a programme around your calendar and your students’ goals. First-years build confidence and communication; final-years prepare for group discussions, HR rounds and their first weeks at work.',
        'Every batch starts with a baseline assessment and ends with an evaluation, so you can see progress student by student.',
      ],
    },
    download: true,
    marquee: false,
    benefits: [
      {
        title: 'Benefits for your college',
        items: [
          'Higher placement conversion in campus drives',
          'Batch-wise readiness reports for the placement cell',
          'Co-branded certificates for students',
          'Flexible scheduling around exams and events',
          'Faculty orientation session included',
        ],
      },
      {
        title: 'Benefits for students',
        items: [
          'Confidence in group discussions and interviews',
          'Clear spoken and written English',
          'Teamwork and leadership practice',
          'Resume and LinkedIn guidance',
          'A certificate to show recruiters',
        ],
      },
    ],
    approach: {
      title: 'Our approach',
      steps: [
        { title: 'Baseline assessment', text: 'Every student takes a short communication and personality assessment.' },
        { title: 'Programme design', text: 'We map modules to your calendar and the recruiters who visit your campus.' },
        { title: 'Interactive sessions', text: 'Weekly workshops with role plays, debates and group discussions.' },
        { title: 'Mock placements', text: 'Mock GDs and interviews with real feedback, weeks before the drive.' },
        { title: 'Evaluation and reports', text: 'Final tests and a report for the placement cell, batch by batch.' },
      ],
    },
    certificate: {
      title: 'Certificate criteria',
      criteria: ['At least 60% attendance or participation in sessions.', 'At least 60% in the programme tests.'],
      image: sampleCertificate('skill-for-colleges', 'Rohit Bansal', 'Skill for Colleges'),
    },
    testimonials: { title: 'What educators say', items: PROFESSOR_TESTIMONIALS },
    faqs: COLLEGE_FAQS,
  },
  'skill-for-schools': {
    metaTitle: 'Soft Skills Programme for Schools (Classes 6 to 12)',
    metaDescription:
      'Age-appropriate soft-skills lessons for classes 6 to 12: speaking, listening, teamwork and confidence, through activities, group work and projects.',
    header: {
      badge: '#Classes 6–12',
      description:
        'Activity-based soft-skills lessons for classes 6 to 12 that help children speak up, listen well, work in teams and manage their time — skills that stay with them long after exams.',
      image: image('schools', 'Illustration of school children working on a group project'),
      jobAssistance: 'Not applicable',
      startDate: 'Every term',
      duration: 'One term',
      mode: 'In-school + Live',
      language: 'Hindi + English',
    },
    showInfoGrid: true,
    about: {
      title: 'About the programme',
      paragraphs: [
        'Three age bands — classes 6–8, 9–10 and 11–12 — each with its own activities, stories and projects. Younger students learn through games and role plays; seniors practise presentations, interviews for college admissions and debate.',
        'Lessons fit into one period a week, or run as a five-day activity camp during the holidays.',
      ],
    },
    download: true,
    marquee: false,
    benefits: [
      {
        title: 'Benefits for your school',
        items: [
          'A ready-made, age-appropriate curriculum',
          'Trained facilitators, on site or live online',
          'Term reports for each class',
          'A showcase event for parents',
        ],
      },
      {
        title: 'Benefits for students',
        items: [
          'Confidence to speak in front of the class',
          'Better listening and teamwork',
          'Time management for study and exams',
          'Preparation for college interviews (classes 11–12)',
        ],
      },
    ],
    approach: {
      title: 'Our approach',
      steps: [
        { title: 'Meet the teachers', text: 'We agree goals and timing with class teachers and coordinators.' },
        { title: 'Warm-up activities', text: 'Games and icebreakers build a safe space to speak.' },
        { title: 'Skill lessons', text: 'Short lessons with stories, role plays and group tasks.' },
        { title: 'Projects', text: 'Each class completes a group project and presents it.' },
        { title: 'Showcase and certificates', text: 'Students present to parents and receive certificates.' },
      ],
    },
    certificate: {
      title: 'Certificate criteria',
      criteria: ['Attend at least 60% of the lessons.', 'Score at least 60% in tests, group work or projects.'],
      image: sampleCertificate('skill-for-schools', 'Aditi Rao', 'Skill for Schools'),
    },
    testimonials: { title: 'What schools and parents say', items: SCHOOL_TESTIMONIALS },
    faqs: SCHOOL_FAQS,
  },
  'corporate-training': {
    metaTitle: 'Corporate Training for Freshers',
    metaDescription:
      'Help freshers become productive faster: a structured soft-skills induction with 86% retention improvement, 40% faster adaptation and 25% higher productivity.',
    header: {
      badge: '#Popular',
      description:
        'A structured soft-skills induction that turns new graduates into confident, professional team members in their first month: workplace communication, email and meeting etiquette, teamwork and ownership.',
      image: image('corporate', 'Illustration of new employees in an induction workshop'),
      jobAssistance: 'Not applicable',
      startDate: 'On your induction date',
      duration: '4 weeks',
      mode: 'On-site + Live',
      language: 'English + Hindi',
    },
    showInfoGrid: true,
    whyItMatters: [
      { figure: '86%', text: 'improvement in first-year retention reported by companies that invest in fresher onboarding' },
      { figure: '40%', text: 'faster adaptation to team routines and tools' },
      { figure: '25%', text: 'higher productivity in the first six months' },
    ],
    download: true,
    marquee: true,
    benefits: [
      {
        title: 'Benefits to your organization',
        items: [
          'Freshers productive weeks earlier',
          'Lower early attrition',
          'Consistent professional standards across batches',
          'Less time spent by managers on basics',
          'Clear reports on each fresher’s progress',
        ],
      },
      {
        title: 'Benefits to freshers',
        items: [
          'Confidence in meetings and client calls',
          'Clear, professional emails and chats',
          'Understanding of workplace expectations',
          'Better time and task management',
          'A certificate of completion',
        ],
      },
    ],
    approach: {
      title: 'Our Training Approach',
      steps: [
        { title: 'Needs analysis', text: 'We meet HR and managers to understand roles, clients and gaps.' },
        { title: 'Baseline assessment', text: 'Each fresher takes a communication and workplace-readiness assessment.' },
        { title: 'Custom curriculum', text: 'Modules built around your tools, customers and culture.' },
        { title: 'Immersive workshops', text: 'On-site days with role plays, simulations and team challenges.' },
        { title: 'Live follow-up sessions', text: 'Weekly online sessions to practise on real work situations.' },
        { title: 'Evaluation', text: 'Scenario-based evaluations at the end of the programme.' },
        { title: 'Reporting and review', text: 'Individual and batch reports with recommendations for managers.' },
      ],
    },
    certificate: {
      title: 'Certificate of completion',
      criteria: ['Attend at least 60% of sessions.', 'Score at least 60% in evaluations.'],
      image: sampleCertificate('corporate-training', 'Karan Mehra', 'Corporate Training for Freshers'),
    },
    testimonials: { title: 'What employers and freshers say', items: CORPORATE_TESTIMONIALS },
    faqs: CORPORATE_FAQS,
  },
  'b2b-outsourcing': {
    metaTitle: 'B2B Soft Skills Outsourcing',
    metaDescription:
      'Outsource your soft-skills training to SkillUp: 30-40% lower in-house training costs and 71% of clients report higher engagement within two weeks.',
    header: {
      badge: '#Popular',
      description:
        'Hand over your entire soft-skills track — content, trainers, scheduling, assessments and reporting — to a team that does nothing else, and keep full visibility of results.',
      image: image('b2b', 'Illustration of a training dashboard and a team workshop'),
      jobAssistance: 'Not applicable',
      startDate: 'Flexible',
      duration: 'From 3 months',
      mode: 'On-site + Live',
      language: 'English + Hindi',
    },
    showInfoGrid: false,
    whyItMatters: [
      { figure: '30-40%', text: 'lower in-house training costs' },
      { figure: '71%', text: 'of clients report higher engagement within two weeks' },
    ],
    download: true,
    marquee: true,
    benefits: [
      {
        title: 'Benefits for partnering organizations',
        items: [
          'No trainers to hire or content to maintain',
          'Predictable per-learner pricing',
          'White-labelled workbooks and certificates',
          'Monthly dashboards and quarterly reviews',
          'Scale up or down with each hiring cycle',
        ],
      },
      {
        title: 'Benefits for clients and employees',
        items: [
          'Consistent, high-quality customer conversations',
          'Training tailored to real products and customers',
          'Flexible live sessions that fit shift patterns',
          'Practical skills used from the next day',
          'Recognised certificates for every employee',
        ],
      },
    ],
    approach: {
      title: 'Our Training Approach',
      steps: [
        { title: 'Discovery', text: 'Workshops with your leaders to agree goals and success measures.' },
        { title: 'Skills audit', text: 'Assessment of current skills across teams and roles.' },
        { title: 'Programme design', text: 'A training calendar and white-labelled content.' },
        { title: 'Trainer allocation', text: 'Dedicated trainers briefed on your business and customers.' },
        { title: 'Delivery', text: 'On-site and live-online sessions with practice and feedback.' },
        { title: 'Evaluation', text: 'Session attendance and scenario-based evaluations.' },
        { title: 'Continuous improvement', text: 'Monthly reports and quarterly reviews to refine the programme.' },
      ],
    },
    certificate: {
      title: 'Certificate of completion',
      criteria: ['Attend at least 60% of sessions.', 'Score at least 60% in evaluations.'],
      image: sampleCertificate('b2b-outsourcing', 'Neha Joshi', 'B2B Soft Skills Programme'),
    },
    testimonials: { title: 'What our partners say', items: B2B_TESTIMONIALS },
    faqs: B2B_FAQS,
  },
};

export const PROGRAMS: Record<string, ProgramContent> = Object.fromEntries(
  PROGRAM_SLUGS.map((slug) => {
    const { path, title } = PROGRAM_INDEX[slug];
    const body = BODIES[slug];
    return [slug, { ...body, path, header: { ...body.header, title } }];
  }),
);
