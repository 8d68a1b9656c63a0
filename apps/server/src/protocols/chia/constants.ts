import { PoolErrorCode } from '@platter/chia';

/**
 * The pool protocol v1's fixed numbers, as the reference pool (Chia-Network/pool-reference)
 * uses them. Those that a pool operator may tune are settings (config.ts); these are not.
 */

/** POOL_SUB_SLOT_ITERS of the consensus: a partial is good enough below 1/64 of it. */
export const POOL_SUB_SLOT_ITERS = 37_600_000_000n;
/** Required iterations of a partial must stay below this (the same for every pool). */
export const ITERS_LIMIT = POOL_SUB_SLOT_ITERS / 64n;
/** Chia's DIFFICULTY_CONSTANT_FACTOR (2^67). */
export const DIFFICULTY_CONSTANT_FACTOR = 2n ** 67n;
/** Blocks a farmer waits between starting to leave the pool and leaving (in the singleton). */
export const RELATIVE_LOCK_HEIGHT = 100;
/** POOL_PROTOCOL_VERSION of the singleton state. */
export const POOL_PROTOCOL_VERSION = 1;
/** A plot NFT's delay time must be at least one hour. */
export const MIN_DELAY_TIME = 3600;
/** Authentication tokens: minutes per token step and the accepted distance (pool_info). */
export const AUTHENTICATION_TOKEN_TIMEOUT = 5;
/** Difficulty: partials per farmer the pool aims at within TIME_TARGET. */
export const NUMBER_OF_PARTIALS_TARGET = 300;
/** Difficulty: the time window of the target, seconds (one day). */
export const TIME_TARGET = 24 * 3600;
/** PUT /farmer changes apply after this cool-down, seconds. */
export const FARMER_UPDATE_COOLDOWN_SECONDS = 600;
/** Singleton states. */
export const SELF_POOLING = 1;
export const LEAVING_POOL = 2;
export const FARMING_TO_POOL = 3;

/** The pool protocol's error codes (PoolErrorCode, 1 to 16), from packages/chia. */
export const POOL_ERROR = PoolErrorCode;
export type PoolErrorName = keyof typeof PoolErrorCode;
