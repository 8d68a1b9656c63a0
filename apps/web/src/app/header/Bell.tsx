import { BellOutlined } from '@ant-design/icons';
import { unreadBadgeText } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { inmailKeys, setMessageReadAll } from '../../pages/inmail/inmailApi.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useSignedIn } from '../guards.tsx';
import { ROUTES } from '../links.ts';
import { UNREAD_BADGE_CAP, useUnreadMessages } from './useUnreadMessages.ts';
import './bell.css';

/** Unread messages shown in the dropdown (the call fetches 10). */
const BELL_ITEMS = 5;

/**
 * The bell with the unread-message dropdown (spec doc 2 §2): the badge shows the unread total
 * capped at 99; the latest unread, 'read all' and a link to /inmail. On the home page the
 * messages load at start, elsewhere when the dropdown first opens (doc 2 §4).
 */
export function Bell() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const onHome = useLocation().pathname === ROUTES.home;
  const [opened, setOpened] = useState(false);
  const { total, list, loading, refresh } = useUnreadMessages(onHome || opened);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const readAll = async () => {
    await setMessageReadAll();
    await queryClient.invalidateQueries({ queryKey: inmailKeys.all });
  };

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

  const badge = unreadBadgeText(total);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Opened again: what arrived since (a deposit credited, a withdrawal sent…) shows now.
        if (next && opened) refresh();
        if (next) setOpened(true);
      }}
      popupRender={() => panel}
    >
      <Button type="text" shape="circle" aria-label={badge ? `${t('bell.label')}: ${badge}` : t('bell.label')} data-testid="header-bell" data-unread={total}>
        <Badge count={total} overflowCount={UNREAD_BADGE_CAP} size="small" data-testid="bell-badge">
          <BellOutlined className="header__icon" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
