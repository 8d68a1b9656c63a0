import type { Db } from '../../db/database.ts';

/** The staking-income job's SQL (staking-income.service.ts): the scan's cursor, the blocks' rewards, the days to book. */
export const stakingRepository = {
  scan: (db: Db, coin: string) => db.selectFrom('staking_scans').selectAll().where('coin', '=', coin).executeTakeFirst(),

  /** The scan's first row (first run); nothing when another worker made it first. */
  startScan: (db: Db, values: { coin: string; source: 'wallet' | 'devnet'; height: number; time: Date; lastHash: string | null; chainId: string | null }) =>
    db
      .insertInto('staking_scans')
      .values({
        coin: values.coin,
        source: values.source,
        start_height: values.height,
        start_time: values.time,
        next_height: values.height,
        scanned_until: values.time,
        last_hash: values.lastHash,
        chain_id: values.chainId,
      })
      .onConflict((oc) => oc.column('coin').doNothing())
      .execute(),

  /** Rewards of blocks read; a block another worker wrote already is kept as it is. */
  insertRewards: async (trx: Db, rows: { coin: string; height: number; address: string; block_time: Date; day: string; rank: number; profit_units: bigint }[]) => {
    if (rows.length > 0)
      await trx
        .insertInto('staking_rewards')
        .values(rows)
        .onConflict((oc) => oc.columns(['coin', 'height', 'address']).doNothing())
        .execute();
  },

  /** Moves the cursor past the blocks read, only from where this worker read them (a racing worker's move wins). */
  advance: async (trx: Db, coin: string, from: number, next: number, scannedUntil: Date, lastHash: string): Promise<boolean> => {
    const result = await trx
      .updateTable('staking_scans')
      .set({ next_height: next, scanned_until: scannedUntil, last_hash: lastHash, updated_at: new Date() })
      .where('coin', '=', coin)
      .where('next_height', '=', String(from))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** The rewards of the days given, per day. */
  rewardsOfDays: (db: Db, coin: string, days: readonly string[]) =>
    days.length === 0
      ? Promise.resolve([])
      : db.selectFrom('staking_rewards').select(['day', 'height', 'rank', 'profit_units']).where('coin', '=', coin).where('day', 'in', days).orderBy('height').execute(),

  /** The first day one of the pool's addresses was paid (undefined: never yet). */
  firstRewardDay: async (db: Db, coin: string) =>
    (
      await db
        .selectFrom('staking_rewards')
        .select((eb) => eb.fn.min('day').as('day'))
        .where('coin', '=', coin)
        .executeTakeFirst()
    )?.day ?? undefined,

  /** The job has dealt with every day up to `day` (booked, or left to the operator). */
  setBookedUntil: async (db: Db, coin: string, day: string) => {
    await db
      .updateTable('staking_scans')
      .set({ booked_until: day })
      .where('coin', '=', coin)
      .where((eb) => eb.or([eb('booked_until', 'is', null), eb('booked_until', '<', day)]))
      .execute();
  },

  /** Of the days given, those already booked (either way). */
  bookedDays: async (db: Db, coin: string, days: readonly string[]) =>
    days.length === 0
      ? new Set<string>()
      : new Set((await db.selectFrom('mortgage_income_days').select('day').where('coin', '=', coin).where('day', 'in', days).execute()).map((r) => r.day)),

  // The devnet's chain (mass-staking-devnet.ts) and the simulator's feed (sim/staking.ts).

  devnetBest: async (db: Db, coin: string) =>
    (
      await db
        .selectFrom('devnet_staking_blocks')
        .select((eb) => eb.fn.max('height').as('height'))
        .where('coin', '=', coin)
        .executeTakeFirst()
    )?.height ?? null,

  devnetBlock: (db: Db, coin: string, height: number) =>
    db.selectFrom('devnet_staking_blocks').selectAll().where('coin', '=', coin).where('height', '=', String(height)).orderBy('chain_rank').execute(),

  devnetAppend: async (db: Db, rows: { coin: string; height: number; block_time: Date; address: string; chain_rank: number; staked_units: bigint; profit_units: bigint }[]) => {
    if (rows.length > 0)
      await db
        .insertInto('devnet_staking_blocks')
        .values(rows)
        .onConflict((oc) => oc.columns(['coin', 'height', 'address']).doNothing())
        .execute();
  },
};
