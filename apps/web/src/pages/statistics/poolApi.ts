import {
  addressResultSchema,
  blockPage,
  homeListSchema,
  poolStatSchema,
  publicPoolEndpoints,
  trendSchema,
  type AddressResult,
  type Block,
  type Endpoint,
  type EndpointArgs,
  type EndpointData,
  type HomeList,
  type PoolStat,
  type Trend,
} from '@platter/domain';
import { z } from 'zod';
import { api, dataOf, type ApiAnswer, type CallOptions } from '../../api/index.ts';

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

/**
 * The data of a public endpoint, checked against its response schema (the figures come from a
 * cache). The schema is named here, not read from the endpoint: the web app's build keeps only
 * the method and path of the endpoint tables (vite.config.ts, `endpointPathsOnly`).
 */
async function parsed<E extends Endpoint>(schema: z.ZodType<EndpointData<E>>, endpoint: E, ...args: EndpointArgs<E, CallOptions>): Promise<EndpointData<E>> {
  const [input, options] = args;
  const data = dataOf(await (api.send as (e: E, i: unknown, o: CallOptions) => Promise<ApiAnswer<unknown>>)(endpoint, input, { ...QUIET, ...options }));
  if (data === undefined) throw new Error(`${endpoint.path}: no data`);
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${endpoint.path} does not match the schema: ${result.error.message}`);
  return result.data;
}

export const fetchHomeList = (): Promise<HomeList> => parsed(homeListSchema, publicPoolEndpoints.list);

export const fetchPoolStatistics = (): Promise<PoolStat[]> => parsed(z.array(poolStatSchema), publicPoolEndpoints.capacity);

export const fetchBlocks = (pool: string, page: number, count: number): Promise<{ list: Block[]; total: number }> =>
  parsed(blockPage, publicPoolEndpoints.block, { pool, page, count });

export const fetchTrend = (pool: string, days: number): Promise<Trend> => parsed(trendSchema, publicPoolEndpoints.pool, { pool, days });

/** The farmer paid to `address` in the pool's coin, or null when the address is unknown. */
export const fetchAddressResult = (pool: string, address: string): Promise<AddressResult | null> =>
  parsed(addressResultSchema.nullable(), publicPoolEndpoints.address, { pool, address });
