import { theme } from 'antd';
import { useEffect } from 'react';
import type { ThemeMode } from '../state/theme.ts';
import { frameCssVars } from './theme.ts';

/** Publishes antd's derived tokens as CSS variables for the frame's own stylesheet. */
export function ThemeVars({ mode }: { mode: ThemeMode }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(frameCssVars(token, mode))) root.style.setProperty(name, value);
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [token, mode]);
  return null;
}
