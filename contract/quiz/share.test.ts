import { describe, expect, it } from 'vitest';
import { BRAND } from '../brand.ts';
import { CERTIFICATION_NAME, linkedInAddCertificationUrl, whatsAppShareUrl } from './share.ts';

const cert = {
  certificateId: '0123456789abcdef0123456789abcdef',
  // 31 Jan 20:00 UTC is already 1 February in India: the month printed on the certificate.
  issuedAt: new Date('2026-01-31T20:00:00Z'),
  certificateUrl: 'https://skillupacademy.in/certificate/0123456789abcdef0123456789abcdef?a=1&b=2',
};

describe('linkedInAddCertificationUrl', () => {
  const url = linkedInAddCertificationUrl(cert);

  it('is LinkedIn’s add-certification form', () => {
    expect(url.startsWith('https://www.linkedin.com/profile/add?')).toBe(true);
  });

  it('carries every parameter, in order, each value percent-encoded', () => {
    const query = url.slice(url.indexOf('?') + 1).split('&');
    expect(query).toEqual([
      'startTask=CERTIFICATION_NAME',
      'name=SkillUp%20Personality%20Profile',
      'organizationName=SkillUp%20Soft%20Skills%20Academy',
      'issueYear=2026',
      'issueMonth=2',
      'certUrl=https%3A%2F%2Fskillupacademy.in%2Fcertificate%2F0123456789abcdef0123456789abcdef%3Fa%3D1%26b%3D2',
      'certId=0123456789abcdef0123456789abcdef',
    ]);
  });

  it('decodes back to the certificate’s own values', () => {
    const params = new URL(url).searchParams;
    expect(params.get('name')).toBe(CERTIFICATION_NAME);
    expect(params.get('organizationName')).toBe(BRAND.name);
    expect(params.get('certUrl')).toBe(cert.certificateUrl);
    expect(params.get('certId')).toBe(cert.certificateId);
  });

  it('gives the month as 1..12 with no leading zero, in India’s time zone', () => {
    const params = (at: string) => new URL(linkedInAddCertificationUrl({ ...cert, issuedAt: new Date(at) })).searchParams;
    expect(params('2026-12-31T18:29:59Z').get('issueMonth')).toBe('12');
    expect(params('2026-12-31T18:29:59Z').get('issueYear')).toBe('2026');
    expect(params('2026-12-31T18:30:00Z').get('issueMonth')).toBe('1');
    expect(params('2026-12-31T18:30:00Z').get('issueYear')).toBe('2027');
  });
});

describe('whatsAppShareUrl', () => {
  it('is wa.me with no number and a text that carries the certificate link', () => {
    const url = whatsAppShareUrl(cert.certificateUrl);
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    const text = new URL(url).searchParams.get('text')!;
    expect(text).toContain(cert.certificateUrl);
    expect(url).not.toContain(' ');
  });
});
