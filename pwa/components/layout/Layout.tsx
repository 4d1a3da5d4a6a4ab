import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppStatus } from '../AppStatus.tsx';
import { ToastProvider } from '../Toast.tsx';
import { useChrome } from '../../i18n/LangContext.tsx';
import { useLanguageChoice } from '../../i18n/LanguageSwitch.tsx';
import { ChatButton } from './ChatButton.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function Layout() {
  const t = useChrome();
  useLanguageChoice();
  return (
    <ToastProvider>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ChatButton />
      <AppStatus />
      <ScrollToTop />
    </ToastProvider>
  );
}
