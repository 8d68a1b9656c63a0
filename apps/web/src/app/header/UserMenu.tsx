import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { maskEmail } from '@platter/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppState } from '../../state/store.ts';
import { ROUTES } from '../links.ts';
import { useLogout } from '../session.tsx';

/** The user entries of the header (desktop dropdown and mobile submenu), in the spec's order. */
export const USER_LINKS = [
  { key: 'center', path: ROUTES.center },
  { key: 'messages', path: ROUTES.inmail },
  { key: 'assets', path: ROUTES.assets },
  { key: 'security', path: ROUTES.security },
  { key: 'address', path: ROUTES.address },
] as const;

/** The user dropdown: masked e-mail, the centre links and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const email = useAppState((state) => state.userInfo?.email ?? '');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'email', disabled: true, label: <span data-testid="user-menu-email">{maskEmail(email)}</span> },
          { type: 'divider' as const },
          ...USER_LINKS.map((link) => ({
            key: link.key,
            label: <span data-testid={`user-menu-${link.key}`}>{t(`user.${link.key}`)}</span>,
          })),
          { type: 'divider' as const },
          { key: 'logout', danger: true, label: <span data-testid="user-menu-logout">{t('user.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') {
            void logout();
            return;
          }
          const link = USER_LINKS.find((entry) => entry.key === key);
          if (link) void navigate(link.path);
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-trigger" aria-label={t('user.account')}>
        <span className="user-trigger__email">{maskEmail(email)}</span>
        <DownOutlined className="lang-trigger__caret" />
      </Button>
    </Dropdown>
  );
}
