import { COIN_SEEDS, PLEDGE_PER_TB_WHOLE, POOL_SEEDS, SERVER_LINE_SEEDS, UNSECURED_SHARE_BP, defaultPoolConfig, parseAmount } from '@platter/domain';

import type { Db } from './database.ts';

/**
 * Seeds the registries of a fresh install: every coin, pool and server line that is missing.
 * Rows that exist are left as the operator edited them. Safe to run at every start and from
 * several processes at once (ON CONFLICT DO NOTHING).
 */
export async function seedRegistries(db: Db): Promise<{ coins: number; pools: number; lines: number }> {
  return db.transaction().execute(async (trx) => {
    // Main-net coins first: test-net rows reference them.
    const ordered = [...COIN_SEEDS].sort((a, b) => Number(a.testnet) - Number(b.testnet));
    const coins = await trx
      .insertInto('coins')
      .values(
        ordered.map((coin) => ({
          type: coin.type,
          confirmation: coin.confirmation,
          closed: coin.closed,
          market: coin.market,
          min_transfer_units: parseAmount(coin.min_transfer_value, coin.scale),
          min_withdraw_units: parseAmount(coin.min_withdraw_value, coin.scale),
          withdraw_fee_units: parseAmount(coin.withdraw_fee, coin.scale),
          min_payout_units: parseAmount(coin.min_withdraw_value, coin.scale),
          capacity_unit: coin.capacity_unit,
          full_name: coin.full_name,
          arith: coin.arith,
          unit: coin.unit,
          icon: coin.icon,
          merge_pool: coin.merge_pool,
          scale: coin.scale,
          display_scale: coin.display_scale,
          capacity_scale: coin.capacity_scale,
          capacity_base: coin.capacity_base,
          testnet: coin.testnet,
          mainnet_type: coin.mainnet_type,
          memo_supported: coin.memo_supported,
          address_pattern: coin.address_pattern,
          unsecured_share_bp: UNSECURED_SHARE_BP[coin.type] ?? null,
          pledge_per_tb_units: PLEDGE_PER_TB_WHOLE[coin.type] !== undefined ? (PLEDGE_PER_TB_WHOLE[coin.type] as bigint) * 10n ** BigInt(coin.scale) : null,
          sort: COIN_SEEDS.indexOf(coin),
        })),
      )
      .onConflict((oc) => oc.column('type').doNothing())
      .executeTakeFirst();
    const pools = await trx
      .insertInto('pools')
      .values(POOL_SEEDS.map((pool, sort) => ({ ...pool, sort })))
      .onConflict((oc) => oc.column('type').doNothing())
      .executeTakeFirst();
    // Each pool's configuration (operators edit it later); its payout figures are its coin's.
    await trx
      .insertInto('pool_configs')
      .values(POOL_SEEDS.filter((pool) => COIN_SEEDS.some((c) => c.type === pool.coin)).map((pool) => defaultPoolConfig(pool)))
      .onConflict((oc) => oc.column('pool').doNothing())
      .execute();
    const lines = await trx
      .insertInto('server_lines')
      .values(SERVER_LINE_SEEDS.map((line) => ({ ...line })))
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    return {
      coins: Number(coins.numInsertedOrUpdatedRows ?? 0n),
      pools: Number(pools.numInsertedOrUpdatedRows ?? 0n),
      lines: Number(lines.numInsertedOrUpdatedRows ?? 0n),
    };
  });
}
