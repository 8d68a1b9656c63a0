import {
  addressResultSchema,
  blockPage,
  homeListSchema,
  poolStatSchema,
  trendSchema,
  type AddressResult,
  type Block,
  type HomeList,
  type PoolStat,
  type Trend,
} from '@platter/domain';
import { z } from 'zod';
import { api, dataOf, type ApiAnswer } from '../../api/index.ts';

/**
 * The public pool calls (spec doc 2 §7 'Home and content', the address query): reads give
 * the parsed data or throw. They are quiet (no toast): each page shows its own failure, and
 * the live figures are fetched again every 30 s, which would repeat a toast.
 */

/** Live figures are fetched again this often (ms). */
export const LIVE_REFRESH_MS = 30_000;

export const poolPublicKeys = {
  home: ['poolPublic', 'home'] as const,
  capacity: ['poolPublic', 'capacity'] as const,
  blocks: (pool: string, page: number, count: number) => ['poolPublic', 'blocks', pool, page, count] as const,
  trend: (pool: string, days: number) => ['poolPublic', 'trend', pool, days] as const,
  address: (pool: string, address: string) => ['poolPublic', 'address', pool, address] as const,
};

const QUIET = { quiet: true } as const;

async function parsed<S extends z.ZodType>(answer: Promise<ApiAnswer<unknown>>, schema: S, what: string): Promise<z.infer<S>> {
  const data = dataOf(await answer);
  if (data === undefined) throw new Error(`${what}: no data`);
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${what} does not match the schema: ${result.error.message}`);
  return result.data;
}

export const fetchHomeList = (): Promise<HomeList> => parsed(api.get('/api/home/list', QUIET), homeListSchema, 'home list');

export const fetchPoolStatistics = (): Promise<PoolStat[]> => parsed(api.get('/api/home/capacity', QUIET), z.array(poolStatSchema), 'pool statistics');

export const fetchBlocks = (pool: string, page: number, count: number): Promise<{ list: Block[]; total: number }> =>
  parsed(api.get('/api/datastatistics/block', { ...QUIET, query: { pool, page, count } }), blockPage, 'blocks');

export const fetchTrend = (pool: string, days: number): Promise<Trend> =>
  parsed(api.get('/api/datastatistics/pool', { ...QUIET, query: { pool, days } }), trendSchema, 'pool trend');

/** The farmer paid to `address` in the pool's coin, or null when the address is unknown. */
export const fetchAddressResult = (pool: string, address: string): Promise<AddressResult | null> =>
  parsed(api.get('/api/pool/address', { ...QUIET, query: { pool, address } }), addressResultSchema.nullable(), 'address query');
