// validate() turns yup's outcomes into the API's answers: field errors and crafted values
// are 400s; a schema bug is not disguised as one.
import { number, object, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../contract/messages.ts';
import { validate } from './validate.ts';

const schema = object({ name: string().trim().required('Name is required'), age: number().min(1, 'Too young') });

describe('validate', () => {
  it('casts, strips unknown fields and returns the value', () => {
    expect(validate(schema, { name: '  Asha ', age: '20', extra: 'x' })).toEqual({ ok: true, value: { name: 'Asha', age: 20 } });
  });

  it('answers 400 with every field message', () => {
    const result = validate(schema, { age: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(400);
    expect(result.error.toBody()).toEqual({ message: 'Name is required', errors: { name: 'Name is required', age: 'Too young' } });
  });

  it('answers 400 for a value yup cannot even cast, and for a body that is not an object', () => {
    const crafted = validate(schema, { name: { toString: 1 } });
    expect(crafted.ok || crafted.error.toBody()).toEqual({ message: API_MESSAGES.wrongTypes });
    const list = validate(schema, [1, 2]);
    expect(list.ok || list.error.status).toBe(400);
  });

  it('throws when a schema gained an async test instead of rejecting every valid submission', () => {
    const asyncSchema = object({ name: string().test('slow', 'never', async () => true) });
    expect(() => validate(asyncSchema, { name: 'Asha' })).toThrow();
  });
});
