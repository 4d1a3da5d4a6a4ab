import { describe, expect, it } from 'vitest';
import { callLink, emailLink, fillTemplate, tenDigitPhone, whatsappLink } from './workspace.ts';

describe('reaching a lead in one tap', () => {
  it('reads a phone typed any way as its ten digits, and nothing else', () => {
    for (const typed of ['9812345678', '+91 98123 45678', '098123-45678', '98123 45678', '(98123) 45678', '91-98123-45678'])
      expect(tenDigitPhone(typed), typed).toBe('9812345678');
    for (const typed of ['12345', '+1 415 555 0100', '98123456789', '']) expect(tenDigitPhone(typed), typed).toBeUndefined();
  });

  it('builds the WhatsApp link with +91 and the message encoded, and the call link', () => {
    const text = 'Namaste Asha ji 🙏 & welcome?\nSee https://x.in/?a=1';
    const link = whatsappLink('+91 98123 45678', text)!;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://wa.me/919812345678');
    expect(url.searchParams.get('text')).toBe(text);
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(whatsappLink('12345', text)).toBeUndefined();
    expect(callLink('098123-45678')).toBe('tel:+919812345678');
  });

  it('keeps an email address with ?cc= one address: no recipient or header can be added', () => {
    const link = emailLink('x?cc=evil@example.in&bcc=more@example.in', 'Hello', 'Body & more');
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('x?cc=evil@example.in&bcc=more@example.in');
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
    expect(url.searchParams.get('body')).toBe('Body & more');
    expect(emailLink('asha@example.in', '', '')).toBe('mailto:asha@example.in');
  });

  it('fills the four placeholders and leaves any other braces alone', () => {
    expect(
      fillTemplate('Hi {name}, {course} with {counsellor}: {link} {other}', {
        name: 'आशा',
        course: 'PD',
        counsellor: 'Priya',
        link: 'https://s.in/',
      }),
    ).toBe('Hi आशा, PD with Priya: https://s.in/ {other}');
  });
});
