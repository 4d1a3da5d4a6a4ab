// The header's language switch: the same page in the other language, and the choice
// remembered on this device, so the visitor's next visit opens in it (useLanguageChoice).
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { readItem, writeItem } from '../lib/storage.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { useChrome, useLang } from './LangContext.tsx';
import { pathIn, type Lang } from './lang.ts';

export function LanguageSwitch() {
  const { pathname, search, hash } = useLocation();
  const lang = useLang();
  const chrome = useChrome();
  const other: Lang = lang === 'en' ? 'hi' : 'en';
  return (
    <RouterLink
      to={pathIn(pathname, other) + search + hash}
      className="lang-switch"
      lang={other}
      hrefLang={other}
      aria-label={chrome.switchLabel}
      data-testid="lang-switch"
      onClick={() => writeItem(STORAGE_KEYS.lang, other)}
    >
      {chrome.switchTo}
    </RouterLink>
  );
}

/**
 * A visitor who chose a language with the switch gets it on their next visit: the page they
 * open (the home page they typed, a link someone sent) is replaced by the same page in
 * their language, once, when the site starts. Only a choice made here counts: crawlers and
 * first visits (no choice stored) always get the page they asked for, so each language's
 * URL keeps its own content for search engines.
 */
/** Once per page load: moving between pages later (a link to the other language) is never undone. */
let entryChecked = false;

export function useLanguageChoice() {
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (entryChecked) return;
    entryChecked = true;
    const chosen = readItem(STORAGE_KEYS.lang);
    if ((chosen === 'en' || chosen === 'hi') && chosen !== lang) {
      void navigate(pathIn(pathname, chosen) + search + hash, { replace: true });
    }
  }, [lang, navigate, pathname, search, hash]);
  // The page's language for the browser, screen readers and the Devanagari font (global.css).
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
}
