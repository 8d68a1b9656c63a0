import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginByEmail, loginStaff, PASSWORD, signedInAs, totp } from '../../../test/accounts.ts';
import { mailedApp } from '../../../test/factories.ts';
import { codeIn } from '../../../test/mail.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { runCli } from '../../cli/run.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { createAdmin } from '../account/account.service.ts';
import { setRole } from './users.service.ts';

/** The back office over HTTP: roles, users, balance adjustments with approval, the audit log. */

let db: Db;
let url: string;
let app: ZodApp;

const uidOf = async (email: string) => (await db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirstOrThrow()).uid;
const available = async (email: string, coin = 'CHIA') => {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.balance')
    .where('u.email', '=', email)
    .where('a.coin', '=', coin)
    .where('a.bucket', '=', 'available')
    .executeTakeFirst();
  return row?.balance ?? '0';
};

let admin: Browser;
let second: Browser;
let support: Browser;

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  app = await testApp(db, { adjustApprovalThreshold: '100' });
  admin = await signedInAs(app, db, 'boss@example.com', 'admin');
  second = await signedInAs(app, db, 'deputy@example.com', 'admin');
  support = await signedInAs(app, db, 'helpdesk@example.com', 'support');
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const adminId = (await db.selectFrom('users').select('id').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow()).id;
    await db.insertInto('admin_audit').values({ admin_id: adminId, action: 'probe', target: 'nothing', detail: '{}' }).execute();
    await expect(sql`UPDATE admin_audit SET action = 'edited' WHERE action = 'probe'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM admin_audit WHERE action = 'probe'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE admin_audit`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('admin_audit').select('action').where('action', '=', 'probe').execute()).toEqual([{ action: 'probe' }]);
  });
});

