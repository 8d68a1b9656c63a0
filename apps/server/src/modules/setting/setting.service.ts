import { errorMessageByName, formatAmount, LANGS, type CoinSetting, type Lang, type PoolInfo, type ServerLine } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import type { CoinRow, PoolRow } from '../../db/schema.ts';
import { settingRepository } from './setting.repository.ts';

export function toCoinSetting(row: CoinRow): CoinSetting {
  const whole = (units: string) => formatAmount(BigInt(units), row.scale);
  return {
    type: row.type,
    confirmation: row.confirmation,
    closed: row.closed,
    market: row.market,
    min_transfer_value: whole(row.min_transfer_units),
    capacity_unit: row.capacity_unit,
    full_name: row.full_name,
    arith: row.arith as CoinSetting['arith'],
    unit: row.unit,
    icon: row.icon,
    merge_pool: row.merge_pool,
    scale: row.scale,
    display_scale: row.display_scale,
    capacity_scale: row.capacity_scale,
    capacity_base: row.capacity_base === 1000 ? 1000 : 1024,
    testnet: row.testnet,
    mainnet_type: row.mainnet_type,
    min_withdraw_value: whole(row.min_withdraw_units),
    withdraw_fee: whole(row.withdraw_fee_units),
    memo_supported: row.memo_supported,
    address_pattern: row.address_pattern,
  };
}

export function toPoolInfo(row: PoolRow): PoolInfo {
  return {
    type: row.type,
    coin: row.coin,
    pool_type: row.pool_type as PoolInfo['pool_type'],
    name: row.name,
    auto_withdraw: row.auto_withdraw,
    share_type: row.share_type as PoolInfo['share_type'],
    protocol: row.protocol as PoolInfo['protocol'],
  };
}

interface Snapshot {
  coins: CoinSetting[];
  pools: PoolInfo[];
  lines: ServerLine[];
  /** The whole-list answers, serialised once per language: the hot public calls. */
  coinEnvelope: Record<Lang, Buffer>;
  poolEnvelope: Record<Lang, Buffer>;
  loadedAt: number;
}

function envelopes(data: unknown): Record<Lang, Buffer> {
  const out = {} as Record<Lang, Buffer>;
  for (const lang of LANGS) out[lang] = Buffer.from(JSON.stringify({ code: 200, msg: errorMessageByName('OK', lang), data }));
  return out;
}

/**
 * The registries (coins, pools, server lines). Read on every page load by every visitor, so
 * each process keeps a snapshot for `cacheSeconds` (0: always read); edits call `invalidate`.
 */
export function settingService(db: Db, options: { cacheSeconds: number }) {
  const repo = settingRepository(db);
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  async function load(): Promise<Snapshot> {
    const [coinRows, poolRows, lineRows] = await Promise.all([repo.listCoins(), repo.listPools(), repo.listLines()]);
    const coins = coinRows.map(toCoinSetting);
    const pools = poolRows.map(toPoolInfo);
    const lines = lineRows.map((l) => ({ ...l, code: l.code as ServerLine['code'] }));
    return { coins, pools, lines, coinEnvelope: envelopes(coins), poolEnvelope: envelopes(pools), loadedAt: Date.now() };
  }

  async function current(): Promise<Snapshot> {
    const fresh = snapshot && Date.now() - snapshot.loadedAt < options.cacheSeconds * 1000;
    if (fresh && snapshot) return snapshot;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    snapshot = await loading;
    return snapshot;
  }

  return {
    current,
    invalidate(): void {
      snapshot = undefined;
    },
    async coins(filter: { type?: string | undefined } = {}): Promise<CoinSetting[]> {
      const { coins } = await current();
      return filter.type ? coins.filter((c) => c.type === filter.type) : coins;
    },
    async pools(filter: { pool_type?: string | undefined; coin?: string | undefined } = {}): Promise<PoolInfo[]> {
      const { pools } = await current();
      return pools.filter((p) => (!filter.pool_type || p.pool_type === filter.pool_type) && (!filter.coin || p.coin === filter.coin));
    },
    async lines(): Promise<ServerLine[]> {
      return (await current()).lines;
    },
  };
}

export type SettingService = ReturnType<typeof settingService>;
