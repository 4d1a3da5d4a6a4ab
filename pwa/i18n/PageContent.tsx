// A page's words in another language, loaded with that language's route (content/hi/*.ts)
// and handed to the same page component the English site renders. A page reads them with
// usePageContent(): undefined on the English site, so it keeps its English constants.
import { createContext, lazy, useContext, type ComponentType } from 'react';
import { useChrome } from './LangContext.tsx';

const PageContentContext = createContext<unknown>(undefined);

export function usePageContent<T>(): Partial<T> | undefined {
  return useContext(PageContentContext) as Partial<T> | undefined;
}

/** A lazy route element: the page and its words load together, the words provided to the page. */
export function withPageContent<P extends object>(
  loadPage: () => Promise<{ default: ComponentType<P> }>,
  loadContent: () => Promise<{ default: unknown }>,
) {
  return lazy(async () => {
    const [{ default: Page }, { default: content }] = await Promise.all([loadPage(), loadContent()]);
    function PageInLanguage(props: P) {
      return (
        <PageContentContext.Provider value={content}>
          <Page {...props} />
        </PageContentContext.Provider>
      );
    }
    return { default: PageInLanguage };
  });
}

/**
 * A page not (yet) written in this language: the English page, marked lang="en" so screen
 * readers read it as English, under a line in the page's language saying so.
 */
export function englishOnly<P extends object>(Page: ComponentType<P>) {
  function EnglishPage(props: P) {
    const t = useChrome();
    return (
      <>
        <p className="container lang-note" data-testid="english-only">
          {t.englishOnlyNote}
        </p>
        <div lang="en">
          <Page {...props} />
        </div>
      </>
    );
  }
  return EnglishPage;
}
