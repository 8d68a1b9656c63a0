import { beforeAll, describe, expect, it } from 'vitest';
import { authenticatorOf } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import * as defaultDocuments from '../../db/migrations/2026_11_26_1137_default_documents.ts';
import { createAdmin } from '../account/account.service.ts';
import { sessionService } from '../session/session.service.ts';

/** Site content over HTTP: the public reads in each language, the back office, its roles and audit. */

let db: Db;
let app: ZodApp;
let admin: Browser;
let support: Browser;
let member: Browser;
let visitor: Browser;

async function signedIn(email: string, role: 'admin' | 'support' | 'user'): Promise<Browser> {
  await createAdmin(db, email, role, 'pass-word-1');
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // The back office needs an authenticator on staff accounts.
  if (role !== 'user') await authenticatorOf(db, user.id);
  const { token } = await sessionService(db).open(user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  const b = browser(app);
  b.jar.set('platter_sid', token);
  return b;
}

/** A visitor whose interface language is `lang` (the h9_lang cookie). */
function reader(lang: string): Browser {
  const b = browser(app);
  b.jar.set('h9_lang', lang);
  return b;
}

const text = (en: string, zh = '', ru = '') => ({ en, zh, ru });

async function auditOf(action: string) {
  return db.selectFrom('admin_audit').select(['target', 'detail', 'admin_id']).where('action', '=', action).orderBy('id').execute();
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  admin = await signedIn('content-admin@example.com', 'admin');
  support = await signedIn('content-support@example.com', 'support');
  member = await signedIn('content-member@example.com', 'user');
  visitor = browser(app);
});