describe('users', () => {
  let player: Browser;
  let playerUid = '';

  beforeAll(async () => {
    player = await signedInAs(app, db, 'player@example.com', 'user');
    playerUid = await uidOf('player@example.com');
    await db.updateTable('users').set({ account: 'player_one', phone_code: '0086', phone: '13800001234', nationality: 'CN' }).where('uid', '=', playerUid).execute();
  });

  it('finds a user by e-mail, account, uid and phone; support may search', async () => {
    for (const [by, keyword] of [
      ['email', 'PLAYER@example'],
      ['account', 'player_one'],
      ['uid', playerUid],
      ['phone', '00001234'],
      ['any', '13800001234'],
    ] as const) {
      const found = await support.get<{ list: { uid: string; email: string; phone: string; role: string }[]; total: number }>(
        `/api/admin/findusers?keyword=${encodeURIComponent(keyword)}&by=${by}`,
      );
      expect(found.code, by).toBe(200);
      expect(
        found.data.list.map((u) => u.uid),
        by,
      ).toEqual([playerUid]);
      expect(found.data.list[0]).toMatchObject({ email: 'player@example.com', phone: '+86 13800001234', role: 'user' });
    }
    expect((await admin.get<{ total: number }>('/api/admin/findusers?keyword=nobody-like-this&by=email')).data.total).toBe(0);
    expect((await admin.get('/api/admin/findusers?keyword=x&count=201')).code).toBe(209);
  });

  it('bans a user: their session ends at once and sign-in is refused with 1032; unban lets them in again', async () => {
    expect((await player.get('/api/user/info')).code).toBe(200);
    expect((await support.post('/api/admin/BanUser', { uid: playerUid })).code).toBe(218);
    expect((await admin.post('/api/admin/BanUser', { uid: playerUid, reason: 'chargeback fraud' })).code).toBe(200);
    expect((await player.get('/api/user/info')).code).toBe(202);
    expect((await loginByEmail(browser(app), 'player@example.com', PASSWORD)).code).toBe(1032);
    const entry = await db.selectFrom('admin_audit').selectAll().where('action', '=', 'BanUser').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ target: `user:${playerUid}`, before: { status: 'active' }, after: { status: 'banned' }, detail: { reason: 'chargeback fraud' }, actor: 'admin' });
    expect(entry.ip).toBeTruthy();
    expect((await admin.post('/api/admin/UnbanUser', { uid: playerUid })).code).toBe(200);
    expect((await admin.post('/api/admin/UnbanUser', { uid: playerUid })).code).toBe(216);
    player = browser(app);
    expect((await loginByEmail(player, 'player@example.com', PASSWORD)).code).toBe(200);
    // Back-office accounts are not banned: their role goes first.
    expect((await admin.post('/api/admin/BanUser', { uid: await uidOf('helpdesk@example.com') })).code).toBe(218);
    expect((await admin.post('/api/admin/BanUser', { uid: '00000000' })).code).toBe(1005);
  });

  it('unbinds the phone, the authenticator, WeChat and Telegram, each audited with what was there', async () => {
    const id = (await db.selectFrom('users').select('id').where('uid', '=', playerUid).executeTakeFirstOrThrow()).id;
    await db.updateTable('users').set({ google_secret: 'sealed' }).where('id', '=', id).execute();
    await db
      .insertInto('social_bindings')
      .values([
        { user_id: id, provider: 'wechat', subject: 'wx-open-id', display_name: 'Player WX' },
        { user_id: id, provider: 'telegram', subject: '777', display_name: '@player' },
      ])
      .execute();
    expect((await admin.post('/api/admin/unbindphone', { uid: playerUid })).code).toBe(200);
    expect((await admin.post('/api/admin/unbindphone', { uid: playerUid })).code).toBe(1046);
    expect((await admin.post('/api/admin/UnBindGoogle', { uid: playerUid })).code).toBe(200);
    expect((await admin.post('/api/admin/UnBindGoogle', { uid: playerUid })).code).toBe(1017);
    expect((await admin.post('/api/admin/UnBindWechat', { uid: playerUid })).code).toBe(200);
    expect((await admin.post('/api/admin/UnBindWechat', { uid: playerUid })).code).toBe(1019);
    expect((await admin.post('/api/admin/UbBindChannel', { uid: playerUid, channel: 'telegram' })).code).toBe(200);
    expect((await admin.post('/api/admin/UbBindChannel', { uid: playerUid, channel: 'telegram' })).code).toBe(1040);
    const row = await db.selectFrom('users').select(['phone', 'google_secret', 'security_changed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, google_secret: null });
    expect(row.security_changed_at).not.toBeNull();
    expect(await db.selectFrom('social_bindings').select('id').where('user_id', '=', id).execute()).toEqual([]);
    const entries = await db
      .selectFrom('admin_audit')
      .select(['action', 'before'])
      .where('target', '=', `user:${playerUid}`)
      .where('action', 'in', ['unbindphone', 'UbBindChannel'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { action: 'unbindphone', before: { phone: '+86 13800001234', nationality: 'CN' } },
      { action: 'UbBindChannel', before: { telegram: '@player' } },
    ]);
  });

  it('clears the settings cache (admin only)', async () => {
    expect((await support.post('/api/admin/ClearCache')).code).toBe(218);
    expect((await admin.post('/api/admin/ClearCache')).code).toBe(200);
  });
});

