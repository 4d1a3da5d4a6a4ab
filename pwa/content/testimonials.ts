import type { Testimonial } from './types.ts';

/** Student testimonials (spec §3: 4 entries). */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Nair',
    image: '/images/people/priya.svg',
    company: 'Delhi University',
    review:
      'I used to freeze in group discussions. After four weeks of practice rounds I cleared the GD at my first campus drive and got the offer. The feedback after every session made the difference.',
  },
  {
    name: 'Arjun Verma',
    image: '/images/people/arjun.svg',
    company: 'Amity University, Noida',
    review:
      'The mock interviews were tougher than the real ones. My mentor showed me how to talk about my projects in two minutes instead of ten. I joined an analytics firm last month.',
  },
  {
    name: 'Sana Qureshi',
    image: '/images/people/sana.svg',
    company: 'Jamia Millia Islamia',
    review:
      'Sessions switch between Hindi and English, so I never felt lost. I now write emails my manager actually replies to, and I presented to a client in my second week.',
  },
  {
    name: 'Rahul Gupta',
    image: '/images/people/rahul.svg',
    company: 'IP University',
    review:
      'The free Tuesday class convinced me, the full course changed how I handle pressure. The time-management tools alone were worth it during my final semester.',
  },
];

/** Professor testimonials for the college and school programme pages. */
export const PROFESSOR_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Dr. Meera Iyer',
    image: '/images/people/meera.svg',
    company: 'Head, Training & Placement, Bharati College',
    review:
      'Our placement numbers rose noticeably the season after SkillUp trained our final-years. Recruiters commented on how composed the students were in interviews.',
  },
  {
    name: 'Prof. Anil Kapoor',
    image: '/images/people/anil.svg',
    company: 'Dean of Students, NorthCap University',
    review:
      'The trainers adapt to every batch. Shy first-years were presenting to the whole class by week three. The reports helped us follow up with each student.',
  },
  {
    name: 'Mrs. Kavita Singh',
    image: '/images/people/kavita.svg',
    company: 'Principal, Green Valley Public School',
    review:
      'The activities are age-appropriate and fun. Parents told us their children speak up more at home, and our class 12 students handled college interviews with confidence.',
  },
  {
    name: 'Dr. Farhan Ali',
    image: '/images/people/farhan.svg',
    company: 'Professor of Management, Sharda University',
    review:
      'Well-structured, measurable and practical. The 60% completion criteria keep students accountable without turning the programme into another exam.',
  },
];
