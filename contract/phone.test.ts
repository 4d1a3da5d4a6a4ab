import { describe, expect, it } from 'vitest';
import { normalizePhone, tenDigitPhone } from './phone.ts';

describe('one phone rule', () => {
  const numbers: Array<[string, string]> = [
    ['9876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['(98765) 43210', '9876543210'],
    ['98765.43210', '9876543210'],
  ];
  it.each(numbers)('%s is %s for the forms and the console alike', (typed, ten) => {
    expect(tenDigitPhone(typed)).toBe(ten);
    expect(normalizePhone(typed)).toBe(ten);
  });

  const notNumbers = ['98765/43210', '987654321', '98765432101', '+1 9876543210', 'nine876543210', ''];
  it.each(notNumbers)('%j is no phone number anywhere', (typed) => {
    expect(tenDigitPhone(typed)).toBeUndefined();
    expect(normalizePhone(typed)).not.toMatch(/^\d{10}$/);
  });

  it('leaves what is not text for the type check', () => {
    expect(normalizePhone(['9876543210'])).toEqual(['9876543210']);
    expect(normalizePhone(9876543210)).toBe('9876543210');
  });
});
