import { isLang, LANGS, maskEmail, type Lang, type Message } from '@platter/domain';
import { Button, Dropdown, Empty, Spin } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/time.ts';
import { useAppState } from '../../state/store.ts';
import { ROUTES } from '../links.ts';
import { useChangeLanguage, useLogout } from '../session.tsx';
import { USER_LINKS } from './UserMenu.tsx';

/**
 * The header's dropdowns, one chunk loaded on first interest (components/deferredPopup.tsx):
 * each gets the trigger already on screen and wraps it in antd's Dropdown.
 */

/** The props every header dropdown shares: opened by a click, under the trigger's right edge, its open state held here. */
function clickDropdown(open: boolean, setOpen: (open: boolean) => void) {
  return { trigger: ['click' as const], placement: 'bottomRight' as const, open, onOpenChange: setOpen };
}

/** en / zh / ru with their own names; sets h9_lang (365 days) and calls SetLanguage. */
export function LanguageMenu({ trigger, current, initialOpen }: { trigger: ReactElement; current: Lang; initialOpen: boolean }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [open, setOpen] = useState(initialOpen);
  return (
    <Dropdown
      {...clickDropdown(open, setOpen)}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({
          key: lang,
          label: (
            <span data-testid={`lang-option-${lang}`} lang={lang === 'zh' ? 'zh-Hant' : lang}>
              {t(`lang.${lang}`)}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          if (isLang(key) && key !== current) changeLanguage(key);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}

/** The user dropdown: masked e-mail, the centre links and logout. */
export function UserDropdown({ trigger, initialOpen }: { trigger: ReactElement; initialOpen: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const email = useAppState((state) => state.userInfo?.email ?? '');
  const [open, setOpen] = useState(initialOpen);
  return (
    <Dropdown
      {...clickDropdown(open, setOpen)}
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
      {trigger}
    </Dropdown>
  );
}

/** Unread messages shown in the dropdown (the call fetches 10). */
const BELL_ITEMS = 5;

export interface BellDropdownProps {
  trigger: ReactElement;
  initialOpen: boolean;
  signedIn: boolean;
  total: number;
  list: Message[];
  loading: boolean;
  /** The dropdown opens (the bell loads or refreshes the messages). */
  onOpen: () => void;
  readAll: () => Promise<void>;
}

/** The bell's dropdown: the latest unread, 'read all' and a link to /inmail. */
export function BellDropdown({ trigger, initialOpen, signedIn, total, list, loading, onOpen, readAll }: BellDropdownProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initialOpen);
  const panel = (
    <div className="bell-panel" data-testid="bell-dropdown">
      <div className="bell-panel__head">
        <span className="bell-panel__title">{t('bell.title')}</span>
        {signedIn && total > 0 ? (
          <Button type="link" size="small" onClick={() => void readAll()} data-testid="bell-read-all">
            {t('inmail.readAll')}
          </Button>
        ) : null}
      </div>
      {loading && list.length === 0 ? (
        <div className="bell-panel__loading">
          <Spin size="small" />
        </div>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
      ) : (
        <ul className="bell-panel__list">
          {list.slice(0, BELL_ITEMS).map((m) => (
            <li key={m.id}>
              <Link to={ROUTES.inmailMessage(m.id)} className="bell-panel__item" data-testid={`bell-item-${m.id}`} onClick={() => setOpen(false)}>
                <span className="bell-panel__item-title">{m.title}</span>
                <span className="bell-panel__item-time">{formatDateTime(m.created_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="bell-panel__footer">
        <Link to={ROUTES.inmail} onClick={() => setOpen(false)} data-testid="bell-view-all">
          {t('bell.viewAll')}
        </Link>
      </div>
    </div>
  );
  return (
    <Dropdown
      {...clickDropdown(open, (next) => {
        setOpen(next);
        if (next) onOpen();
      })}
      popupRender={() => panel}
    >
      {trigger}
    </Dropdown>
  );
}
