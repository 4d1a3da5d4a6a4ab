import { SITE } from '../config/site.ts';
import { ABOUT_FAQS } from './faqs.ts';
import type { FaqItem } from './types.ts';

export const ABOUT = {
  intro:
    'SkillUp Soft Skills Academy helps young Indians communicate with confidence. Since 2019 we have trained more than 5,000 students, freshers and employees in over 100 projects with colleges, schools and companies.',
  mission:
    'To give every student — whatever their city, college or first language — the communication and workplace skills that turn their talent into opportunities.',
  vision:
    'An India where no capable young person misses a job, an admission or a promotion because nobody taught them how to present themselves.',
  values: [
    { title: 'Practice over theory', text: 'Every session has learners speaking, writing or solving, not just listening.' },
    { title: 'Respect for every learner', text: 'Hindi, English or Hinglish — we meet people where they are.' },
    { title: 'Honest feedback', text: 'Kind, specific and actionable, every single time.' },
    { title: 'Measurable progress', text: 'Baselines, evaluations and clear criteria, so results are visible.' },
  ],
  founders: [
    {
      name: 'Ananya Sharma',
      role: 'Founder & CEO',
      image: { src: '/images/people/ananya.svg', alt: 'Portrait illustration of Ananya Sharma', width: 240, height: 240 },
      bio: [
        'Ananya spent ten years in campus hiring and HR for two of India’s largest IT services companies, interviewing thousands of graduates. She kept meeting capable candidates who were rejected for the way they communicated, not for what they knew.',
        'She started SkillUp in 2019 with weekend workshops in Delhi colleges, and still leads the mock-interview programme herself.',
      ],
    },
    {
      name: 'Rohan Mehta',
      role: 'Co-founder & Head of Training',
      image: { src: '/images/people/rohan.svg', alt: 'Portrait illustration of Rohan Mehta', width: 240, height: 240 },
      bio: [
        'Rohan is a certified corporate trainer and former sales manager who has coached teams in banking, retail and telecom. He designs SkillUp’s curriculum and trains every new mentor who joins the team.',
        'He believes confidence is a skill like any other: built step by step, with practice and feedback.',
      ],
    },
  ],
};

/** The about page's words: what content/hi/about.ts gives in Hindi (the pictures stay ABOUT's). */
export interface AboutWords {
  title: string;
  description: string;
  heading: string;
  intro: string;
  missionVisionLabel: string;
  missionTitle: string;
  mission: string;
  visionTitle: string;
  vision: string;
  valuesTitle: string;
  values: Array<{ title: string; text: string }>;
  foundersTitle: string;
  /** In the order of ABOUT.founders. */
  founders: Array<{ name: string; role: string; imageAlt: string; bio: string[] }>;
  faqs: FaqItem[];
}

export const ABOUT_EN: AboutWords = {
  title: 'About Us',
  description: `Our mission, vision and values, and the founders behind ${SITE.name}.`,
  heading: 'About Us',
  intro: ABOUT.intro,
  missionVisionLabel: 'Mission and vision',
  missionTitle: 'Our Mission',
  mission: ABOUT.mission,
  visionTitle: 'Our Vision',
  vision: ABOUT.vision,
  valuesTitle: 'Our Values',
  values: ABOUT.values,
  foundersTitle: 'Meet the founders',
  founders: ABOUT.founders.map((f) => ({ name: f.name, role: f.role, imageAlt: f.image.alt, bio: f.bio })),
  faqs: ABOUT_FAQS,
};
