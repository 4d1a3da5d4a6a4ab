// Where each programme's brochure is served and the name it downloads under. Kept apart
// from the brochures' text (brochures.ts, read only at build time) so the pages' buttons
// cost a few bytes.

/** The programmes with a brochure: the course and the four service pages. */
export const BROCHURE_SLUGS = ['soft-skills', 'skill-for-colleges', 'skill-for-schools', 'corporate-training', 'b2b-outsourcing'] as const;
export type BrochureSlug = (typeof BROCHURE_SLUGS)[number];

export const brochureHref = (slug: BrochureSlug) => `/brochures/${slug}.pdf`;

/** "SkillUp - Skill for Colleges - brochure.pdf": the file names the programme it describes. */
export function brochureFileName(title: string): string {
  const safe = title.replace(/[^A-Za-z0-9 +&-]/g, '').trim();
  return `SkillUp - ${safe} - brochure.pdf`;
}
