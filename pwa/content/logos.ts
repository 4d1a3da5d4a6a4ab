/** Trusted-by marquee: nine partner logos (spec §9), each 160×60 SVG in /images/logos. */
export const PARTNER_LOGOS = [
  'Nimbus Tech',
  'Saffron Bank',
  'Orbit Logistics',
  'Lotus Health',
  'Peak Analytics',
  'Banyan Retail',
  'Indigo Foods',
  'Vertex Motors',
  'Ganga Telecom',
].map((name, i) => ({ name, src: `/images/logos/logo-${i + 1}.svg`, width: 160, height: 60 }));
