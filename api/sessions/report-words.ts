// What a class report says beside its figures: what each domain means for a class, the
// programme that fits the organisation, and where the class can grow most. Plain words for
// a placement officer or a principal, not a psychologist.
import type { QuizDomain } from '../../contract/quiz/items.ts';
import type { DomainFigures, SessionAudience } from '../../contract/sessions.ts';

export const DOMAIN_MEANINGS: Record<QuizDomain, string> = {
  extraversion: 'How much energy students draw from others: speaking up in groups, starting conversations, presenting.',
  agreeableness: 'How warmly they cooperate: teamwork, empathy, and handling disagreement without conflict.',
  conscientiousness: 'How organised and dependable they are: planning, meeting deadlines, following through.',
  emotionalStability: 'How calmly they handle pressure: interviews, setbacks and critical feedback.',
  openness: 'How readily they take to new ideas: curiosity, learning, and creative problem solving.',
};

/** What the programme works on for a class whose lowest domain is this one. */
export const GROWTH_FOCUS: Record<QuizDomain, string> = {
  extraversion: 'public speaking, group discussions and presentation practice',
  agreeableness: 'teamwork, empathy and handling disagreement',
  conscientiousness: 'time management, goal setting and workplace discipline',
  emotionalStability: 'managing stress, interview confidence and taking feedback well',
  openness: 'creative problem solving and learning to learn',
};

/** The programme pages of the site (pwa/content/programs-index.ts holds the same paths and titles). */
export const PROGRAMME_FOR: Record<SessionAudience, { title: string; path: string }> = {
  college: { title: 'Skill for Colleges', path: '/services/skill-for-colleges' },
  school: { title: 'Skill for Schools', path: '/services/skill-for-schools' },
  corporate: { title: 'Corporate Training for Freshers', path: '/services/corporate-training' },
};

/** The domain where the class's mean is lowest: where a programme helps most. */
export function growthDomain(domains: Record<QuizDomain, DomainFigures>): QuizDomain {
  return (Object.entries(domains) as [QuizDomain, DomainFigures][]).reduce((low, d) => (d[1].mean < low[1].mean ? d : low))[0];
}
