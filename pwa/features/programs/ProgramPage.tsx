import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { CertificateBlock } from '../../components/CertificateBlock.tsx';
import { CourseHeader } from '../../components/CourseHeader.tsx';
import { Faq } from '../../components/Faq.tsx';
import { LogoMarquee } from '../../components/LogoMarquee.tsx';
import { Meta } from '../../components/Meta.tsx';
import { NotFoundContent } from '../../components/NotFoundContent.tsx';
import { BenefitList, DownloadPdf, Steps } from '../../components/ProgramSections.tsx';
import { Section } from '../../components/Section.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import { useSectionWords } from '../../components/useSectionWords.ts';
import { programIn, type ProgramsWords } from '../../content/program-words.ts';
import { PROGRAMS } from '../../content/programs.ts';
import type { ProgramSlug } from '../../content/programs-index.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';

interface Props {
  /** "Buy now": the booking form for this programme, composed in by the route. */
  onBuy: (programme: string) => void;
  /** "Request a proposal" for this programme (its name as the forms send it, and as the page shows it), composed in by the route. */
  proposal: (programme: string, shownAs: string) => ReactNode;
}

/** The four service pages, driven by content/programs.ts. */
export function ProgramPage({ onBuy, proposal }: Props) {
  const { slug = '' } = useParams();
  const words = usePageContent<ProgramsWords>()?.programs?.[slug as ProgramSlug];
  const w = useSectionWords();
  const own = PROGRAMS[slug];
  if (!own) return <NotFoundContent />;
  const program = programIn(own, words);
  const brochure = program.download && <DownloadPdf slug={slug as ProgramSlug} title={program.header.title} />;
  return (
    <>
      <Meta title={program.metaTitle} description={program.metaDescription} />
      <CourseHeader header={program.header} showInfoGrid={program.showInfoGrid} onBuy={() => onBuy(own.header.title)} />
      {proposal(own.header.title, program.header.title)}
      {program.about && (
        <Section headingId="about-h" title={program.about.title} action={brochure}>
          {program.about.paragraphs.map((p) => (
            <p key={p.slice(0, 24)} className="prose">
              {p}
            </p>
          ))}
        </Section>
      )}
      {program.whyItMatters && (
        <Section headingId="why-h" title={w.whyItMatters} action={brochure}>
          <ul className="why" data-testid="why-it-matters">
            {program.whyItMatters.map((why) => (
              <li key={why.figure} className="card">
                <strong>{why.figure}</strong>
                <span>{why.text}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {program.marquee && <LogoMarquee />}
      <Section headingId="benefits-h" title={w.benefits}>
        <div className="two-col">
          {program.benefits.map((b) => (
            <BenefitList key={b.title} title={b.title} items={b.items} />
          ))}
        </div>
      </Section>
      <Steps title={program.approach.title} steps={program.approach.steps} />
      <CertificateBlock title={program.certificate.title} criteria={program.certificate.criteria} image={program.certificate.image} />
      <TestimonialCarousel items={program.testimonials.items} title={program.testimonials.title} />
      <Faq items={program.faqs} />
    </>
  );
}
