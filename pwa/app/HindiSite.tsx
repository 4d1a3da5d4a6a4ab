// The Hindi site: the English site's route table under /hi/, in the same Layout with the
// Hindi words, each translated page loading its Hindi words with it (content/hi/*.ts). A
// lazy module of its own, so no Hindi string or loader rides on an English page.
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { CHROME_EN } from '../i18n/chrome.en.ts';
import { CHROME_HI } from '../i18n/chrome.hi.ts';
import { LangProvider, withFallback, type LangValue } from '../i18n/LangContext.tsx';
import { englishOnly, withPageContent } from '../i18n/PageContent.tsx';
import {
  About,
  Blog,
  BlogDetail,
  Course,
  DeleteMyData,
  Gallery,
  JoinNow,
  Policy,
  Program,
  siteRoutes,
  Signup,
  type Pages,
} from './site-pages.tsx';

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
  // Not yet written in Hindi: the English page, marked as English, under a Hindi note saying so.
  About: englishOnly(About),
  Course: englishOnly(Course),
  Program: englishOnly(Program),
  Blog: englishOnly(Blog),
  Signup: englishOnly(Signup),
  Policy: englishOnly(Policy),
  Gallery: englishOnly(Gallery),
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
