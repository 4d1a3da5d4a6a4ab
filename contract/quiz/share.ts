// Sharing a certificate: LinkedIn's "Add licence or certification" form, prefilled, and a
// WhatsApp message carrying the verification link. Pure functions, so the certificate page and
// the certificate email build the very same links, and one unit test pins every parameter.
import { BRAND } from '../brand.ts';
import { BUSINESS_TIME_ZONE } from '../console.ts';

/** The certification's name as it appears on the holder's LinkedIn profile. */
export const CERTIFICATION_NAME = `${BRAND.shortName} Personality Profile`;

export interface ShareableCertificate {
  certificateId: string;
  /** When it was issued; the month is the business's (India), as printed on the certificate. */
  issuedAt: Date;
  /** Absolute link to the public verification page. */
  certificateUrl: string;
}

/** Year and month (1..12) of an instant in India, whatever the server's own time zone. */
function issueYearMonth(at: Date): { year: string; month: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const part = (type: 'year' | 'month') => String(Number(parts.find((p) => p.type === type)?.value));
  return { year: part('year'), month: part('month') };
}

/**
 * https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&… with every value
 * percent-encoded (encodeURIComponent, so a space is %20, never '+', which LinkedIn shows as is).
 */
export function linkedInAddCertificationUrl(cert: ShareableCertificate): string {
  const { year, month } = issueYearMonth(cert.issuedAt);
  const params: Array<[string, string]> = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', CERTIFICATION_NAME],
    ['organizationName', BRAND.name],
    ['issueYear', year],
    ['issueMonth', month],
    ['certUrl', cert.certificateUrl],
    ['certId', cert.certificateId],
  ];
  return `https://www.linkedin.com/profile/add?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The message a holder sends from WhatsApp: what it is, and the link anyone can verify it at. */
export function certificateShareText(certificateUrl: string): string {
  return `I completed the ${CERTIFICATION_NAME} at ${BRAND.name}. Verify my certificate: ${certificateUrl}`;
}

/** wa.me with no number: WhatsApp asks whom to send it to. */
export function whatsAppShareUrl(certificateUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(certificateShareText(certificateUrl))}`;
}
