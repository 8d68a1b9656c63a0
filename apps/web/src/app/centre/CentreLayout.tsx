import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DelayedLoading } from '../errors/DelayedLoading.tsx';
import { useIsMobile } from '../hooks/useIsMobile.ts';
import { currentCentreEntry } from './centreMenu.ts';
import { CentreMenu } from './CentreMenu.tsx';
import './centre.css';

/** How long a `#section` link waits for its lazily loaded page to show the section. */
const FRAGMENT_WAIT_MS = 5000;

/**
 * Brings the section a `#fragment` names (plots, withdrawals) into view once its page has
 * rendered it; the frame scrolls to the top on a new path first.
 */
function useScrollToFragment(hash: string, pathname: string): void {
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      if (target || Date.now() - started > FRAGMENT_WAIT_MS) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [hash, pathname]);
}

/**
 * The user centre's frame (issue 20): its pages beside a side menu on desktop; at 992 px or
 * less a bar naming the current screen opens the same menu in a drawer.
 */
export function CentreLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname, hash } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const current = currentCentreEntry(pathname, hash);
  useScrollToFragment(hash, pathname);
  return (
    <div className={isMobile ? 'centre centre--mobile' : 'centre'} data-testid="centre-layout">
      {isMobile ? (
        <div className="centre__bar">
          <Button icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-expanded={drawerOpen} data-testid="centre-menu-button">
            {t('centreNav.title')}
          </Button>
          {current ? (
            <span className="centre__current" data-testid="centre-current">
              {t(`centreNav.entry.${current.key}`)}
            </span>
          ) : null}
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={280} title={t('centreNav.title')} className="centre-drawer">
            <div data-testid="centre-drawer">
              <CentreMenu onNavigate={() => setDrawerOpen(false)} />
            </div>
          </Drawer>
        </div>
      ) : (
        <aside className="centre__side">
          <CentreMenu />
        </aside>
      )}
      <div className="centre__body">
        <Suspense fallback={<DelayedLoading />}>{children}</Suspense>
      </div>
    </div>
  );
}
