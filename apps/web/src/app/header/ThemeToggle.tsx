import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleThemeMode, useThemeMode } from '../../state/theme.ts';

/** Light/dark switch; the choice is remembered in localStorage. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        aria-pressed={mode === 'dark'}
        data-testid="theme-toggle"
        data-theme-mode={mode}
        onClick={toggleThemeMode}
      />
    </Tooltip>
  );
}
