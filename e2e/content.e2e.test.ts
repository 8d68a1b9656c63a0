import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, openBrowser, screenshot } from './support/browser.ts';
import { apiCall, logIn, look } from './support/session.ts';

/**
 * Site content in a real browser against the running platform: the admin writes an
 * announcement in three languages in the back-office editor (its HTML carrying a script, an
 * event attribute, a javascript: link, a frame and a style) and visitors read it in each
 * language with none of that alive; a banner added in the back office turns up on home; the
 * support and download centres and the agreement show what the operator set. Screens in
 * en/zh/ru, light and dark, desktop and phone width.
 */

const LANGS = ['en', 'zh', 'ru'] as const;
const TITLES = { en: 'Maintenance on Monday', zh: '週一系統維護', ru: 'Обслуживание в понедельник' } as const;
const TEXTS = {
  en: 'The pool pauses for ten minutes at 02:00 UTC.',
  zh: '礦池將於 UTC 02:00 暫停十分鐘。',
  ru: 'Пул остановится на десять минут в 02:00 UTC.',
} as const;
const HOSTILE =
  '<script>window.__pwned = "script"</script><img src="/nothing.png" onerror="window.__pwned = \'onerror\'">' +
  '<a href="javascript:window.__pwned = \'link\'" data-testid="hostile-link">details</a>' +
  '<iframe src="/"></iframe><style>body { display: none }</style><svg><script>window.__pwned = "svg"</script></svg>';
const BANNER = { en: 'Welcome to Platter', zh: '歡迎來到 Platter', ru: 'Добро пожаловать в Platter' } as const;

/** The rendered article body: its markup, and whether anything hostile survived in the DOM. */
async function bodyCheck(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('[data-testid="notice-body"]');
    const all = body ? Array.from(body.querySelectorAll('*')) : [];
    return {
      text: body?.textContent ?? '',
      dangerous: body?.querySelectorAll('script, iframe, style, svg, object, embed').length ?? -1,
      eventAttributes: all.flatMap((el) =>
        Array.from(el.attributes)
          .filter((a) => a.name.startsWith('on') || a.name === 'style')
          .map((a) => `${el.tagName}.${a.name}`),
      ),
      scriptUrls: all.filter((el) => /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? '')).length,
      pwned: (window as { __pwned?: string }).__pwned ?? null,
      bodyShown: getComputedStyle(document.body).display !== 'none',
    };
  });
}

