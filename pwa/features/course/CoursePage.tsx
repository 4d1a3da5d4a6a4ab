import type { ReactNode } from 'react';
import { CertificateBlock } from '../../components/CertificateBlock.tsx';
import { CourseHeader } from '../../components/CourseHeader.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { PricingSection } from '../../components/PricingSection.tsx';
import { BenefitList, FeatureGrid } from '../../components/ProgramSections.tsx';
import { Section } from '../../components/Section.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import {
  COURSE_BENEFITS,
  COURSE_CERTIFICATE_CRITERIA,
  COURSE_CERTIFICATE_IMAGE,
  COURSE_FEATURES,
  SOFT_SKILLS_COURSE,
} from '../../content/course.ts';
import { COURSE_FAQS } from '../../content/faqs.ts';
import { TESTIMONIALS } from '../../content/testimonials.ts';

interface Props {
  onJoinFree: () => void;
  /** Opens the booking form, for a package when one was chosen. */
  onBook: (packageName?: string) => void;
  /** The enquiry form, composed in by the route. */
  enquiry: ReactNode;
}

/** /course/soft-skills: Soft Skill For Students. */
export function CoursePage({ onJoinFree, onBook, enquiry }: Props) {
  return (
    <>
      <Meta
        title="Soft Skill For Students — 1-month live course"
        description={`A one-month live + recorded soft-skills course for students, in Hindi and English, from ${SOFT_SKILLS_COURSE.price}: interviews, group discussions, presentations and a recognised certificate.`}
      />
      <CourseHeader header={SOFT_SKILLS_COURSE} onBuy={() => onBook()} />
      <FeatureGrid
        title="About Our Soft Skills Training"
        features={COURSE_FEATURES}
        brochure={{ slug: 'soft-skills', title: SOFT_SKILLS_COURSE.title }}
      />
      <Section headingId="benefits-h" title="Your Benefits" className="section--alt">
        <BenefitList title="Everything included in the course" items={COURSE_BENEFITS} testId="benefits" />
      </Section>
      <CertificateBlock title="Certificate criteria" criteria={COURSE_CERTIFICATE_CRITERIA} image={COURSE_CERTIFICATE_IMAGE} />
      <PricingSection onJoinFree={onJoinFree} onBook={onBook} />
      <TestimonialCarousel items={TESTIMONIALS} />
      <Faq items={COURSE_FAQS} />
      {enquiry}
    </>
  );
}
