// The Hindi site: the English site's route table under /hi/, in the same Layout with the
// Hindi words, each translated page loading its Hindi words with it (content/hi/*.ts). A
// lazy module of its own, so no Hindi string or loader rides on an English page.
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { CHROME_EN } from '../i18n/chrome.en.ts';
import { CHROME_HI } from '../i18n/chrome.hi.ts';
import { LangProvider, withFallback, type LangValue } from '../i18n/LangContext.tsx';
import { englishOnly, withPageContent } from '../i18n/PageContent.tsx';
import { Blog, BlogDetail, DeleteMyData, JoinNow, Policy, siteRoutes, Signup, type Pages } from './site-pages.tsx';

const HINDI: LangValue = { lang: 'hi', chrome: withFallback(CHROME_HI, CHROME_EN) };

const HI_PAGES: Pages = {
  Home: withPageContent(
    () => import('./routes/home.tsx'),
    () => import('../content/hi/home.ts'),
  ),
  Contact: withPageContent(
    () => import('../features/contact/ContactPage.tsx'),
    () => import('../content/hi/contact.ts'),
  ),
  About: withPageContent(
    () => import('../features/about/AboutPage.tsx'),
    () => import('../content/hi/about.ts'),
  ),
  Course: withPageContent(
    () => import('./routes/course-soft-skills.tsx'),
    () => import('../content/hi/course.ts'),
  ),
  Program: withPageContent(
    () => import('./routes/program.tsx'),
    () => import('../content/hi/programs.ts'),
  ),
  Gallery: withPageContent(
    () => import('../features/gallery/GalleryPage.tsx'),
    () => import('../content/hi/gallery.ts'),
  ),
  // Not yet written in Hindi: the English page, marked as English, under a Hindi note saying so.
  Blog: englishOnly(Blog),
  Signup: englishOnly(Signup),
  Policy: englishOnly(Policy),
  BlogDetail: englishOnly(BlogDetail),
  JoinNow: englishOnly(JoinNow),
  DeleteMyData: englishOnly(DeleteMyData),
};

export default function HindiSite() {
  return (
    <Routes>
      <Route
        element={
          <LangProvider value={HINDI}>
            <Layout />
          </LangProvider>
        }
      >
        {siteRoutes(HI_PAGES)}
      </Route>
    </Routes>
  );
}
