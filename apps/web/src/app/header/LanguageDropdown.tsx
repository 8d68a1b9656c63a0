import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { isLang, type Lang } from '@platter/domain';
import { Button } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageMenu } from './headerPopups.tsx';
import { DeferredPopup, usePopupIntent } from '../../components/deferredPopup.tsx';

const loadLanguageMenu = () => import('./headerPopups.tsx').then((m) => m.LanguageMenu);

/** en / zh / ru with their own names; sets h9_lang (365 days) and calls SetLanguage. The menu loads on first interest. */
export function LanguageDropdown({ block = false }: { block?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Lang = isLang(i18n.language) ? i18n.language : 'en';
  const popup = usePopupIntent<ComponentProps<typeof LanguageMenu>>(loadLanguageMenu);
  return (
    <DeferredPopup
      popup={popup}
      trigger={(props) => (
        <Button type="text" block={block} icon={<GlobalOutlined />} data-testid="lang-trigger" aria-label={t('nav.language')} {...props}>
          <span className="lang-trigger__label">{t(`lang.${current}`)}</span>
          <DownOutlined className="lang-trigger__caret" />
        </Button>
      )}
    >
      {(LanguageMenu, trigger) => <LanguageMenu trigger={trigger} current={current} initialOpen={popup.openOnLoad} />}
    </DeferredPopup>
  );
}