describe('announcements', () => {
  let id = '';

  it('are posted in three languages and read in the reader’s language, English where one is missing', async () => {
    const posted = await admin.post<{ id: string; title: { en: string; zh: string; ru: string } }>('/api/admin/addannouncement', {
      title: text('Maintenance on Monday', '週一維護', 'Обслуживание в понедельник'),
      content: text('<p>The pool <strong>pauses</strong> for 10 minutes.</p>', '<p>礦池暫停十分鐘。</p>', '<p>Пул остановится на 10 минут.</p>'),
    });
    expect(posted.code).toBe(200);
    id = posted.data.id;
    const onlyEnglish = await support.post<{ id: string }>('/api/admin/addannouncement', { title: { en: 'New coin listed' }, content: { en: '<p>BHD is open.</p>' } });
    expect(onlyEnglish.code).toBe(200);

    const zh = await reader('zh').get<{ list: { id: string; title: string; summary: string; lang: string }[]; total: number }>('/api/notice/list');
    expect(zh.data.total).toBe(2);
    expect(zh.data.list.map((a) => [a.title, a.lang])).toEqual([
      ['New coin listed', 'en'],
      ['週一維護', 'zh'],
    ]);
    const ru = await reader('ru').get<{ title: string; content: string; lang: string }>(`/api/notice/Content?id=${id}`);
    expect(ru.data).toMatchObject({ title: 'Обслуживание в понедельник', content: '<p>Пул остановится на 10 минут.</p>', lang: 'ru' });
    const en = await visitor.get<{ list: { title: string; summary: string }[] }>('/api/notice/list', { headers: { 'accept-language': 'en-GB' } });
    expect(en.data.list[1]).toMatchObject({ title: 'Maintenance on Monday', summary: 'The pool pauses for 10 minutes.' });
    const viaHeader = await visitor.get<{ title: string }>(`/api/notice/Content?id=${onlyEnglish.data.id}`, { headers: { 'accept-language': 'ru-RU' } });
    expect(viaHeader.data.title).toBe('New coin listed');
  });

  it('page with count 1 to 200 and refuse other counts, pages and ids', async () => {
    const second = await visitor.get<{ list: { title: string }[]; total: number }>('/api/notice/list?page=2&count=1');
    expect(second.data).toMatchObject({ total: 2, list: [{ title: 'Maintenance on Monday' }] });
    expect((await visitor.get('/api/notice/list?count=0')).code).toBe(209);
    expect((await visitor.get('/api/notice/list?count=201')).code).toBe(209);
    expect((await visitor.get('/api/notice/list?page=0')).code).toBe(208);
    expect((await visitor.get('/api/notice/Content?id=abc')).code).toBe(216);
    expect((await visitor.get('/api/notice/Content?id=999999')).code).toBe(212);
  });

  it('refuse a missing English title, too long a title, and change nothing then', async () => {
    expect((await admin.post('/api/admin/addannouncement', { title: { en: '  ', zh: '標題' }, content: { en: '<p>x</p>' } })).code).toBe(216);
    expect((await admin.post('/api/admin/addannouncement', { title: { en: 'x'.repeat(201) }, content: { en: 'x' } })).code).toBe(217);
    expect((await admin.post('/api/admin/addannouncement', { title: { en: 'No text' } })).code).toBe(216);
    expect((await admin.get<{ total: number }>('/api/admin/getannouncementlist')).data.total).toBe(2);
  });

  it('are edited and deleted by staff, each change audited with before and after', async () => {
    const one = await support.get<{ title: { zh: string } }>(`/api/admin/getannouncementlistsome?id=${id}`);
    expect(one.data.title.zh).toBe('週一維護');
    const edited = await support.post<{ title: { en: string } }>('/api/admin/updateannouncement', {
      id,
      title: text('Maintenance moved to Tuesday'),
      content: text('<p>Tuesday.</p>'),
    });
    expect(edited.data.title.en).toBe('Maintenance moved to Tuesday');
    // zh was emptied by the edit: Chinese readers now get the English text.
    expect((await reader('zh').get<{ title: string; lang: string }>(`/api/notice/Content?id=${id}`)).data).toMatchObject({ title: 'Maintenance moved to Tuesday', lang: 'en' });
    expect((await admin.post('/api/admin/updateannouncement', { id: '999999', title: text('x'), content: text('x') })).code).toBe(212);

    const [added] = await auditOf('addannouncement');
    expect(added?.target).toBe(`announcement:${id}`);
    const [update] = await auditOf('updateannouncement');
    expect(update?.detail).toMatchObject({ before: { title: { en: 'Maintenance on Monday' } }, after: { title: { en: 'Maintenance moved to Tuesday' } } });

    expect((await admin.send('DELETE', `/api/admin/deleteannouncement?id=${id}`)).json()).toMatchObject({ code: 200 });
    expect((await visitor.get(`/api/notice/Content?id=${id}`)).code).toBe(212);
    expect((await admin.send('DELETE', `/api/admin/deleteannouncement?id=${id}`)).json()).toMatchObject({ code: 212 });
    expect((await auditOf('deleteannouncement'))[0]?.detail).toMatchObject({ before: { id }, after: null });
  });
});

