import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail, loginStaff } from '../../../test/accounts.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { mailedApp } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { notifyUser, runNoticeJobs } from './inmail.service.ts';

/** In-site messages through HTTP: the user's calls, and notifications from the back office. */

interface Message {
  id: string;
  type: string;
  title: string;
  content: string;
  created_at: number;
  status: 1 | 2;
}
interface Page {
  list: Message[];
  total: number;
}

let db: Db;
let app: ZodApp;
let alice: Browser;
let bob: Browser;
let admin: Browser;
let support: Browser;
const ids: Record<string, string> = {};
const uids: Record<string, string> = {};

const text = (en: string) => ({ en, zh: `${en} 中`, ru: `${en} ру` });

beforeAll(async () => {
  const opened = await mailedApp();
  ({ db, app } = opened);
  const { mail } = opened;
  const people: [string, 'user' | 'admin' | 'support'][] = [
    ['alice', 'user'],
    ['bob', 'user'],
    ['admin', 'admin'],
    ['support', 'support'],
  ];
  const browsers: Browser[] = [];
  for (const [name, role] of people) {
    const b = browser(app);
    const email = `${name}@example.com`;
    ids[name] = await activeUser(db, b, mail, email);
    await db.updateTable('users').set({ role }).where('id', '=', ids[name]).execute();
    uids[name] = (await db.selectFrom('users').select('uid').where('id', '=', ids[name]).executeTakeFirstOrThrow()).uid;
    if (role === 'user') expect((await loginByEmail(b, email)).code).toBe(200);
    else await loginStaff(db, b, email);
    browsers.push(b);
  }
  [alice, bob, admin, support] = browsers as [Browser, Browser, Browser, Browser];
});

