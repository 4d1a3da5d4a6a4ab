import { BLOG_POST_IDS, type BlogPostId } from './blog-index.ts';
import type { BlogCard, BlogPost } from './types.ts';

const img = (id: string, alt: string) => ({ src: `/images/blog/${id}.webp`, alt, width: 800, height: 450 });

/** The six embedded posts (spec §3), keyed by the slugs in blog-index.ts. */
const POSTS: Record<BlogPostId, Omit<BlogPost, 'id'>> = {
  'top-soft-skills-2025-2026': {
    title: 'Top Soft Skills Employers Want in 2025–2026',
    subtitle: 'By Ananya Sharma, Founder · 8 min read',
    date: '2025-07-14',
    image: img('top-soft-skills-2025-2026', 'A job candidate presenting confidently to an interview panel'),
    metaTitle: 'Top Soft Skills Employers Want in 2025–2026',
    metaDescription:
      'Communication, adaptability, emotional intelligence and more: the soft skills Indian recruiters look for in 2025–2026, and how to build each one.',
    keywords: ['soft skills 2025', 'employability skills', 'campus placement', 'communication skills', 'career tips'],
    content: [
      {
        text: 'Recruiters who visit campuses across India tell us the same thing every season: technical scores get a candidate shortlisted, but soft skills decide who gets the offer. As AI tools take over routine work, the human skills — explaining, persuading, collaborating — are becoming the real differentiator.',
      },
      {
        heading: '1. Clear communication',
        text: 'Can you explain your final-year project to a non-technical manager in two minutes? Clear communication means structuring a point, choosing simple words and checking that the listener understood. Practise by recording a two-minute summary of your work every week and listening back.',
      },
      {
        heading: '2. Adaptability',
        text: 'Teams reorganise, tools change and clients move deadlines. Employers look for people who stay calm and learn quickly. In interviews, describe a time a plan fell apart and what you did in the next hour — that story says more than the word "flexible" on a resume.',
        subImage: {
          src: '/images/blog/sub-adaptability.webp',
          alt: 'A student adjusting a project plan on sticky notes',
          width: 800,
          height: 450,
        },
      },
      {
        heading: '3. Emotional intelligence',
        text: 'Reading the room, handling criticism without getting defensive and noticing when a teammate is struggling: these are the skills managers mention most when they describe their best hires.',
      },
      {
        heading: '4. Critical thinking and problem solving',
        text: 'Employers value people who ask "what problem are we really solving?" before jumping in. Get into the habit of listing assumptions and checking them with data, however small the task.',
      },
      {
        heading: 'Where to start',
        text: 'Pick one skill, practise it deliberately for a month and ask for feedback. Our free Tuesday class is a good first step: you will practise a real exercise and leave with a plan.',
      },
    ],
  },
  'emotional-intelligence-at-work': {
    title: 'Emotional Intelligence: The Skill Behind Every Great Team',
    subtitle: 'By Rohan Mehta, Co-founder · 6 min read',
    date: '2025-06-02',
    image: img('emotional-intelligence-at-work', 'Two colleagues listening to each other during a team meeting'),
    metaTitle: 'Emotional Intelligence at Work: A Practical Guide for Students and Freshers',
    metaDescription: 'What emotional intelligence really means at work, why recruiters test for it and five everyday habits that build it.',
    keywords: ['emotional intelligence', 'EQ at work', 'teamwork', 'freshers', 'workplace skills'],
    content: [
      {
        text: 'Emotional intelligence (EQ) is the ability to notice, understand and manage emotions — your own and other people’s. It sounds soft, but it shows up in hard outcomes: fewer conflicts, faster decisions and clients who come back.',
      },
      {
        heading: 'The four parts of EQ',
        text: 'Self-awareness (knowing what you feel and why), self-management (choosing your response), social awareness (reading others) and relationship management (influencing, resolving conflict, giving feedback). Each one can be practised.',
      },
      {
        heading: 'Why recruiters care',
        text: 'Group discussions and HR rounds are partly EQ tests. Interrupting, dominating or going silent under pressure are all signals. Candidates who acknowledge another view before disagreeing stand out immediately.',
      },
      {
        heading: 'Five habits to build it',
        text: 'Pause for three seconds before replying when you feel irritated. Name the emotion you are feeling. Ask one more question before giving advice. Thank people specifically. End each day by noting one interaction you would handle differently.',
        subImage: { src: '/images/blog/sub-eq-habits.webp', alt: 'A journal with notes about daily reflections', width: 800, height: 450 },
      },
    ],
  },
  'adaptability-in-a-changing-workplace': {
    title: 'Adaptability: How to Thrive When Plans Keep Changing',
    subtitle: 'By Neha Bansal, Lead Trainer · 5 min read',
    date: '2025-05-12',
    image: img('adaptability-in-a-changing-workplace', 'A young professional rearranging tasks on a planning board'),
    metaTitle: 'Adaptability Skills: How Students and Freshers Can Thrive in Change',
    metaDescription: 'Practical ways to become more adaptable at college and at work, and how to show adaptability in interviews.',
    keywords: ['adaptability', 'change management', 'growth mindset', 'interview tips'],
    content: [
      {
        text: 'Your first job will probably not look like the job description. Projects get reassigned, managers change and new tools arrive every quarter. Adaptability is what lets you treat those changes as chances to learn instead of threats.',
      },
      {
        heading: 'Adaptability is a habit, not a trait',
        text: 'People are not simply born flexible. They have routines that make change easier: they keep learning small new things, they ask for context early and they separate what they can control from what they cannot.',
      },
      {
        heading: 'Try this for a month',
        text: 'Change one small routine every week — a new route, a new study method, a new tool. Notice how you react. The discomfort fades faster each time, and you build evidence that you cope well with change.',
      },
      {
        heading: 'Showing it in an interview',
        text: 'Use the STAR method: the situation that changed, the task you had, the action you took and the result. Keep the focus on what you did in the first day or week after the change.',
      },
    ],
  },
  'digital-communication-etiquette': {
    title: 'Digital Communication: Emails, Chats and Video Calls Done Right',
    subtitle: 'By Ananya Sharma, Founder · 7 min read',
    date: '2025-04-21',
    image: img('digital-communication-etiquette', 'A laptop showing a video call with a team'),
    metaTitle: 'Digital Communication Etiquette for Students and Young Professionals',
    metaDescription: 'How to write emails people answer, use WhatsApp and Slack professionally, and look confident on video calls.',
    keywords: ['email etiquette', 'digital communication', 'video call tips', 'professional writing'],
    content: [
      {
        text: 'Most of your working day will be spent communicating through a screen. The way you write an email or join a video call forms your manager’s first impression long before your performance review does.',
      },
      {
        heading: 'Emails people actually answer',
        text: 'Write a subject line that states the action ("Approval needed: event budget by Friday"). Put the request in the first two lines. Use short paragraphs and end with a clear next step. Read it once aloud before you press send.',
      },
      {
        heading: 'Chat without chaos',
        text: 'On WhatsApp groups or Slack, one message beats five. Avoid "hi" followed by silence — say what you need in the same message. Respect working hours and use threads to keep topics together.',
      },
      {
        heading: 'Confident on camera',
        text: 'Put the camera at eye level, sit facing a window and test your audio. Look at the lens when you make a key point. Keep your microphone muted when you are not speaking, and summarise decisions at the end of the call.',
        subImage: {
          src: '/images/blog/sub-video-call.webp',
          alt: 'A student setting up a laptop camera at eye level',
          width: 800,
          height: 450,
        },
      },
    ],
  },
  'critical-thinking-for-students': {
    title: 'Critical Thinking: Asking Better Questions in Class and at Work',
    subtitle: 'By Dr. Vikram Rao, Academic Advisor · 6 min read',
    date: '2025-03-10',
    image: img('critical-thinking-for-students', 'A student mapping ideas on a whiteboard'),
    metaTitle: 'Critical Thinking Skills for Students: A Simple Framework',
    metaDescription: 'A simple four-question framework to think more clearly, solve problems and stand out in case interviews.',
    keywords: ['critical thinking', 'problem solving', 'case interview', 'students'],
    content: [
      {
        text: 'Critical thinking is not about being critical of others. It is about examining information carefully before you accept it or act on it — a skill that matters more than ever in a world full of forwarded messages and confident-sounding AI answers.',
      },
      {
        heading: 'A four-question framework',
        text: 'What is the actual claim? What evidence supports it? What else could explain the same evidence? What would change my mind? Asking these four questions turns a vague opinion into a reasoned position.',
      },
      {
        heading: 'Practise on everyday problems',
        text: 'Take a campus issue — long canteen queues, low attendance at an event — and write down three possible causes and how you would test each one. This is exactly what case interviews ask you to do.',
      },
      {
        heading: 'Critical thinking in teams',
        text: 'Good teams disagree about ideas, not people. Invite the quietest person to challenge the plan, and thank them when they do. You will catch mistakes earlier and make better decisions together.',
      },
    ],
  },
  'public-speaking-for-beginners': {
    title: 'Public Speaking for Beginners: From Nervous to Natural',
    subtitle: 'By Neha Bansal, Lead Trainer · 5 min read',
    date: '2025-02-03',
    image: img('public-speaking-for-beginners', 'A student speaking at a podium in front of classmates'),
    metaTitle: 'Public Speaking Tips for Beginners: Overcome Stage Fear',
    metaDescription: 'Stage fright is normal. Here is a step-by-step plan to prepare, practise and deliver a talk with confidence.',
    keywords: ['public speaking', 'stage fear', 'presentation skills', 'confidence'],
    content: [
      {
        text: 'Almost everyone feels nervous before speaking in front of a group. The goal is not to remove the nerves but to prepare so well that they stop controlling you. Confidence is built in practice, not on the stage.',
      },
      {
        heading: 'Prepare the structure, not a script',
        text: 'Write your opening line, three key points and your closing line. Speak the rest naturally. Memorised scripts break the moment you lose a word; a clear structure lets you recover.',
      },
      {
        heading: 'Rehearse out loud, three times',
        text: 'Once alone, once in front of a mirror or camera, and once for a friend who will give honest feedback. Time each run and cut anything that does not support your three points.',
      },
      {
        heading: 'On the day',
        text: 'Arrive early, breathe slowly for a minute and find two friendly faces in the audience. Pause after each key point — silence feels long to you but gives listeners time to think.',
      },
    ],
  },
};

