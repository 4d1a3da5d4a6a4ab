import type { ReactNode } from 'react';
import { CertificateBlock } from '../../components/CertificateBlock.tsx';
import { CourseHeader } from '../../components/CourseHeader.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { PricingSection } from '../../components/PricingSection.tsx';
import { BenefitList, FeatureGrid } from '../../components/ProgramSections.tsx';
import { Section } from '../../components/Section.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import { COURSE_CERTIFICATE_IMAGE, SOFT_SKILLS_COURSE } from '../../content/course.ts';
import { COURSE_EN, withWords, type CourseWords } from '../../content/course-words.ts';
import { PRICING_PACKAGES } from '../../content/pricing.ts';
import { TESTIMONIALS } from '../../content/testimonials.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { usePageContent } from '../../i18n/PageContent.tsx';

interface Props {
  onJoinFree: () => void;
  /** Opens the booking form, for a package when one was chosen. */
  onBook: (packageName?: string) => void;
  /** The enquiry form, composed in by the route. */
  enquiry: ReactNode;
}

/** /course/soft-skills: Soft Skill For Students. */
export function CoursePage({ onJoinFree, onBook, enquiry }: Props) {
  const w = { ...COURSE_EN, ...usePageContent<CourseWords>() };
  const header = { ...SOFT_SKILLS_COURSE, ...w.header, image: { ...SOFT_SKILLS_COURSE.image, alt: w.header.imageAlt } };
  return (
    <>
      <Meta title={w.metaTitle} description={fill(w.metaDescription, { price: SOFT_SKILLS_COURSE.price ?? '' })} />
      <CourseHeader header={header} onBuy={() => onBook()} />
      <FeatureGrid title={w.featuresTitle} features={w.features} brochure={{ slug: 'soft-skills', title: header.title }} />
      <Section headingId="benefits-h" title={w.benefitsTitle} className="section--alt">
        <BenefitList title={w.benefitsListTitle} items={w.benefits} testId="benefits" />
      </Section>
      <CertificateBlock
        title={w.certificateTitle}
        criteria={w.certificateCriteria}
        image={{ ...COURSE_CERTIFICATE_IMAGE, alt: w.certificateAlt }}
      />
      <PricingSection
        onJoinFree={onJoinFree}
        onBook={onBook}
        packages={withWords(PRICING_PACKAGES, w.packages)}
        customPlan={w.customPlan}
      />
      <TestimonialCarousel items={withWords(TESTIMONIALS, w.testimonials)} />
      <Faq items={w.faqs} />
      {enquiry}
    </>
  );
}
