import { parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
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
});
