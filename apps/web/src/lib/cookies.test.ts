// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cookieString, parseCookies, readCookie } from './cookies.ts';

describe('cookies', () => {
  it('parses and decodes', () => {
    const cookies = parseCookies('h9_lang=zh; platter_csrf=a%2Bb%3D; broken; =x; empty=');
    expect(cookies.get('h9_lang')).toBe('zh');
    expect(cookies.get('platter_csrf')).toBe('a+b=');
    expect(cookies.get('empty')).toBe('');
    expect(cookies.has('broken')).toBe(false);
  });

  it('keeps the first of duplicate names (the most specific path)', () => {
    expect(readCookie('a', 'a=1; a=2')).toBe('1');
  });

  it('writes a 365-day cookie on path /', () => {
    const now = Date.UTC(2026, 0, 1);
    const text = cookieString('h9_lang', 'ru', { days: 365 }, now);
    expect(text).toBe(`h9_lang=ru; expires=${new Date(now + 365 * 864e5).toUTCString()}; path=/; SameSite=Lax`);
  });

  it('round-trips through document.cookie', () => {
    document.cookie = cookieString('h9_lang', 'en', { days: 365 });
    expect(readCookie('h9_lang')).toBe('en');
  });
});
