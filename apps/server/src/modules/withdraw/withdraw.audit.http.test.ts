import { AppError, parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginByEmail, loginStaff } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, sendWithdrawals, testWallet, trackWithdrawals } from '../../../test/factories.ts';
import { codeIn, testMailServer } from '../../../test/mail.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';

/**
 * The pool config's withdrawal audit (spec doc 1 §3 'Mining pool config'; issue 22): a coin whose
 * pools all have it off sends its users' withdrawals without the back-office review; one pool
 * with it on keeps the review. Over HTTP as the web app calls it (real sign-in, e-mailed codes).
 */

let db: Db;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let user: Browser;
let admin: Browser;
let userId = '';
let addressId = '';
const userEmail = 'audit-user@example.com';
const devnet = () => devnetRegistry(db, TEST_SECRET);

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  const app = await testApp(db, { smtpUrl: mail.url, withdrawSendDelayHours: 24 });
  await db.updateTable('coins').set({ confirmation: 2 }).where('type', '=', 'CHIA').execute();
  user = browser(app);
  await activeUser(db, user, mail, userEmail);
  expect((await loginByEmail(user, userEmail)).code).toBe(200);
  admin = browser(app);
  await activeUser(db, admin, mail, 'audit-admin@example.com');
  await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'audit-admin@example.com').execute();
  await loginStaff(db, admin, 'audit-admin@example.com');
  userId = (await db.selectFrom('users').select('id').where('email', '=', userEmail).executeTakeFirstOrThrow()).id;
  await deposit(userId, '10');
  const code = await emailCode('address');
  const added = await user.post<{ id: string }>('/api/user/addwithdrawaddress', {
    coin: 'CHIA',
    address: devnetAddress('outside', 'CHIA', 'audit-cold'),
    remark: '',
    email_code: code,
  });
  expect(added.code).toBe(200);
  addressId = added.data.id;
});

async function deposit(to: string, amount: string) {
  const units = parseAmount(amount, 12);
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -units },
        { account: { kind: 'user', userId: to, coin: 'CHIA', bucket: 'available' }, amount: units },
      ],
    }),
  );
}

async function emailCode(action: string): Promise<string> {
  await db.deleteFrom('message_log').execute();
  expect((await user.post('/api/security/sendemailcode', { action })).code).toBe(200);
  return codeIn(mail.last(userEmail));
}

let seq = 0;
async function withdraw(amount: string) {
  return user.post<{ id: string }>('/api/assets/withdraw', {
    coin: 'CHIA',
    address_id: addressId,
    amount,
    request_id: `audit-http-${++seq}`,
    email_code: await emailCode('withdraw'),
  });
}

/** The back office sets the withdrawal audit of the given CHIA pools (the others as they are). */
async function setAudit(audits: Record<string, boolean>) {
  for (const [pool, on] of Object.entries(audits)) expect((await admin.post('/api/admin/updatepoolconfig', { pool, withdraw_audit: on })).code).toBe(200);
}

const status = async (id: string) => await db.selectFrom('withdrawals').select(['status', 'reviewed_by', 'send_after']).where('id', '=', id).executeTakeFirstOrThrow();
const currencyAudit = async () =>
  (await user.get<{ currency: { type: string; withdraw_audit: boolean }[] }>('/api/assets/totalassets')).data.currency.find((c) => c.type === 'CHIA')?.withdraw_audit;
const auditQueue = async () => (await admin.get<{ list: { id: string }[] }>('/api/admin/getauditingwithdrawlogs')).data.list.map((w) => w.id);

