import { bool, bytes, bytes32, g1Element, g2Element, optional, str, streamableHash, struct, uint16, uint32, uint64, uint8, type StructValue } from '../streamable/codec.ts';

/**
 * Chia pool protocol v1 messages (chia/protocols/pool_protocol.py) as streamable codecs. Each
 * name is both the codec (serialise, parse, JSON) and the TS type of its value. Field names are
 * the reference's, so the JSON bodies map one to one.
 */

export const POOL_PROTOCOL_VERSION = 1;

export const PoolErrorCode = {
  REVERTED_SIGNAGE_POINT: 1,
  TOO_LATE: 2,
  NOT_FOUND: 3,
  INVALID_PROOF: 4,
  PROOF_NOT_GOOD_ENOUGH: 5,
  INVALID_DIFFICULTY: 6,
  INVALID_SIGNATURE: 7,
  SERVER_EXCEPTION: 8,
  INVALID_P2_SINGLETON_PUZZLE_HASH: 9,
  FARMER_NOT_KNOWN: 10,
  FARMER_ALREADY_KNOWN: 11,
  INVALID_AUTHENTICATION_TOKEN: 12,
  INVALID_PAYOUT_INSTRUCTIONS: 13,
  INVALID_SINGLETON: 14,
  DELAY_TIME_TOO_SHORT: 15,
  REQUEST_FAILED: 16,
} as const;
export type PoolErrorName = keyof typeof PoolErrorCode;
export type PoolErrorCode = (typeof PoolErrorCode)[PoolErrorName];

const errorNames = new Map<number, PoolErrorName>(Object.entries(PoolErrorCode).map(([name, code]) => [code, name as PoolErrorName]));

/** The name of a pool error code (1..16), or undefined for any other number. */
export function poolErrorName(code: number): PoolErrorName | undefined {
  return errorNames.get(code);
}

/** chia.types.blockchain_format.proof_of_space.ProofOfSpace (`size` is k; v2 plots pack a version in it). */
export const ProofOfSpace = struct('ProofOfSpace', {
  challenge: bytes32,
  pool_public_key: optional(g1Element),
  pool_contract_puzzle_hash: optional(bytes32),
  plot_public_key: g1Element,
  size: uint8,
  proof: bytes,
});
export type ProofOfSpace = StructValue<typeof ProofOfSpace.fields>;

/** The `size` byte of a proof of space: k, with the top bit set for v2 plots (chia_rs version_and_size). */
export function plotSize(proof: Pick<ProofOfSpace, 'size'>): { version: 1 | 2; k: number } {
  return proof.size & 0x80 ? { version: 2, k: proof.size & 0x7f } : { version: 1, k: proof.size };
}

/** Signed for GET /farmer (method_name "get_farmer") and GET /login ("get_login") by the authentication key. */
export const AuthenticationPayload = struct('AuthenticationPayload', {
  method_name: str,
  launcher_id: bytes32,
  target_puzzle_hash: bytes32,
  authentication_token: uint64,
});
export type AuthenticationPayload = StructValue<typeof AuthenticationPayload.fields>;

export const GetPoolInfoResponse = struct('GetPoolInfoResponse', {
  name: str,
  logo_url: str,
  minimum_difficulty: uint64,
  relative_lock_height: uint32,
  protocol_version: uint8,
  fee: str,
  description: str,
  target_puzzle_hash: bytes32,
  authentication_token_timeout: uint8,
});
export type GetPoolInfoResponse = StructValue<typeof GetPoolInfoResponse.fields>;

export const PostPartialPayload = struct('PostPartialPayload', {
  launcher_id: bytes32,
  authentication_token: uint64,
  proof_of_space: ProofOfSpace,
  sp_hash: bytes32,
  end_of_sub_slot: bool,
  harvester_id: bytes32,
});
export type PostPartialPayload = StructValue<typeof PostPartialPayload.fields>;

/** aggregate_signature: plot key and authentication key, both over sha256(PostPartialPayload). */
export const PostPartialRequest = struct('PostPartialRequest', {
  payload: PostPartialPayload,
  aggregate_signature: g2Element,
});
export type PostPartialRequest = StructValue<typeof PostPartialRequest.fields>;

export const PostPartialResponse = struct('PostPartialResponse', { new_difficulty: uint64 });
export type PostPartialResponse = StructValue<typeof PostPartialResponse.fields>;

export const GetFarmerResponse = struct('GetFarmerResponse', {
  authentication_public_key: g1Element,
  payout_instructions: str,
  current_difficulty: uint64,
  current_points: uint64,
});
export type GetFarmerResponse = StructValue<typeof GetFarmerResponse.fields>;

export const PostFarmerPayload = struct('PostFarmerPayload', {
  launcher_id: bytes32,
  authentication_token: uint64,
  authentication_public_key: g1Element,
  payout_instructions: str,
  suggested_difficulty: optional(uint64),
});
export type PostFarmerPayload = StructValue<typeof PostFarmerPayload.fields>;

/** signature: the owner key over sha256(PostFarmerPayload). */
export const PostFarmerRequest = struct('PostFarmerRequest', { payload: PostFarmerPayload, signature: g2Element });
export type PostFarmerRequest = StructValue<typeof PostFarmerRequest.fields>;

export const PostFarmerResponse = struct('PostFarmerResponse', { welcome_message: str });
export type PostFarmerResponse = StructValue<typeof PostFarmerResponse.fields>;

export const PutFarmerPayload = struct('PutFarmerPayload', {
  launcher_id: bytes32,
  authentication_token: uint64,
  authentication_public_key: optional(g1Element),
  payout_instructions: optional(str),
  suggested_difficulty: optional(uint64),
});
export type PutFarmerPayload = StructValue<typeof PutFarmerPayload.fields>;

/** signature: the owner key over sha256(PutFarmerPayload). */
export const PutFarmerRequest = struct('PutFarmerRequest', { payload: PutFarmerPayload, signature: g2Element });
export type PutFarmerRequest = StructValue<typeof PutFarmerRequest.fields>;

export const PutFarmerResponse = struct('PutFarmerResponse', {
  authentication_public_key: optional(bool),
  payout_instructions: optional(bool),
  suggested_difficulty: optional(bool),
});
export type PutFarmerResponse = StructValue<typeof PutFarmerResponse.fields>;

/** The error body of every endpoint: {error_code, error_message}. */
export const ErrorResponse = struct('ErrorResponse', { error_code: uint16, error_message: optional(str) });
export type ErrorResponse = StructValue<typeof ErrorResponse.fields>;

export const postPartialPayloadHash = (payload: PostPartialPayload): Uint8Array => streamableHash(PostPartialPayload, payload);
export const postFarmerPayloadHash = (payload: PostFarmerPayload): Uint8Array => streamableHash(PostFarmerPayload, payload);
export const putFarmerPayloadHash = (payload: PutFarmerPayload): Uint8Array => streamableHash(PutFarmerPayload, payload);

/** The message the authentication key signs for GET /farmer and GET /login. */
export function authenticationPayloadHash(methodName: 'get_farmer' | 'get_login', launcherId: Uint8Array, targetPuzzleHash: Uint8Array, authenticationToken: bigint): Uint8Array {
  return streamableHash(AuthenticationPayload, {
    method_name: methodName,
    launcher_id: launcherId,
    target_puzzle_hash: targetPuzzleHash,
    authentication_token: authenticationToken,
  });
}

/** An error body with the code's reference name as the default message. */
export function errorResponse(code: PoolErrorCode, message?: string): { error_code: number; error_message: string } {
  return { error_code: code, error_message: message ?? poolErrorName(code) ?? 'error' };
}
