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

/** What college professors and placement heads say (the colleges page, spec §2: rotating professor testimonials). */
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
    name: 'Dr. Farhan Ali',
    image: '/images/people/farhan.svg',
    company: 'Professor of Management, Sharda University',
    review:
      'Well-structured, measurable and practical. The 60% completion criteria keep students accountable without turning the programme into another exam.',
  },
];

/** What principals, teachers and parents say (the schools page, classes 6 to 12). */
export const SCHOOL_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Mrs. Kavita Singh',
    image: '/images/people/kavita.svg',
    company: 'Principal, Green Valley Public School',
    review:
      'The activities are age-appropriate and fun. Parents told us their children speak up more at home, and our class 12 students handled college interviews with confidence.',
  },
  {
    name: 'Ms. Sunita Arora',
    image: '/images/people/sunita.svg',
    company: 'Class 8 Teacher, Mount Carmel School',
    review:
      'The weekly showcases gave every child a turn on stage, not just the usual few. Group work in my class is calmer now: they listen before they argue.',
  },
  {
    name: 'Mr. Deepak Chauhan',
    image: '/images/people/deepak.svg',
    company: 'Parent of a class 10 student',
    review:
      'My son used to mumble through every introduction. After the term he presented his science project to the whole assembly and asked me to come and watch.',
  },
  {
    name: 'Mrs. Lata Menon',
    image: '/images/people/lata.svg',
    company: 'Activity Coordinator, Springdales School',
    review:
      'The lesson plans fit our timetable without squeezing exams, and the progress notes made our parent-teacher meetings far more useful.',
  },
];

/** What employers and freshers say (the corporate training page). */
export const CORPORATE_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Vikram Sethi',
    image: '/images/people/vikram.svg',
    company: 'HR Head, Nimbus Tech',
    review:
      'Our freshers used to need a quarter before they could run a client call. After the induction programme most were doing it in their second month.',
  },
  {
    name: 'Shalini Kapoor',
    image: '/images/people/shalini.svg',
    company: 'L&D Manager, Saffron Bank',
    review:
      'The trainers learned our products before the first session, so the role plays were our real conversations. Managers noticed the difference in emails within weeks.',
  },
  {
    name: 'Manish Tiwari',
    image: '/images/people/manish.svg',
    company: 'Graduate Trainee, Orbit Logistics',
    review:
      'Walking into my first stand-up I knew how to give a thirty-second update. The feedback sessions were honest and it showed in my first review.',
  },
];

/** What partner organisations say (the B2B outsourcing page). */
export const B2B_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Rekha Pillai',
    image: '/images/people/rekha.svg',
    company: 'Director, Lotus Skills Foundation',
    review:
      'We run the programme under our own name with SkillUp trainers behind it. Our in-house training costs came down and our clients renewed for a second year.',
  },
  {
    name: 'Sameer Khanna',
    image: '/images/people/sameer.svg',
    company: 'Operations Head, Peak Analytics',
    review:
      'They scaled from one batch to six across three cities without the quality slipping. The monthly reports go straight into our client reviews.',
  },
];