describe('site content: announcements, banners, help (admin writes, visitors read)', async () => {
  const admin = await openBrowser({ viewport: DESKTOP });
  const visitor = await openBrowser({ viewport: DESKTOP });
  const phone = await openBrowser({ viewport: MOBILE });
  const baseUrl = admin.baseUrl;
  const created: { banners: string[]; announcements: string[]; downloads: string[] } = { banners: [], announcements: [], downloads: [] };

  afterAll(async () => {
    // Leave the shared server as seeded for the other browser tests (home without banners).
    for (const id of created.banners) await apiCall(admin.page, 'POST', '/api/admin/RemoveBanner', { id });
    for (const id of created.downloads) await apiCall(admin.page, 'POST', '/api/admin/RemoveDownload', { id });
  });

  it('the admin posts an announcement in three languages in the editor, previewed as it will be shown', async () => {
    await logIn(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.goto(baseUrl + '/admin/bulletin_list');
    await admin.page.getByTestId('announcement-admin-add').click();
    await admin.page.getByTestId('announcement-editor').waitFor();
    // Saving without an English title is refused on the form, nothing is sent.
    await admin.page.getByTestId('announcement-save').click();
    await admin.page.locator('.ant-form-item-explain-error').first().waitFor();
    for (const lang of LANGS) {
      await admin.page.getByTestId(`editor-tab-${lang}`).click();
      await admin.page.getByTestId(`editor-title-${lang}`).fill(TITLES[lang]);
      await admin.page.getByTestId(`editor-content-${lang}`).fill(`<h2>${TITLES[lang]}</h2><p>${TEXTS[lang]}</p>${lang === 'en' ? HOSTILE : ''}`);
    }
    await admin.page.getByTestId('editor-tab-en').click();
    const preview = admin.page.locator('[data-testid="content-preview"]:visible');
    await expect.poll(() => preview.locator('p').first().textContent()).toBe(TEXTS.en);
    expect(await preview.locator('script, iframe, style').count()).toBe(0);
    await screenshot(admin.page, 'content-admin-editor-en-light');
    await admin.page.getByTestId('announcement-save').click();
    await admin.page.getByTestId('announcement-admin').waitFor();
    const row = admin.page.locator('[data-testid^="announcement-admin-row-"]', { hasText: TITLES.en });
    await row.waitFor();
    created.announcements.push(((await row.getAttribute('data-testid')) ?? '').replace('announcement-admin-row-', ''));
    expect(await row.textContent()).toContain('enzhru');
    await screenshot(admin.page, 'content-admin-announcements-en-light');
  });

  it('visitors read it in each language, with the hostile HTML harmless', async () => {
    const id = created.announcements[0] ?? '';
    await visitor.page.goto(baseUrl + '/');
    for (const [index, lang] of LANGS.entries()) {
      const theme = index === 1 ? 'dark' : 'light';
      await look(visitor.page, lang, theme);
      await visitor.page.goto(baseUrl + '/help/bulletin');
      const item = visitor.page.getByTestId(`notice-list-item-${id}`);
      await expect.poll(() => item.locator('a').textContent()).toBe(TITLES[lang]);
      expect(await item.textContent()).toContain(TEXTS[lang]);
      await screenshot(visitor.page, `content-bulletin-list-${lang}-${theme}`);
      await item.locator('a').click();
      await expect.poll(() => visitor.page.getByTestId('notice-title').textContent()).toBe(TITLES[lang]);
      const check = await bodyCheck(visitor.page);
      expect(check.text).toContain(TEXTS[lang]);
      expect(await visitor.page.getByTestId('notice').getAttribute('data-lang')).toBe(lang);
      expect(check).toMatchObject({ dangerous: 0, eventAttributes: [], scriptUrls: 0, pwned: null, bodyShown: true });
      await screenshot(visitor.page, `content-bulletin-item-${lang}-${theme}`);
    }
    // The English text kept the harmless part of the hostile HTML: a link that goes nowhere.
    await look(visitor.page, 'en', 'light');
    await visitor.page.goto(`${baseUrl}/help/bulletin?id=${id}`);
    const link = visitor.page.locator('[data-testid="notice-body"] a', { hasText: 'details' });
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    expect(await bodyCheck(visitor.page)).toMatchObject({ pwned: null });

    await phone.page.goto(baseUrl + '/');
    await look(phone.page, 'ru', 'dark');
    await phone.page.goto(`${baseUrl}/help/bulletin?id=${id}`);
    await expect.poll(() => phone.page.getByTestId('notice-title').textContent()).toBe(TITLES.ru);
    await screenshot(phone.page, 'content-bulletin-item-ru-dark-390');
  });

  it('a banner added in the back office shows on home, its caption in the visitor’s language', async () => {
    await admin.page.goto(baseUrl + '/admin/banner_list');
    await admin.page.getByTestId('banner-admin-add').click();
    await admin.page.getByTestId('banner-image').fill('/banners/welcome.svg');
    await admin.page.getByTestId('banner-link').fill('/help');
    for (const lang of LANGS) {
      await admin.page.getByTestId(`editor-tab-${lang}`).click();
      await admin.page.getByTestId(`editor-title-${lang}`).fill(BANNER[lang]);
    }
    await screenshot(admin.page, 'content-admin-banner-dialog-en-light');
    await admin.page.getByTestId('banner-admin-save').click();
    const row = admin.page.locator('[data-testid^="banner-admin-row-"]', { hasText: BANNER.en });
    await row.waitFor();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('banner-admin-row-', '');
    created.banners.push(id);
    expect(await admin.page.getByTestId(`banner-state-${id}`).textContent()).toBe('Showing');
    await screenshot(admin.page, 'content-admin-banners-en-light');

    for (const [index, lang] of LANGS.entries()) {
      const theme = index === 2 ? 'dark' : 'light';
      await look(visitor.page, lang, theme);
      await visitor.page.goto(baseUrl + '/');
      const banner = visitor.page.getByTestId(`home-banner-${id}`).first();
      await expect.poll(() => banner.locator('.banner__caption').first().textContent()).toBe(BANNER[lang]);
      expect(
        await banner
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      await screenshot(visitor.page, `content-home-banner-${lang}-${theme}`);
    }
    await visitor.page.getByTestId(`home-banner-${id}`).first().locator('a').first().click();
    await visitor.page.getByTestId('support-page').waitFor();

    await look(phone.page, 'zh', 'light');
    await phone.page.goto(baseUrl + '/');
    await phone.page.getByTestId('home-banners').waitFor();
    await screenshot(phone.page, 'content-home-banner-zh-light-390');
  });

  it('the support and download centres and the agreement show what the operator set', async () => {
    const app = await apiCall<{ id: string }>(admin.page, 'POST', '/api/admin/AddDownload', {
      kind: 'app',
      name: { en: 'Platter app', zh: 'Platter 應用程式', ru: 'Приложение Platter' },
      description: { en: 'Android and iOS', zh: 'Android 與 iOS', ru: 'Android и iOS' },
      url: 'https://example.com/app',
      version: '1.4.0',
    });
    const tool = await apiCall<{ id: string }>(admin.page, 'POST', '/api/admin/AddDownload', {
      kind: 'tool',
      coin: 'CHIA',
      name: { en: 'Proxy tool', zh: '代理工具', ru: 'Прокси-инструмент' },
      description: { en: 'Reports your miners and plots to the pool' },
      url: 'https://example.com/proxy',
      version: '2.1',
    });
    created.downloads.push(app.id, tool.id);

    await admin.page.goto(baseUrl + '/admin/documents');
    await admin.page.getByTestId('document-key-agreement').click();
    for (const lang of LANGS) {
      await admin.page.getByTestId(`editor-tab-${lang}`).click();
      await admin.page.getByTestId(`editor-title-${lang}`).fill({ en: 'User agreement', zh: '用戶協議', ru: 'Пользовательское соглашение' }[lang]);
      await admin.page
        .getByTestId(`editor-content-${lang}`)
        .fill({ en: '<h2>1. Terms</h2><p>Mine fairly.</p>', zh: '<h2>1. 條款</h2><p>公平挖礦。</p>', ru: '<h2>1. Условия</h2><p>Майните честно.</p>' }[lang]);
    }
    await admin.page.getByTestId('document-save').click();
    await expect.poll(() => admin.page.getByTestId('document-state').textContent()).toMatch(/Updated/);
    await screenshot(admin.page, 'content-admin-documents-en-light');

    for (const [index, lang] of LANGS.entries()) {
      const theme = index === 0 ? 'dark' : 'light';
      await look(visitor.page, lang, theme);
      await visitor.page.goto(baseUrl + '/help/download');
      await expect.poll(() => visitor.page.getByTestId(`download-${tool.id}`).textContent()).toContain({ en: 'Proxy tool', zh: '代理工具', ru: 'Прокси-инструмент' }[lang]);
      expect(await visitor.page.getByTestId(`download-link-${app.id}`).getAttribute('href')).toBe('https://example.com/app');
      await screenshot(visitor.page, `content-download-${lang}-${theme}`);
      await visitor.page.goto(baseUrl + '/help');
      await visitor.page.getByTestId('support-contact').waitFor();
      await screenshot(visitor.page, `content-support-${lang}-${theme}`);
      await visitor.page.goto(baseUrl + '/agreement');
      await expect
        .poll(() => visitor.page.getByTestId('document-agreement-body').locator('p').textContent())
        .toBe({ en: 'Mine fairly.', zh: '公平挖礦。', ru: 'Майните честно.' }[lang]);
      await screenshot(visitor.page, `content-agreement-${lang}-${theme}`);
    }
    await look(phone.page, 'en', 'dark');
    await phone.page.goto(baseUrl + '/help');
    await phone.page.getByTestId('support-contact').waitFor();
    await screenshot(phone.page, 'content-support-en-dark-390');
    await phone.page.goto(baseUrl + '/help/download');
    await phone.page.getByTestId(`download-${tool.id}`).waitFor();
    await screenshot(phone.page, 'content-download-en-dark-390');

    // An FAQ entry through the back office's dialog, read on the public FAQ page.
    await admin.page.goto(baseUrl + '/admin/help_list');
    await admin.page.getByTestId('help-admin-add').click();
    await admin.page.getByTestId('editor-title-en').fill('How do I bind a plot?');
    await admin.page.getByTestId('editor-content-en').fill('<p>Sign the binding message with your wallet.</p>');
    await screenshot(admin.page, 'content-admin-help-dialog-en-light');
    await admin.page.getByTestId('help-admin-save').click();
    await admin.page.locator('[data-testid^="help-admin-row-"]', { hasText: 'How do I bind a plot?' }).waitFor();
    await look(visitor.page, 'zh', 'light');
    await visitor.page.goto(baseUrl + '/help/faq');
    await visitor.page.locator('[data-testid="help-list"] a', { hasText: 'How do I bind a plot?' }).click();
    await expect.poll(() => visitor.page.getByTestId('help-item-fallback').isVisible()).toBe(true);
    await screenshot(visitor.page, 'content-faq-item-zh-light');
  });
});