describe('roles', () => {
  it('an admin gives and takes roles; the last admin cannot demote themselves', async () => {
    const solo = await testDatabase();
    const soloApp = await testApp(solo.db);
    await createAdmin(solo.db, 'only@example.com', 'admin', PASSWORD);
    await createAdmin(solo.db, 'worker@example.com', 'user', PASSWORD);
    const only = browser(soloApp);
    await loginStaff(solo.db, only, 'only@example.com');
    const uidIn = async (email: string) => (await solo.db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirstOrThrow()).uid;
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('only@example.com'), role: 'support' })).code).toBe(218);
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('worker@example.com'), role: 'support' })).code).toBe(200);
    const staff = await only.get<{ email: string; role: string }[]>('/api/admin/getstafflist');
    expect(staff.data.map((s) => [s.email, s.role])).toEqual([
      ['only@example.com', 'admin'],
      ['worker@example.com', 'support'],
    ]);
    const worker = browser(soloApp);
    expect((await loginByEmail(worker, 'worker@example.com', PASSWORD)).data).toMatchObject({ role: 'support', redirect_url: expect.any(String) });
    expect((await worker.post('/api/admin/setrole', { uid: await uidIn('worker@example.com'), role: 'admin' })).code).toBe(218);
    // With a second admin, the first may step down.
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('worker@example.com'), role: 'admin' })).code).toBe(200);
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('only@example.com'), role: 'user' })).code).toBe(200);
    expect((await only.get('/api/admin/getstafflist')).code).toBe(218);
    const log = await solo.db.selectFrom('admin_audit').select(['action', 'before', 'after']).where('action', '=', 'setrole').orderBy('id').execute();
    expect(log.map((l) => [l.before, l.after])).toEqual([
      [{ role: 'user' }, { role: 'support' }],
      [{ role: 'support' }, { role: 'admin' }],
      [{ role: 'admin' }, { role: 'user' }],
    ]);
  });

  it('counts only active admins as "the last admin" and gives no back-office role to a banned account', async () => {
    const solo = await testDatabase();
    const soloApp = await testApp(solo.db);
    await createAdmin(solo.db, 'active-admin@example.com', 'admin', PASSWORD);
    await createAdmin(solo.db, 'banned-admin@example.com', 'admin', PASSWORD);
    await createAdmin(solo.db, 'banned-user@example.com', 'user', PASSWORD);
    await solo.db.updateTable('users').set({ status: 'banned' }).where('email', 'in', ['banned-admin@example.com', 'banned-user@example.com']).execute();
    const uidIn = async (email: string) => (await solo.db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirstOrThrow()).uid;
    const roleOf = async (email: string) => (await solo.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role;
    const only = browser(soloApp);
    await loginStaff(solo.db, only, 'active-admin@example.com');
    // A banned account gets no back-office role (it could not use it, and would count as staff).
    for (const role of ['admin', 'support'] as const) expect((await only.post('/api/admin/setrole', { uid: await uidIn('banned-user@example.com'), role })).code).toBe(218);
    expect(await roleOf('banned-user@example.com')).toBe('user');
    await expect(setRole(solo.db, 'cli', { email: 'banned-user@example.com' }, 'admin')).rejects.toMatchObject({ code: 218 });
    // The banned admin is no second admin: the only active one keeps the role.
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('active-admin@example.com'), role: 'user' })).code).toBe(218);
    expect(await roleOf('active-admin@example.com')).toBe('admin');
    // Nor can the last active admin be banned (staff lose their role first).
    expect((await only.post('/api/admin/BanUser', { uid: await uidIn('active-admin@example.com'), reason: 'x' })).code).toBe(218);
    // The banned admin's role may be taken away.
    expect((await only.post('/api/admin/setrole', { uid: await uidIn('banned-admin@example.com'), role: 'user' })).code).toBe(200);
    expect((await only.get('/api/admin/getstafflist')).code).toBe(200);
  });

  it('`platter admin grant <email> <role>` changes a role, written to the audit log as done by the CLI', async () => {
    await createAdmin(db, 'promoted@example.com', 'user', PASSWORD);
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    try {
      let out = '';
      expect(await runCli(['admin', 'grant', 'promoted@example.com', 'support'], (t) => (out += t))).toBe(0);
      expect(out).toMatch(/promoted@example.com \(uid \d+\): user → support/);
      out = '';
      expect(await runCli(['admin', 'grant', 'nobody@example.com', 'admin'], (t) => (out += t))).toBe(1);
      expect(out).toContain('no account');
      expect(await runCli(['admin', 'grant', 'promoted@example.com', 'king'], () => undefined)).toBe(2);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
    expect((await db.selectFrom('users').select('role').where('email', '=', 'promoted@example.com').executeTakeFirstOrThrow()).role).toBe('support');
    const entry = await db.selectFrom('admin_audit').select(['actor', 'admin_id', 'action', 'after']).where('actor', '=', 'cli').executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: 'cli', admin_id: null, action: 'setrole', after: { role: 'support' } });
    const listed = await admin.get<{ list: { actor: string; admin_email: string }[] }>('/api/admin/getauditlog?admin=cli');
    expect(listed.data.list).toEqual([expect.objectContaining({ actor: 'cli', admin_email: '' })]);
  });
});

