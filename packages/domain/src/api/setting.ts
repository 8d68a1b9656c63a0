import { z } from 'zod';
import { ARITHS } from '../registry/coins.ts';
import { MINER_PROTOCOLS, POOL_KINDS, SERVER_LINE_CODES, SHARE_TYPES } from '../registry/pools.ts';

/** Decimal amount in whole coins, as JSON carries money: "0.1", "12.000000000001". */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal amount');

export const coinSettingSchema = z.object({
  type: z.string(),
  confirmation: z.number().int(),
  closed: z.boolean(),
  market: z.string().nullable(),
  min_transfer_value: decimalString,
  capacity_unit: z.string(),
  full_name: z.string(),
  arith: z.enum(ARITHS),
  unit: z.string(),
  icon: z.string(),
  merge_pool: z.string().nullable(),
  scale: z.number().int(),
  capacity_scale: z.number().int(),
  capacity_base: z.union([z.literal(1000), z.literal(1024)]),
  testnet: z.boolean(),
  mainnet_type: z.string().nullable(),
  min_withdraw_value: decimalString,
  withdraw_fee: decimalString,
  memo_supported: z.boolean(),
  address_pattern: z.string(),
});

export const poolInfoSchema = z.object({
  type: z.string(),
  coin: z.string(),
  pool_type: z.enum(POOL_KINDS),
  name: z.string(),
  auto_withdraw: z.boolean(),
  share_type: z.enum(SHARE_TYPES),
  protocol: z.enum(MINER_PROTOCOLS),
});

export const serverLineSchema = z.object({
  code: z.enum(SERVER_LINE_CODES),
  host: z.string(),
  ping_url: z.string(),
  sort: z.number().int(),
});

export const coinQuery = z.object({
  /** Optional filter: one coin type. */
  type: z.string().trim().toUpperCase().optional(),
});

export const poolQuery = z.object({
  pool_type: z.enum(POOL_KINDS).optional(),
  coin: z.string().trim().toUpperCase().optional(),
});
