// The business's name, in the one place both the PWA (pwa/config/site.ts) and the API (mail
// sender, certificate page) read it, so an email, a certificate and the site never disagree.
export const BRAND = {
  name: 'SkillUp Soft Skills Academy',
  shortName: 'SkillUp',
} as const;
