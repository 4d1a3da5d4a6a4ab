import { WEBINARS_EN, type WebinarsWords } from '../../content/webinars.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';

/** The page's words (and its form's): English unless the route gives another language's. */
export function useWebinarsWords(): WebinarsWords {
  return { ...WEBINARS_EN, ...usePageContent<WebinarsWords>() };
}
