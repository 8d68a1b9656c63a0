/**
 * Chia primitives the pool needs, free of I/O: proof-of-space verification, BLS signatures in
 * Chia's augmented scheme, streamable serialisation and the pool protocol v1 messages.
 */
export * from './bls/index.ts';
/** Streamable codecs (uint64, bytes32, str, optional, list, struct, ...) under one name. */
export * as streamable from './streamable/index.ts';
export { StreamableError, deserialize, serialize, stdHash, streamableHash, stringifyJson, type Codec, type Json } from './streamable/index.ts';
export * from './protocol/index.ts';
export * from './pos/index.ts';
