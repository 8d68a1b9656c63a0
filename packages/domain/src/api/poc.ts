import { z } from 'zod';

/**
 * The Burst pool protocol (issue 21): what miners (scavenger, creepMiner, foxy-proxy, a BHD
 * wallet's miner) send to `/burst?requestType=…`, in the query or a form body. Every value is a
 * short string: a number that is not a decimal unsigned 64-bit integer is refused by the
 * service with the protocol's own message (signum-pool's), never stored.
 */

/** Unsigned 64-bit decimal: up to 20 digits and below 2^64. */
export const U64_MAX = 18_446_744_073_709_551_615n;

/** The value of a decimal u64 string, or undefined (empty, not digits, 2^64 or more). */
export function parseU64(text: string | undefined): bigint | undefined {
  if (text === undefined || !/^\d{1,20}$/.test(text)) return undefined;
  const value = BigInt(text);
  return value <= U64_MAX ? value : undefined;
}

const field = z.string().max(128).optional();

/** The request's fields (query and body merged); longer strings are a bad request. */
export const pocRequestSchema = z.object({
  requestType: z.string().max(32).optional(),
  accountId: field,
  nonce: field,
  blockheight: field,
  deadline: field,
  secretPhrase: z.string().max(256).optional(),
});
export type PocRequest = z.infer<typeof pocRequestSchema>;

/** Headers miners send with a nonce (each trimmed and cut to a sane length by the server). */
export const POC_MINER_HEADERS = ['x-miner', 'x-minername', 'x-capacity', 'x-plotfile', 'x-deadline', 'x-account', 'x-accountkey', 'x-accountname'] as const;

/** Plotter registration (a BHD-family plotter id bound to a pool): a numeric account id. */
export const plotterIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/)
  .refine((v) => parseU64(v) !== undefined, 'plotter id must be below 2^64');

/** A miner's reported capacity (X-Capacity, GiB, maybe fractional) in bytes, or 0 when absent or absurd. */
export function reportedCapacityBytes(header: string | undefined): bigint {
  if (!header || header.length > 24) return 0n;
  const gib = Number(header);
  if (!Number.isFinite(gib) || gib <= 0 || gib > 1e9) return 0n;
  return BigInt(Math.round(gib * 1024 * 1024)) * 1024n;
}

/** Devnet helper: a bindplotter (or unbind) transaction of a plotter to a pool's address, mined into the next block. */
export const pocDevBindBody = z.object({
  pool: z.string().trim().min(1).max(32),
  plotter_id: plotterIdSchema,
  unbind: z.boolean().optional(),
});
export const pocDevBindSchema = z.object({ txid: z.string(), address: z.string(), coin: z.string() });
