import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { createAdmin } from '../account/account.service.ts';
import { audit } from './audit.ts';
import { ADMIN_PREFIX, type AdminRoute } from './guard.ts';

/**
 * The authorisation matrix of the back office, over every admin route the app has registered
 * (read from Fastify's own route table, so calls added later are covered without a change
 * here): a visitor is refused (202), an ordinary user is refused (218), support is refused on
 * admin-only calls (218), an admin is let through. And every admin write leaves an audit entry.
 */

let db: Db;
let app: ZodApp;
const roles: Record<'visitor' | 'user' | 'support' | 'admin', Browser> = {} as never;

/** A write added without an audit entry of its own (the safety net must record it). */
const UNAUDITED = `${ADMIN_PREFIX}test_write_without_audit`;
/** A write that audits the old way, with only the admin's id (the entry still gets the request). */
const LEGACY = `${ADMIN_PREFIX}test_write_by_admin_id`;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(
    db,
    {},
    {
      extend: (a) => {
        a.post(UNAUDITED, { config: { role: 'support' } }, async (request) => ok(request, null));
        a.post(LEGACY, async (request) => {
          const adminId = (await db.selectFrom('users').select('id').where('email', '=', 'root@example.com').executeTakeFirstOrThrow()).id;
          await audit(db, adminId, 'legacy_write', 'thing:1', { note: 'by id' });
          return ok(request, null);
        });
      },
    },
  );
  roles.visitor = browser(app);
  roles.user = await signedInAs(app, db, 'member@example.com', 'user');
  roles.support = await signedInAs(app, db, 'support@example.com', 'support');
  roles.admin = await signedInAs(app, db, 'root@example.com', 'admin');
});

/** Fastify's printed route table, independent of the guard's own list. */
function printedAdminRoutes(): Set<string> {
  const found = new Set<string>();
  // A route whose path extends another's is printed as a child of it ('│   └── Some (GET)').
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (paths[depth - 1] ?? '') + match[2];
    paths[depth] = path;
    paths.length = depth + 1;
    if (!match[3] || !path.startsWith('/api/admin/')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) if (method !== 'HEAD') found.add(`${method} ${path}`);
  }
  return found;
}

