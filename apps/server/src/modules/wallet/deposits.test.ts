import { AppError, errorMessageByName, parseAmount, transfer } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, testWallet } from '../../../test/factories.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { postTransaction, userBalances } from '../../ledger/ledger.service.ts';
import { rechargeAddress, scanDeposits } from './deposits.ts';

let db: Db;
let chains: DevnetRegistry;

beforeAll(async () => {
  ({ db } = await testDatabase());
  chains = devnetRegistry(db, 'deposits-test');
  await db.updateTable('coins').set({ confirmation: 3 }).where('type', '=', 'CHIA').execute();
});

const available = async (userId: string) => (await userBalances(db, userId, 'CHIA')).get('CHIA')?.available ?? 0n;
const height = async () => chains.adapter('CHIA').height();

describe('deposits and reorganisations', () => {
  it('never credits a deposit a reorganisation dropped; a later confirmed transfer is credited as usual', async () => {
    const user = await buildUser(db);
    const { address } = await rechargeAddress(db, chains, user.id, 'CHIA');
    await chains.tick('CHIA');
    const fork = await height();
    const sent = await chains.receive('CHIA', address, parseAmount('2.5', 12));
    await chains.tick('CHIA');
    expect((await scanDeposits(db, chains, 'CHIA')).seen).toBe(1);
    // The block with the deposit is reorganised away; the chain grows past its confirmations.
    await chains.reorg('CHIA', fork);
    for (let i = 0; i < 6; i++) await chains.tick('CHIA');
    expect((await scanDeposits(db, chains, 'CHIA')).credited).toBe(0);
    expect(await available(user.id)).toBe(0n);
    const row = await db.selectFrom('deposits').select(['status', 'txid']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'dropped', txid: sent.txid });

    // A later transfer to the same address, confirmed, is credited as usual.
    await chains.receive('CHIA', address, parseAmount('1', 12));
    for (let i = 0; i < 4; i++) await chains.tick('CHIA');
    expect((await scanDeposits(db, chains, 'CHIA')).credited).toBe(1);
    expect(await available(user.id)).toBe(parseAmount('1', 12));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses a platform deposit address as a withdrawal target (an internal transfer does it), also for an address saved before the rule', async () => {
    const wallet = testWallet(db, chains);
    const owner = await buildUser(db);
    const sender = await buildUser(db);
    const { address } = await rechargeAddress(db, chains, owner.id, 'CHIA');
    const refused = await wallet.addAddress(sender.id, { coin: 'CHIA', address, remark: '', memo: '' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('WITHDRAW_TO_DEPOSIT_ADDRESS');
    expect(errorMessageByName('WITHDRAW_TO_DEPOSIT_ADDRESS', 'en')).toContain('internal transfer');
    const saved = await db.insertInto('withdraw_addresses').values({ user_id: sender.id, coin: 'CHIA', address }).returning('id').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'deposit',
        postings: transfer({ kind: 'system', code: 'chain', coin: 'CHIA' }, { kind: 'user', userId: sender.id, coin: 'CHIA', bucket: 'available' }, parseAmount('5', 12)),
      }),
    );
    const withdraw = await wallet.withdraw(sender.id, { coin: 'CHIA', address_id: saved.id, amount: '1', request_id: 'to-deposit-1' }).catch((e: unknown) => e);
    expect((withdraw as AppError).errorName).toBe('WITHDRAW_TO_DEPOSIT_ADDRESS');
    expect(await available(sender.id)).toBe(parseAmount('5', 12));
  });
});
