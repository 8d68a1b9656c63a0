import { describe, expect, it } from 'vitest';
import { bannerShowing, isSafeContentUrl, pickLocalized } from './content.ts';

describe('isSafeContentUrl', () => {
  it('takes http(s), mailto links and paths on this site', () => {
    for (const url of ['https://example.com/a', 'http://example.com', 'mailto:help@example.com', '/help/bulletin', '#top']) expect(isSafeContentUrl(url), url).toBe(true);
    expect(isSafeContentUrl('/banners/a.png', 'image')).toBe(true);
  });

  it('refuses script, data and protocol-relative URLs, however disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:x',
      'vbscript:x',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'relative.png',
      '',
    ]) {
      expect(isSafeContentUrl(url), JSON.stringify(url)).toBe(false);
    }
    expect(isSafeContentUrl('mailto:a@example.com', 'image')).toBe(false);
  });
});

describe('pickLocalized', () => {
  it('answers the language asked for, or English when that one is empty', () => {
    const text = { en: 'Hello', zh: '你好', ru: ' ' };
    expect(pickLocalized(text, 'zh')).toEqual({ text: '你好', lang: 'zh' });
    expect(pickLocalized(text, 'ru')).toEqual({ text: 'Hello', lang: 'en' });
  });
});

describe('bannerShowing', () => {
  it('is true only for an active banner inside its window', () => {
    expect(bannerShowing({ active: true, starts_at: null, ends_at: null }, 100)).toBe(true);
    expect(bannerShowing({ active: false, starts_at: null, ends_at: null }, 100)).toBe(false);
    expect(bannerShowing({ active: true, starts_at: 101, ends_at: null }, 100)).toBe(false);
    expect(bannerShowing({ active: true, starts_at: 50, ends_at: 100 }, 100)).toBe(false);
  });
});