async function call(b: Browser, route: AdminRoute) {
  const res = await b.send(route.method as 'GET' | 'POST' | 'DELETE' | 'PUT', route.url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  return { code: res.json<{ code: number }>().code, requestId: String(res.headers['x-request-id']) };
}

describe('authorisation matrix over every admin route', () => {
  it('knows every admin route Fastify has registered', () => {
    const listed = new Set(app.adminRoutes.map((r) => `${r.method} ${r.url}`));
    expect(listed).toEqual(printedAdminRoutes());
    // The calls of this part, the wallet's and the pool's are all there.
    for (const name of [
      'GET /api/admin/findusers',
      'POST /api/admin/BanUser',
      'POST /api/admin/UpdateBalance',
      'POST /api/admin/updatewithdrawfee',
      'POST /api/admin/updatepoolconfig',
      'GET /api/admin/getauditlog',
    ]) {
      expect(listed).toContain(name);
    }
  });

  it('keeps balance changes, bans, roles, configuration and the audit log to admins', () => {
    const roleOf = (url: string) => app.adminRoutes.find((r) => r.url === `${ADMIN_PREFIX}${url}`)?.role;
    for (const url of [
      'BanUser',
      'UnbanUser',
      'UpdateBalance',
      'auditbalanceadjustment',
      'updatewithdrawfee',
      'updatepoolconfig',
      'setrole',
      'getauditlog',
      'UnBindGoogle',
      'unbindphone',
      'UnBindWechat',
      'UbBindChannel',
      'ClearCache',
    ]) {
      expect(roleOf(url), url).toBe('admin');
    }
    for (const url of ['findusers', 'withdraw', 'auditwithdrawbalance', 'getpoollist']) expect(roleOf(url), url).toBe('support');
  });

  it('refuses visitors (202) and ordinary users (218), support on admin-only calls (218), and lets admins through', async () => {
    const rows: string[] = [];
    for (const route of app.adminRoutes) {
      const name = `${route.method} ${route.url}`;
      expect((await call(roles.visitor, route)).code, `visitor ${name}`).toBe(202);
      expect((await call(roles.user, route)).code, `user ${name}`).toBe(218);
      const support = (await call(roles.support, route)).code;
      if (route.role === 'admin') expect(support, `support ${name}`).toBe(218);
      else expect([202, 218], `support ${name}`).not.toContain(support);
      const admin = (await call(roles.admin, route)).code;
      expect([202, 218], `admin ${name}`).not.toContain(admin);
      rows.push(name);
    }
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });
});

describe('every admin write leaves an audit entry', () => {
  /** Requests that succeed, for the writes known today; a write without one is still checked below. */
  const valid = async (): Promise<Record<string, unknown>> => {
    await createAdmin(db, 'target@example.com', 'user', PASSWORD);
    const uid = (await db.selectFrom('users').select('uid').where('email', '=', 'target@example.com').executeTakeFirstOrThrow()).uid;
    const id = (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
    await db.updateTable('users').set({ phone_code: '0044', phone: '7700900123', nationality: 'GB', google_secret: 'sealed' }).where('id', '=', id).execute();
    await db
      .insertInto('social_bindings')
      .values([
        { user_id: id, provider: 'wechat', subject: 'wx', display_name: 'wx' },
        { user_id: id, provider: 'telegram', subject: '42', display_name: '@t' },
      ])
      .execute();
    return {
      BanUser: { uid, reason: 'test' },
      UnbanUser: { uid },
      UnBindWechat: { uid },
      unbindphone: { uid },
      UnBindGoogle: { uid },
      UbBindChannel: { uid, channel: 'telegram' },
      ClearCache: {},
      setrole: { uid, role: 'support' },
      UpdateBalance: { uid, coin: 'CHIA', amount: '1', reason: 'audit test', request_id: 'audit-test-0001' },
      updatewithdrawfee: { coin: 'CHIA', fee: '0.0001' },
      updatepoolconfig: { pool: 'chia', fee_bp: 100 },
      auditwithdrawbalance: { id: '999999', approve: true },
      auditbatchwithdrawbalance: { ids: ['999999'], approve: true },
      auditcancelwithdrawbalance: { id: '999999', reason: 'test' },
      auditbatchcancelwithdrawbalance: { ids: ['999999'], reason: 'test' },
    };
  };

  it('writes one for each successful write, with the admin, the address and the request', async () => {
    const bodies = await valid();
    const writes = app.adminRoutes.filter((r) => r.write);
    expect(writes.length).toBeGreaterThanOrEqual(15);
    for (const route of writes) {
      const name = route.url.slice(ADMIN_PREFIX.length);
      const body = bodies[name];
      const res = await roles.admin.send(route.method as 'POST', route.url, route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? {}));
      const code = res.json<{ code: number }>().code;
      if (body !== undefined || name.startsWith('test_write_')) expect(code, name).toBe(200);
      // Whatever the call, an answer of success means an entry of this very request.
      if (code !== 200) continue;
      const entries = await db
        .selectFrom('admin_audit as a')
        .innerJoin('users as u', 'u.id', 'a.admin_id')
        .select(['u.email', 'a.ip', 'a.action'])
        .where('a.request_id', '=', String(res.headers['x-request-id']))
        .execute();
      expect(entries.length, name).toBeGreaterThan(0);
      expect(entries[0], name).toMatchObject({ email: 'root@example.com', ip: expect.any(String) });
    }
    const generic = await db.selectFrom('admin_audit').select(['action', 'detail']).where('action', '=', 'test_write_without_audit').executeTakeFirstOrThrow();
    expect(generic.detail).toMatchObject({ method: 'POST', path: UNAUDITED });
    // The old-style entry carries the request and address, so no generic one is added beside it.
    const legacy = await db.selectFrom('admin_audit').select(['action', 'ip', 'request_id']).where('action', 'in', ['legacy_write', 'test_write_by_admin_id']).execute();
    expect(legacy.length).toBeGreaterThan(0);
    for (const entry of legacy) expect(entry).toEqual({ action: 'legacy_write', ip: expect.any(String), request_id: expect.any(String) });
  });

  it("cannot be skipped from the client: request ids are the server's, the client's X-Request-Id is only noted", async () => {
    const earlier = await db.selectFrom('admin_audit').select('request_id').where('request_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const spoofed = String(earlier.request_id);
    const countOf = async () =>
      Number(
        (
          await db
            .selectFrom('admin_audit')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('action', '=', 'test_write_without_audit')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countOf();
    const res = await roles.admin.send('POST', UNAUDITED, {}, { headers: { 'x-request-id': spoofed } });
    expect(res.json<{ code: number }>().code).toBe(200);
    expect(res.headers['x-request-id']).not.toBe(spoofed);
    expect(await countOf()).toBe(before + 1);
    const entry = await db
      .selectFrom('admin_audit')
      .select(['request_id', 'client_request_id'])
      .where('action', '=', 'test_write_without_audit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ request_id: res.headers['x-request-id'], client_request_id: spoofed });
  });

  it('writes nothing for a refused or failed write', async () => {
    const before = (
      await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect((await roles.support.post('/api/admin/BanUser', { uid: '1' })).code).toBe(218);
    expect((await roles.admin.post('/api/admin/BanUser', { uid: '' })).code).toBe(216);
    expect((await roles.admin.post('/api/admin/BanUser', { uid: '00000000' })).code).toBe(1005);
    const after = (
      await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(after).toBe(before);
  });
});
