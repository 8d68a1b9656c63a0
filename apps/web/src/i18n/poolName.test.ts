import { POOL_SEEDS } from '@platter/domain';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues } from './all.ts';
import { poolName } from './poolName.ts';

const ENGLISH_WORDS = /\b(Cooperation|Testnet|Pool)\b/;

async function translator(lng: 'en' | 'zh' | 'ru') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: catalogues[lng] } } });
  return i18n.t;
}

describe('pool names in the reader’s language', () => {
  it('English shows the registry’s own names, so the catalogue cannot drift from POOL_SEEDS', async () => {
    const t = await translator('en');
    for (const seed of POOL_SEEDS) expect(poolName(t, seed.type, seed.name)).toBe(seed.name);
  });

  for (const lng of ['zh', 'ru'] as const) {
    it(`${lng}: no seeded pool's name keeps an English word; a coin's own name is kept`, async () => {
      const t = await translator(lng);
      for (const seed of POOL_SEEDS) {
        const shown = poolName(t, seed.type, seed.name);
        expect(shown, seed.type).not.toMatch(ENGLISH_WORDS);
        // The coin's name (BHD, Chia, Iron Fish …) is a proper noun and stays in the shown name.
        expect(shown, seed.type).toContain(seed.name.replace(ENGLISH_WORDS, '').trim());
      }
      expect(poolName(t, 'bhd_co', 'BHD Cooperation')).not.toBe('BHD Cooperation');
    });
  }

  it('a pool the catalogue does not know (an operator-added one) keeps the name the server sends', async () => {
    const t = await translator('ru');
    expect(poolName(t, 'newcoin', 'New Coin')).toBe('New Coin');
  });
});
