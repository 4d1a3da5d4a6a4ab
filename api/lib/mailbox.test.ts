// mailboxOf(): one mailbox for the spellings that reach it.
import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('mailboxOf', () => {
  it('ignores case and a +tag', () => {
    expect(mailboxOf(' S+1@Example.IN ')).toBe('s@example.in');
    expect(mailboxOf('s+a+b@example.in')).toBe('s@example.in');
    expect(mailboxOf('s@example.in')).toBe('s@example.in');
  });

  it('ignores dots in the local part for Gmail only, and googlemail.com is gmail.com', () => {
    expect(mailboxOf('Asha.Rao+x@gmail.com')).toBe('asharao@gmail.com');
    expect(mailboxOf('a.s.h.a.rao@googlemail.com')).toBe('asharao@gmail.com');
    expect(mailboxOf('asha.rao@example.in')).toBe('asha.rao@example.in');
  });

  it('keeps what it cannot split as it is (lower case)', () => {
    expect(mailboxOf('+tag@example.in')).toBe('+tag@example.in');
    expect(mailboxOf('no-at-sign')).toBe('no-at-sign');
    expect(mailboxOf('a@b@example.in')).toBe('a@b@example.in');
  });
});
