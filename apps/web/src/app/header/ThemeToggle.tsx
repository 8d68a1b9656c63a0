import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../components/deferredPopup.tsx';
import { toggleThemeMode, useThemeMode } from '../../state/theme.ts';

/** Light/dark switch; the choice is remembered in localStorage. Its tooltip loads on first hover. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <DeferredTooltip
      title={label}
      trigger={(props) => (
        <Button
          type="text"
          shape="circle"
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          aria-label={label}
          aria-pressed={mode === 'dark'}
          data-testid="theme-toggle"
          data-theme-mode={mode}
          {...props}
          onClick={() => {
            props.onClick();
            toggleThemeMode();
          }}
        />
      )}
    />
  );
}
