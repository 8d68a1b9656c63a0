import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { queryKeys } from '../../api/queries.ts';
import { isH5 } from '../../lib/device.ts';
import { useAppState } from '../../state/store.ts';
import { DelayedLoading } from '../errors/DelayedLoading.tsx';
import { ErrorBoundary } from '../errors/ErrorBoundary.tsx';
import { AddressQueryProvider } from '../header/AddressQuery.tsx';
import { Header } from '../header/Header.tsx';
import { ROUTES } from '../links.ts';

/** The public and user frame: header (not for `?h5`), page body, footer. */
export function PageFrame({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const h5 = isH5(search);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <AddressQueryProvider>
      <div className={h5 ? 'frame frame--h5' : 'frame'}>
        {h5 ? null : <Header />}
        <main className="frame__body" id="main">
          <PageBodyLoading />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<DelayedLoading />}>{children}</Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </AddressQueryProvider>
  );
}

/**
 * The page-body loading indicator (spec doc 2 §4): shown while the coin list or the pool
 * list loaded on start has one entry or fewer, for as long as they are being fetched (a
 * failed load stops it rather than spinning forever). A spinner of our own stylesheet, not
 * antd's Spin: it appears on every first visit right after the drawn home page hydrates, and
 * antd generated Spin's styles then, in one uninterruptible task (some 70 ms on a throttled phone).
 */
function PageBodyLoading() {
  const { t } = useTranslation();
  const thin = useAppState((state) => state.coinInfo.length <= 1 || state.poolInfo.length <= 1);
  const fetching = useIsFetching({ queryKey: queryKeys.settings }) > 0;
  if (!thin || !fetching) return null;
  return (
    <div className="page-loading" data-testid="page-loading" role="status" aria-label={t('common.loading')}>
      <span className="page-loading__spinner" aria-hidden="true" />
    </div>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <nav className="footer__links">
          <Link to="/help" data-testid="footer-support">
            {t('content.nav.support')}
          </Link>
          <Link to="/help/download" data-testid="footer-download">
            {t('content.nav.download')}
          </Link>
          <Link to={ROUTES.agreement} data-testid="footer-agreement">
            {t('footer.agreement')}
          </Link>
          <Link to={ROUTES.privacy} data-testid="footer-privacy">
            {t('footer.privacy')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
