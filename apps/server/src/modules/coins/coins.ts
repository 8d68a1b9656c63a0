import { addressValid, AppError, AR_ACTIVATION_FEE_UNITS, formatAmount, parseAmount } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { coinRow, coinRows, type CoinRow } from './coins.repository.ts';

/** What the wallet needs to know of a coin, amounts in base units. */
export interface CoinRules {
  type: string;
  unit: string;
  icon: string;
  scale: number;
  closed: boolean;
  testnet: boolean;
  mainnetType: string | null;
  confirmation: number;
  minWithdraw: bigint;
  withdrawFee: bigint;
  /** Auto Pay pays no share below it (the pool page's payout threshold). */
  minPayout: bigint;
  minTransfer: bigint;
  memoSupported: boolean;
  addressPattern: string;
  /** AR's first-use fee of an address; 0 for other coins. */
  activationFee: bigint;
  /** The unsecured share of a member's settlement credit (registry `unsecured_share_bp`, basis points; the BHD family), or undefined: paid whole. */
  unsecuredShareBp: number | undefined;
  /** The pledge per TB (10^12 bytes) of capacity the chain asks, base units (registry `pledge_per_tb_units`), or 0: no pledge rule. */
  pledgePerTb: bigint;
  /** How the coin proves work (registry `arith`: pos, poc, spora, hash, post): rules that differ per coin read it, never the coin's name. */
  arith: string;
}

function toRules(row: CoinRow): CoinRules {
  return {
    type: row.type,
    unit: row.unit,
    icon: row.icon,
    scale: row.scale,
    closed: row.closed,
    testnet: row.testnet,
    mainnetType: row.mainnet_type,
    confirmation: row.confirmation,
    minWithdraw: BigInt(row.min_withdraw_units),
    withdrawFee: BigInt(row.withdraw_fee_units),
    minPayout: BigInt(row.min_payout_units),
    minTransfer: BigInt(row.min_transfer_units),
    memoSupported: row.memo_supported,
    addressPattern: row.address_pattern,
    // Arweave's wallets charge the first use of an address (spec doc 1 §9: AR).
    activationFee: row.arith === 'spora' ? AR_ACTIVATION_FEE_UNITS : 0n,
    unsecuredShareBp: row.unsecured_share_bp ?? undefined,
    pledgePerTb: BigInt(row.pledge_per_tb_units ?? 0),
    arith: row.arith,
  };
}

export async function coinRules(db: Db, coin: string): Promise<CoinRules> {
  const row = await coinRow(db, coin);
  if (!row) throw new AppError('COIN_NOT_FOUND');
  return toRules(row);
}

/** The scale of each coin some rows name, one look-up per coin: for lists that show amounts of several coins. */
export async function coinScales(db: Db, rows: readonly { coin: string }[]): Promise<(coin: string) => number> {
  const scales = new Map<string, number>();
  for (const coin of new Set(rows.map((r) => r.coin))) scales.set(coin, (await coinRules(db, coin)).scale);
  return (coin) => scales.get(coin) as number;
}

export async function allCoinRules(db: Db): Promise<CoinRules[]> {
  const rows = await coinRows(db);
  return rows.map(toRules);
}

/** A test-net coin's address that is valid on its main net is refused (spec doc 1 §8). */
export async function addressBelongsToMainnet(db: Db, coin: CoinRules, address: string): Promise<boolean> {
  if (!coin.testnet || !coin.mainnetType) return false;
  const main = await coinRules(db, coin.mainnetType);
  return main.addressPattern !== coin.addressPattern && addressValid(main, address);
}

/** A decimal string at the coin's scale, or AMOUNT_INVALID (never rounded). */
export function units(text: string, scale: number): bigint {
  try {
    return parseAmount(text, scale);
  } catch {
    throw new AppError('AMOUNT_INVALID');
  }
}

export const show = (value: bigint | string, scale: number): string => formatAmount(BigInt(value), scale);
