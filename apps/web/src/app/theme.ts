import { theme, type ThemeConfig } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
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

/**
 * Text colours that reach WCAG AA (4.5:1) on the page and card backgrounds, where antd's
 * defaults fall short (Lighthouse's contrast audit): in the light theme the brand teal is
 * darkened for links, white text on primary buttons and the current tab (#0f9d8a was 3.4:1
 * on white) — its derived tints (selected options, info notices) then set by hand —, antd's tertiary/description grey (0.45 alpha, 3.4:1) and its error red (3.3:1)
 * are deepened; in the dark theme the teal of links and the current item, the tertiary grey
 * and the error red are brightened, and primary buttons keep the deeper teal under white text.
 */
const READABLE_TOKENS: Record<ThemeMode, Record<string, string>> = {
  light: {
    colorPrimary: '#0b7d6e',
    colorInfo: '#0b7d6e',
    colorLink: '#0b7d6e',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorError: '#d9363e',
    // antd's palette of a deep teal starts at a muddy grey-green (#a3bdb5); its light tints are set here.
    colorPrimaryBg: '#eaf6f3',
    colorPrimaryBgHover: '#d5eee8',
    colorInfoBg: '#eaf6f3',
    colorInfoBorder: '#a8d8cd',
  },
  dark: { colorPrimary: '#2cc2a8', colorInfo: '#2cc2a8', colorLink: '#2cc2a8', colorTextTertiary: 'rgba(255, 255, 255, 0.55)', colorError: '#e65254' },
};

/**
 * White text on primary buttons needs the deeper teal in both themes (the dark theme's brighter
 * one is for text on dark); a dark danger button's red text is brightened, its solid form
 * then takes dark text. The current menu entry (the centre's side menu) gets explicit colours.
 */
const PRIMARY_BUTTON = { colorPrimary: '#0b7d6e', colorPrimaryHover: '#0a8574', colorPrimaryActive: '#086a5d' };
const READABLE_COMPONENTS: Record<ThemeMode, ThemeConfig['components']> = {
  light: { Button: PRIMARY_BUTTON, Menu: { itemSelectedBg: '#eaf6f3', itemSelectedColor: '#0b7d6e' } },
  dark: {
    Button: { ...PRIMARY_BUTTON, colorError: '#e65254', colorErrorHover: '#f07173', colorErrorActive: '#c7494a', dangerColor: 'rgba(0, 0, 0, 0.88)' },
    Menu: { itemSelectedBg: '#16362f', itemSelectedColor: '#2cc2a8' },
  },
};

/** The tokens each theme sets (antd's seed tokens complete them). */
export function seedTokens(mode: ThemeMode): Record<string, string | number> {
  return { ...BRAND_TOKENS, ...READABLE_TOKENS[mode] };
}

/** antd's derived (map) tokens of a theme from the seed it is given: a few hundred palette colours. */
export type PrecomputedTokens = Partial<Record<ThemeMode, { seed: string; map: MapToken }>>;

/**
 * The light theme's map tokens (the prerendered home's, and the default), derived at build time
 * (vite.config.ts `define`; the dark theme's too would cost 2.7 kB of the first load); undefined
 * in tests and `vite dev`.
 */
declare const __ANTD_MAP_TOKENS__: PrecomputedTokens | undefined;
const PRECOMPUTED = typeof __ANTD_MAP_TOKENS__ === 'undefined' ? undefined : __ANTD_MAP_TOKENS__;

/**
 * antd's algorithm of a theme, answering the build's derivation for the theme's own seed instead
 * of deriving its palettes again on the first render (some 40 ms of a phone's start-up); any
 * other seed is derived as antd does. One function per theme: antd caches a theme by it.
 */
function algorithmOf(mode: ThemeMode) {
  const derive = mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const built = PRECOMPUTED?.[mode];
  if (!built) return derive;
  return (seed: SeedToken, map?: MapToken): MapToken => (map === undefined && JSON.stringify(seed) === built.seed ? { ...built.map } : derive(seed, map));
}
const ALGORITHMS: Record<ThemeMode, ReturnType<typeof algorithmOf>> = { light: algorithmOf('light'), dark: algorithmOf('dark') };

/**
 * The class of antd's CSS variables, named rather than left to antd (which takes the
 * ConfigProvider's React id): the build's prerender draws styles for the parts a page shows only
 * after its data with a ConfigProvider of its own (src/prerender.tsx), and they must be the ones
 * the page's provider asks for.
 */
export const CSS_VAR_KEY = 'css-var-platter';

/** antd's button settings of the app's ConfigProvider (AppChrome, and the prerender's for the later parts). */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    cssVar: { key: CSS_VAR_KEY },
    algorithm: ALGORITHMS[mode],
    token: seedTokens(mode),
    components: {
      Layout: { headerPadding: '0 16px' },
      ...READABLE_COMPONENTS[mode],
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