describe('a withdrawal and its pools’ withdrawal audit', () => {
  it('with the audit on (the default) waits for the back office’s review, and the user may cancel it', async () => {
    expect(await currencyAudit()).toBe(true);
    const answer = await withdraw('1');
    expect(answer.code).toBe(200);
    expect((await status(answer.data.id)).status).toBe('AUDITING');
    expect(await auditQueue()).toContain(answer.data.id);
    expect((await user.post('/api/assets/revocationwithdraw', { id: answer.data.id })).code).toBe(200);
  });

  it('with every pool of the coin off is sent without review: no review queue, no cancel by the user, sent by the next sender tick, the ledger balanced', async () => {
    await setAudit({ chia: false, chiapp: false, chiavip: false });
    expect(await currencyAudit()).toBe(false);
    const answer = await withdraw('2');
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    const id = answer.data.id;
    const row = await status(id);
    // Past review at once (no T+1 delay: the configured 24 h send delay is the review's).
    expect(row).toMatchObject({ status: 'SENT_PENDING', reviewed_by: null });
    expect(row.send_after?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await auditQueue()).not.toContain(id);
    // Nothing to approve: the review skips it.
    expect((await admin.post<{ done: string[] }>('/api/admin/auditwithdrawbalance', { id, approve: true })).data.done).toEqual([]);
    expect((await user.post('/api/assets/revocationwithdraw', { id })).code).toBe(10201);
    const log = await user.get<{ list: { id: string; status: string }[] }>('/api/log/withdraw?coin=CHIA');
    expect(log.data.list.find((w) => w.id === id)?.status).toBe('SENT_PENDING');
    // Held meanwhile: 10 − 2.
    expect(
      (await user.get<{ list: { type: string; available: string; withdrawing: string }[] }>('/api/assets/totalassets')).data.list.find((c) => c.type === 'CHIA'),
    ).toMatchObject({
      available: '8',
      withdrawing: '2',
    });
    const chains = devnet();
    expect(await sendWithdrawals(db, chains)).toBe(1);
    const { confirmation } = await db.selectFrom('coins').select('confirmation').where('type', '=', 'CHIA').executeTakeFirstOrThrow();
    for (let i = 0; i <= confirmation; i++) await chains.tick('CHIA');
    await trackWithdrawals(db, chains);
    const sent = await user.get<{ list: { id: string; status: string; txid: string }[] }>('/api/log/withdraw?status=SENT');
    expect(sent.data.list.find((w) => w.id === id)?.txid).toMatch(/^[0-9a-f]{64}$/);
    expect((await user.get<{ list: { type: string; available: string; total: string }[] }>('/api/assets/totalassets')).data.list.find((c) => c.type === 'CHIA')).toMatchObject({
      available: '8',
      total: '8',
    });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('still honours the 24-hour lock after a security change without the review', async () => {
    await db
      .updateTable('users')
      .set({ security_changed_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', userId)
      .execute();
    expect((await withdraw('1')).code).toBe(1038);
    await db.updateTable('users').set({ security_changed_at: null }).where('id', '=', userId).execute();
  });

  it('with one pool of the coin on is still reviewed', async () => {
    await setAudit({ chiapp: true });
    expect(await currencyAudit()).toBe(true);
    const answer = await withdraw('1');
    expect((await status(answer.data.id)).status).toBe('AUDITING');
    expect(await auditQueue()).toContain(answer.data.id);
    await setAudit({ chiapp: false });
  });
});

describe('two withdrawals racing on one balance without review', () => {
  it('never overdraw: one is sent, the other refused for the balance, nothing negative', async () => {
    await setAudit({ chia: false, chiapp: false, chiavip: false });
    const owner = await buildUser(db);
    await deposit(owner.id, '3');
    const wallet = testWallet(db, devnet());
    const address = await wallet.addAddress(owner.id, { coin: 'CHIA', address: devnetAddress('outside', 'CHIA', 'audit-race'), remark: '', memo: '' });
    const outcomes = await Promise.allSettled(
      ['a', 'b'].map((k) => wallet.withdraw(owner.id, { coin: 'CHIA', address_id: address.id, amount: '2', request_id: `audit-race-${k}` })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason instanceof AppError && refused.reason.errorName).toBe('BALANCE_INSUFFICIENT');
    const rows = await db.selectFrom('withdrawals').select('status').where('user_id', '=', owner.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['SENT_PENDING']);
    const balance = (await userBalances(db, owner.id)).get('CHIA');
    expect(balance?.available).toBe(parseAmount('1', 12));
    expect(balance?.withdraw_hold).toBe(parseAmount('2', 12));
    expect(await checkLedger(db)).toEqual([]);
  });
});
