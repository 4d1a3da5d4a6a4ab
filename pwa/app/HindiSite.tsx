// The Hindi site: the English site's route table under /hi/, in the same Layout with the
// Hindi words, each translated page loading its Hindi words with it (content/hi/*.ts). A
// lazy module of its own, so no Hindi string or loader rides on an English page.
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { CHROME_EN } from '../i18n/chrome.en.ts';
import { CHROME_HI } from '../i18n/chrome.hi.ts';
import { LangProvider, withFallback, type LangValue } from '../i18n/LangContext.tsx';
import { englishOnly, withPageContent } from '../i18n/PageContent.tsx';
import { BlogDetail, siteRoutes, type Pages } from './site-pages.tsx';

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
  Blog: withPageContent(
    () => import('../features/blog/BlogPage.tsx'),
    () => import('../content/hi/blog-page.ts'),
  ),
  Signup: withPageContent(
    () => import('../features/signup/SignupPage.tsx'),
    () => import('../content/hi/signup.ts'),
  ),
  Policy: withPageContent(
    () => import('../features/policies/PolicyPage.tsx'),
    () => import('../content/hi/policies.ts'),
  ),
  // A post stays in English (the page says so); its frame is Hindi.
  BlogDetail: englishOnly(BlogDetail),
  JoinNow: withPageContent(
    () => import('../features/join-now/JoinNowPage.tsx'),
    () => import('../content/hi/join-now.ts'),
  ),
  DeleteMyData: withPageContent(
    () => import('../features/erasure/DeleteMyDataPage.tsx'),
    () => import('../content/hi/erasure.ts'),
  ),
  Webinars: withPageContent(
    () => import('../features/webinars/WebinarsPage.tsx'),
    () => import('../content/hi/webinars.ts'),
  ),
  Outbox: withPageContent(
    () => import('../features/outbox/OutboxPage.tsx'),
    () => import('../content/hi/outbox.ts'),
  ),
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
