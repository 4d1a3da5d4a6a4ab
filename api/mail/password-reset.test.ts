import { describe, expect, it } from 'vitest';
import { passwordResetEmail, resetLink } from './password-reset.ts';

describe('password reset email', () => {
  it('links to the PWA reset page for the token, in both parts, with the name escaped in HTML', () => {
    const token = 'A'.repeat(43);
    const mail = passwordResetEmail('https://skillup.example', 'Asha <b>&</b>', token);
    const link = `https://skillup.example/reset-password/${token}`;
    expect(resetLink('https://skillup.example', token)).toBe(link);
    expect(mail.subject).toBe('Reset your admin password');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('Hello Asha <b>&</b>,');
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain('Hello Asha &#60;b&#62;&#38;&#60;/b&#62;,');
    expect(mail.html).not.toContain('<b>');
  });
});
