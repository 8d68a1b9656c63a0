import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { isLang, LANGS, type Lang } from '@platter/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../session.tsx';

/** en / zh / ru with their own names; sets h9_lang (365 days) and calls SetLanguage. */
export function LanguageDropdown({ block = false }: { block?: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const current: Lang = isLang(i18n.language) ? i18n.language : 'en';
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
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
      <Button type="text" block={block} icon={<GlobalOutlined />} data-testid="lang-trigger" aria-label={t('nav.language')}>
        <span className="lang-trigger__label">{t(`lang.${current}`)}</span>
        <DownOutlined className="lang-trigger__caret" />
      </Button>
    </Dropdown>
  );
}
