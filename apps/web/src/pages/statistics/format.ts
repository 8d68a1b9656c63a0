import { formatCapacityText, type CapacityBase, type CoinSetting } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { coinsQuery } from '../../api/queries.ts';
import { useAppState } from '../../state/store.ts';
import { hashrateText } from '../pool/poolFormat.ts';

/** How a coin measures mining power: hashrate coins (arith 'hash') or capacity with the coin's base. */
export interface PowerRule {
  hashrate: boolean;
  base: CapacityBase;
}

export const DEFAULT_POWER_RULE: PowerRule = { hashrate: false, base: 1024 };

export function powerRuleOf(coin: CoinSetting | undefined): PowerRule {
  return coin ? { hashrate: coin.arith === 'hash', base: coin.capacity_base } : DEFAULT_POWER_RULE;
}

/** A capacity in bytes (decimal string or number) with the coin's base. */
export function formatBytes(bytes: string | number, rule: PowerRule, decimals = 2): string {
  return formatCapacityText(typeof bytes === 'number' ? bytes : BigInt(bytes || '0'), rule.base, decimals);
}

/** What a pool, miner or farmer mines with: hashrate for hashrate coins, else capacity. */
export function formatPower(figures: { capacity: string; hashrate?: string }, rule: PowerRule): string {
  return rule.hashrate && figures.hashrate !== undefined ? hashrateText(figures.hashrate) : formatBytes(figures.capacity, rule);
}

/** The power rule of a coin type, from the coin registry in the app state (GET /api/setting/coin). */
export function usePowerRules(): (coin: string) => PowerRule {
  useQuery(coinsQuery);
  const coins = useAppState((state) => state.coinInfo);
  const byType = useMemo(() => new Map(coins.map((coin) => [coin.type, powerRuleOf(coin)])), [coins]);
  return useCallback((coin: string) => byType.get(coin) ?? DEFAULT_POWER_RULE, [byType]);
}
