import { Suspense, useEffect } from 'react';
import { Outlet, matchPath, useLocation } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { routes } from '../routes.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LogForkBanner } from './LogForkBanner.tsx';
import { PageLoading } from './PageLoading.tsx';

const useScrollToTopOnNavigate = (pathname: string) => {
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollTo, and React would take it for a clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);
};

/** Header, the current screen and the footer (hidden where a route asks, e.g. the live auction room). */
export const Layout = () => {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);
  const hideFooter = routes.some((route) => route.hideFooter && matchPath(route.path, pathname));

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <LogForkBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {!hideFooter && <Footer />}
    </div>
  );
};
