/**
 * Chia primitives the pool needs, free of I/O: proof-of-space verification, BLS signatures in
 * Chia's augmented scheme, streamable serialisation and the pool protocol v1 messages.
 */
export * from './pos/index.ts';
export * from './bls/index.ts';
