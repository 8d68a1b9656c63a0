import { BellOutlined } from '@ant-design/icons';
import { unreadBadgeText } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { BellDropdown } from './headerPopups.tsx';
import { useLocation } from 'react-router';
import { DeferredPopup, usePopupIntent } from '../../components/deferredPopup.tsx';
import { inmailKeys, setMessageReadAll } from '../../pages/inmail/inmailApi.ts';
import { useSignedIn } from '../guards.tsx';
import { ROUTES } from '../links.ts';
import { UNREAD_BADGE_CAP, useUnreadMessages } from './useUnreadMessages.ts';
import './bell.css';

const loadBellDropdown = () => import('./headerPopups.tsx').then((m) => m.BellDropdown);

/**
 * The bell with the unread-message dropdown (spec doc 2 §2): the badge shows the unread total
 * capped at 99; the latest unread, 'read all' and a link to /inmail. On the home page the
 * messages load at start, elsewhere when the dropdown first opens (doc 2 §4). The dropdown's
 * code loads on first interest (components/deferredPopup.tsx).
 */
export function Bell() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const onHome = useLocation().pathname === ROUTES.home;
  const [opened, setOpened] = useState(false);
  const { total, list, loading, refresh } = useUnreadMessages(onHome || opened);
  const queryClient = useQueryClient();
  const popup = usePopupIntent<ComponentProps<typeof BellDropdown>>(loadBellDropdown);

  const readAll = async () => {
    await setMessageReadAll();
    await queryClient.invalidateQueries({ queryKey: inmailKeys.all });
  };
  // Opened again: what arrived since (a deposit credited, a withdrawal sent…) shows now.
  const onOpen = () => {
    if (opened) refresh();
    setOpened(true);
  };

  const badge = unreadBadgeText(total);
  return (
    <DeferredPopup
      popup={popup}
      trigger={(props) => (
        <Button
          type="text"
          shape="circle"
          aria-label={badge ? `${t('bell.label')}: ${badge}` : t('bell.label')}
          data-testid="header-bell"
          data-unread={total}
          {...props}
          onClick={() => {
            // Also before the dropdown's code has arrived: the messages start loading now.
            setOpened(true);
            props.onClick();
          }}
        >
          <Badge count={total} overflowCount={UNREAD_BADGE_CAP} size="small" data-testid="bell-badge">
            <BellOutlined className="header__icon" />
          </Badge>
        </Button>
      )}
    >
      {(BellDropdown, trigger) => (
        <BellDropdown trigger={trigger} initialOpen={popup.openOnLoad} signedIn={signedIn} total={total} list={list} loading={loading} onOpen={onOpen} readAll={readAll} />
      )}
    </DeferredPopup>
  );
}
