import { z } from 'zod';
import { text } from './text.ts';
import { ARITHS } from '../registry/coins.ts';
import { MINER_PROTOCOLS, POOL_KINDS, SERVER_LINE_CODES, SHARE_TYPES } from '../registry/pools.ts';

/** Decimal amount in whole coins, as JSON carries money: "0.1", "12.000000000001". */
export const decimalString = text().regex(/^-?\d+(\.\d+)?$/, 'decimal amount');

export const coinSettingSchema = z.object({
  type: text(),
  confirmation: z.number().int(),
  closed: z.boolean(),
  market: text().nullable(),
  min_transfer_value: decimalString,
  capacity_unit: text(),
  full_name: text(),
  arith: z.enum(ARITHS),
  unit: text(),
  icon: text(),
  merge_pool: text().nullable(),
  scale: z.number().int(),
  display_scale: z.number().int().min(0),
  capacity_scale: z.number().int(),
  capacity_base: z.union([z.literal(1000), z.literal(1024)]),
  testnet: z.boolean(),
  mainnet_type: text().nullable(),
  min_withdraw_value: decimalString,
  withdraw_fee: decimalString,
  memo_supported: z.boolean(),
  address_pattern: text(),
});

export const poolInfoSchema = z.object({
  type: text(),
  coin: text(),
  pool_type: z.enum(POOL_KINDS),
  name: text(),
  auto_withdraw: z.boolean(),
  share_type: z.enum(SHARE_TYPES),
  protocol: z.enum(MINER_PROTOCOLS),
});

export const serverLineSchema = z.object({
  code: z.enum(SERVER_LINE_CODES),
  host: text(),
  ping_url: text(),
  sort: z.number().int(),
});

export const coinQuery = z.object({
  /** Optional filter: one coin type. */
  type: text().trim().toUpperCase().optional(),
});

export const poolQuery = z.object({
  pool_type: z.enum(POOL_KINDS).optional(),
  coin: text().trim().toUpperCase().optional(),
});
