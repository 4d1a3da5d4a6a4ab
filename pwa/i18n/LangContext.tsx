// Which language the page is in, and its words. The English site provides the English
// frame; the Hindi site's lazy module (HindiSite.tsx) provides the Hindi one, so no Hindi
// string rides on an English page's JavaScript.
import { createContext, useContext } from 'react';
import { CHROME_EN, type ChromeKey, type ChromeWords } from './chrome.en.ts';
import type { Lang } from './lang.ts';

export interface LangValue {
  lang: Lang;
  chrome: ChromeWords;
}

const LangContext = createContext<LangValue>({ lang: 'en', chrome: CHROME_EN });
export const LangProvider = LangContext.Provider;

export function useLang(): Lang {
  return useContext(LangContext).lang;
}

/** The frame's words in the page's language. */
export function useChrome(): ChromeWords {
  return useContext(LangContext).chrome;
}

/** `words` with every missing or empty entry taken from `base`: a gap shows English, never a blank. */
export function withFallback<K extends string>(words: Partial<Record<K, string>>, base: Record<K, string>): Record<K, string> {
  const out = { ...base };
  for (const key of Object.keys(base) as K[]) {
    const value = words[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

/** '{n} submissions wait' with n filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type { ChromeKey };
