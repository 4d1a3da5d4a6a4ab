import type { FaqItem } from './types.ts';

export const HOME_FAQS: FaqItem[] = [
  {
    question: 'Who are SkillUp programmes for?',
    answer:
      'College and school students, freshers starting their first job, and the colleges, schools and companies that want their people to communicate better. Each group gets its own programme and examples.',
  },
  {
    question: 'Is there really a free class?',
    answer:
      'Yes. Every Tuesday we run a free live class open to anyone who joins for free. It is a full session, not a sales pitch — you will practise at least one real exercise.',
  },
  {
    question: 'Are the sessions in Hindi or English?',
    answer:
      'Both. Trainers switch between Hindi and English so nobody is left behind, and the practice itself is in English because that is what interviews and workplaces expect.',
  },
  {
    question: 'Do I get a certificate?',
    answer: [
      'Yes, once you meet the programme’s completion criteria — 60% in each of the required parts.',
      'Certificates carry a verification code that recruiters can check.',
    ],
  },
  {
    question: 'How do I pay for a paid package?',
    answer:
      'Paid packages are booked through our payment partner’s secure card page. You receive your access details by email within 24 hours of payment.',
  },
];

export const ABOUT_FAQS: FaqItem[] = [
  {
    question: 'When was SkillUp founded?',
    answer:
      'SkillUp began in 2019 as weekend workshops for final-year students in Delhi and has since grown into a national training team working with colleges, schools and companies.',
  },
  {
    question: 'Who are your trainers?',
    answer:
      'Our 20+ mentors are working professionals — HR leaders, corporate trainers, sales managers and counsellors — who teach from what they see in real interviews and offices every week.',
  },
  {
    question: 'Can you train at our campus or office?',
    answer:
      'Yes. We run on-site programmes across India and live online batches for teams that are spread out. Write to us from the contact page with your group size and dates.',
  },
  {
    question: 'How do you measure progress?',
    answer: [
      'A baseline assessment before the first session.',
      'Recorded practice tasks with trainer feedback.',
      'A final evaluation compared with the baseline, shared with you (and your institution if it sponsored you).',
    ],
  },
];

export const COURSE_FAQS: FaqItem[] = [
  {
    question: 'How long is the Soft Skills for Students course?',
    answer: 'One month: three live sessions a week plus recorded lessons you can watch at your own pace.',
  },
  {
    question: 'What do I need to earn the certificate?',
    answer:
      'Watch at least 60% of the course videos and complete at least 60% of the quizzes and assignments. You then receive a course-completion certificate.',
  },
  {
    question: 'What are the Job Assistance criteria?',
    answer: [
      'Job assistance is part of the Elite package.',
      'Complete at least 60% of the videos, quizzes and assignments, and attend both mock interviews.',
      'You then get resume reviews, interview referrals from our hiring partners and a placement mentor for three months.',
    ],
  },
  {
    question: 'I missed a live session. What now?',
    answer:
      'Every live session is recorded and available in your dashboard within a few hours, and you can bring questions to the next session.',
  },
  {
    question: 'Is the course useful if I am still in school?',
    answer:
      'The course is designed for college students and recent graduates. School students in classes 6 to 12 learn best in our school programme, which uses age-appropriate activities.',
  },
];

export const B2B_FAQS: FaqItem[] = [
  {
    question: 'What exactly do you take over?',
    answer:
      'The full soft-skills track: needs analysis, content, trainers, scheduling, assessments and reporting. Your L&D team approves the plan and receives monthly reports.',
  },
  {
    question: 'Can the content carry our brand?',
    answer: 'Yes. We white-label workbooks, slides and certificates, and adapt role plays to your products and customers.',
  },
  {
    question: 'How do you report results?',
    answer: 'A monthly dashboard of attendance, evaluation scores and manager feedback, plus a quarterly review call with your HR lead.',
  },
  {
    question: 'What is the minimum engagement?',
    answer: 'Three months or 100 learners, whichever comes first. Pilots for a single team are available on request.',
  },
];

export const CORPORATE_FAQS: FaqItem[] = [
  {
    question: 'When should freshers take this programme?',
    answer: 'In their first two to six weeks, alongside technical induction, so that good habits form before bad ones do.',
  },
  {
    question: 'Is it online or on-site?',
    answer: 'Either. Most clients choose two on-site days followed by weekly live online sessions for a month.',
  },
  {
    question: 'Can managers join?',
    answer: 'Yes — a short manager session explains how to give feedback and reinforce the skills on the job.',
  },
  {
    question: 'How is completion certified?',
    answer: 'Freshers who attend 60% of sessions and score at least 60% in evaluations receive a certificate of completion.',
  },
];

export const COLLEGE_FAQS: FaqItem[] = [
  {
    question: 'Which years of students do you train?',
    answer:
      'All years. First-years focus on confidence and communication; final-years on interviews, group discussions and workplace readiness.',
  },
  {
    question: 'Does it fit in our timetable?',
    answer: 'We schedule around your academic calendar — weekly slots, weekend intensives or a placement-season bootcamp.',
  },
  {
    question: 'Who gets a certificate?',
    answer: 'Students with at least 60% attendance or participation and 60% in tests receive a certificate co-branded with your college.',
  },
  {
    question: 'Do you work with the placement cell?',
    answer: 'Yes. We share batch-wise readiness reports and run mock interviews with the placement team before recruiters arrive.',
  },
];

export const SCHOOL_FAQS: FaqItem[] = [
  {
    question: 'Which classes is the programme for?',
    answer: 'Classes 6 to 12, in three age bands with their own activities: 6–8, 9–10 and 11–12.',
  },
  {
    question: 'How much class time does it need?',
    answer: 'One period a week over a term, or a five-day activity camp during the holidays.',
  },
  {
    question: 'How are students assessed?',
    answer:
      'Through short tests, group work and projects. Students who complete 60% of lessons and score 60% in tests, group work or projects receive a certificate.',
  },
  {
    question: 'Are parents involved?',
    answer: 'Yes — a parent session at the start and a showcase at the end, where students present what they have learned.',
  },
];
