// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import zh from '../i18n/zh.json';
import { firstSegment, pageTitle, SITE_TITLE, TITLE_SEGMENTS, titleKey } from './title.ts';

const fake = (key: string) => `<${key}>`;

function lookup(catalogue: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('page titles (spec doc 2 §2)', () => {
  it("reads '/' as 'index'", () => {
    expect(firstSegment('/')).toBe('index');
    expect(firstSegment('')).toBe('index');
    expect(pageTitle('/', fake)).toBe(`<title.index> - ${SITE_TITLE}`);
  });

  it('uses the first path segment', () => {
    expect(pageTitle('/mypools/chia', fake)).toBe('<title.mypools> - Platter');
    expect(pageTitle('/mypools/chia/xch1abc', fake)).toBe('<title.mypools> - Platter');
    expect(pageTitle('/help/bulletin', fake)).toBe('<title.help> - Platter');
    expect(pageTitle('/admin/withdraw_review', fake)).toBe('<title.admin> - Platter');
    expect(pageTitle('/watcher', fake)).toBe('<title.watcher> - Platter');
  });

  it("leaves the title alone for the 'pool' segment", () => {
    expect(titleKey('/pool')).toBeNull();
    expect(pageTitle('/pool/anything', fake)).toBeNull();
  });

  it('gives the not-found title to an unknown segment', () => {
    expect(pageTitle('/no-such-page', fake)).toBe('<title.404> - Platter');
    expect(pageTitle('/Mypools', fake)).toBe('<title.404> - Platter');
  });

  it('knows every segment of the spec map', () => {
    for (const segment of TITLE_SEGMENTS) {
      if (segment === 'pool') continue;
      expect(titleKey(`/${segment}`)).toBe(`title.${segment}`);
    }
  });

  it('has a translated page name for every known segment in every language', () => {
    for (const catalogue of [en, zh, ru]) {
      for (const segment of [...TITLE_SEGMENTS, 'center', 'request', 'register', 'financial']) {
        const key = titleKey(`/${segment}`);
        if (key === null) continue;
        expect(typeof lookup(catalogue, key), `${key}`).toBe('string');
      }
    }
  });

  it('formats with the real catalogue', () => {
    const t = (key: string) => String(lookup(en, key));
    expect(pageTitle('/', t)).toBe('Home - Platter');
    expect(pageTitle('/nowhere', t)).toBe('Page not found - Platter');
  });
});
