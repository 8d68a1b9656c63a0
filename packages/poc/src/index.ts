/**
 * @platter/poc — Burst / BHD-family proof of capacity, no I/O.
 *
 * Shabal-256 (shabal.ts: unrolled TypeScript; shabal.reference.ts: the readable definition),
 * nonces (nonce.ts: PoC1/PoC2 layouts; wasm.ts: the WebAssembly generator, the default),
 * scoop / generation signature / hit / deadline (deadline.ts), the worker pool (pool.ts) and
 * the capacity estimate from deadlines (capacity.ts).
 */
export * from './shabal.ts';
export * from './nonce.ts';
export * from './deadline.ts';
export * from './capacity.ts';
export * from './signum.ts';
export * from './vectors.ts';
export { WasmNonceGenerator } from './wasm.ts';
export { PocVerifierPool, type PocVerifierPoolOptions } from './pool.ts';
