// The public site's pages and its route table, relative, so it mounts at the root in
// English (AppRoutes.tsx) and under /hi/ in Hindi (HindiSite.tsx). Route modules are lazy:
// each page's code (and Formik/yup, on the pages with forms) loads only when it is visited.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router-dom';
import { POLICY_INDEX } from '../content/policies-index.ts';
import { RequireSignedUp } from './guards.tsx';
import { PUBLIC_VALUE_ROUTES } from '../../contract/public-routes.ts';

export const Home = lazy(() => import('./routes/home.tsx'));
export const About = lazy(() => import('../features/about/AboutPage.tsx'));
export const Gallery = lazy(() => import('../features/gallery/GalleryPage.tsx'));
export const Blog = lazy(() => import('../features/blog/BlogPage.tsx'));
export const BlogDetail = lazy(() => import('../features/blog/BlogDetailPage.tsx'));
export const Contact = lazy(() => import('../features/contact/ContactPage.tsx'));
export const JoinNow = lazy(() => import('../features/join-now/JoinNowPage.tsx'));
export const Signup = lazy(() => import('../features/signup/SignupPage.tsx'));
export const Course = lazy(() => import('./routes/course-soft-skills.tsx'));
export const Program = lazy(() => import('./routes/program.tsx'));
export const Policy = lazy(() => import('../features/policies/PolicyPage.tsx'));
export const AdminLogin = lazy(() => import('../features/admin/AdminLoginPage.tsx'));
export const ResetPassword = lazy(() => import('../features/admin/ResetPasswordPage.tsx'));
export const Invite = lazy(() => import('../features/admin/InvitePage.tsx'));
export const AdminConsole = lazy(() => import('../features/admin/console/shell/AdminConsole.tsx'));
export const Quiz = lazy(() => import('../features/quiz/QuizPage.tsx'));
export const Outbox = lazy(() => import('../features/outbox/OutboxPage.tsx'));
export const DeleteMyData = lazy(() => import('../features/erasure/DeleteMyDataPage.tsx'));
export const Session = lazy(() => import('./routes/session.tsx'));
export const Booking = lazy(() => import('./routes/booking.tsx'));
export const Webinars = lazy(() => import('../features/webinars/WebinarsPage.tsx'));
export const NotFound = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route components take their own props
export type Page = ComponentType<any> | LazyExoticComponent<ComponentType<any>>;
/** The pages whose words differ by language; the others are the same components in both. */
export interface Pages {
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
  Webinars: Page;
  Outbox: Page;
}
export const EN_PAGES: Pages = {
  Home,
  About,
  Contact,
  Course,
  Program,
  Blog,
  Signup,
  Policy,
  Gallery,
  BlogDetail,
  JoinNow,
  DeleteMyData,
  Webinars,
  Outbox,
};
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
export function siteRoutes(pages: Pages) {
  const { Home, About, Contact, Course, Program, Blog, Signup, Policy, Gallery, BlogDetail, JoinNow, DeleteMyData, Webinars, Outbox } =
    pages;
  return [
    <Route key="index" index element={<Home />} />,
    <Route key="about" path="about" element={<About />} />,
    <Route key="gallery" path="gallery" element={<Gallery />} />,
    <Route key="blog" path="blog" element={<Blog />} />,
    <Route key="blog-post" path="blog/:id" element={<BlogDetail />} />,
    <Route key="contact" path="contact" element={<Contact />} />,
    <Route key="webinars" path="webinars" element={<Webinars />} />,
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