describe('help items', () => {
  it('are FAQ entries or tutorials, listed by type in their order, read in the reader’s language', async () => {
    const second = await admin.post<{ id: string }>('/api/admin/AddHelp', {
      type: 'faq',
      sort: 2,
      title: text('How do I bind a plot?', '如何綁定？', 'Как привязать плот?'),
      content: text('<p>Sign.</p>', '<p>簽名。</p>'),
    });
    const first = await admin.post<{ id: string }>('/api/admin/AddHelp', { type: 'faq', sort: 1, title: text('What is a pool?'), content: text('<p>Many farmers.</p>') });
    const tutorial = await support.post<{ id: string }>('/api/admin/AddHelp', {
      type: 'tutorial',
      title: text('Set up the proxy tool'),
      content: text('<ol><li>Download</li></ol>'),
    });
    expect([second.code, first.code, tutorial.code]).toEqual([200, 200, 200]);

    const faq = await reader('zh').get<{ list: { title: string; type: string }[]; total: number }>('/api/help/list?type=faq');
    expect(faq.data.list.map((h) => h.title)).toEqual(['What is a pool?', '如何綁定？']);
    expect((await visitor.get<{ total: number }>('/api/help/list')).data.total).toBe(3);
    expect((await visitor.get<{ list: { type: string }[] }>('/api/help/list?type=tutorial')).data.list).toEqual([expect.objectContaining({ type: 'tutorial' })]);
    expect((await visitor.get('/api/help/list?type=video')).code).toBe(216);
    // A Russian title without Russian text: the title is served in Russian, the text in English.
    const ru = await reader('ru').get<{ title: string; content: string; lang: string }>(`/api/help/Content?id=${second.data.id}`);
    expect(ru.data).toMatchObject({ title: 'Как привязать плот?', lang: 'ru', content: '<p>Sign.</p>' });
  });

  it('are edited (a FAQ entry may become a tutorial) and deleted; an announcement id is not a help item', async () => {
    const list = await support.get<{ list: { id: string; title: { en: string } }[] }>('/api/admin/GetHelpList?type=faq');
    const item = list.data.list.find((h) => h.title.en === 'What is a pool?');
    expect(item).toBeDefined();
    const moved = await support.post<{ type: string }>('/api/admin/UpdateHelp', { id: item?.id, type: 'tutorial', title: text('What is a pool?'), content: text('<p>Moved.</p>') });
    expect(moved.data.type).toBe('tutorial');
    expect((await admin.get<{ content: { en: string } }>(`/api/admin/GetHelpListSome?id=${item?.id}`)).data.content.en).toBe('<p>Moved.</p>');
    const notice = await admin.post<{ id: string }>('/api/admin/addannouncement', { title: text('Notice'), content: text('x') });
    expect((await visitor.get(`/api/help/Content?id=${notice.data.id}`)).code).toBe(212);
    expect((await admin.post('/api/admin/DeleteHelp', { id: notice.data.id })).code).toBe(212);
    expect((await admin.post('/api/admin/DeleteHelp', { id: item?.id })).code).toBe(200);
    expect((await visitor.get(`/api/help/Content?id=${item?.id}`)).code).toBe(212);
    expect((await auditOf('UpdateHelp')).length).toBe(1);
    expect((await auditOf('DeleteHelp'))[0]?.target).toBe(`help:${item?.id}`);
  });
});

describe('banners', () => {
  it('show on home only while active and inside their window, in order, with the caption in the reader’s language', async () => {
    const now = Math.floor(Date.now() / 1000);
    const add = (body: Record<string, unknown>) =>
      admin.post<{ id: string; showing: boolean }>('/api/admin/AddBanner', { title: text('Banner'), image_url: '/banners/a.png', ...body });
    const second = await add({ sort: 2, title: text('Second', '第二', 'Второй'), link_url: '/help/bulletin' });
    const first = await add({ sort: 1, title: text('First'), image_url: 'https://cdn.example.com/b.png', link_url: 'https://example.com/promo' });
    const future = await add({ starts_at: now + 3600 });
    const past = await add({ starts_at: now - 7200, ends_at: now - 3600 });
    const off = await add({ active: false });
    expect([second, first, future, past, off].map((b) => b.data.showing)).toEqual([true, true, false, false, false]);

    const zh = await reader('zh').get<{ title: string; image_url: string; link_url: string }[]>('/api/home/banner');
    expect(zh.data).toEqual([
      { id: first.data.id, title: 'First', image_url: 'https://cdn.example.com/b.png', link_url: 'https://example.com/promo' },
      { id: second.data.id, title: '第二', image_url: '/banners/a.png', link_url: '/help/bulletin' },
    ]);
    expect((await admin.get<{ total: number }>('/api/admin/BannerList?count=2')).data.total).toBe(5);

    await admin.post('/api/admin/UpdateBanner', { id: off.data.id, title: text('Now on'), image_url: '/banners/c.png', sort: 0 });
    expect((await visitor.get<{ title: string }[]>('/api/home/banner')).data.map((b) => b.title)).toEqual(['Now on', 'First', 'Second']);
    expect((await admin.post('/api/admin/RemoveBanner', { id: off.data.id })).code).toBe(200);
    expect((await visitor.get<unknown[]>('/api/home/banner')).data).toHaveLength(2);
    expect((await auditOf('RemoveBanner'))[0]?.detail).toMatchObject({ before: { title: { en: 'Now on' } } });
  });

  it('refuse script and data URLs, protocol-relative images and a window that ends before it starts', async () => {
    const bad = [
      { image_url: 'javascript:alert(1)' },
      { image_url: 'data:image/png;base64,AAAA' },
      { image_url: '//evil.example.com/a.png' },
      { image_url: '/a.png', link_url: 'JaVaScRiPt:alert(1)' },
      { image_url: '/a.png', link_url: 'java\tscript:alert(1)' },
      { image_url: '/a.png', starts_at: 2000, ends_at: 1000 },
      { image_url: '/a.png', sort: -1 },
    ];
    for (const body of bad) expect((await admin.post('/api/admin/AddBanner', { title: text('x'), ...body })).code, JSON.stringify(body)).toBe(216);
    expect((await admin.post('/api/admin/AddBanner', { title: text('x'), image_url: `/${'a'.repeat(2100)}` })).code).toBe(217);
    expect((await admin.get<{ total: number }>('/api/admin/BannerList')).data.total).toBe(4);
  });
});

