// The text rules on their own: what they let through and what they refuse, and that no
// field's rules can be made to take long. A "name" of 60,000 characters once cost seconds
// of CPU per request (a regular expression with unbounded repetition, searched from every
// position); every rule must stay linear in the length of what it reads.
import { ObjectSchema, type AnyObjectSchema } from 'yup';
import { describe, expect, it } from 'vitest';
import { LEAD_SCHEMAS } from './lead-schemas.ts';
import { containsWebAddress, isStorableText } from './text-rules.ts';

describe('storable text', () => {
  it('refuses what Postgres cannot store and control characters, and keeps real writing', () => {
    for (const bad of ['\u0000', 'a\ud800', '\udc00b', 'x\u0007', '\u007f', '\u0085', 'r\u202el', '\u2066']) {
      expect(isStorableText(bad, true), JSON.stringify(bad)).toBe(false);
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const lineBreak of ['a\nb', 'a\r\nb', 'a\tb', 'a\u2028b'])
      expect(isStorableText(lineBreak), JSON.stringify(lineBreak)).toBe(false);
    for (const fine of ['a\nb', 'a\r\nb', 'a\tb']) expect(isStorableText(fine, true), JSON.stringify(fine)).toBe(true);
    for (const good of ['Asha Verma', 'क्‍ष रोहन', 'ਸਤਿ', 'محمد', '😀🙏🏽', "O'Neil-Smith", 'Śrīkānt']) {
      expect(isStorableText(good), good).toBe(true);
    }
  });

  it('finds web addresses in names, not initials', () => {
    for (const link of ['https://x.example', 'see www.example', 'prize.com', 'FREE.IN now', 'ftp://a'])
      expect(containsWebAddress(link), link).toBe(true);
    for (const name of ['A.K. Sharma', 'Dr. R.S. Iyer', 'Mr. Comfort', 'In Ho Kim']) expect(containsWebAddress(name), name).toBe(false);
  });
});

describe('validation time', () => {
  const shapes = {
    letters: 'x'.repeat(60_000),
    dashes: 'x-'.repeat(30_000),
    dots: 'a.'.repeat(30_000),
    colons: 'a:'.repeat(30_000),
    ats: 'a@'.repeat(30_000),
    email: `a@${'a.'.repeat(30_000)}!`,
    surrogates: '\ud800'.repeat(60_000),
    spaces: ' '.repeat(60_000),
  };
  // Every schema the contract exports, found rather than listed: every module of contract/ is
  // read, so a new form or admin body, or a new module, is checked here the day it is written
  // (every lead kind's schema is in LEAD_SCHEMAS).
  const modules = import.meta.glob<Record<string, unknown>>(['./**/*.ts', '!./**/*.test.ts'], { eager: true });
  const schemas: Record<string, AnyObjectSchema> = Object.fromEntries([
    ...Object.entries(LEAD_SCHEMAS),
    ...Object.values(modules).flatMap((module) =>
      Object.entries(module).filter((entry): entry is [string, AnyObjectSchema] => entry[1] instanceof ObjectSchema),
    ),
  ]);

  it('finds every lead kind and the admin, desk and workspace bodies', () => {
    for (const name of [
      ...Object.keys(LEAD_SCHEMAS),
      'adminLoginSchema',
      'activitySchema',
      'templateSchema',
      'erasureRequestSchema',
      'ruleSchema',
    ])
      expect(Object.keys(schemas), name).toContain(name);
  });

  it('stays linear: every field of every schema checks a 60,000-character string of any shape quickly', () => {
    const slow: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      for (const field of Object.keys(schema.fields)) {
        for (const [shape, value] of Object.entries(shapes)) {
          const time = () => {
            const started = performance.now();
            try {
              schema.validateSync({ [field]: value }, { abortEarly: false });
            } catch {
              // Refused, as it should be; only the time matters here.
            }
            return performance.now() - started;
          };
          // Linear checks of 60,000 characters take well under 10 ms; quadratic ones, seconds,
          // every time. A check over the line is timed twice more and judged by its fastest, so
          // a garbage collection or a busy machine cannot fail it, and a slow rule still does.
          let ms = time();
          for (let again = 0; again < 2 && ms > 100; again++) ms = Math.min(ms, time());
          if (ms > 100) slow.push(`${name}.${field} (${shape}): ${ms.toFixed(0)} ms`);
        }
      }
    }
    expect(slow).toEqual([]);
  });
});
