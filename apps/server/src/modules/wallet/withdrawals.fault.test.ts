import { parseAmount } from '@platter/domain';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { walletService } from './wallet.service.ts';
import { parseSchedule } from './withdrawals.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/review-batch.ts');

let db: Db;
let url: string;

beforeAll(async () => {
  ({ db, url } = await testDatabase());
});

/** Runs the review batch in a child process; kills it with SIGKILL `killAfterMs` after it is ready (never when null). */
function runBatch(adminId: string, killAfterMs: number | null): Promise<'done' | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, url, adminId], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  it('sends every withdrawal exactly once after restarts, and the ledger still balances', async () => {
    const admin = await buildUser(db, { role: 'admin' });
    const schedule = parseSchedule('17:00', '+00:00', 0);
    const wallet = walletService({ db, chains: devnetRegistry(db, 'x'), schedule, verify: (_u, _a, _c, work) => db.transaction().execute(work) });
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

    let kills = 0;
    for (let attempt = 0; attempt < 8; attempt++) {
      const outcome = await runBatch(admin.id, 40 + Math.floor(Math.random() * 400));
      if (outcome === 'killed') kills++;
    }
    expect(kills).toBeGreaterThan(0);
    expect(await runBatch(admin.id, null)).toBe('done');

    const rows = await db.selectFrom('withdrawals').select(['id', 'status', 'txid', 'received']).where('id', 'in', ids).execute();
    expect(rows.every((w) => w.status === 'SENT')).toBe(true);
    const payments = await db.selectFrom('devnet_transactions').select(['client_id', 'txid', 'amount']).where('client_id', 'like', 'withdrawal:%').execute();
    expect(payments).toHaveLength(ids.length);
    const byClient = new Map(payments.map((p) => [p.client_id, p]));
    for (const w of rows) {
      const paid = byClient.get(`withdrawal:${w.id}`);
      expect(paid?.txid).toBe(w.txid);
      expect(paid?.amount).toBe(w.received);
    }
    expect(await checkLedger(db)).toEqual([]);
  });
});