/** In the index's order; the index is what routing and prerendering see. */
export const BLOG_POSTS: BlogPost[] = BLOG_POST_IDS.map((id) => ({ id, ...POSTS[id] }));

export function findPost(id: string): BlogPost | undefined {
  return BLOG_POSTS.find((p) => p.id === id);
}

/** The post's first text block: the source of every excerpt. */
export function firstText(post: BlogPost): string {
  return post.content.find((b) => b.text)?.text ?? '';
}

/** Blog carousel slides: a separate list (spec §3). */
export const BLOG_CARDS: BlogCard[] = [
  {
    id: 'card-placement-season',
    title: 'Placement season starts now',
    description: 'Seven weeks, one plan: how to prepare your resume, group discussions and HR rounds before recruiters arrive.',
    image: img('card-placement-season', 'Students waiting outside an interview room'),
    link: '/blog/top-soft-skills-2025-2026',
    metaTitle: 'Placement season preparation',
    metaDescription: 'A seven-week plan for placement season.',
  },
  {
    id: 'card-free-tuesday',
    title: 'Free live class every Tuesday',
    description: 'Join a full practice session at no cost — this month’s theme is introducing yourself in 60 seconds.',
    image: img('card-free-tuesday', 'A trainer leading a live online class'),
    link: '/course/soft-skills',
    metaTitle: 'Free live class every Tuesday',
    metaDescription: 'Join a free soft-skills class every Tuesday.',
  },
  {
    id: 'card-eq-workshop',
    title: 'Emotional intelligence in teams',
    description: 'Why the best teams argue well, and five habits that make you the colleague everyone wants on their project.',
    image: img('card-eq-workshop', 'A team discussing ideas around a table'),
    link: '/blog/emotional-intelligence-at-work',
    metaTitle: 'Emotional intelligence in teams',
    metaDescription: 'Five habits for better teamwork.',
  },
];
