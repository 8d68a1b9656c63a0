import type { BlockIncome } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { show } from '../coins/coins.ts';
import { blockIncomePage } from './revenue.repository.ts';

/** The Revenue screen's list (GET /api/pool/blockincome): the blocks that paid the user, newest first. */
export async function blockIncome(db: Db, userId: string, query: { pool?: string; page: number; count: number }): Promise<{ list: BlockIncome[]; total: number }> {
  const { rows, total } = await blockIncomePage(db, userId, query);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      pool: r.pool,
      coin: r.coin,
      unit: r.unit,
      height: r.height,
      time: Math.floor(new Date(r.found_at).getTime() / 1000),
      day: r.paid_day,
      reward: show(r.reward_units, r.scale),
      share: show(r.share_units, r.scale),
      found: r.found,
    })),
  };
}
