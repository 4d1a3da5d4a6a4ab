// The course page's words beside its constants (course.ts, pricing.ts, faqs.ts,
// testimonials.ts): what content/hi/course.ts gives in Hindi. Prices, links, pictures and
// the package names the booking form knows stay in the English modules, used by both.
import { COURSE_BENEFITS, COURSE_CERTIFICATE_CRITERIA, COURSE_CERTIFICATE_IMAGE, COURSE_FEATURES, SOFT_SKILLS_COURSE } from './course.ts';
import { COURSE_FAQS } from './faqs.ts';
import { CUSTOM_PLAN, PRICING_PACKAGES } from './pricing.ts';
import { SECTIONS_EN, type SectionWords } from './sections.ts';
import { TESTIMONIALS } from './testimonials.ts';
import type { CourseFeature, CourseHeader, FaqItem, PricingPackage, Testimonial } from './types.ts';

export type HeaderWords = Omit<CourseHeader, 'image' | 'price'> & { imageAlt: string };
export type PackageWords = Pick<PricingPackage, 'features' | 'button'> & { priceNote: string };
export type TestimonialWords = Pick<Testimonial, 'name' | 'company' | 'review'>;

export interface CourseWords {
  metaTitle: string;
  /** '{price}' is the course's starting price. */
  metaDescription: string;
  header: HeaderWords;
  featuresTitle: string;
  features: CourseFeature[];
  benefitsTitle: string;
  benefitsListTitle: string;
  benefits: string[];
  certificateTitle: string;
  certificateCriteria: string[];
  certificateAlt: string;
  /** In the order of PRICING_PACKAGES. */
  packages: PackageWords[];
  customPlan: { text: string; link: string };
  /** In the order of TESTIMONIALS: the pictures are theirs. */
  testimonials: TestimonialWords[];
  faqs: FaqItem[];
  sections: SectionWords;
}

const { image, price: _price, ...header } = SOFT_SKILLS_COURSE;

export const COURSE_EN: CourseWords = {
  metaTitle: 'Soft Skill For Students — 1-month live course',
  metaDescription:
    'A one-month live + recorded soft-skills course for students, in Hindi and English, from {price}: interviews, group discussions, presentations and a recognised certificate.',
  header: { ...header, imageAlt: image.alt },
  featuresTitle: 'About Our Soft Skills Training',
  features: COURSE_FEATURES,
  benefitsTitle: 'Your Benefits',
  benefitsListTitle: 'Everything included in the course',
  benefits: COURSE_BENEFITS,
  certificateTitle: 'Certificate criteria',
  certificateCriteria: COURSE_CERTIFICATE_CRITERIA,
  certificateAlt: COURSE_CERTIFICATE_IMAGE.alt,
  packages: PRICING_PACKAGES.map((p) => ({ priceNote: p.priceNote ?? '', features: p.features, button: p.button })),
  customPlan: { ...CUSTOM_PLAN },
  testimonials: TESTIMONIALS.map(({ name, company, review }) => ({ name, company, review })),
  faqs: COURSE_FAQS,
  sections: SECTIONS_EN,
};

/** `items` with each one's words from `words` (same order); an item without its words keeps its own. */
export function withWords<T extends object, W extends Partial<T>>(items: readonly T[], words: readonly W[]): T[] {
  return items.map((item, i) => ({ ...item, ...words[i] }));
}
