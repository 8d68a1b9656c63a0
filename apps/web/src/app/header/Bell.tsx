import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../links.ts';
import { UNREAD_BADGE_CAP, useUnreadMessages } from './useUnreadMessages.ts';

/** The bell with the unread-message dropdown (spec doc 2 §2); the badge caps at 99. */
export function Bell() {
  const { t } = useTranslation();
  const { total, list } = useUnreadMessages();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items: [] }}
      popupRender={() => (
        <div className="bell-panel" data-testid="bell-dropdown">
          <div className="bell-panel__title">{t('bell.title')}</div>
          {list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} /> : null}
          <div className="bell-panel__footer">
            <Link to={ROUTES.inmail}>{t('bell.viewAll')}</Link>
          </div>
        </div>
      )}
    >
      <Button type="text" shape="circle" aria-label={t('bell.label')} data-testid="header-bell">
        <Badge count={total} overflowCount={UNREAD_BADGE_CAP} size="small">
          <BellOutlined className="header__icon" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
