import { describe, expect, it } from 'vitest';
import { callLink, defaultTemplate, emailLink, fillTemplate, templatesFor, templateValuesFor, whatsappLink } from './templates.ts';
import { tenDigitPhone } from './phone.ts';

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

  it('fills the four placeholders', () => {
    expect(
      fillTemplate('Hi {name}, {course} with {counsellor}: {link}', {
        name: 'आशा',
        course: 'PD',
        counsellor: 'Priya',
        link: 'https://s.in/',
      }),
    ).toBe('Hi आशा, PD with Priya: https://s.in/');
  });
});

describe('a template filled for a lead', () => {
  const link = 'https://skillup.example.in/';
  it('falls back to words that read well where the lead has no value, in the template’s language', () => {
    const none = templateValuesFor({}, '', link);
    expect(fillTemplate('Dear {name}, thank you for your interest in {course}. – {counsellor}', none)).toBe(
      'Dear student, thank you for your interest in our courses. – the SkillUp team',
    );
    expect(fillTemplate('Hi {name}, about {course}: {link}', none)).toBe(`Hi there, about our courses: ${link}`);
    expect(fillTemplate('नमस्ते {name}, {course} में आपकी रुचि के लिए धन्यवाद।', none, 'hindi')).toBe(
      'नमस्ते जी, हमारे कोर्स में आपकी रुचि के लिए धन्यवाद।',
    );
    expect(fillTemplate('{course} mein interest ke liye thank you!', none, 'hinglish')).toBe(
      'hamare courses mein interest ke liye thank you!',
    );
  });

  it('takes the name from first and last names and the course from a booking’s programme', () => {
    const values = templateValuesFor({ firstName: 'Asha', lastName: 'Verma', programme: 'Soft Skill For Students' }, 'Meera', link);
    expect(fillTemplate('Hi {name}, {course} – {counsellor}', values)).toBe('Hi Asha Verma, Soft Skill For Students – Meera');
  });

  it('leaves no space before a full stop and offers no template with a stray brace or a link it lacks', () => {
    expect(fillTemplate('Thanks for {course} .  See you', templateValuesFor({ course: 'Soft Skills' }, 'M', link))).toBe(
      'Thanks for Soft Skills. See you',
    );
    const values = templateValuesFor({ name: 'Asha' }, 'Meera', link);
    expect(fillTemplate('Hi {name}, about {cours}', values)).toBeUndefined();
    expect(fillTemplate('Hi {name', values)).toBeUndefined();
    expect(fillTemplate('Details: {link}', templateValuesFor({ name: 'Asha' }, 'Meera', ''))).toBeUndefined();
    const templates = [
      { id: '1', name: 'Broken', language: 'english', channel: 'whatsapp', body: 'Hi {nmae}', stage: 'first' },
      { id: '2', name: 'Fine', language: 'english', channel: 'whatsapp', body: 'Hi {name}', stage: 'any' },
    ] as const;
    expect(templatesFor([...templates], values).map((t) => t.message)).toEqual(['Hi Asha']);
  });

  it('opens on the template that fits the lead’s state', () => {
    const templates = [
      { name: 'Could not reach you', stage: 'follow-up' as const },
      { name: 'First hello', stage: 'first' as const },
      { name: 'Anything', stage: 'any' as const },
    ];
    expect(defaultTemplate(templates, 'new')!.name).toBe('First hello');
    expect(defaultTemplate(templates, 'contacted')!.name).toBe('Could not reach you');
    expect(defaultTemplate([templates[2]!], 'new')!.name).toBe('Anything');
  });
});
