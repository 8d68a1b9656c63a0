import { parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, testWallet } from '../../../test/factories.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry } from '../../chain/chain.ts';
import { devnetAddress, devnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { custodyQueue, MAX_SEND_ATTEMPTS, returnWithdrawal, sendDue } from './sending.ts';
import { auditWithdrawals, parseSchedule } from './withdraw.service.ts';

/**
 * sendDue isolates each withdrawal (issue 19): one whose send keeps failing is retried a bounded
 * number of times with backoff, then left for the operator, while the others are sent.
 */

let db: Db;
let devnet: ReturnType<typeof devnetRegistry>;
const schedule = parseSchedule('17:00', '+00:00', 0);

beforeAll(async () => {
  ({ db } = await testDatabase());
  devnet = devnetRegistry(db, 'x');
});

/** The devnet's wallet, except that it fails every payment to `bad` as `fail` says (a wallet refusing one address, or unreachable for it). */
function failingFor(bad: string, fail: 'refuse' | 'unreachable'): ChainRegistry {
  return {
    adapter(coin) {
      const real = devnet.adapter(coin);
      const wrapped: ChainAdapter = Object.create(real) as ChainAdapter;
      wrapped.send = async (request) => {
        if (request.to === bad) throw new SendRefusedError(`Can't send more than 0 mojos in a single transaction, got ${request.amount}`, true);
        return real.send(request);
      };
      wrapped.findSent = async (payment) => {
        if (payment.to === bad && fail === 'unreachable') throw new Error('connect ECONNREFUSED 127.0.0.1:9256');
        return real.findSent(payment);
      };
      return wrapped;
    },
  };
}

let seq = 0;
/** Approved withdrawals of 1 XCH to `addresses`, in this order (ids ascending). */
async function approved(addresses: string[]): Promise<string[]> {
  const admin = await buildUser(db, { role: 'admin' });
  const wallet = testWallet(db, devnet, schedule);
  const ids: string[] = [];
  for (const to of addresses) {
    const user = await buildUser(db);
    const amount = parseAmount('3', 12);
    await db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'deposit',
        postings: [
          { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -amount },
          { account: { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, amount },
        ],
      }),
    );
    const address = await wallet.addAddress(user.id, { coin: 'CHIA', address: to, remark: '', memo: '' });
    ids.push((await wallet.withdraw(user.id, { coin: 'CHIA', address_id: address.id, amount: '1', request_id: `send-request-${++seq}` })).id);
  }
  expect((await auditWithdrawals(db, schedule, admin.id, ids, true, '')).done).toEqual(ids);
  return ids;
}

const row = (id: string) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(['refuse', 'unreachable'] as const)('a withdrawal whose send fails (%s)', (fail) => {
  it('is retried with backoff a bounded number of times, then left FAILED for the operator, while the later ones are sent', async () => {
    const bad = devnetAddress('elsewhere', 'CHIA', `bad-${fail}`);
    const [first, second, third] = await approved([bad, devnetAddress('elsewhere', 'CHIA', `ok1-${fail}`), devnetAddress('elsewhere', 'CHIA', `ok2-${fail}`)]);
    const chains = failingFor(bad, fail);
    let now = new Date(Date.now() + 1000);
    // The first fails: the later two are sent, and nothing is thrown at the worker.
    expect(await sendDue(db, chains, now)).toBe(2);
    for (const id of [second, third]) expect((await row(id as string)).txid).toMatch(/^[0-9a-f]{64}$/);
    const once = await row(first as string);
    expect(once).toMatchObject({ status: 'SENT_PENDING', send_attempts: 1, txid: '' });
    expect(once.last_send_error).not.toBe('');
    expect(once.reason).toMatch(/^retrying \(attempt 1 of 5\)/);
    // Within its backoff it is not tried again.
    now = new Date(now.getTime() + 30_000);
    await sendDue(db, chains, now);
    expect((await row(first as string)).send_attempts).toBe(1);
    // After each backoff it is tried again, until it is left for the operator.
    for (let i = 1; i < MAX_SEND_ATTEMPTS; i++) {
      now = new Date(now.getTime() + 2 * 3600_000);
      await sendDue(db, chains, now);
    }
    const given = await row(first as string);
    expect(given).toMatchObject({ status: 'FAILED', send_attempts: MAX_SEND_ATTEMPTS, sending_at: null, txid: '' });
    expect(given.reason).toMatch(/^gave up after 5 attempts/);
    expect((await custodyQueue(db)).map((w) => w.id)).toContain(first);
    await sendDue(db, chains, new Date(now.getTime() + 24 * 3600_000));
    expect((await row(first as string)).send_attempts).toBe(MAX_SEND_ATTEMPTS);
    // The operator returns it: the user has the amount back, and the ledger balances.
    await returnWithdrawal(db, chains, null, first as string, 'address refused');
    expect((await row(first as string)).status).toBe('CANCELED');
    expect(await checkLedger(db)).toEqual([]);
  });
});
