import { z } from 'zod';
import { hexToBytes } from '../streamable/codec.ts';
import { POOL_PROTOCOL_VERSION } from './messages.ts';

/**
 * zod schemas of the pool protocol's JSON inputs, producing the same values as the streamable
 * codecs (Uint8Array bytes, bigint uint64). Bytes are hex with an optional 0x (SPECIFICATION);
 * integers are JSON numbers or decimal strings (query parameters). A body that fails them is
 * the protocol's REQUEST_FAILED.
 */

const HEX = /^(0x)?([0-9a-fA-F]{2})*$/;

export const hexBytesSchema = (size?: number) =>
  z
    .string()
    .regex(HEX, 'expected hex bytes')
    .refine((hex) => size === undefined || hex.replace(/^0x/, '').length === size * 2, `expected ${size} bytes`)
    .transform((hex) => hexToBytes(hex));

export const bytes32Schema = hexBytesSchema(32);
export const g1Schema = hexBytesSchema(48);
export const g2Schema = hexBytesSchema(96);

const uintSchema = (bits: number) => {
  const max = (1n << BigInt(bits)) - 1n;
  return z
    .union([z.number().int().nonnegative().refine(Number.isSafeInteger, 'integer too large for JSON, send it as a string'), z.string().regex(/^\d{1,40}$/), z.bigint()])
    .transform((value) => BigInt(value))
    .refine((value) => value >= 0n && value <= max, `out of range for uint${bits}`);
};
const smallUint = (bits: 8 | 16 | 32) => uintSchema(bits).transform(Number);

export const uint8Schema = smallUint(8);
export const uint16Schema = smallUint(16);
export const uint32Schema = smallUint(32);
export const uint64Schema = uintSchema(64);

/** Payout instructions: the reference limits them to 1024 characters (SPECIFICATION). */
export const payoutInstructionsSchema = z.string().max(1024);

export const proofOfSpaceSchema = z.object({
  challenge: bytes32Schema,
  pool_public_key: g1Schema.nullish().transform((v) => v ?? null),
  pool_contract_puzzle_hash: bytes32Schema.nullish().transform((v) => v ?? null),
  plot_public_key: g1Schema,
  size: uint8Schema,
  proof: hexBytesSchema(),
});

export const postPartialPayloadSchema = z.object({
  launcher_id: bytes32Schema,
  authentication_token: uint64Schema,
  proof_of_space: proofOfSpaceSchema,
  sp_hash: bytes32Schema,
  end_of_sub_slot: z.boolean(),
  harvester_id: bytes32Schema,
});
export const postPartialRequestSchema = z.object({ payload: postPartialPayloadSchema, aggregate_signature: g2Schema });

export const postFarmerPayloadSchema = z.object({
  launcher_id: bytes32Schema,
  authentication_token: uint64Schema,
  authentication_public_key: g1Schema,
  payout_instructions: payoutInstructionsSchema,
  suggested_difficulty: uint64Schema.nullish().transform((v) => v ?? null),
});
export const postFarmerRequestSchema = z.object({ payload: postFarmerPayloadSchema, signature: g2Schema });

export const putFarmerPayloadSchema = z.object({
  launcher_id: bytes32Schema,
  authentication_token: uint64Schema,
  authentication_public_key: g1Schema.nullish().transform((v) => v ?? null),
  payout_instructions: payoutInstructionsSchema.nullish().transform((v) => v ?? null),
  suggested_difficulty: uint64Schema.nullish().transform((v) => v ?? null),
});
export const putFarmerRequestSchema = z.object({ payload: putFarmerPayloadSchema, signature: g2Schema });

/**
 * The OG pool's proof (not part of pool protocol v1: an OG plot has no plot NFT): a proof of
 * space of a plot made with the pool's keys for a signage point, with the plot's local public
 * key and the local key's signature; `miner` names the harvester (the pool's miner name rules
 * apply on top).
 */
export const ogProofRequestSchema = z.object({
  miner: z.string().trim().min(1).max(64),
  local_public_key: g1Schema,
  proof_of_space: proofOfSpaceSchema,
  sp_hash: bytes32Schema,
  end_of_sub_slot: z.boolean().default(false),
  signature: g2Schema,
});

/** GET /api/miner/og/<pool>/signage_points: the miner whose difficulty to answer (optional). */
export const ogSignagePointsQuerySchema = z.object({ miner: z.string().trim().min(1).max(64).optional() });

/** GET /farmer and GET /login query: launcher_id, authentication_token, signature (by the authentication key). */
export const authenticatedQuerySchema = z.object({
  launcher_id: bytes32Schema,
  authentication_token: uint64Schema,
  signature: g2Schema,
});

export const getPoolInfoResponseSchema = z.object({
  name: z.string(),
  logo_url: z.string(),
  minimum_difficulty: uint64Schema,
  relative_lock_height: uint32Schema,
  protocol_version: uint8Schema.refine((v) => v === POOL_PROTOCOL_VERSION),
  fee: z.string(),
  description: z.string(),
  target_puzzle_hash: bytes32Schema,
  authentication_token_timeout: uint8Schema.refine((v) => v >= 1),
});

export const errorResponseSchema = z.object({
  error_code: uint16Schema,
  error_message: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

export type PostPartialRequestInput = z.input<typeof postPartialRequestSchema>;
