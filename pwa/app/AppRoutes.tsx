// Every route of the site. Route modules are lazy: each page's code (and Formik/yup, on
// the pages with forms) loads only when that page is visited.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { POLICY_INDEX } from '../content/policies-index.ts';
import { RequireSignedUp } from './guards.tsx';
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
const Webinars = lazy(() => import('../features/webinars/WebinarsPage.tsx'));
const NotFound = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

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
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="about" element={<About />} />
        <Route path="gallery" element={<Gallery />} />
        <Route path="blog" element={<Blog />} />
        <Route path="blog/:id" element={<BlogDetail />} />
        <Route path="contact" element={<Contact />} />
        <Route path="webinars" element={<Webinars />} />
        <Route path="join-now" element={<JoinNow />} />
        <Route path="signup" element={<Signup />} />
        <Route path="course/soft-skills" element={<Course />} />
        <Route path="services/:slug" element={<Program />} />
        {Object.entries(POLICY_INDEX).map(([slug, p]) => (
          <Route key={slug} path={p.path.slice(1)} element={<Policy slug={slug} />} />
        ))}
        <Route
          path="personality/english-test"
          element={
            <RequireSignedUp>
              <Quiz language="english" />
            </RequireSignedUp>
          }
        />
        <Route
          path="personality/hinglish-test"
          element={
            <RequireSignedUp>
              <Quiz language="hinglish" />
            </RequireSignedUp>
          }
        />
        <Route
          path="personality/hindi-test"
          element={
            <RequireSignedUp>
              <Quiz language="hindi" />
            </RequireSignedUp>
          }
        />
        <Route path="admin-login" element={<AdminLogin />} />
        <Route path={PUBLIC_VALUE_ROUTES.resetPassword} element={<ResetPassword />} />
        <Route path="admin-invite" element={<Invite />} />
        <Route path="outbox" element={<Outbox />} />
        <Route path={PUBLIC_VALUE_ROUTES.session} element={<Session />} />
        <Route path={PUBLIC_VALUE_ROUTES.booking} element={<Booking />} />
        <Route path="delete-my-data" element={<DeleteMyData />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
