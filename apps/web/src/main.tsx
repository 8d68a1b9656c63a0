import { DEFAULT_POOL_TYPE, isLang } from '@platter/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { boot } from './boot/boot.ts';
import i18n, { loadLanguage } from './i18n/index.ts';
import './styles.css';
import { App } from './app/App.tsx';
import { parsePrerenderAttribute, setPrerendered, type Prerendered } from './app/prerendered.ts';
import { Ready } from './app/Ready.tsx';
import { preloadRoute, routeReady } from './app/routes.tsx';
import { isH5, isMobileWidth, isPhoneWidth } from './lib/device.ts';
import { appStore } from './state/store.ts';
import { getThemeMode } from './state/theme.ts';

// The page's first chunks and the shown language's texts load beside each other and the boot
// bundles; a language chunk that fails to load must not keep the app from starting.
preloadRoute(window.location.pathname, window.location.search);
const language = isLang(i18n.language) ? loadLanguage(i18n.language).catch(() => undefined) : Promise.resolve();

/**
 * The server sends `/` with its first screen drawn in (src/prerender.tsx): light theme, signed
 * out, no data, the reader's language, desktop or phone width; and `/center/mining`, to a
 * reader with a live session, signed-in-shaped with no data. This page hydrates it when it
 * would draw the same; otherwise (a dark theme, a signed-in reader or a remembered pool list on
 * home, a window of another width: the phone page is drawn for under 768 px, the desktop one
 * for over 992 px) it draws anew over it, as every other path is drawn.
 */
function hydratable(drawn: Prerendered | undefined): drawn is Prerendered {
  const state = appStore.getState();
  return (
    drawn !== undefined &&
    window.location.pathname === drawn.path &&
    !isH5(window.location.search) &&
    drawn.lang === i18n.language &&
    (drawn.mobile ? isPhoneWidth(window.innerWidth) : !isMobileWidth(window.innerWidth)) &&
    getThemeMode() === 'light' &&
    // The dashboard's parts read the store as empty while they hydrate (useAppState, useHydrated):
    // a returning reader's is hydrated too, the remembered state drawn right after.
    (drawn.path !== '/' || (state.userInfo === null && state.coinInfo.length === 0 && state.poolInfo.length === 0 && state.poolType === DEFAULT_POOL_TYPE))
  );
}

void Promise.all([boot(), language]).then(async () => {
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  const drawn = parsePrerenderAttribute(container.dataset.prerender);
  const app = (
    <StrictMode>
      <App />
      <Ready />
    </StrictMode>
  );
  if (hydratable(drawn)) {
    setPrerendered(drawn);
    // The page's chunks first (asked for at once above): hydrated with them, no part of the page waits.
    await routeReady(window.location.pathname);
    // In a transition too: hydrated in slices, yielding to the browser between them (outside
    // one, React 19 hydrates the whole first screen in one blocking task).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  delete container.dataset.prerender;
  delete container.dataset.prerenderAuto;
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, rather than in one long task that keeps a slow phone unresponsive.
  startTransition(() => {
    root.render(app);
  });
});