describe('balance adjustments', () => {
  let uid = '';
  beforeAll(async () => {
    await createAdmin(db, 'credited@example.com', 'user', PASSWORD);
    uid = await uidOf('credited@example.com');
  });
  type Result = { status: string; adjustment_id: string; transaction_id: string };
  type Row = { id: string; status: string; amount: string; requested_by: string; decided_by: string; transaction_id: string };

  it('posts an adjustment within the threshold at once; support may not adjust', async () => {
    const body = { uid, coin: 'CHIA', amount: '40', reason: 'goodwill', request_id: 'adjust-small-1' };
    expect((await support.post('/api/admin/UpdateBalance', body)).code).toBe(218);
    const done = await admin.post<Result>('/api/admin/UpdateBalance', body);
    expect(done.data).toMatchObject({ status: 'posted', transaction_id: expect.stringMatching(/^\d+$/) });
    // A replay answers the first result, never a second posting.
    expect((await admin.post<Result>('/api/admin/UpdateBalance', body)).data).toEqual(done.data);
    expect(await available('credited@example.com')).toBe(40_000_000_000_000n.toString());
  });

  it('waits for a second admin above the threshold; nobody approves their own; a rejection needs a reason', async () => {
    const pending = await admin.post<Result>('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '250', reason: 'pool payout missed', request_id: 'adjust-big-1' });
    expect(pending.data).toMatchObject({ status: 'pending', transaction_id: '' });
    expect(await available('credited@example.com')).toBe(40_000_000_000_000n.toString());
    const listed = await second.get<{ list: Row[]; threshold: string }>('/api/admin/getbalanceadjustments?status=pending');
    expect(listed.data.threshold).toBe('100');
    expect(listed.data.list).toEqual([expect.objectContaining({ id: pending.data.adjustment_id, amount: '250', requested_by: 'boss@example.com', status: 'pending' })]);
    expect((await admin.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true })).code).toBe(218);
    expect((await support.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true })).code).toBe(218);
    expect((await second.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: false })).code).toBe(216);
    const approved = await second.post<Row>('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true });
    expect(approved.data).toMatchObject({ status: 'posted', decided_by: 'deputy@example.com', transaction_id: expect.stringMatching(/^\d+$/) });
    expect(await available('credited@example.com')).toBe(290_000_000_000_000n.toString());
    expect((await second.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: false, reason: 'late' })).code).toBe(201);

    const negative = await second.post<Result>('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '-150', reason: 'double credit', request_id: 'adjust-big-2' });
    expect(negative.data.status).toBe('pending');
    const rejected = await admin.post<Row & { reject_reason: string }>('/api/admin/auditbalanceadjustment', {
      id: negative.data.adjustment_id,
      approve: false,
      reason: 'checked: not a double credit',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', reject_reason: 'checked: not a double credit', transaction_id: '' });
    expect(await available('credited@example.com')).toBe(290_000_000_000_000n.toString());
    const actions = (await db.selectFrom('admin_audit').select('action').where('target', '=', `user:${uid}`).orderBy('id').execute()).map((a) => a.action);
    expect(actions).toEqual(['UpdateBalance', 'UpdateBalance', 'approve_adjustment', 'UpdateBalance', 'reject_adjustment']);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('of two approvals at once, one posts and the other finds it decided', async () => {
    const third = await signedInAs(app, db, 'third@example.com', 'admin');
    const pending = await admin.post<Result>('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '500', reason: 'race', request_id: 'adjust-race-1' });
    const answers = await Promise.all([
      second.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true }),
      third.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 201]);
    const postings = await db.selectFrom('ledger_transactions').select('id').where('reference', '=', `adjustment:${pending.data.adjustment_id}`).execute();
    expect(postings).toHaveLength(1);
    expect(await available('credited@example.com')).toBe(790_000_000_000_000n.toString());
    expect(await checkLedger(db)).toEqual([]);
  });

  it("counts split adjustments together: a requester's and a target's unreviewed ones within the window share the threshold", async () => {
    const splitter = await signedInAs(app, db, 'splitter@example.com', 'admin');
    const other = await signedInAs(app, db, 'other-admin@example.com', 'admin');
    await createAdmin(db, 'split-a@example.com', 'user', PASSWORD);
    await createAdmin(db, 'split-b@example.com', 'user', PASSWORD);
    const [a, b] = [await uidOf('split-a@example.com'), await uidOf('split-b@example.com')];
    const adjust = (by: Browser, target: string, amount: string, key: string) =>
      by.post<Result>('/api/admin/UpdateBalance', { uid: target, coin: 'CHIA', amount, reason: 'split', request_id: key });
    // Threshold 100: two of 40 post at once, the third would make 120 unreviewed.
    expect((await adjust(splitter, a, '40', 'adjust-split-1')).data.status).toBe('posted');
    expect((await adjust(splitter, a, '-40', 'adjust-split-2')).data.status).toBe('posted');
    expect((await adjust(splitter, a, '40', 'adjust-split-3')).data.status).toBe('pending');
    // The requester's window counts every target.
    expect((await adjust(splitter, b, '40', 'adjust-split-4')).data.status).toBe('pending');
    // The target's window counts every requester.
    expect((await adjust(other, a, '40', 'adjust-split-5')).data.status).toBe('pending');
    expect((await adjust(other, b, '40', 'adjust-split-6')).data.status).toBe('posted');
    expect(await available('split-a@example.com')).toBe('0');
    expect(await available('split-b@example.com')).toBe(40_000_000_000_000n.toString());
    // Ten at once still post at most the threshold.
    await createAdmin(db, 'split-c@example.com', 'user', PASSWORD);
    const c = await uidOf('split-c@example.com');
    const racer = await signedInAs(app, db, 'racer@example.com', 'admin');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => adjust(racer, c, '30', `adjust-split-race-${i}`)));
    expect(answers.filter((r) => r.data.status === 'posted')).toHaveLength(3);
    expect(await available('split-c@example.com')).toBe(90_000_000_000_000n.toString());
    expect(await checkLedger(db)).toEqual([]);
  });

  it("an admin's adjustment of their own balance always waits for a second admin", async () => {
    const self = await signedInAs(app, db, 'self-paying@example.com', 'admin');
    const selfUid = await uidOf('self-paying@example.com');
    const own = await self.post<Result>('/api/admin/UpdateBalance', { uid: selfUid, coin: 'CHIA', amount: '1', reason: 'mine', request_id: 'adjust-self-1' });
    expect(own.data.status).toBe('pending');
    expect(await available('self-paying@example.com')).toBe('0');
    expect((await self.post('/api/admin/auditbalanceadjustment', { id: own.data.adjustment_id, approve: true })).code).toBe(218);
    // The database refuses it too.
    await expect(db.updateTable('balance_adjustments').set({ status: 'posted' }).where('id', '=', own.data.adjustment_id).execute()).rejects.toThrow(/own_reviewed/);
  });

  it('the beneficiary cannot approve an adjustment of their own balance; a third admin can', async () => {
    const payee = await signedInAs(app, db, 'payee-admin@example.com', 'admin');
    const pending = await admin.post<Result>('/api/admin/UpdateBalance', {
      uid: await uidOf('payee-admin@example.com'),
      coin: 'CHIA',
      amount: '250',
      reason: 'bonus',
      request_id: 'adjust-payee-1',
    });
    expect(pending.data.status).toBe('pending');
    expect((await payee.post('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true })).code).toBe(218);
    expect(await available('payee-admin@example.com')).toBe('0');
    const payeeId = (await db.selectFrom('users').select('id').where('email', '=', 'payee-admin@example.com').executeTakeFirstOrThrow()).id;
    await expect(db.updateTable('balance_adjustments').set({ decided_by: payeeId }).where('id', '=', pending.data.adjustment_id).execute()).rejects.toThrow(/not_beneficiary/);
    expect((await second.post<Row>('/api/admin/auditbalanceadjustment', { id: pending.data.adjustment_id, approve: true })).data.status).toBe('posted');
    expect(await available('payee-admin@example.com')).toBe(250_000_000_000_000n.toString());
  });

  it('lists the audit log to admins only, filtered by admin, action, target and day, paged', async () => {
    expect((await support.get('/api/admin/getauditlog')).code).toBe(218);
    const all = await admin.get<{ list: { action: string; admin_email: string; time: number }[]; total: number }>('/api/admin/getauditlog?count=3');
    expect(all.data.list).toHaveLength(3);
    expect(all.data.total).toBeGreaterThan(10);
    const page2 = await admin.get<{ list: { id: string }[] }>('/api/admin/getauditlog?count=3&page=2');
    expect(page2.data.list).toHaveLength(3);
    const byDeputy = await admin.get<{ list: { action: string; admin_email: string }[] }>('/api/admin/getauditlog?admin=DEPUTY@example.com&action=approve_adjustment');
    expect(byDeputy.data.list.length).toBeGreaterThan(0);
    expect(byDeputy.data.list.every((e) => e.admin_email === 'deputy@example.com' && e.action === 'approve_adjustment')).toBe(true);
    const byTarget = await admin.get<{ total: number }>(`/api/admin/getauditlog?target=${uid}`);
    expect(byTarget.data.total).toBe(7);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get<{ total: number }>(`/api/admin/getauditlog?from=${today}&to=${today}`)).data.total).toBe(all.data.total);
    expect((await admin.get<{ total: number }>('/api/admin/getauditlog?to=2020-01-01')).data.total).toBe(0);
    const actions = await admin.get<string[]>('/api/admin/getauditactions');
    expect(actions.data).toEqual(expect.arrayContaining(['BanUser', 'UpdateBalance', 'approve_adjustment', 'setrole']));
  });
});

