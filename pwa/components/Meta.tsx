// Page title, description, keywords and canonical link. On the server the values are
// collected into the prerender's head; in the browser they update document.head.
import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SITE } from '../config/site.ts';

export interface HeadData {
  title: string;
  description: string;
  keywords?: string;
  /** 'noindex' for pages that must not be indexed (404, admin, forms behind a guard). */
  robots?: string;
  /** HTTP status the page stands for (404 page). */
  status?: number;
}

/** Provided by the prerender: each page writes its head into this object while rendering. */
export const HeadCollector = createContext<Partial<HeadData> | null>(null);

export function fullTitle(title: string): string {
  return title.includes(SITE.shortName) ? title : `${title} | ${SITE.name}`;
}

function setMeta(name: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

export function Meta(props: HeadData) {
  const collector = useContext(HeadCollector);
  if (collector) Object.assign(collector, props);
  const { pathname } = useLocation();
  const { title, description, keywords, robots } = props;
  useEffect(() => {
    document.title = fullTitle(title);
    setMeta('description', description);
    setMeta('keywords', keywords);
    setMeta('robots', robots);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // The prerender wrote the public origin into the first canonical link; keep it.
    const origin = link ? new URL(link.href).origin : window.location.origin;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = origin + pathname;
    // A marker for tests and tools: this route's page is live (hydrated or rendered).
    document.documentElement.dataset.page = pathname;
  }, [title, description, keywords, robots, pathname]);
  return null;
}
