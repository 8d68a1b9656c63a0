import { z } from 'zod';
import { text } from './api/text.ts';

/**
 * Proof-of-work shares (issue 18), Iron Fish's way: the pool hands out a block header (its own
 * job), the miner varies the header's randomness, and a solution counts when the BLAKE3 hash of
 * the 180-byte mineable header, read as a big-endian 256-bit number, is at most the target. A
 * share counts at the pool's share target and is credited at the pool's share difficulty, never
 * at a figure the miner states; a block when the hash also meets the network target.
 */

export const IRONFISH_HEADER_SIZE = 180;
export const IRONFISH_GRAFFITI_OFFSET = IRONFISH_HEADER_SIZE - 32;
const MAX_TARGET = 2n ** 256n - 1n;

/** The block header template a job carries (Iron Fish's SerializedBlockTemplate header). */
export interface PowHeader {
  /** 8 bytes, hex: the miner's search space. */
  randomness: string;
  sequence: number;
  previousBlockHash: string;
  noteCommitment: string;
  transactionCommitment: string;
  /** The network target, 32 bytes big-endian hex. */
  target: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** 32 bytes, hex: the pool writes each connection's own here, so no two miners search the same space. */
  graffiti: string;
}

const hexBytes = (hex: string, length: number): Uint8Array => {
  if (hex.length !== length * 2 || !/^[0-9a-f]*$/i.test(hex)) throw new Error(`expected ${length} bytes of hex`);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

/**
 * The mineable header Iron Fish hashes (serializeHeaderBlake3): randomness (u64 big-endian),
 * sequence (u32 little-endian), previous block hash, note commitment, transaction commitment,
 * target (u256 big-endian), timestamp (u64 little-endian, ms), graffiti.
 */
export function ironfishHeaderBytes(header: PowHeader): Uint8Array {
  const out = new Uint8Array(IRONFISH_HEADER_SIZE);
  const view = new DataView(out.buffer);
  out.set(hexBytes(header.randomness, 8), 0);
  view.setUint32(8, header.sequence, true);
  out.set(hexBytes(header.previousBlockHash, 32), 12);
  out.set(hexBytes(header.noteCommitment, 32), 44);
  out.set(hexBytes(header.transactionCommitment, 32), 76);
  out.set(hexBytes(header.target, 32), 108);
  view.setBigUint64(140, BigInt(header.timestamp), true);
  out.set(hexBytes(header.graffiti, 32), IRONFISH_GRAFFITI_OFFSET);
  return out;
}

/** Iron Fish's Target.fromDifficulty: 2^256 / difficulty (difficulty 1 is the largest target). */
export function targetFromDifficulty(difficulty: bigint): bigint {
  if (difficulty < 1n) throw new RangeError('difficulty must be at least 1');
  return difficulty === 1n ? MAX_TARGET : 2n ** 256n / difficulty;
}

export const targetHex = (target: bigint) => target.toString(16).padStart(64, '0');

/** A hash (big-endian bytes) meets a target when, read as a number, it is at most the target. */
export function meetsTarget(hash: Uint8Array, target: bigint): boolean {
  let value = 0n;
  for (const byte of hash) value = (value << 8n) | BigInt(byte);
  return value <= target;
}

/** A pool's graffiti for one connection: `<pool name>.<client id hex>`, UTF-8, zero padded to 32 bytes. */
export function graffitiHex(text: string): string {
  const bytes = new TextEncoder().encode(text).slice(0, 32);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .padEnd(64, '0');
}

/**
 * Iron Fish's stratum messages (newline-delimited JSON over TCP): `{id, method, body}`.
 * The miner subscribes with its public address (here: the user's miner API key of the pool,
 * which names the account) and a worker name; it submits the randomness it found for a job.
 */
export const stratumMessage = z.object({ id: z.number().int().nonnegative(), method: text().max(64), body: z.unknown().optional() });
export const stratumSubscribeBody = z.object({
  version: z.number().int().optional(),
  publicAddress: text().trim().min(1).max(128),
  name: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.-]+$/)
    .optional(),
  agent: text().max(128).optional(),
});
export const stratumSubmitBody = z.object({
  miningRequestId: z.number().int().nonnegative(),
  randomness: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/)
    .transform((r) => r.toLowerCase()),
});
export type StratumSubmitBody = z.infer<typeof stratumSubmitBody>;

/** Why a submitted solution earned nothing (the `message` of mining.submitted). */
export const POW_REFUSALS = ['stale job', 'duplicate share', 'low difficulty', 'unknown job', 'not subscribed'] as const;
export type PowRefusal = (typeof POW_REFUSALS)[number];
