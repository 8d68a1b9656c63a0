import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { maskEmail } from '@platter/domain';
import { Button } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDropdown } from './headerPopups.tsx';
import { DeferredPopup, usePopupIntent } from '../../components/deferredPopup.tsx';
import { useAppState } from '../../state/store.ts';
import { ROUTES } from '../links.ts';

const loadUserDropdown = () => import('./headerPopups.tsx').then((m) => m.UserDropdown);

/** The user entries of the header (desktop dropdown and mobile submenu), in the spec's order. */
export const USER_LINKS = [
  { key: 'center', path: ROUTES.center },
  { key: 'messages', path: ROUTES.inmail },
  { key: 'assets', path: ROUTES.assets },
  { key: 'security', path: ROUTES.security },
  { key: 'address', path: ROUTES.address },
] as const;

/** The user dropdown: masked e-mail, the centre links and logout (the menu loads on first interest). */
export function UserMenu() {
  const { t } = useTranslation();
  const email = useAppState((state) => state.userInfo?.email ?? '');
  const popup = usePopupIntent<ComponentProps<typeof UserDropdown>>(loadUserDropdown);
  return (
    <DeferredPopup
      popup={popup}
      trigger={(props) => (
        <Button type="text" icon={<UserOutlined />} data-testid="user-trigger" aria-label={t('user.account')} {...props}>
          <span className="user-trigger__email">{maskEmail(email)}</span>
          <DownOutlined className="lang-trigger__caret" />
        </Button>
      )}
    >
      {(UserDropdown, trigger) => <UserDropdown trigger={trigger} initialOpen={popup.openOnLoad} />}
    </DeferredPopup>
  );
}
