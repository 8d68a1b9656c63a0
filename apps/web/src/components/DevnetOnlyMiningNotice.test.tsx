// @vitest-environment happy-dom
import { COIN_SEEDS, POOL_SEEDS } from '@platter/domain';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { ok } from '../test/fetchMock.ts';
import { renderApp, resetAppState } from '../test/app.tsx';
import { byTestId, cleanup, waitFor } from '../test/render.tsx';

beforeEach(() => {
  resetAppState();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const registry = { 'GET /api/setting/coin': ok(COIN_SEEDS), 'GET /api/setting/pool': ok(POOL_SEEDS) };

describe('the DePINC pool page', () => {
  it('says DePINC mining is not offered on its chain and what is (its pledge side), in en, zh and ru', async () => {
    const said: Record<string, string[]> = {
      en: ['DePINC mining is not offered', 'Chia proofs of space with a VDF', 'pledge side', 'Pointing'],
      zh: ['不在 DePINC 自己的鏈上提供挖礦', 'Chia 空間證明', '質押端', '指向'],
      ru: ['Майнинг DePINC в собственной сети DePINC не предлагается', 'Chia с VDF', 'залоговую часть', 'Указание'],
    };
    for (const [language, parts] of Object.entries(said)) {
      await act(() => i18n.changeLanguage(language));
      await renderApp('/mypools/depinc', registry);
      const notice = await waitFor(() => byTestId('devnet-only-mining-depinc'));
      for (const part of parts) expect(notice.textContent).toContain(part);
      expect(notice.querySelector('a')?.getAttribute('href')).toBe('/center/pointing');
      cleanup();
      resetAppState();
    }
  });

  it('says nothing of the kind on the BHD pools', async () => {
    await renderApp('/mypools/bhd', registry);
    await waitFor(() => byTestId('mypools-pool-bhd_co'));
    expect(document.querySelector('[data-testid^="devnet-only-mining-"]')).toBeNull();
  });
});
