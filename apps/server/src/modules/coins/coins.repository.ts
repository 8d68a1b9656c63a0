import type { Db } from '../../db/database.ts';

/** SQL of the coin registry (coins.ts holds the rules). */

export type CoinRow = {
  type: string;
  unit: string;
  icon: string;
  scale: number;
  closed: boolean;
  testnet: boolean;
  mainnet_type: string | null;
  confirmation: number;
  min_withdraw_units: string;
  withdraw_fee_units: string;
  min_payout_units: string;
  min_transfer_units: string;
  memo_supported: boolean;
  address_pattern: string;
  unsecured_share_bp: number | null;
  pledge_per_tb_units: string | null;
  arith: string;
};

const COLUMNS = [
  'type',
  'unit',
  'icon',
  'scale',
  'closed',
  'testnet',
  'mainnet_type',
  'confirmation',
  'min_withdraw_units',
  'withdraw_fee_units',
  'min_payout_units',
  'min_transfer_units',
  'memo_supported',
  'address_pattern',
  'unsecured_share_bp',
  'pledge_per_tb_units',
  'arith',
] as const;

/** A coin's row, if the registry has it. */
export async function coinRow(db: Db, coin: string): Promise<CoinRow | undefined> {
  return db.selectFrom('coins').select(COLUMNS).where('type', '=', coin).executeTakeFirst();
}

/** Every coin's row, in display order. */
export async function coinRows(db: Db): Promise<CoinRow[]> {
  return db.selectFrom('coins').select(COLUMNS).orderBy('sort').orderBy('type').execute();
}
