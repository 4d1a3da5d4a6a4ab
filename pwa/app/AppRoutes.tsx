// Every route of the site. Route modules are lazy: each page's code (and Formik/yup, on
// the pages with forms) loads only when that page is visited. The public site is one route
// table mounted twice: in English at the root and in Hindi under /hi/, where each page
// also loads its Hindi words (content/hi/*.ts) and the Hindi frame (HindiSite.tsx).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { POLICY_INDEX } from '../content/policies-index.ts';
import { RequireSignedUp } from './guards.tsx';
import { englishOnly, withPageContent } from '../i18n/PageContent.tsx';
import { PUBLIC_VALUE_ROUTES } from '../../contract/public-routes.ts';

const Home = lazy(() => import('./routes/home.tsx'));
const About = lazy(() => import('../features/about/AboutPage.tsx'));
const Gallery = lazy(() => import('../features/gallery/GalleryPage.tsx'));
const Blog = lazy(() => import('../features/blog/BlogPage.tsx'));
const BlogDetail = lazy(() => import('../features/blog/BlogDetailPage.tsx'));
const Contact = lazy(() => import('../features/contact/ContactPage.tsx'));
const JoinNow = lazy(() => import('../features/join-now/JoinNowPage.tsx'));
const Signup = lazy(() => import('../features/signup/SignupPage.tsx'));
const Course = lazy(() => import('./routes/course-soft-skills.tsx'));
const Program = lazy(() => import('./routes/program.tsx'));
const Policy = lazy(() => import('../features/policies/PolicyPage.tsx'));
const AdminLogin = lazy(() => import('../features/admin/AdminLoginPage.tsx'));
const ResetPassword = lazy(() => import('../features/admin/ResetPasswordPage.tsx'));
const Invite = lazy(() => import('../features/admin/InvitePage.tsx'));
const AdminConsole = lazy(() => import('../features/admin/console/AdminConsole.tsx'));
const Quiz = lazy(() => import('../features/quiz/QuizPage.tsx'));
const Outbox = lazy(() => import('../features/outbox/OutboxPage.tsx'));
const DeleteMyData = lazy(() => import('../features/erasure/DeleteMyDataPage.tsx'));
const Session = lazy(() => import('./routes/session.tsx'));
const Booking = lazy(() => import('./routes/booking.tsx'));
const NotFound = lazy(() => import('../features/not-found/NotFoundPage.tsx'));
const HindiSite = lazy(() => import('./HindiSite.tsx'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route components take their own props
type Page = ComponentType<any> | LazyExoticComponent<ComponentType<any>>;
/** The pages whose words differ by language; the others are the same components in both. */
interface Pages {
  Home: Page;
  About: Page;
  Contact: Page;
  Course: Page;
  Program: Page;
  Blog: Page;
  Signup: Page;
  Policy: Page;
  Gallery: Page;
  BlogDetail: Page;
  JoinNow: Page;
  DeleteMyData: Page;
}
const EN_PAGES: Pages = { Home, About, Contact, Course, Program, Blog, Signup, Policy, Gallery, BlogDetail, JoinNow, DeleteMyData };
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

export function AppRoutes() {
  return (
    <Routes>
      {/* The console is a desktop tool with its own layout (and its own guard), not the public site's chrome. */}
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <AdminConsole />
          </Suspense>
        }
      />
      <Route
        path="hi"
        element={
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <HindiSite />
          </Suspense>
        }
      >
        {siteRoutes(HI_PAGES)}
      </Route>
      <Route element={<Layout />}>{siteRoutes(EN_PAGES)}</Route>
    </Routes>
  );
}

function testRoute(language: 'english' | 'hinglish' | 'hindi') {
  return (
    <Route
      key={language}
      path={`personality/${language}-test`}
      element={
        <RequireSignedUp>
          <Quiz language={language} />
        </RequireSignedUp>
      }
    />
  );
}

/** The public site's routes, relative, so they mount at the root and under /hi/ alike. */
function siteRoutes(pages: Pages) {
  const { Home, About, Contact, Course, Program, Blog, Signup, Policy, Gallery, BlogDetail, JoinNow, DeleteMyData } = pages;
  return [
    <Route key="index" index element={<Home />} />,
    <Route key="about" path="about" element={<About />} />,
    <Route key="gallery" path="gallery" element={<Gallery />} />,
    <Route key="blog" path="blog" element={<Blog />} />,
    <Route key="blog-post" path="blog/:id" element={<BlogDetail />} />,
    <Route key="contact" path="contact" element={<Contact />} />,
    <Route key="join-now" path="join-now" element={<JoinNow />} />,
    <Route key="signup" path="signup" element={<Signup />} />,
    <Route key="course" path="course/soft-skills" element={<Course />} />,
    <Route key="program" path="services/:slug" element={<Program />} />,
    ...Object.entries(POLICY_INDEX).map(([slug, p]) => <Route key={slug} path={p.path.slice(1)} element={<Policy slug={slug} />} />),
    testRoute('english'),
    testRoute('hinglish'),
    testRoute('hindi'),
    <Route key="admin-login" path="admin-login" element={<AdminLogin />} />,
    <Route key="reset" path={PUBLIC_VALUE_ROUTES.resetPassword} element={<ResetPassword />} />,
    <Route key="invite" path="admin-invite" element={<Invite />} />,
    <Route key="outbox" path="outbox" element={<Outbox />} />,
    <Route key="session" path={PUBLIC_VALUE_ROUTES.session} element={<Session />} />,
    <Route key="booking" path={PUBLIC_VALUE_ROUTES.booking} element={<Booking />} />,
    <Route key="delete-my-data" path="delete-my-data" element={<DeleteMyData />} />,
    <Route key="not-found" path="*" element={<NotFound />} />,
  ];
}
