// Every route of the app: the console, the Hindi site under /hi/ (a lazy module with the
// Hindi words and the Hindi pages' loaders, so none of it rides on an English page), and
// the English site at the root. Both sites are one route table (site-pages.tsx).
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { EN_PAGES, siteRoutes } from './site-pages.tsx';

const AdminConsole = lazy(() => import('../features/admin/console/shell/AdminConsole.tsx'));
const HindiSite = lazy(() => import('./HindiSite.tsx'));

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
        path="hi/*"
        element={
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <HindiSite />
          </Suspense>
        }
      />
      <Route element={<Layout />}>{siteRoutes(EN_PAGES)}</Route>
    </Routes>
  );
}
