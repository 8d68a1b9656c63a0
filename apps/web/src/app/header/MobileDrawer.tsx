import {
  AppstoreOutlined,
  LogoutOutlined,
  MailOutlined,
  MobileOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  UserOutlined,
  WalletOutlined,
  EnvironmentOutlined,
  HomeOutlined,
} from '@ant-design/icons';
import { maskEmail } from '@platter/domain';
import { Badge, Drawer, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppState } from '../../state/store.ts';
import { useSignedIn } from '../guards.tsx';
import { CentreMenu } from '../centre/CentreMenu.tsx';
import { APP_URL, HELP_URL, ROUTES } from '../links.ts';
import { isSitePath, useAppLinkShown } from './siteLinks.tsx';
import { useLogout } from '../session.tsx';
import { AccountButtons } from './AccountButtons.tsx';
import { LanguageDropdown } from './LanguageDropdown.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useUnreadMessages } from './useUnreadMessages.ts';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The mobile drawer (spec doc 2 §2): messages (a dot when any are unread), the site links,
 * and either the user submenu (centre, assets, security, address, logout) or login and
 * register; language and theme at the bottom.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const signedIn = useSignedIn();
  const email = useAppState((state) => state.userInfo?.email ?? '');
  const poolType = useAppState((state) => state.poolType);
  // On the home page the unread messages load when the drawer mounts, elsewhere when it first opens (doc 2 §4).
  const onHome = useLocation().pathname === ROUTES.home;
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const { total } = useUnreadMessages(onHome || opened);

  const paths: Record<string, string> = {
    home: ROUTES.home,
    inmail: ROUTES.inmail,
    pools: ROUTES.pools(poolType),
    assets: ROUTES.assets,
    help: HELP_URL,
    app: APP_URL,
    bulletin: ROUTES.bulletin,
    'user-center': ROUTES.center,
    'user-assets': ROUTES.assets,
    'user-security': ROUTES.security,
    'user-address': ROUTES.address,
  };

  const label = (key: string, text: string) => <span data-testid={`drawer-${key}`}>{text}</span>;
  // Help and App: a page of this site opens in the same tab, an operator's external address in a new one.
  const siteOrExternal = (key: string, href: string, text: string) =>
    isSitePath(href) ? (
      label(key, text)
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid={`drawer-${key}`}>
        {text}
      </a>
    );
  const appShown = useAppLinkShown();

  const items: MenuItem[] = [
    { key: 'home', icon: <HomeOutlined />, label: label('home', t('nav.home')) },
    {
      key: 'inmail',
      icon: <MailOutlined />,
      label: (
        <Badge dot={total > 0} offset={[6, 0]} data-testid="drawer-inmail-dot" data-unread={total}>
          {label('inmail', t('nav.messages'))}
        </Badge>
      ),
    },
    { key: 'pools', icon: <AppstoreOutlined />, label: label('pools', t('nav.pools')) },
    ...(signedIn ? [{ key: 'assets', icon: <WalletOutlined />, label: label('assets', t('nav.assets')) }] : []),
    { key: 'bulletin', icon: <NotificationOutlined />, label: label('bulletin', t('nav.announcements')) },
    { key: 'help', icon: <QuestionCircleOutlined />, label: siteOrExternal('help', HELP_URL, t('nav.help')) },
    ...(appShown ? [{ key: 'app', icon: <MobileOutlined />, label: siteOrExternal('app', APP_URL, t('nav.app')) }] : []),
  ];
  if (signedIn) {
    items.push({
      key: 'user',
      icon: <UserOutlined />,
      label: label('user', maskEmail(email)),
      children: [
        { key: 'user-center', label: label('user-center', t('user.center')) },
        { key: 'user-assets', icon: <WalletOutlined />, label: label('user-assets', t('user.assets')) },
        { key: 'user-security', icon: <SafetyOutlined />, label: label('user-security', t('user.security')) },
        { key: 'user-address', icon: <EnvironmentOutlined />, label: label('user-address', t('user.address')) },
        { key: 'logout', icon: <LogoutOutlined />, danger: true, label: label('logout', t('user.logout')) },
      ],
    });
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if ((key === 'help' && !isSitePath(HELP_URL)) || (key === 'app' && !isSitePath(APP_URL))) {
      onClose();
      return;
    }
    onClose();
    if (key === 'logout') {
      void logout();
      return;
    }
    const path = paths[key];
    if (path) void navigate(path);
  };

  return (
    <Drawer open={open} onClose={onClose} placement="right" size={300} title={t('nav.menu')} className="mobile-drawer">
      <div className="drawer" data-testid="mobile-drawer">
        <Menu mode="inline" selectable={false} items={items} onClick={onClick} className="drawer__menu" />
        {/* Every built centre screen two taps from any page: the burger, then its entry. */}
        {signedIn ? <CentreMenu onNavigate={onClose} testPrefix="drawer-centre" /> : null}
        {signedIn ? null : (
          <div className="drawer__account">
            <AccountButtons block />
          </div>
        )}
        <div className="drawer__prefs">
          <LanguageDropdown />
          <ThemeToggle />
        </div>
      </div>
    </Drawer>
  );
}