describe('download centre and the operator’s texts', () => {
  it('lists the app and each coin’s tools, a tool needs its coin', async () => {
    expect((await admin.post('/api/admin/AddDownload', { kind: 'tool', name: text('Proxy'), url: 'https://example.com/proxy' })).code).toBe(207);
    const tool = await admin.post<{ id: string; coin: string }>('/api/admin/AddDownload', {
      kind: 'tool',
      coin: 'chia',
      name: text('Proxy tool', '代理工具'),
      url: 'https://example.com/proxy.zip',
      version: '2.1',
    });
    expect(tool.data.coin).toBe('CHIA');
    await admin.post('/api/admin/AddDownload', { kind: 'app', coin: 'CHIA', name: text('Platter app'), description: text('Android and iOS'), url: 'https://example.com/app' });
    const zh = await reader('zh').get<{ kind: string; coin: string; name: string; description: string }[]>('/api/help/download');
    expect(zh.data.map((d) => [d.kind, d.coin, d.name, d.description])).toEqual([
      ['app', '', 'Platter app', 'Android and iOS'],
      ['tool', 'CHIA', '代理工具', ''],
    ]);
    await support.post('/api/admin/UpdateDownload', { id: tool.data.id, kind: 'tool', coin: 'BHD', name: text('BHD proxy'), url: 'https://example.com/bhd' });
    expect((await visitor.get<{ coin: string }[]>('/api/help/download')).data[1]?.coin).toBe('BHD');
    expect((await admin.post('/api/admin/RemoveDownload', { id: tool.data.id })).code).toBe(200);
    expect((await admin.get<{ total: number }>('/api/admin/DownloadList')).data.total).toBe(1);
  });

  it('ships a default agreement and privacy policy in en, zh and ru on a fresh install', async () => {
    for (const [lang, agreement, privacy] of [
      ['en', 'User agreement', 'Privacy policy'],
      ['zh', '用戶協議', '隱私政策'],
      ['ru', 'Пользовательское соглашение', 'Политика конфиденциальности'],
    ] as const) {
      const a = (await reader(lang).get<{ title: string; content: string; lang: string }>('/api/help/document?key=agreement')).data;
      expect(a).toMatchObject({ title: agreement, lang });
      expect(a.content).toMatch(/<h2>/);
      expect((await reader(lang).get<{ title: string; lang: string }>('/api/help/document?key=privacy')).data).toMatchObject({ title: privacy, lang });
    }
    // The support text is the operator's own: none by default.
    expect((await visitor.get('/api/help/document?key=support')).data).toBeNull();
  });

  it('serves the agreement, privacy and support texts as the operator wrote them, in the reader’s language; the defaults never overwrite an edit', async () => {
    expect((await visitor.get('/api/help/document?key=cookies')).code).toBe(216);
    await admin.post('/api/admin/UpdateDocument', {
      key: 'agreement',
      title: text('User agreement', '用戶協議', 'Соглашение'),
      content: text('<h2>Terms</h2>', '<h2>條款</h2>', '<h2>Условия</h2>'),
    });
    await admin.post('/api/admin/UpdateDocument', { key: 'agreement', title: text('User agreement v2', '用戶協議 v2'), content: text('<h2>Terms v2</h2>', '<h2>條款 v2</h2>') });
    expect((await reader('zh').get('/api/help/document?key=agreement')).data).toMatchObject({ title: '用戶協議 v2', content: '<h2>條款 v2</h2>', lang: 'zh' });
    expect((await reader('ru').get('/api/help/document?key=agreement')).data).toMatchObject({ title: 'User agreement v2', lang: 'en' });
    expect((await reader('ru').get('/api/help/document?key=privacy')).data).toMatchObject({ title: 'Политика конфиденциальности', lang: 'ru' });
    const audits = await auditOf('UpdateDocument');
    // The first edit replaced the shipped default (the audit keeps what was there).
    expect(audits.map((a) => [a.target, (a.detail as { before: { title?: { en?: string } } | null }).before?.title?.en])).toEqual([
      ['document:agreement', 'User agreement'],
      ['document:agreement', 'User agreement'],
    ]);
    // Seeding the defaults again (as the migration does once) leaves the operator's text.
    await defaultDocuments.up(db as never);
    expect((await reader('zh').get('/api/help/document?key=agreement')).data).toMatchObject({ title: '用戶協議 v2', content: '<h2>條款 v2</h2>' });
  });
});

