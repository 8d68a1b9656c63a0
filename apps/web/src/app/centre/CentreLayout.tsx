import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DelayedLoading } from '../errors/DelayedLoading.tsx';
import { useIsMobile } from '../hooks/useIsMobile.ts';
import { currentCentreEntry } from './centreMenu.ts';
import { CentreMenu } from './CentreMenu.tsx';
import './centre.css';

const CentreDrawer = lazy(() => import('./CentreDrawer.tsx').then((m) => ({ default: m.CentreDrawer })));

/** How long a `#section` link keeps its section in view while the page above it loads. */
const FRAGMENT_HOLD_MS = 4000;
/** Where a section's top lands: below the fixed header (64 px) with a little air. */
const FRAGMENT_TOP_PX = 80;

/**
 * Brings the section a `#fragment` names (plots, withdrawals) into view once its lazily loaded
 * page has rendered it, and keeps it there while the content above it loads and pushes it down
 * (the frame scrolls to the top on a new path first). A person scrolling takes over at once.
 */
function useScrollToFragment(hash: string, pathname: string): void {
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const started = Date.now();
    let timer = 0;
    const stop = () => {
      window.clearInterval(timer);
      for (const type of ['wheel', 'touchmove', 'keydown', 'mousedown'] as const) window.removeEventListener(type, stop);
    };
    for (const type of ['wheel', 'touchmove', 'keydown', 'mousedown'] as const) window.addEventListener(type, stop, { passive: true });
    timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target) {
        const top = target.getBoundingClientRect().top;
        const atBottom = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 2;
        if (Math.abs(top - FRAGMENT_TOP_PX) > 4 && !(top > FRAGMENT_TOP_PX && atBottom)) target.scrollIntoView({ block: 'start' });
      }
      if (Date.now() - started > FRAGMENT_HOLD_MS) stop();
    }, 150);
    return stop;
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
  // The drawer's code loads on first interest in its button (touch, pointer, focus).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  const current = currentCentreEntry(pathname, hash);
  useScrollToFragment(hash, pathname);
  return (
    <div className={isMobile ? 'centre centre--mobile' : 'centre'} data-testid="centre-layout" data-current={current?.key ?? ''}>
      {isMobile ? (
        <div className="centre__bar">
          <Button
            icon={<MenuOutlined />}
            onPointerEnter={wantDrawer}
            onFocus={wantDrawer}
            onClick={() => {
              wantDrawer();
              setDrawerOpen(true);
            }}
            aria-expanded={drawerOpen}
            data-testid="centre-menu-button"
          >
            {t('centreNav.title')}
          </Button>
          {current ? (
            <span className="centre__current" data-testid="centre-current">
              {t(`centreNav.entry.${current.key}`)}
            </span>
          ) : null}
          {drawerWanted ? (
            <Suspense fallback={null}>
              <CentreDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          ) : null}
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
