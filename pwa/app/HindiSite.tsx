// The Hindi site's frame: the same Layout as the English site with the Hindi words. A lazy
// module of its own, so the Hindi strings load only on Hindi pages.
import { Layout } from '../components/layout/Layout.tsx';
import { CHROME_EN } from '../i18n/chrome.en.ts';
import { CHROME_HI } from '../i18n/chrome.hi.ts';
import { LangProvider, withFallback, type LangValue } from '../i18n/LangContext.tsx';

const HINDI: LangValue = { lang: 'hi', chrome: withFallback(CHROME_HI, CHROME_EN) };

export default function HindiSite() {
  return (
    <LangProvider value={HINDI}>
      <Layout />
    </LangProvider>
  );
}
