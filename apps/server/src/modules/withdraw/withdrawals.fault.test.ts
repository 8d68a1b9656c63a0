import { parseAmount } from '@platter/domain';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, testWallet } from '../../../test/factories.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { reconcileUnknown, resendWithdrawal, trackSent } from './sending.ts';
import { parseSchedule } from './withdraw.service.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/review-batch.ts');

let db: Db;
let url: string;

beforeAll(async () => {
  ({ db, url } = await testDatabase());
});

/** Runs the review batch in a child process; kills it with SIGKILL `killAfterMs` after it is ready (never when null). */
function runBatch(adminId: string, killAfterMs: number | null, mode = ''): Promise<'done' | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, url, adminId, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAfterMs !== null && output.includes('READY') && !timer) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0 && output.includes('DONE')) resolve('done');
      else reject(new Error(`review batch exited with ${code}:\n${output}`));
    });
  });
}

describe('a review batch killed at random points', () => {
  it('sends every withdrawal exactly once after restarts (a kill -9 between a payment and its record too), and the ledger still balances', async () => {
    const admin = await buildUser(db, { role: 'admin' });
    const schedule = parseSchedule('17:00', '+00:00', 0);
    const wallet = testWallet(db, devnetRegistry(db, 'x'), schedule);
    const ids: string[] = [];
    for (let u = 0; u < 6; u++) {
      const user = await buildUser(db);
      await db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'deposit',
          postings: [
            { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -parseAmount('100', 12) },
            { account: { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, amount: parseAmount('100', 12) },
          ],
        }),
      );
      const { id: addressId } = await wallet.addAddress(user.id, { coin: 'CHIA', address: devnetAddress('fault', 'CHIA', `u${u}`), remark: '', memo: '' });
      for (let i = 0; i < 5; i++) ids.push((await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: `${i + 1}`, request_id: `fault-${u}-${i}` })).id);
    }

    // kill -9 right after the first payment, before the database records it.
    expect(await runBatch(admin.id, null, 'kill-after-send')).toBe('killed');
    const paidFirst = await db.selectFrom('devnet_transactions').select(['client_id', 'txid']).where('client_id', 'is not', null).execute();
    expect(paidFirst).toHaveLength(1);
    let kills = 1;
    for (let attempt = 0; attempt < 8; attempt++) {
      const outcome = await runBatch(admin.id, 40 + Math.floor(Math.random() * 400));
      if (outcome === 'killed') kills++;
    }
    expect(await runBatch(admin.id, null)).toBe('done');
    expect(kills).toBeGreaterThan(1);

    // A send killed before its payment left looks, on restart, like one of unknown outcome: it
    // waits for the operator, who resends it once the wallet shows no payment.
    const chains = devnetRegistry(db, 'x');
    await reconcileUnknown(db, chains);
    for (const w of await db.selectFrom('withdrawals').select('id').where('status', '=', 'SEND_UNKNOWN').execute()) {
      expect(await resendWithdrawal(db, chains, admin.id, w.id)).toBe('resend');
    }
    expect(await runBatch(admin.id, null)).toBe('done');

    const rows = await db.selectFrom('withdrawals').select(['id', 'status', 'txid', 'received', 'payment_id']).where('id', 'in', ids).execute();
    expect(rows.map((w) => w.status)).toEqual(rows.map(() => 'SENT_PENDING'));
    const payments = await db.selectFrom('devnet_transactions').select(['client_id', 'txid', 'amount']).where('client_id', 'is not', null).execute();
    expect(payments).toHaveLength(ids.length);
    const byPayment = new Map(payments.map((p) => [p.client_id, p]));
    for (const w of rows) {
      const paid = byPayment.get(w.payment_id);
      expect(paid?.txid).toBe(w.txid);
      expect(paid?.amount).toBe(w.received);
    }
    // The first payment, killed before it was recorded, was found again, not paid twice.
    expect(rows.some((w) => w.txid === paidFirst[0]?.txid)).toBe(true);
    for (let i = 0; i < 35; i++) await chains.tick('CHIA');
    await trackSent(db, chains);
    expect((await db.selectFrom('withdrawals').select('status').where('id', 'in', ids).execute()).every((w) => w.status === 'SENT')).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  }, 180_000);
});
