// The forms' words and messages in the page's language.
import { useCallback } from 'react';
import { localizeMessage } from '../../contract/messages-hi.ts';
import { FORMS_EN, type FormWords } from './forms.en.ts';
import { FORMS_HI } from './forms.hi.ts';
import { useLang, withFallback } from './LangContext.tsx';

const HINDI = withFallback(FORMS_HI, FORMS_EN);

export function useFormWords(): FormWords {
  return useLang() === 'hi' ? HINDI : FORMS_EN;
}

/** A message from the contract or the server in the page's language (the English one where no Hindi is known). */
export function useLocalize(): (message: string) => string {
  const lang = useLang();
  return useCallback((message: string) => localizeMessage(message, lang), [lang]);
}