describe('the content back office’s door', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/BannerList'],
    ['POST', '/api/admin/AddBanner', { title: text('x'), image_url: '/a.png' }],
    ['POST', '/api/admin/UpdateBanner', { id: '1', title: text('x'), image_url: '/a.png' }],
    ['POST', '/api/admin/RemoveBanner', { id: '1' }],
    ['GET', '/api/admin/getannouncementlist'],
    ['GET', '/api/admin/getannouncementlistsome?id=1'],
    ['POST', '/api/admin/addannouncement', { title: text('x'), content: text('x') }],
    ['POST', '/api/admin/updateannouncement', { id: '1', title: text('x'), content: text('x') }],
    ['DELETE', '/api/admin/deleteannouncement?id=1'],
    ['GET', '/api/admin/GetHelpList'],
    ['GET', '/api/admin/GetHelpListSome?id=1'],
    ['POST', '/api/admin/AddHelp', { type: 'faq', title: text('x'), content: text('x') }],
    ['POST', '/api/admin/UpdateHelp', { id: '1', type: 'faq', title: text('x'), content: text('x') }],
    ['POST', '/api/admin/DeleteHelp', { id: '1' }],
    ['GET', '/api/admin/DownloadList'],
    ['POST', '/api/admin/AddDownload', { kind: 'app', name: text('x'), url: '/x' }],
    ['POST', '/api/admin/UpdateDownload', { id: '1', kind: 'app', name: text('x'), url: '/x' }],
    ['POST', '/api/admin/RemoveDownload', { id: '1' }],
    ['GET', '/api/admin/GetDocument?key=privacy'],
    ['POST', '/api/admin/UpdateDocument', { key: 'privacy', title: text('x'), content: text('x') }],
  ];

  it('is closed to visitors (202) and ordinary users (218), and writes nothing for them', async () => {
    const before = await db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [method, url, body] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : body;
      expect((await visitor.send(method as 'GET', url, payload)).json(), `${method} ${url}`).toMatchObject({ code: 202 });
      expect((await member.send(method as 'GET', url, payload)).json(), `${method} ${url}`).toMatchObject({ code: 218 });
    }
    const after = await db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is open to support staff for every content call', async () => {
    for (const [method, url, body] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : body;
      const code = (await support.send(method as 'GET', url, payload)).json<{ code: number }>().code;
      expect([200, 212], `${method} ${url}`).toContain(code);
    }
  });
});
