import type { Db } from '../../db/database.ts';
import { shareTotalMismatches, type ShareTotalMismatch } from './shares.repository.ts';

/**
 * The operator's check of the miners' kept day totals (share_totals, added by a trigger as shares
 * are written; what the settlement splits by) against the shares themselves: the differing
 * (pool, day, user, miner)s, the first `shown` of them, and how many there are. A share written
 * straight into a day's partition, not through `shares`, is the one way they part.
 */
export async function checkShareTotals(db: Db, day: string | null, shown: number): Promise<{ rows: ShareTotalMismatch[]; count: number }> {
  return shareTotalMismatches(db, day, shown);
}
