import { expect } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { devnetAddress } from '../../chain/devnet.ts';
import { pocDevnet } from '../../chain/poc-devnet.ts';
import { advanceBindings, advanceRecords, bindSourceAddress, listRecords, listSourceAddresses, type PointingChain } from './pointing.service.ts';

/** A fresh database with the devnet BHD chain, and a coin owner's steps on it (the pointing tests after the first). */
export async function pointingFixture() {
  const { db, url } = await testDatabase();
  const COIN = 'BHD';
  const BHD = 100_000_000n;
  const devnet = pocDevnet(db, COIN, { secret: TEST_SECRET, blockSeconds: 60, networkNonces: 64, scale: 8 });
  const pool = devnetAddress(TEST_SECRET, COIN, 'poc-pool:test');
  const pc: PointingChain = { coin: COIN, chain: devnet, poolAddress: pool, devnet };
  const chains = new Map([[COIN, pc]]);
  const source = (key: string) => devnetAddress(TEST_SECRET, COIN, `owner:${key}`);
  const mine = async (blocks = 1) => {
    for (let i = 0; i < blocks; i++) await devnet.advance(new Date(), { force: true });
  };
  const follow = async () => ({ bindings: await advanceBindings(db, pc), records: await advanceRecords(db, pc) });
  const recordsOf = async (userId: string) => (await listRecords(db, chains, { userId }, { page: 1, count: 50 })).list;
  /** Binds `key`'s address for the user, confirms it with a point of `amount` BHD, and follows until its record is valid (the user's balance must hold the margin). */
  async function validRecord(userId: string, key: string, amount = 100n) {
    const bound = await bindSourceAddress(db, chains, userId, { coin: COIN, source_address: source(key), remark: '' });
    await devnet.sendPoint(source(key), pool, amount * BHD);
    await mine();
    await follow();
    expect((await listSourceAddresses(db, userId, COIN, { page: 1, count: 50 })).list.find((a) => a.id === bound.id)?.status).toBe('CONFIRMED');
    const record = (await recordsOf(userId)).find((r) => r.source_address === source(key));
    expect(record?.status).toBe('POINT_VALID');
    return record!;
  }
  await mine(2);
  return { db, url, COIN, BHD, devnet, pool, pc, chains, source, mine, follow, recordsOf, validRecord };
}
