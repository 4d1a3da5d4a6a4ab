// The fixed words of the sections the course and programme pages share (the course header,
// pricing, certificate, brochure button, logo strip, proposal call). A page in another
// language gives them as its content's `sections` (content/hi/sections.ts).
export interface SectionWords {
  jobAssistance: string;
  startDate: string;
  duration: string;
  mode: string;
  language: string;
  startsAt: string;
  buyNow: string;
  downloadPdf: string;
  /** Read after the button's name by screen readers: ' brochure: {title}'. */
  brochureOf: string;
  zoomCertificate: string;
  sampleCertificate: string;
  closeCertificate: string;
  pricingTitle: string;
  mostPopular: string;
  trustedBy: string;
  whyItMatters: string;
  benefits: string;
  proposalTitle: string;
  /** '{programme}' is the programme's name. */
  proposalText: string;
  proposalButton: string;
}

export const SECTIONS_EN: SectionWords = {
  jobAssistance: 'Job Assistance',
  startDate: 'Date of Commencement',
  duration: 'Duration',
  mode: 'Delivery Mode',
  language: 'Language',
  startsAt: 'Starts at',
  buyNow: 'Buy now',
  downloadPdf: 'Download Pdf',
  brochureOf: ' brochure: {title}',
  zoomCertificate: 'Zoom the sample certificate',
  sampleCertificate: 'Sample certificate',
  closeCertificate: 'Close certificate',
  pricingTitle: 'Pricing packages',
  mostPopular: 'Most popular',
  trustedBy: 'Trusted by teams at',
  whyItMatters: 'Why It Matters',
  benefits: 'Benefits',
  proposalTitle: 'Request a proposal',
  proposalText: 'Planning {programme} for your organisation? Tell us about your group and we will send a proposal with dates and pricing.',
  proposalButton: 'Request a proposal',
};