describe('a second factor for the back office', () => {
  it('asks a staff account without an authenticator to bind one (1051) before any back-office call, and its first binding locks nothing', async () => {
    const { db: own, app: ownApp, mail } = await mailedApp();
    // Made as the CLI's create-admin and the first start make one: a password, no authenticator.
    await createAdmin(own, 'new-boss@example.com', 'admin', PASSWORD);
    await createAdmin(own, 'new-help@example.com', 'support', PASSWORD);
    const boss = browser(ownApp);
    const signedIn = await loginByEmail(boss, 'new-boss@example.com', PASSWORD);
    expect(signedIn).toMatchObject({ code: 200, data: { role: 'admin', redirect_url: '/admin', goole_auth: false } });
    for (const [method, path] of [
      ['GET', '/api/admin/findusers?keyword=new-boss&by=email'],
      ['GET', '/api/admin/getstafflist'],
      ['POST', '/api/admin/ClearCache'],
      ['GET', '/api/admin/getannouncementlist?page=1&count=10'],
    ] as const) {
      const answer = method === 'GET' ? await boss.get(path) : await boss.post(path);
      expect(answer.code, path).toBe(1051);
    }
    expect(await own.selectFrom('admin_audit').select('action').execute()).toEqual([]);
    const help = browser(ownApp);
    expect((await loginByEmail(help, 'new-help@example.com', PASSWORD)).code).toBe(200);
    expect((await help.get('/api/admin/findusers?keyword=new-boss&by=email')).code).toBe(1051);
    // An ordinary user is still just forbidden; the role check comes first.
    expect((await help.post('/api/admin/ClearCache')).code).toBe(218);

    // The security centre stays open to it: the authenticator is bound there.
    const { data } = await boss.get<{ secret: string }>('/api/security/getgooglesecret');
    expect((await boss.post('/api/security/sendemailcode', { action: 'bind_google' })).code).toBe(200);
    const bound = await boss.post('/api/security/bindgoogle', { google_code: await totp(data.secret), email_code: codeIn(mail.last('new-boss@example.com')) });
    expect(bound.code, JSON.stringify(bound)).toBe(200);
    expect((await boss.get('/api/admin/findusers?keyword=new-boss&by=email')).code).toBe(200);
    // A first authenticator is no security change that locks withdrawals (locksWithdrawals).
    expect((await boss.get('/api/user/info')).data).toMatchObject({ goole_auth: true, withdraw_locked_until: 0 });
    // From now on the sign-in asks the authenticator's code.
    expect((await loginByEmail(browser(ownApp), 'new-boss@example.com', PASSWORD)).code).toBe(1030);
  });
});
