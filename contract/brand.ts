// The business's name, in the one place both the PWA (pwa/config/site.ts) and the API (mail
// sender, certificate page, class reports) read it, so an email, a certificate and the site never disagree.
export const BRAND = {
  name: 'SkillUp Soft Skills Academy',
  shortName: 'SkillUp',
  /** How a college reaches us: the site's contact details and a class report's last lines. */
  phone: '+91 98110 45678',
  email: 'hello@skillupacademy.in',
  /** The postal address: the contact page and a payment receipt (ACADEMY_ADDRESS overrides it there). */
  address: {
    line1: '2nd Floor, 14 Community Centre',
    line2: 'Saket, New Delhi 110017',
    country: 'India',
  },
} as const;
