import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { CentreMenu } from './CentreMenu.tsx';

/** The centre's menu in a drawer at 992 px or less: a chunk of its own, loaded when the menu button is first wanted. */
export function CentreDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={280} title={t('centreNav.title')} className="centre-drawer">
      <div data-testid="centre-drawer">
        <CentreMenu onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
