import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from './boot/boot.ts';
import './i18n/index.ts';
import './styles.css';
import { App } from './app/App.tsx';

void boot().then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
