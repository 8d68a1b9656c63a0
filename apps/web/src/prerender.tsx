import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { LANGS, type Lang } from '@platter/domain';
import { ConfigProvider, Popconfirm, Space, Tooltip } from 'antd';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './api/queries.ts';
import { App } from './app/App.tsx';
import { Ready } from './app/Ready.tsx';
import { PRERENDERED_PATHS, prerenderAttribute, setPrerendered } from './app/prerendered.ts';
import { BUTTON_CONFIG, themeConfig } from './app/theme.ts';
import i18n, { addLanguagePack, type LanguagePack } from './i18n/index.ts';
import en from './i18n/lang/en.ts';
import ru from './i18n/lang/ru.ts';
import zh from './i18n/lang/zh.ts';

/**
 * The build's prerender (apps/web/scripts/prerender.ts runs it after `vite build`): the first
 * screen of the home page and of the dashboard (/center/mining) drawn by the real components —
 * the same tree main.tsx hydrates, in the light theme, with no data yet (the placeholders that
 * keep the place of what loads later; the dashboard signed-in-shaped: the server sends it only
 * with a live session) — for each language and for desktop and phone widths, with antd's styles
 * for it extracted (@ant-design/cssinjs `extractStyle`: style elements the client's style cache
 * takes over instead of generating them again). Home is drawn with the first screen's texts
 * only, as the browser has them when it hydrates; the dashboard with all (its page waits for them).
 */
const PACKS: Record<Lang, LanguagePack> = { en, zh, ru };

/**
 * The antd parts a drawn page shows only once it has hydrated or its data has come (the
 * figures' tooltips, the API key card's confirmation): drawn apart, only for their styles, which
 * go into the page with the first screen's. The browser takes them over instead of generating
 * them inside the render of the first data (about 0.1 s on a phone throttled 4×).
 */
const LATER_PARTS: Partial<Record<string, ReactNode>> = {
  '/center/mining': (
    <Space>
      <Tooltip title="-">
        <span />
      </Tooltip>
      <Popconfirm title="-">
        <span />
      </Popconfirm>
    </Space>
  ),
};

export interface PrerenderedPage {
  /** `data-prerender` of #root: `<lang>-<desktop|mobile>[@<path>]`. */
  id: string;
  path: string;
  lang: Lang;
  mobile: boolean;
  /** The markup inside #root. */
  html: string;
  /** For the head: antd's style elements, and the resource hints React put before the markup. */
  styles: string;
}

export async function prerenderPage(path: string, lang: Lang, mobile: boolean): Promise<PrerenderedPage> {
  const { translation, antdLocale, rest } = PACKS[lang];
  addLanguagePack(lang, { translation, antdLocale });
  // Home: the first screen's texts alone; a centre page waits for the rest in the browser too.
  if (path !== '/' && rest) addLanguagePack(lang, { translation: (await rest()).default, antdLocale });
  await i18n.changeLanguage(lang);
  const drawnFor = { lang, mobile, path };
  setPrerendered(drawnFor);
  const tree = (cache: ReturnType<typeof createCache>) => (
    <StrictMode>
      <StyleProvider cache={cache}>
        <App router={(children) => <StaticRouter location={path}>{children}</StaticRouter>} queryClient={createQueryClient()} />
        {/* As main.tsx renders it: a sibling changes the ids React gives the app's elements. */}
        <Ready />
      </StyleProvider>
    </StrictMode>
  );
  // A first pass waits for every lazy part of the first screen (the home chunk, React.lazy), so
  // that the second draws them in place: a part that suspends would be streamed out of order,
  // put in place by an inline script (which the site's CSP does not allow).
  await (await prerender(tree(createCache()))).prelude.cancel();
  const cache = createCache();
  const drawn = renderToString(tree(cache));
  const later = LATER_PARTS[path];
  if (later) {
    // The page's provider as AppChrome sets it (its CSS-variable class is named, theme.ts): the same styles.
    renderToString(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={themeConfig('light')} button={BUTTON_CONFIG}>
          {later}
        </ConfigProvider>
      </StyleProvider>,
    );
  }
  // React puts resource hints (the logo's preload) before the markup: they belong in the head.
  const hints = /^(<link [^>]*\/>)*/.exec(drawn)?.[0] ?? '';
  const html = drawn.slice(hints.length);
  return { id: prerenderAttribute(drawnFor), path, lang, mobile, html, styles: hints + extractStyle(cache) };
}

export async function prerenderAll(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  // Per language, home before the dashboard: home is drawn before the language's other texts are added.
  for (const lang of LANGS) for (const path of PRERENDERED_PATHS) for (const mobile of [false, true]) pages.push(await prerenderPage(path, lang, mobile));
  return pages;
}
