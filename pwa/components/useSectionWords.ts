// The shared sections' words in the page's language: a translated page's content carries
// them as `sections`; the English site has no page content and keeps SECTIONS_EN.
import { SECTIONS_EN, type SectionWords } from '../content/sections.ts';
import { usePageContent } from '../i18n/PageContent.tsx';

export function useSectionWords(): SectionWords {
  return usePageContent<{ sections: SectionWords }>()?.sections ?? SECTIONS_EN;
}
