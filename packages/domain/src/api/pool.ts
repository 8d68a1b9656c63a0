import { z } from 'zod';
import { MINER_NAME_PATTERN } from '../pool.ts';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg } from './fields.ts';
import { idField } from './wallet.ts';

/**
 * The pool calls (spec doc 2 §7 'Pool', 'Dashboard'): miner API keys, the proxy tool's
 * report, miners, income records. Capacities are byte counts as decimal strings; hashrates
 * hashes per second; amounts decimal strings in whole coins.
 */

export const poolField = z
  .string({ error: msg('POOL_NOT_FOUND') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,32}$/, msg('POOL_NOT_FOUND'))
  .meta({ description: 'Pool type as in GET /api/setting/pool, e.g. chia', example: 'chia' });

export const poolOnlyQuery = z.object({ pool: poolField });

// --- miner API keys ---------------------------------------------------------------------------

export const minerKeySchema = z.object({
  pool: z.string(),
  /** The whole key, shown once: only when it was just made. */
  key: z.string().optional(),
  hint: z.string().meta({ description: 'The first characters of the key, to recognise it' }),
  created_at: z.number().int(),
});
export type MinerKey = z.infer<typeof minerKeySchema>;

// --- the proxy tool's report --------------------------------------------------------------------

const byteCount = z
  .string()
  .regex(/^\d{1,30}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Bytes as a decimal string' });

export const reportBody = z.object({
  miners: z
    .array(
      z.object({
        name: z.string().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')).meta({ description: 'Miner name, the computer name by default' }),
        version: z.string().trim().max(32).default(''),
        capacity: byteCount.default('0'),
        hashrate: byteCount.default('0').meta({ description: 'Hashes per second (hashrate coins)' }),
        line: z.string().trim().max(32).optional(),
      }),
    )
    .max(1000)
    .default([]),
  shares: z
    .array(
      z.object({
        miner: z.string().trim().regex(MINER_NAME_PATTERN, msg('INVALID_PARAMETER')),
        difficulty: z.number().int().min(1).max(1_000_000_000),
        at: z.number().int().optional().meta({ description: 'Unix seconds the share was found; default now. At most 10 minutes old.' }),
      }),
    )
    .max(10_000)
    .default([]),
});
export type ReportBody = z.infer<typeof reportBody>;
export const reportResultSchema = z.object({ miners: z.number().int(), shares: z.number().int(), rejected: z.number().int() });

// --- miners -------------------------------------------------------------------------------------

export const minerQuery = pagingQuery.extend({
  pool: poolField.optional(),
  status: z.enum(['online', 'offline']).optional(),
  name: z.string().trim().max(64).optional(),
});
export const minerSchema = z.object({
  id: z.string(),
  pool: z.string(),
  name: z.string(),
  version: z.string(),
  capacity: z.string(),
  hashrate: z.string(),
  line: z.string().nullable(),
  online: z.boolean(),
  last_seen: z.number().int(),
  shares_24h: z.number().int(),
});
export type Miner = z.infer<typeof minerSchema>;
export const minerPage = pageOf(minerSchema).extend({ online: z.number().int(), offline: z.number().int() });
export const deleteMinerQuery = z.object({ id: idField });
export const removeOfflineQuery = z.object({ pool: poolField });

// --- income records -----------------------------------------------------------------------------

export const incomeQuery = pagingQuery.extend({ pool: poolField.optional() });
export const incomeRecordSchema = z.object({
  pool: z.string(),
  coin: z.string(),
  unit: z.string(),
  day: z.string(),
  points: z.string(),
  capacity: z.string(),
  amount: z.string(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
});
export type IncomeRecord = z.infer<typeof incomeRecordSchema>;
export const incomePage = pageOf(incomeRecordSchema);

// --- settlement (operator) ---------------------------------------------------------------------

export const settlementSchema = z.object({
  pool: z.string(),
  day: z.string(),
  status: z.enum(['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT']),
  revenue: z.string(),
  fee: z.string(),
  withheld: z.string(),
  remainder: z.string(),
  credited: z.string(),
  members: z.number().int(),
});
export type Settlement = z.infer<typeof settlementSchema>;
