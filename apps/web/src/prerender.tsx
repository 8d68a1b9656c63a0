import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { LANGS, type Lang } from '@platter/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './api/queries.ts';
import { App } from './app/App.tsx';
import { prerenderAttribute, setPrerendered } from './app/prerendered.ts';
import i18n, { addLanguagePack, type LanguagePack } from './i18n/index.ts';
import en from './i18n/lang/en.ts';
import ru from './i18n/lang/ru.ts';
import zh from './i18n/lang/zh.ts';

/**
 * The build's prerender (apps/web/scripts/prerender.ts runs it after `vite build`): the home
 * page's first screen drawn by the real components — the same tree main.tsx hydrates, in the
 * light theme, with no data yet (the placeholders that keep the place of what loads later) —
 * for each language and for desktop and phone widths, with antd's styles for it extracted
 * (@ant-design/cssinjs `extractStyle`: style elements the client's style cache takes over
 * instead of generating them again). Only the first screen's texts: the home page needs no more.
 */
const PACKS: Record<Lang, LanguagePack> = { en, zh, ru };

export interface PrerenderedPage {
  /** `data-prerender` of #root: `<lang>-<desktop|mobile>`. */
  id: string;
  lang: Lang;
  mobile: boolean;
  /** The markup inside #root. */
  html: string;
  /** For the head: antd's style elements, and the resource hints React put before the markup. */
  styles: string;
}

export async function prerenderHome(lang: Lang, mobile: boolean): Promise<PrerenderedPage> {
  // The first screen's texts alone, as the browser has them when it hydrates.
  addLanguagePack(lang, { translation: PACKS[lang].translation, antdLocale: PACKS[lang].antdLocale });
  await i18n.changeLanguage(lang);
  const drawnFor = { lang, mobile };
  setPrerendered(drawnFor);
  const tree = (cache: ReturnType<typeof createCache>) => (
    <StrictMode>
      <StyleProvider cache={cache}>
        <App router={(children) => <StaticRouter location="/">{children}</StaticRouter>} queryClient={createQueryClient()} />
      </StyleProvider>
    </StrictMode>
  );
  // A first pass waits for every lazy part of the first screen (the home chunk, React.lazy), so
  // that the second draws them in place: a part that suspends would be streamed out of order,
  // put in place by an inline script (which the site's CSP does not allow).
  await (await prerender(tree(createCache()))).prelude.cancel();
  const cache = createCache();
  const drawn = renderToString(tree(cache));
  // React puts resource hints (the logo's preload) before the markup: they belong in the head.
  const hints = /^(<link [^>]*\/>)*/.exec(drawn)?.[0] ?? '';
  const html = drawn.slice(hints.length);
  return { id: prerenderAttribute(drawnFor), lang, mobile, html, styles: hints + extractStyle(cache) };
}

export async function prerenderAll(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const lang of LANGS) for (const mobile of [false, true]) pages.push(await prerenderHome(lang, mobile));
  return pages;
}
