import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeUser, countRows, loginByEmail, loginStaff } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { sendWithdrawals, testSchedule, trackWithdrawals } from '../../../test/factories.ts';
import { codeIn, testMailServer } from '../../../test/mail.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import { scanDeposits } from './deposits.ts';
import { runPendingExports } from '../exports/exports.service.ts';
import { runAutoPayFor } from './autopay.ts';

/** The wallet through HTTP as the web app calls it: real sign-in, real e-mailed codes, CSRF. */

let db: Db;
let app: ZodApp;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let user: Browser;
let admin: Browser;
let userEmail: string;

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  app = await testApp(db, { smtpUrl: mail.url, withdrawSendDelayHours: 0 });
  await db.updateTable('coins').set({ confirmation: 2 }).where('type', '=', 'CHIA').execute();
  userEmail = 'wallet-user@example.com';
  user = browser(app);
  await activeUser(db, user, mail, userEmail);
  expect((await loginByEmail(user, userEmail)).code).toBe(200);
  admin = browser(app);
  await activeUser(db, admin, mail, 'wallet-admin@example.com');
  await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'wallet-admin@example.com').execute();
  await loginStaff(db, admin, 'wallet-admin@example.com');
});

beforeEach(async () => {
  await db.deleteFrom('message_log').execute();
});