describe('a user’s messages', () => {
  it('refuses a signed-out visitor (202)', async () => {
    const visitor = browser(app);
    expect((await visitor.get('/api/user/GetMessage?page=1&count=10&status=2&type=all')).code).toBe(202);
    expect((await visitor.post('/api/user/SetMessageReadAll', {})).code).toBe(202);
  });

  it('pages the messages newest first and counts what the filter matches', async () => {
    for (let i = 1; i <= 25; i++)
      await notifyUser(db, ids.alice as string, { type: i % 5 === 0 ? 'asset' : 'system', title: text(`Message ${i}`), content: text(`<p>Body ${i}</p>`) });
    const first = await alice.get<Page>('/api/user/GetMessage?page=1&count=10&status=2&type=all');
    expect(first.code).toBe(200);
    expect(first.data.total).toBe(25);
    expect(first.data.list.map((m) => m.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${25 - i}`));
    expect(first.data.list[0]).toMatchObject({ type: 'asset', status: 2, content: '<p>Body 25</p>', created_at: expect.any(Number) });
    const third = await alice.get<Page>('/api/user/GetMessage?page=3&count=10');
    expect(third.data.list.map((m) => m.title)).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']);
    const assets = await alice.get<Page>('/api/user/GetMessage?type=asset');
    expect(assets.data.total).toBe(5);
    expect(assets.data.list.every((m) => m.type === 'asset')).toBe(true);
  });

  it('answers the catalogue codes for bad paging and filters', async () => {
    expect((await alice.get('/api/user/GetMessage?count=0')).code).toBe(209);
    expect((await alice.get('/api/user/GetMessage?count=201')).code).toBe(209);
    expect((await alice.get('/api/user/GetMessage?page=0')).code).toBe(208);
    expect((await alice.get('/api/user/GetMessage?status=3')).code).toBe(216);
    expect((await alice.get('/api/user/GetMessage?type=news')).code).toBe(216);
    expect((await alice.get('/api/user/GetMessage?id=abc')).code).toBe(216);
    expect((await alice.post('/api/user/SetMessageRead', {})).code).toBe(216);
    expect((await alice.get<Page>('/api/user/GetMessage?count=200')).data.list).toHaveLength(25);
  });

  it('shows the title and content in the reader’s language', async () => {
    const ru = await alice.get<Page>('/api/user/GetMessage?count=1', { headers: { 'accept-language': 'ru' } });
    expect(ru.data.list[0]?.title).toBe('Message 25 ру');
    const zh = await alice.get<Page>('/api/user/GetMessage?count=1', { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    expect(zh.data.list[0]?.title).toBe('Message 25 中');
  });

  it('marks one message read: it leaves the unread list and joins the read one', async () => {
    const newest = (await alice.get<Page>('/api/user/GetMessage?count=1&status=2')).data.list[0] as Message;
    expect(await alice.post('/api/user/SetMessageRead', { id: newest.id })).toMatchObject({ code: 200, data: { updated: 1 } });
    expect((await alice.post('/api/user/SetMessageRead', { id: newest.id })).data).toEqual({ updated: 0 });
    expect((await alice.get<Page>('/api/user/GetMessage?status=2')).data.total).toBe(24);
    const read = await alice.get<Page>('/api/user/GetMessage?status=1');
    expect(read.data.list.map((m) => m.id)).toEqual([newest.id]);
    expect((await alice.get<Page>(`/api/user/GetMessage?id=${newest.id}`)).data.list[0]?.status).toBe(1);
  });

  it('keeps each user to their own messages: another user’s id is refused and stays unread', async () => {
    const hers = (await alice.get<Page>('/api/user/GetMessage?count=1&status=2')).data.list[0] as Message;
    expect((await bob.get<Page>('/api/user/GetMessage')).data).toEqual({ list: [], total: 0 });
    expect((await bob.get<Page>(`/api/user/GetMessage?id=${hers.id}`)).data).toEqual({ list: [], total: 0 });
    expect((await bob.post('/api/user/SetMessageRead', { id: hers.id })).code).toBe(216);
    expect((await bob.post('/api/user/SetMessageRead', { id: '999999' })).code).toBe(216);
    expect((await bob.post('/api/user/SetMessageReadAll', {})).data).toEqual({ updated: 0 });
    expect((await alice.get<Page>(`/api/user/GetMessage?id=${hers.id}`)).data.list[0]?.status).toBe(2);
  });

  it('marks all read, or all of one type', async () => {
    // Message 25 (an asset one) was read above: four asset messages are left unread.
    expect((await alice.post('/api/user/SetMessageReadAll', { type: 'asset' })).data).toEqual({ updated: 4 });
    expect((await alice.get<Page>('/api/user/GetMessage?status=2')).data.total).toBe(20);
    expect((await alice.get<Page>('/api/user/GetMessage?status=2&type=asset')).data.total).toBe(0);
    expect((await alice.post('/api/user/SetMessageReadAll')).data).toEqual({ updated: 20 });
    expect((await alice.get<Page>('/api/user/GetMessage?status=2')).data.total).toBe(0);
  });

  it('renders stored HTML harmless: no script, event attribute or javascript: URL', async () => {
    await notifyUser(db, ids.bob as string, {
      type: 'other',
      title: text('<b>Plain</b>'),
      content: text('<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a> <a href="https://example.com">ok</a><img src=x onerror="alert(3)"></p>'),
    });
    const [message] = (await bob.get<Page>('/api/user/GetMessage?count=1')).data.list;
    expect(message?.content).toBe('<p>Hi <a rel="noopener noreferrer" target="_blank">x</a> <a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a></p>');
    // A row written around the service (an old import, a manual fix) is cleaned when shown too.
    await db
      .updateTable('inmail_messages')
      .set({ content: JSON.stringify(text('<iframe src="https://evil"></iframe><p>kept</p>')) })
      .where('user_id', '=', ids.bob as string)
      .execute();
    expect((await bob.get<Page>('/api/user/GetMessage?count=1')).data.list[0]?.content).toBe('<p>kept</p>');
    await bob.post('/api/user/SetMessageReadAll');
  });
});

describe('notifications from the back office', () => {
  const body = { title: text('Maintenance tonight'), content: text('<p>The pool restarts at 02:00 UTC.</p>') };

  it('refuses a signed-out visitor (202) and an ordinary user (218), with nothing sent', async () => {
    const visitor = browser(app);
    expect((await visitor.post('/api/admin/SendNotification', body)).code).toBe(202);
    expect((await alice.post('/api/admin/SendNotification', body)).code).toBe(218);
    expect((await alice.post('/api/admin/SendNotificationIds', { ...body, ids: [uids.bob] })).code).toBe(218);
    expect((await alice.get('/api/admin/GetNotificationList')).code).toBe(218);
    expect((await db.selectFrom('inmail_notices').select('id').execute()).length).toBe(0);
  });

  it('validates the English text (the others may be left out) and the ids', async () => {
    expect((await admin.post('/api/admin/SendNotificationIds', { ...body, ids: [] })).code).toBe(216);
    expect((await admin.post('/api/admin/SendNotificationIds', { ...body, ids: ['12ab'] })).code).toBe(216);
    expect((await admin.post('/api/admin/SendNotification', { ...body, title: { zh: '只有中文', ru: 'Только русский' } })).code).toBe(216);
    expect((await admin.post('/api/admin/SendNotification', { ...body, title: { ...body.title, en: '  ' } })).code).toBe(216);
    expect((await admin.post('/api/admin/SendNotification', { ...body, title: { ...body.title, en: 'x'.repeat(121) } })).code).toBe(217);
    expect((await admin.post('/api/admin/SendNotification', { ...body, type: 'news' })).code).toBe(216);
  });

  it('sends to a list of uids at once; an unknown uid refuses the whole call', async () => {
    const refused = await admin.post<{ unknown: string[] }>('/api/admin/SendNotificationIds', { ...body, ids: [uids.alice, '10000001'] });
    expect(refused.code).toBe(203);
    expect(refused.data.unknown).toEqual(['10000001']);
    expect((await alice.get<Page>('/api/user/GetMessage?status=2')).data.total).toBe(0);

    const sent = await admin.post<{ id: string; sent: number }>('/api/admin/SendNotificationIds', { ...body, ids: [uids.alice, uids.bob, uids.bob] });
    expect(sent).toMatchObject({ code: 200, data: { sent: 2 } });
    for (const reader of [alice, bob]) {
      const unread = await reader.get<Page>('/api/user/GetMessage?page=1&count=10&status=2&type=all');
      expect(unread.data.total).toBe(1);
      expect(unread.data.list[0]).toMatchObject({ type: 'system', title: 'Maintenance tonight', content: '<p>The pool restarts at 02:00 UTC.</p>' });
    }
    expect((await support.get<Page>('/api/user/GetMessage')).data.total).toBe(0);
    const entry = await db.selectFrom('admin_audit').selectAll().where('action', '=', 'SendNotificationIds').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: ids.admin, target: `notice:${sent.data.id}` });
    expect(JSON.stringify(entry.after)).toContain(uids.bob as string);
    expect(entry.request_id).not.toBeNull();
  });

  it('lets support send to every user as a job whose progress the list shows', async () => {
    const started = await support.post<{ id: string; total: number }>('/api/admin/SendNotification', { ...body, type: 'system', title: text('For everyone') });
    expect(started).toMatchObject({ code: 200, data: { total: 4 } });
    // The process delivers it in the background; a second run beside it changes nothing (it skips a locked job).
    await runNoticeJobs(db);
    await expect.poll(async () => (await db.selectFrom('inmail_notices').select('status').where('id', '=', started.data.id).executeTakeFirstOrThrow()).status).toBe('done');
    const list = await admin.get<{ list: { id: string; target: string; status: string; total: number; sent: number; admin: string; title: string }[]; total: number }>(
      '/api/admin/GetNotificationList?page=1&count=10',
    );
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({ id: started.data.id, target: 'all', status: 'done', total: 4, sent: 4, admin: 'support@example.com', title: 'For everyone' });
    expect(list.data.list[1]).toMatchObject({ target: 'ids', status: 'done', total: 2, sent: 2, admin: 'admin@example.com' });
    for (const reader of [alice, bob, admin, support]) {
      const mine = await reader.get<Page>('/api/user/GetMessage?status=2');
      expect(mine.data.list.filter((m) => m.title === 'For everyone')).toHaveLength(1);
    }
    expect(await db.selectFrom('admin_audit').select('admin_id').where('action', '=', 'SendNotification').execute()).toEqual([{ admin_id: ids.support }]);
  });

  it('takes a notice in English alone; readers in zh and ru see the English text', async () => {
    const sent = await admin.post('/api/admin/SendNotificationIds', { title: { en: 'English only' }, content: { en: '<p>Read me.</p>' }, ids: [uids.bob] });
    expect(sent.code).toBe(200);
    for (const lang of ['zh-TW', 'ru']) {
      const mine = await bob.get<Page>('/api/user/GetMessage?status=2&count=10', { headers: { 'accept-language': lang } });
      expect(mine.data.list.find((m) => m.title === 'English only')).toMatchObject({ content: '<p>Read me.</p>' });
    }
  });
});
