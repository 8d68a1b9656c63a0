import { isLang, type Lang } from '@platter/domain';
import i18n from '../i18n/index.ts';
import { readCookie } from '../lib/cookies.ts';
import { appStore } from '../state/store.ts';
import { createApiClient, CSRF_COOKIE } from './client.ts';
import { executeDecision, type SurfaceEffects } from './surface.ts';

/** The visible effects need antd's message API, which exists once the app has mounted. */
export type VisibleEffects = Omit<SurfaceEffects, 'scheduleStateClear'>;

let visible: VisibleEffects | null = null;
const waiting: ((effects: VisibleEffects) => void)[] = [];

/** Called by <ApiSurfaceBridge/>; decisions made before it mounted are shown then. */
export function setVisibleEffects(effects: VisibleEffects | null): void {
  visible = effects;
  if (!effects) return;
  for (const show of waiting.splice(0)) show(effects);
}

function withVisible(show: (effects: VisibleEffects) => void): void {
  if (visible) show(visible);
  else waiting.push(show);
}

const effects: SurfaceEffects = {
  toast: (text, ms) => withVisible((v) => v.toast(text, ms)),
  maintenance: (ms) => withVisible((v) => v.maintenance(ms)),
  bindPhone: (text, ms) => withVisible((v) => v.bindPhone(text, ms)),
  scheduleStateClear: (ms) => appStore.scheduleClear(ms),
};

export function currentLang(): Lang {
  const lang = i18n.language;
  return isLang(lang) ? lang : 'en';
}

export const api = createApiClient({
  surface: (decision) => executeDecision(decision, effects),
  lang: currentLang,
  csrfToken: () => readCookie(CSRF_COOKIE),
});

export * from './client.ts';
