import { parseAmount } from '@platter/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeUser, loginStaff } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, testWallet } from '../../../test/factories.ts';
import { testMailServer } from '../../../test/mail.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { parseSchedule } from './withdraw.service.ts';

/** The back office's withdrawal review and cancel over HTTP: each change and its audit entry commit together (issue 19). */

let db: Db;
let admin: Browser;
let wallet: ReturnType<typeof testWallet>;

beforeAll(async () => {
  ({ db } = await testDatabase());
  const mail = await testMailServer();
  const app = await testApp(db, { smtpUrl: mail.url, withdrawSendDelayHours: 0 });
  admin = browser(app);
  await activeUser(db, admin, mail, 'review-admin@example.com');
  await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'review-admin@example.com').execute();
  await loginStaff(db, admin, 'review-admin@example.com');
  wallet = testWallet(db, devnetRegistry(db, 'x'), parseSchedule('17:00', '+00:00', 0));
});

let seq = 0;
/** A user's withdrawal of 1 XCH waiting for review. */
async function pendingWithdrawal(): Promise<string> {
  const user = await buildUser(db);
  const amount = parseAmount('5', 12);
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      kind: 'deposit',
      postings: [
        { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -amount },
        { account: { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, amount },
      ],
    }),
  );
  const address = await wallet.addAddress(user.id, { coin: 'CHIA', address: devnetAddress('elsewhere', 'CHIA', `review-${++seq}`), remark: '', memo: '' });
  return (await wallet.withdraw(user.id, { coin: 'CHIA', address_id: address.id, amount: '1', request_id: `review-req-${seq}` })).id;
}

const status = async (id: string) => (await db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const auditTargets = async (action: string) => (await db.selectFrom('admin_audit').select('target').where('action', '=', action).orderBy('id').execute()).map((r) => r.target);

/** Makes the audit log refuse entries of `action` while `run` runs (a failing audit write). */
async function withAuditRefusing<T>(action: string, run: () => Promise<T>): Promise<T> {
  await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`.execute(db);
  await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit FOR EACH ROW WHEN (NEW.action = ${sql.lit(action)}) EXECUTE FUNCTION refuse_audit()`.execute(db);
  try {
    return await run();
  } finally {
    await sql`DROP TRIGGER refuse_audit ON admin_audit`.execute(db);
    await sql`DROP FUNCTION refuse_audit()`.execute(db);
  }
}

describe('the withdrawal review’s audit', () => {
  it('names as targets only the withdrawals a batch approval changed, not the ones it skipped', async () => {
    const [a, b] = [await pendingWithdrawal(), await pendingWithdrawal()];
    expect((await admin.post('/api/admin/auditwithdrawbalance', { id: b, approve: true })).code).toBe(200);
    const batch = await admin.post<{ done: string[]; skipped: { id: string }[] }>('/api/admin/auditbatchwithdrawbalance', { ids: [a, b], approve: true });
    expect(batch.data.done).toEqual([a]);
    expect(batch.data.skipped.map((s) => s.id)).toEqual([b]);
    expect(await auditTargets('approve_withdrawal')).toEqual([`withdrawal:${b}`, `withdrawal:${a}`]);
  });

  it('commits no approval whose audit entry could not be written', async () => {
    const id = await pendingWithdrawal();
    const answer = await withAuditRefusing('approve_withdrawal', () => admin.post('/api/admin/auditwithdrawbalance', { id, approve: true }));
    expect(answer.code).not.toBe(200);
    expect(await status(id)).toBe('AUDITING');
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('the operator’s cancel audit', () => {
  it('names as targets only the withdrawals a batch cancel changed', async () => {
    const [a, b] = [await pendingWithdrawal(), await pendingWithdrawal()];
    expect((await admin.post('/api/admin/auditcancelwithdrawbalance', { id: b, reason: 'asked by the user' })).code).toBe(200);
    const batch = await admin.post<{ done: string[] }>('/api/admin/auditbatchcancelwithdrawbalance', { ids: [a, b], reason: 'asked again' });
    expect(batch.data.done).toEqual([a]);
    expect(await auditTargets('cancel_withdrawal')).toEqual([`withdrawal:${b}`, `withdrawal:${a}`]);
  });

  it('commits no cancel (and returns no funds) whose audit entry could not be written', async () => {
    const id = await pendingWithdrawal();
    const answer = await withAuditRefusing('cancel_withdrawal', () => admin.post('/api/admin/auditcancelwithdrawbalance', { id, reason: 'asked by the user' }));
    expect(answer.code).not.toBe(200);
    expect(await status(id)).toBe('AUDITING');
    expect(await checkLedger(db)).toEqual([]);
  });
});
