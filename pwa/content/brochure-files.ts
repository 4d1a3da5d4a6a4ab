// Where each programme's brochure is served and the name it downloads under, in each of the
// site's languages. Kept apart from the brochures' text (brochures.ts, read only at build time)
// so the pages' buttons cost a few bytes.
import type { Lang } from '../i18n/lang.ts';

/** The programmes with a brochure: the course and the four service pages. */
export const BROCHURE_SLUGS = ['soft-skills', 'skill-for-colleges', 'skill-for-schools', 'corporate-training', 'b2b-outsourcing'] as const;
export type BrochureSlug = (typeof BROCHURE_SLUGS)[number];

/** '/brochures/skill-for-colleges.pdf'; the Hindi one beside it as '….hi.pdf', kept by the same service-worker route. */
export const brochureHref = (slug: BrochureSlug, lang: Lang = 'en') => `/brochures/${slug}${lang === 'hi' ? '.hi' : ''}.pdf`;

/**
 * "SkillUp - Skill for Colleges - brochure.pdf", "SkillUp - कॉलेजों के लिए स्किल - ब्रोशर.pdf":
 * the file names the programme it describes, in the page's script (browsers save Devanagari
 * names as they are); characters a file system may refuse are dropped.
 */
export function brochureFileName(title: string, lang: Lang = 'en'): string {
  const safe = title.replace(lang === 'hi' ? /[^A-Za-z0-9\p{Script=Devanagari} +&-]/gu : /[^A-Za-z0-9 +&-]/g, '').trim();
  return `SkillUp - ${safe} - ${lang === 'hi' ? 'ब्रोशर' : 'brochure'}.pdf`;
}
