import { isLang } from '@platter/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from './boot/boot.ts';
import i18n, { loadLanguage } from './i18n/index.ts';
import './styles.css';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/routes.tsx';

// The page's first chunks and the shown language's texts load beside each other and the boot
// bundles; a language chunk that fails to load must not keep the app from starting.
preloadRoute(window.location.pathname);
const language = isLang(i18n.language) ? loadLanguage(i18n.language).catch(() => undefined) : Promise.resolve();

void Promise.all([boot(), language]).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, rather than in one long task that keeps a slow phone unresponsive.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
