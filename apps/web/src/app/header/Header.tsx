import { MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppState } from '../../state/store.ts';
import { useSignedIn } from '../guards.tsx';
import { useIsMobile } from '../hooks/useIsMobile.ts';
import { useScrolled } from '../hooks/useScrolled.ts';
import { APP_URL, HELP_URL, ROUTES } from '../links.ts';
import { AccountButtons } from './AccountButtons.tsx';
import { useAddressQuery } from './AddressQuery.tsx';
import { Bell } from './Bell.tsx';
import { LanguageDropdown } from './LanguageDropdown.tsx';
import { isSitePath, useAppLinkShown } from './siteLinks.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useUnreadMessages } from './useUnreadMessages.ts';

/** The phone drawer (antd's Drawer and Menu) is a chunk of its own, loaded on first interest in the menu button: desktop never loads it. */
const MobileDrawer = lazy(() => import('./MobileDrawer.tsx').then((m) => ({ default: m.MobileDrawer })));

/**
 * The site header (spec doc 2 §2): desktop bar or mobile bar with a drawer (992 px switch),
 * a different look once scrolled more than 50 px. The frame hides it for `?h5`.
 */
export function Header() {
  const isMobile = useIsMobile();
  const scrolled = useScrolled();
  const className = ['header', scrolled ? 'header--scrolled' : '', isMobile ? 'header--mobile' : 'header--desktop'].filter(Boolean).join(' ');
  return (
    <header className={className} data-testid="header" data-scrolled={scrolled}>
      <div className="header__inner">{isMobile ? <MobileBar /> : <DesktopBar />}</div>
    </header>
  );
}

function Logo() {
  const { t } = useTranslation();
  return (
    // The accessible name starts with the visible brand (WCAG 'label in name'), then says where it leads.
    <Link to={ROUTES.home} className="header__logo" data-testid="header-logo" aria-label={`${t('site.name')} — ${t('nav.home')}`}>
      <img src="/logo.svg" alt="" width={32} height={32} />
      <span className="header__brand">{t('site.name')}</span>
    </Link>
  );
}

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'header__link header__link--active' : 'header__link';
}

/** Help and App: a page of this site opens in the same tab, an operator's external address in a new one. */
function SiteOrExternalLink({ href, testId, children }: { href: string; testId: string; children: string }) {
  const { t } = useTranslation();
  if (isSitePath(href)) {
    return (
      <NavLink to={href} end className={navClass} data-testid={testId}>
        {children}
      </NavLink>
    );
  }
  return (
    <a className="header__link" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId} title={`${children} ${t('nav.opensInNewTab')}`}>
      {children}
    </a>
  );
}

function DesktopBar() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const poolType = useAppState((state) => state.poolType);
  const appShown = useAppLinkShown();
  return (
    <>
      <Logo />
      <nav className="header__nav" aria-label={t('nav.primary')}>
        <NavLink to={ROUTES.pools(poolType)} className={navClass} data-testid="nav-pools">
          {t('nav.pools')}
        </NavLink>
        {signedIn ? (
          <NavLink to={ROUTES.assets} className={navClass} data-testid="nav-assets">
            {t('nav.assets')}
          </NavLink>
        ) : null}
        {signedIn ? (
          <NavLink to={ROUTES.watcher} className={navClass} data-testid="nav-watcher">
            {t('nav.watcher')}
          </NavLink>
        ) : null}
        {signedIn ? (
          <NavLink to={ROUTES.center} className={navClass} data-testid="nav-centre">
            {t('centreNav.header')}
          </NavLink>
        ) : null}
        <SiteOrExternalLink href={HELP_URL} testId="nav-help">
          {t('nav.help')}
        </SiteOrExternalLink>
        <NavLink to={ROUTES.bulletin} className={navClass} data-testid="nav-bulletin">
          {t('nav.announcements')}
        </NavLink>
        {appShown ? (
          <SiteOrExternalLink href={APP_URL} testId="nav-app">
            {t('nav.app')}
          </SiteOrExternalLink>
        ) : null}
      </nav>
      <div className="header__actions">
        <SearchButton />
        <LanguageDropdown />
        <ThemeToggle />
        <Bell />
        {signedIn ? <UserMenu /> : <AccountButtons />}
      </div>
    </>
  );
}

function SearchButton() {
  const { t } = useTranslation();
  const openAddressQuery = useAddressQuery();
  return (
    <Button type="text" shape="circle" icon={<SearchOutlined className="header__icon" />} aria-label={t('nav.search')} data-testid="header-search" onClick={openAddressQuery} />
  );
}

function MobileBar() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on first interest in the menu button (touch, pointer, focus).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  // The drawer's message dot: on the home page the unread messages load at start (doc 2 §4).
  useUnreadMessages(useLocation().pathname === ROUTES.home);
  return (
    <>
      <Logo />
      <div className="header__actions">
        <SearchButton />
        <Button
          type="text"
          shape="circle"
          icon={<MenuOutlined className="header__icon" />}
          aria-label={t('nav.menu')}
          aria-expanded={drawerOpen}
          data-testid="mobile-menu-button"
          onPointerEnter={wantDrawer}
          onFocus={wantDrawer}
          onClick={() => {
            wantDrawer();
            setDrawerOpen(true);
          }}
        />
      </div>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
