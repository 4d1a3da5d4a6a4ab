// Each programme's brochure, assembled from the very content its page renders (the course,
// the four programmes, the packages, the contact details), so the PDF can never say
// something the page does not. Read at build time only (entry-server.tsx hands it to
// scripts/prerender.mjs, which draws each with brochures/render-brochure.ts).
import { SITE } from '../config/site.ts';
import { brochureFileName, type BrochureSlug } from './brochure-files.ts';
import { COURSE_BENEFITS, COURSE_CERTIFICATE_CRITERIA, COURSE_FEATURES, SOFT_SKILLS_COURSE } from './course.ts';
import { PRICING_PACKAGES } from './pricing.ts';
import { PROGRAMS } from './programs.ts';
import { PROGRAM_SLUGS } from './programs-index.ts';
import type { CourseHeader } from './types.ts';

export interface BrochurePackage {
  title: string;
  price: string;
  features: string[];
}

export interface Brochure {
  slug: BrochureSlug;
  fileName: string;
  title: string;
  /** What the programme promises: its page's lead paragraph. */
  promise: string;
  facts: Array<[string, string]>;
  approach: { title: string; steps: Array<{ title: string; text: string }> };
  /** The course's packages; an organisation's programme is priced in its proposal. */
  packages: BrochurePackage[];
  pricingNote?: string;
  outcomes: Array<{ title: string; items: string[] }>;
  certificate: string[];
  contact: { phone: string; email: string; address: string; web: string };
}

const CONTACT = {
  phone: SITE.phone,
  email: SITE.email,
  address: `${SITE.address.line1}, ${SITE.address.line2}, ${SITE.address.country}`,
  web: 'skillupacademy.in',
};

function facts(header: CourseHeader): Array<[string, string]> {
  return [
    ['Duration', header.duration],
    ['Delivery mode', header.mode],
    ['Language', header.language],
    ['Starts', header.startDate],
    ['Job assistance', header.jobAssistance],
  ];
}

function courseBrochure(): Brochure {
  const c = SOFT_SKILLS_COURSE;
  return {
    slug: 'soft-skills',
    fileName: brochureFileName(c.title),
    title: c.title,
    promise: c.description,
    facts: facts(c),
    approach: { title: 'How the course works', steps: COURSE_FEATURES.map((f) => ({ title: f.title, text: f.description })) },
    packages: PRICING_PACKAGES.map((p) => ({
      title: p.title,
      price: `${p.priceText}${p.priceNote ? ` (${p.priceNote})` : ''}`,
      features: p.features,
    })),
    outcomes: [{ title: 'What you get', items: COURSE_BENEFITS }],
    certificate: COURSE_CERTIFICATE_CRITERIA,
    contact: CONTACT,
  };
}

function programBrochure(slug: (typeof PROGRAM_SLUGS)[number]): Brochure {
  const p = PROGRAMS[slug]!;
  return {
    slug,
    fileName: brochureFileName(p.header.title),
    title: p.header.title,
    promise: p.header.description,
    facts: facts(p.header),
    approach: p.approach,
    packages: [],
    pricingNote: 'Priced for your organisation: request a proposal on the programme’s page, or call us.',
    outcomes: p.benefits,
    certificate: p.certificate.criteria,
    contact: CONTACT,
  };
}

export function brochures(): Brochure[] {
  return [courseBrochure(), ...PROGRAM_SLUGS.map(programBrochure)];
}
