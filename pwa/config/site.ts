// The business's contact details, in one place: the navigation, footer, contact page,
// FAQ help card and chat button all read from here.
import { BRAND } from '../../contract/brand.ts';

export const SITE = {
  name: BRAND.name,
  shortName: BRAND.shortName,
  tagline: 'Soft skills that open doors',
  phone: BRAND.phone,
  phoneHref: 'tel:+919811045678',
  email: BRAND.email,
  address: BRAND.address,
  /** International format without '+', as wa.me expects. */
  whatsapp: '919811045678',
  whatsappGreeting: 'Hi SkillUp! I would like to know more about your soft-skills courses.',
  social: {
    linkedin: 'https://www.linkedin.com/company/skillup-soft-skills-academy',
    youtube: 'https://www.youtube.com/@skillupsoftskills',
    instagram: 'https://www.instagram.com/skillup.softskills',
  },
  /**
   * Whom a person writes to about their data (DPDP Act 2023, s. 8(10)): every form's notice,
   * /delete-my-data and the privacy policy read it from here, so they name one address.
   */
  grievance: {
    title: 'Grievance Officer',
    email: 'grievance@skillupacademy.in',
    address: '2nd Floor, 14 Community Centre, Saket, New Delhi 110017',
  },
  freeClassDay: 'Tuesday',
} as const;

export function whatsappUrl(text: string = SITE.whatsappGreeting): string {
  return `https://wa.me/${SITE.whatsapp}?text=${encodeURIComponent(text)}`;
}