async function emailCode(b: Browser, email: string, action: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await b.post('/api/security/sendemailcode', { action });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

describe('a user’s wallet over HTTP', () => {
  let addressId = '';
  let withdrawalId = '';

  it('shows a deposit address and credits a devnet deposit after its confirmations', async () => {
    const deposit = await user.get<{ address: string; confirmation: number }>('/api/assets/rechargeaddress?coin=CHIA');
    expect(deposit).toMatchObject({ code: 200, data: { confirmation: 2 } });
    const sent = await user.post<{ txid: string }>('/api/dev/devnet/send', { coin: 'CHIA', address: deposit.data.address, amount: '12.5' });
    expect(sent.code).toBe(200);
    const devnet = devnetRegistry(db, TEST_SECRET);
    await devnet.tick('CHIA');
    await scanDeposits(db, devnet, 'CHIA');
    const pending = await user.get<{ list: { status: string; confirmations: number }[] }>('/api/log/recharge?coin=CHIA');
    expect(pending.data.list[0]).toMatchObject({ status: 'pending', confirmations: 1 });
    await devnet.tick('CHIA');
    await scanDeposits(db, devnet, 'CHIA');
    const assets = await user.get<{ list: { type: string; available: string; total: string }[] }>('/api/assets/totalassets');
    expect(assets.data.list.find((c) => c.type === 'CHIA')).toMatchObject({ available: '12.5', total: '12.5' });
  });

  it('needs the security verification to add an address, and checks its format', async () => {
    const address = devnetAddress('outside', 'CHIA', 'cold-wallet');
    const missing = await user.post('/api/user/addwithdrawaddress', { coin: 'CHIA', address, remark: 'cold' });
    expect(missing).toMatchObject({ code: 231, data: { missing: ['email'] } });
    const code = await emailCode(user, userEmail, 'address');
    expect((await user.post('/api/user/addwithdrawaddress', { coin: 'CHIA', address: 'xch1bad', remark: 'cold', email_code: code })).code).toBe(210);
    const tooLong = await user.post('/api/user/addwithdrawaddress', { coin: 'CHIA', address, remark: 'r'.repeat(33), email_code: code });
    expect(tooLong.code).toBe(217);
    const added = await user.post<{ id: string }>('/api/user/addwithdrawaddress', { coin: 'CHIA', address, remark: 'cold', email_code: code });
    expect(added.code).toBe(200);
    addressId = added.data.id;
    // The code worked once.
    expect((await user.post('/api/user/addwithdrawaddress', { coin: 'CHIA', address: devnetAddress('outside', 'CHIA', 'other'), email_code: code })).code).not.toBe(200);
    expect((await user.post('/api/user/updatewithdrawaddressremark', { id: addressId, remark: 'ledger' })).code).toBe(200);
    const book = await user.get<{ remark: string }[]>('/api/user/withdrawaddresses?coin=CHIA');
    expect(book.data.map((a) => a.remark)).toEqual(['ledger']);
  });

  it('needs the security verification to turn Auto Pay on or change its shares, and refuses it during the 24-hour lock (issue 17)', async () => {
    const body = { coin: 'CHIA', enabled: true, recipients: [{ address_id: addressId, ratio: 10000, min_pay: '0' }] };
    const missing = await user.post('/api/user/SetAutoWithdrawAddress', body);
    expect(missing).toMatchObject({ code: 231, data: { missing: ['email'] } });
    expect((await user.get<{ enabled: boolean }>('/api/user/GetAutoWithdrawAddresses?coin=CHIA')).data.enabled).toBe(false);
    // During the lock after a security change, even with the code.
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(Date.now() - 3600_000) })
      .where('email', '=', userEmail)
      .execute();
    const locked = await user.post('/api/user/SetAutoWithdrawAddress', { ...body, email_code: await emailCode(user, userEmail, 'autopay') });
    expect(locked.code).toBe(1038);
    await db.updateTable('users').set({ security_changed_at: null }).where('email', '=', userEmail).execute();
    const saved = await user.post('/api/user/SetAutoWithdrawAddress', { ...body, email_code: await emailCode(user, userEmail, 'autopay') });
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    expect((await user.get<{ enabled: boolean }>('/api/user/GetAutoWithdrawAddresses?coin=CHIA')).data).toMatchObject({ enabled: true, last_run_at: null, last_outcome: null });
    // A run during the lock after a security change skips; the GET call says when and why.
    const { id: userId } = await db.selectFrom('users').select('id').where('email', '=', userEmail).executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', userId)
      .execute();
    const ranAt = new Date();
    expect((await runAutoPayFor(db, testSchedule(), userId, 'CHIA', ranAt))?.outcome).toBe('security_locked');
    await db.updateTable('users').set({ security_changed_at: null }).where('id', '=', userId).execute();
    const after = await user.get<{ last_run_at: number | null; last_outcome: string | null }>('/api/user/GetAutoWithdrawAddresses?coin=CHIA');
    expect(after.data).toMatchObject({ last_run_at: Math.floor(ranAt.getTime() / 1000), last_outcome: 'security_locked' });
    // Turning it off moves income back to the balance: no verification needed.
    expect((await user.post('/api/user/SetAutoWithdrawAddress', { coin: 'CHIA', enabled: false, recipients: [] })).code).toBe(200);
  });

  it('answers bad input with the catalogue code and writes nothing', async () => {
    const before = await countRows(db, 'withdrawals');
    expect((await user.post('/api/assets/withdraw', { coin: 'CHIA', address_id: addressId, amount: 'ten', request_id: 'bad-amount-1' })).code).toBe(214);
    expect((await user.post('/api/assets/withdraw', { coin: 'CHIA', amount: '1', request_id: 'no-address-1' })).code).toBe(216);
    expect((await user.get('/api/log/asset?count=201')).code).toBe(209);
    expect((await user.get('/api/log/withdraw?count=0')).code).toBe(209);
    expect(await countRows(db, 'withdrawals')).toBe(before);
    const noCsrf = await user.post('/api/assets/revocationwithdraw', { id: '1' }, { csrf: false });
    expect(noCsrf.code).toBe(2002);
  });

  it('withdraws with the e-mail code, once per request id, and cancels before review', async () => {
    const code = await emailCode(user, userEmail, 'withdraw');
    const body = { coin: 'CHIA', address_id: addressId, amount: '2', request_id: 'http-withdraw-1', email_code: code };
    const first = await user.post<{ id: string }>('/api/assets/withdraw', body);
    expect(first.code, JSON.stringify(first)).toBe(200);
    const replay = await user.post<{ id: string }>('/api/assets/withdraw', body);
    expect(replay).toEqual(first);
    const code2 = await emailCode(user, userEmail, 'withdraw');
    const second = await user.post<{ id: string }>('/api/assets/withdraw', { ...body, amount: '3', request_id: 'http-withdraw-2', email_code: code2 });
    expect(second.code).toBe(200);
    withdrawalId = second.data.id;
    expect((await user.post('/api/assets/revocationwithdraw', { id: first.data.id })).code).toBe(200);
    const log = await user.get<{ list: { id: string; status: string; fee: string; received: string }[] }>('/api/log/withdraw?coin=CHIA');
    expect(log.data.list.map((w) => w.status)).toEqual(['AUDITING', 'CANCELED']);
    expect(log.data.list[0]).toMatchObject({ fee: '0.0001', received: '2.9999' });
  });

  it('keeps the back office to admins; an admin approves in a batch and the user sees SENT with a TXID', async () => {
    expect((await user.get('/api/admin/getauditingwithdrawlogs')).code).toBe(218);
    expect((await user.post('/api/admin/auditwithdrawbalance', { id: withdrawalId, approve: true })).code).toBe(218);
    const queue = await admin.get<{ list: { id: string; email: string }[] }>('/api/admin/getauditingwithdrawlogs');
    expect(queue.data.list.map((w) => [w.id, w.email])).toEqual([[withdrawalId, userEmail]]);
    expect((await admin.post('/api/admin/auditwithdrawbalance', { id: withdrawalId, approve: false })).code).toBe(216);
    const approved = await admin.post<{ done: string[] }>('/api/admin/auditbatchwithdrawbalance', { ids: [withdrawalId], approve: true });
    expect(approved.data.done).toEqual([withdrawalId]);
    expect((await user.post('/api/assets/revocationwithdraw', { id: withdrawalId })).code).toBe(10201);
    const devnet = devnetRegistry(db, TEST_SECRET);
    await sendWithdrawals(db, devnet);
    const sending = await user.get<{ list: { status: string; txid: string }[] }>('/api/log/withdraw?status=SENT_PENDING');
    expect(sending.data.list[0]?.txid).toMatch(/^[0-9a-f]{64}$/);
    // SENT once the chain has the coin's confirmations.
    const { confirmation } = await db.selectFrom('coins').select('confirmation').where('type', '=', 'CHIA').executeTakeFirstOrThrow();
    for (let i = 0; i <= confirmation; i++) await devnet.tick('CHIA');
    await trackWithdrawals(db, devnet);
    const log = await user.get<{ list: { id: string; status: string; txid: string }[] }>('/api/log/withdraw?status=SENT');
    expect(log.data.list).toHaveLength(1);
    expect(log.data.list[0]?.txid).toMatch(/^[0-9a-f]{64}$/);
    const assets = await user.get<{ list: { type: string; available: string; total: string }[] }>('/api/assets/totalassets');
    expect(assets.data.list.find((c) => c.type === 'CHIA')).toMatchObject({ available: '9.5', total: '9.5' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('lets an admin change the fee and adjust a balance with a reason', async () => {
    expect((await admin.post('/api/admin/updatewithdrawfee', { coin: 'CHIA', fee: '' })).code).toBe(216);
    expect((await admin.post('/api/admin/updatewithdrawfee', { coin: 'CHIA', fee: '0.0002' })).code).toBe(200);
    const currency = await user.get<{ currency: { type: string; withdraw_fee: string }[] }>('/api/assets/totalassets');
    expect(currency.data.currency.find((c) => c.type === 'CHIA')?.withdraw_fee).toBe('0.0002');
    const uid = (await db.selectFrom('users').select('uid').where('email', '=', userEmail).executeTakeFirstOrThrow()).uid;
    expect((await admin.post('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '0.5', reason: '', request_id: 'adjust-0001' })).code).toBe(216);
    expect((await admin.post('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '0.5', reason: 'goodwill', request_id: 'adjust-0001' })).code).toBe(200);
    expect((await admin.post('/api/admin/UpdateBalance', { uid, coin: 'CHIA', amount: '-100', reason: 'too much', request_id: 'adjust-0002' })).code).toBe(10101);
    const audit = await db.selectFrom('admin_audit').select(['action']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['approve_withdrawal', 'updatewithdrawfee', 'UpdateBalance']);
  });

  it('exports the bill as CSV at most once every ten minutes', async () => {
    const applied = await user.post<{ id: string; status: string }>('/api/log/ApplyForDownload', { kind: 'asset', format: 'csv', coin: 'CHIA' });
    expect(applied).toMatchObject({ code: 200, data: { status: 'pending' } });
    // Once every ten minutes per list: the bill again is refused, the withdrawals are another list.
    expect((await user.post('/api/log/ApplyForDownload', { kind: 'asset', format: 'xlsx' })).code).toBe(2005);
    // The application kicks a background build; the user polls the status until it is ready.
    await runPendingExports({ db, chains: devnetRegistry(db, TEST_SECRET) });
    const status = await vi.waitFor(
      async () => {
        const polled = await user.get<{ status: string; progress: number; rows: number }>(`/api/log/GetDownloadStatus?id=${applied.data.id}`);
        expect(polled.data).toMatchObject({ status: 'ready', progress: 100 });
        return polled;
      },
      { timeout: 10_000, interval: 50 },
    );
    const file = await user.send('GET', `/api/log/DownloadExcel?id=${applied.data.id}`);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="platter-bill-\d+\.csv"/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('time_utc,coin,kind,bucket,amount,counterparty,reference,memo');
    expect(lines.some((l) => /,CHIA,deposit,available,12\.5,/.test(l))).toBe(true);
    expect(lines.some((l) => /,CHIA,adjustment,available,0\.5,/.test(l))).toBe(true);
    expect(lines).toHaveLength(status.data.rows + 1);
    const other = browser(app);
    expect((await other.get(`/api/log/GetDownloadStatus?id=${applied.data.id}`)).code).toBe(202);
  });
});
