import { CHIA_FINDER_REWARD, utcDay } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { blockId, insertBlock, lastDecidedDay, lockPoolRow, setBlockTransaction } from './blocks.repository.ts';
import { poolRow } from './pool.repository.ts';

const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

export interface FoundBlock {
  pool: string;
  height: bigint | number;
  foundAt: Date;
  finderUserId: string | null;
  finderMinerId: string | null;
  /** The block's reward to the pool, base units. */
  reward: bigint;
  /** Pool capacity when it was found (the block record shows it). */
  capacityBytes?: bigint;
  /**
   * A real Chia chain paid the finder's 0.25 XCH to the farmer itself: `reward` is the pool's
   * part alone and nothing of it is the finder's. (The devnet books the whole block here.)
   */
  finderPaidOnChain?: boolean;
}

/**
 * The lock of a pool's days, taken by recordBlock and by the day's decision (decideDay) in
 * their transactions (issue 14): a no-key row lock on the pool, so the shares' and blocks'
 * foreign-key checks (key-share locks) never wait on it.
 */
export async function lockPoolDays(trx: Db, pool: string): Promise<void> {
  await lockPoolRow(trx, pool);
}

/**
 * Records a block the pool found (once per pool and height) and books its reward: the chain
 * pays the pool's revenue account, which the day's settlement shares out. Chia's new protocol
 * gives 0.25 XCH of each block to its finder; that part is marked on the block.
 */
export async function recordBlock(db: Db, block: FoundBlock): Promise<{ id: string; created: boolean }> {
  const pool = await poolRow(db, block.pool);
  if (!pool) throw new Error(`no pool ${block.pool}`);
  const finderReward =
    pool.protocol === 'chia-pool-v1' && block.finderUserId !== null && !block.finderPaidOnChain ? (block.reward < CHIA_FINDER_REWARD ? block.reward : CHIA_FINDER_REWARD) : 0n;
  return db.transaction().execute(async (trx) => {
    // A block recorded after its day was settled (found at 23:59, seen after 00:00) counts in
    // the first day still open, so its revenue is always shared once. The pool's day lock
    // (decideDay's) makes "settled" exact: a day being decided is waited for, then seen closed.
    await lockPoolDays(trx, block.pool);
    const closed = await lastDecidedDay(trx, block.pool);
    const foundDay = utcDay(block.foundAt);
    const day = closed && closed >= foundDay ? nextDay(closed) : foundDay;
    const inserted = await insertBlock(trx, {
      pool: block.pool,
      coin: pool.coin,
      height: block.height.toString(),
      found_at: block.foundAt,
      day,
      finder_user_id: block.finderUserId,
      finder_miner_id: block.finderMinerId,
      reward_units: block.reward,
      finder_reward_units: finderReward,
      capacity_bytes: block.capacityBytes ?? 0n,
    });
    if (!inserted) {
      return { id: await blockId(trx, block.pool, block.height.toString()), created: false };
    }
    if (block.reward > 0n) {
      const { transactionId } = await postTransaction(trx, {
        kind: 'block_reward',
        reference: `block:${block.pool}:${block.height}`,
        postings: [
          { account: { kind: 'system', code: 'chain', coin: pool.coin }, amount: -block.reward },
          { account: { kind: 'system', code: 'pool_revenue', coin: pool.coin }, amount: block.reward },
        ],
      });
      await setBlockTransaction(trx, inserted, transactionId);
    }
    return { id: inserted, created: true };
  });
}
