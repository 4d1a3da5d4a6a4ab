// The enquiry, join-for-free, booking and proposal forms' words in the page's language.
import { LEAD_FORMS_EN, type LeadFormWords } from './lead-forms.en.ts';
import { LEAD_FORMS_HI } from './lead-forms.hi.ts';
import { useLang } from './LangContext.tsx';

/** `words` with every empty string taken from `base`, at any depth: a gap shows English, never a blank. */
export function overEnglish<T>(words: T, base: T): T {
  if (typeof words === 'string') return (words.trim() === '' ? base : words) as T;
  if (Array.isArray(words)) return words.map((w, i) => overEnglish(w, (base as unknown[])[i])) as T;
  if (words && typeof words === 'object') {
    const out: Record<string, unknown> = { ...(base as object) };
    for (const [k, v] of Object.entries(words)) out[k] = overEnglish(v, (base as Record<string, unknown>)[k]);
    return out as T;
  }
  return words ?? base;
}

const HINDI = overEnglish(LEAD_FORMS_HI, LEAD_FORMS_EN);

export function useLeadFormWords(): LeadFormWords {
  return useLang() === 'hi' ? HINDI : LEAD_FORMS_EN;
}

/** The text to show for an option whose value is the English one the server checks. */
export function optionText(texts: Readonly<Record<string, string>>, value: string): string {
  return texts[value] ?? value;
}
