// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import enBase from './en.json';
import ruBase from './ru.json';
import { areaCatalogues, catalogues as merged, firstAndRest } from './all.ts';
import zhBase from './zh.json';

/** Every visible string lives in en/zh/ru with the same keys (STYLE.md, issue text). */
type Tree = { [key: string]: string | Tree };

const { en, zh, ru } = merged;

function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`)));
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const catalogues = { en, zh, ru } as Record<string, Tree>;
const reference = new Set(keyPaths(en as Tree));

describe('translation catalogues', () => {
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    it(`${lang} has exactly the keys of every other language`, () => {
      const keys = new Set(keyPaths(catalogue));
      for (const [otherLang, other] of Object.entries(catalogues)) {
        const missing = keyPaths(other).filter((key) => !keys.has(key));
        expect(missing, `keys of ${otherLang} missing in ${lang}`).toEqual([]);
      }
    });

    it(`${lang} has no empty text and the same placeholders as en`, () => {
      const enLeaves = new Map(leaves(en as Tree));
      for (const [key, text] of leaves(catalogue)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(enLeaves.get(key) ?? ''));
      }
    });
  }

  it('keeps the strings of each area under its own top-level key, shadowing no base key', () => {
    expect(Object.keys(areaCatalogues).length).toBeGreaterThan(10);
    for (const [area, langs] of Object.entries(areaCatalogues)) {
      expect(Object.keys(langs).sort(), `the files of ${area}`).toEqual(['en', 'ru', 'zh']);
      for (const [lang, catalogue] of Object.entries(langs)) {
        expect(Object.keys(catalogue), `${area} ${lang}`).toEqual([area]);
        expect(Object.keys({ ...enBase, ...zhBase, ...ruBase })).not.toContain(area);
      }
    }
  });

  it('splits each language the same way: the first screen’s areas, then every other area, each once', () => {
    const split = Object.values(firstAndRest).map(({ first, rest }) => ({ first: Object.keys(first).sort(), rest: Object.keys(rest).sort() }));
    for (const { first, rest } of split) {
      expect(first, 'the same first-screen areas in every language').toEqual(split[0]?.first);
      expect(
        first.filter((key) => rest.includes(key)),
        'in both chunks',
      ).toEqual([]);
      expect([...first, ...rest].sort()).toEqual(Object.keys(enBase).concat(Object.keys(areaCatalogues)).sort());
    }
    // The home page and the frame draw with these; a page elsewhere waits for the rest (app/lazy.ts).
    expect(split[0]?.first).toEqual(expect.arrayContaining(['home', 'nav', 'footer', 'poolPublic', 'content', 'centreNav', 'inmail']));
    expect(split[0]?.rest).toEqual(expect.arrayContaining(['wallet', 'finance', 'pointing', 'adminCore']));
  });

  it('zh is Traditional Chinese, not Simplified', () => {
    const text = leaves(zh as Tree)
      .map(([, value]) => value)
      .join('');
    // Characters that differ between the scripts and occur in our texts.
    for (const simplified of ['页', '论', '显', '录', '资', '产', '设', '绑', '态', '帮', '务', '验', '码', '载', '还']) {
      expect(text.includes(simplified), simplified).toBe(false);
    }
    expect(text).toContain('頁');
  });

  it('has a key for every literal t() call in the source', () => {
    const sources = import.meta.glob(['../**/*.tsx', '../**/*.ts', '!../**/*.test.ts', '!../**/*.test.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((key) => !reference.has(key));
    expect(missing).toEqual([]);
  });

  it('names every language in its own script in every catalogue', () => {
    for (const catalogue of [en, zh, ru]) {
      expect(catalogue.lang).toEqual({ en: 'English', zh: '繁體中文', ru: 'Русский' });
    }
  });
});
