// The programme pages' words beside their constants (programs.ts): what
// content/hi/programs.ts gives in Hindi. Paths, pictures, the names the booking and
// proposal forms send stay in programs.ts, used by both.
import type { HeaderWords, TestimonialWords } from './course-words.ts';
import { PROGRAMS, type ProgramContent } from './programs.ts';
import type { ProgramSlug } from './programs-index.ts';
import { SECTIONS_EN, type SectionWords } from './sections.ts';
import type { FaqItem } from './types.ts';

export interface ProgramWords {
  metaTitle: string;
  metaDescription: string;
  header: HeaderWords;
  about?: { title: string; paragraphs: string[] };
  whyItMatters?: Array<{ figure: string; text: string }>;
  benefits: Array<{ title: string; items: string[] }>;
  approach: { title: string; steps: Array<{ title: string; text: string }> };
  certificate: { title: string; criteria: string[]; imageAlt: string };
  /** The items in the order of the programme's own testimonials. */
  testimonials: { title: string; items: TestimonialWords[] };
  faqs: FaqItem[];
}

export interface ProgramsWords {
  programs: Record<ProgramSlug, ProgramWords>;
  sections: SectionWords;
}

function wordsOf(p: ProgramContent): ProgramWords {
  const { image, price: _price, ...header } = p.header;
  return {
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    header: { ...header, imageAlt: image.alt },
    ...(p.about ? { about: p.about } : {}),
    ...(p.whyItMatters ? { whyItMatters: p.whyItMatters } : {}),
    benefits: p.benefits,
    approach: p.approach,
    certificate: { title: p.certificate.title, criteria: p.certificate.criteria, imageAlt: p.certificate.image.alt },
    testimonials: {
      title: p.testimonials.title,
      items: p.testimonials.items.map(({ name, company, review }) => ({ name, company, review })),
    },
    faqs: p.faqs,
  };
}

export const PROGRAMS_EN: ProgramsWords = {
  programs: Object.fromEntries(Object.entries(PROGRAMS).map(([slug, p]) => [slug, wordsOf(p)])) as Record<ProgramSlug, ProgramWords>,
  sections: SECTIONS_EN,
};

/** The programme as a page shows it: its words over its own (pictures, paths, names kept). */
export function programIn(p: ProgramContent, w: ProgramWords | undefined): ProgramContent {
  if (!w) return p;
  return {
    ...p,
    metaTitle: w.metaTitle,
    metaDescription: w.metaDescription,
    header: { ...p.header, ...w.header, image: { ...p.header.image, alt: w.header.imageAlt } },
    ...(w.about ? { about: w.about } : {}),
    ...(w.whyItMatters ? { whyItMatters: w.whyItMatters } : {}),
    benefits: w.benefits,
    approach: w.approach,
    certificate: {
      ...p.certificate,
      title: w.certificate.title,
      criteria: w.certificate.criteria,
      image: { ...p.certificate.image, alt: w.certificate.imageAlt },
    },
    testimonials: { title: w.testimonials.title, items: p.testimonials.items.map((t, i) => ({ ...t, ...w.testimonials.items[i] })) },
    faqs: w.faqs,
  };
}
