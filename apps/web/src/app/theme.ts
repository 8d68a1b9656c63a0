import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../state/theme.ts';

/**
 * One token set for both themes; antd's dark algorithm derives the dark palette from it.
 * The frame's own CSS reads the derived tokens through CSS variables (see ThemeVars).
 */
export const BRAND_TOKENS = {
  colorPrimary: '#0f9d8a',
  colorInfo: '#0f9d8a',
  colorLink: '#0f9d8a',
  borderRadius: 8,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif",
} as const;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...BRAND_TOKENS },
    components: {
      Layout: { headerPadding: '0 16px' },
    },
  };
}

/** The CSS variables of the frame, from antd's derived tokens. */
export interface FrameTokens {
  colorBgLayout: string;
  colorBgContainer: string;
  colorBgElevated: string;
  colorText: string;
  colorTextSecondary: string;
  colorTextTertiary: string;
  colorBorderSecondary: string;
  colorPrimary: string;
  colorPrimaryBg: string;
  colorFillTertiary: string;
  boxShadowSecondary: string;
}

export function frameCssVars(token: FrameTokens, mode: ThemeMode): Record<string, string> {
  return {
    '--pl-bg': token.colorBgLayout,
    '--pl-surface': token.colorBgContainer,
    '--pl-elevated': token.colorBgElevated,
    '--pl-text': token.colorText,
    '--pl-text-2': token.colorTextSecondary,
    '--pl-text-3': token.colorTextTertiary,
    '--pl-border': token.colorBorderSecondary,
    '--pl-primary': token.colorPrimary,
    '--pl-primary-bg': token.colorPrimaryBg,
    '--pl-fill': token.colorFillTertiary,
    '--pl-shadow': token.boxShadowSecondary,
    '--pl-header-bg': mode === 'dark' ? 'rgba(20, 20, 20, 0.72)' : 'rgba(255, 255, 255, 0.72)',
    '--pl-hero-from': mode === 'dark' ? '#0b3b35' : '#e6f7f4',
    '--pl-hero-to': mode === 'dark' ? '#141414' : '#f5f7fa',
  };
}
