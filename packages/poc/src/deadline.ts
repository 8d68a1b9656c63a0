import { JsNonceGenerator, SCOOP_BYTES, u64, type NonceGenerator, type PocVersion } from './nonce.ts';
import { LANE_COUNT, WasmNonceGenerator } from './wasm.ts';
import { shabal256 } from './shabal.ts';

export const GENERATION_SIGNATURE_BYTES = 32;

/** A 32-byte generation signature from 64 hex digits (or a RangeError). */
export function parseGenerationSignature(hex: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new RangeError('generation signature must be 64 hex digits');
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

function checkGenerationSignature(genSig: Uint8Array): void {
  if (genSig.length !== GENERATION_SIGNATURE_BYTES) throw new RangeError('generation signature must be 32 bytes');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function be64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, false);
  return out;
}

/** The scoop a round asks for: the last 12 bits of shabal256(genSig ‖ be64(height)). */
export function scoopNumber(genSig: Uint8Array, height: bigint | number): number {
  checkGenerationSignature(genSig);
  const h = shabal256(concat(genSig, be64(u64(height, 'height'))));
  return ((h[30]! & 0x0f) << 8) | h[31]!;
}

/** The next block's generation signature: shabal256(genSig ‖ be64(generator / plotter id)). */
export function nextGenerationSignature(genSig: Uint8Array, generatorId: bigint): Uint8Array {
  checkGenerationSignature(genSig);
  return shabal256(concat(genSig, be64(u64(generatorId, 'generatorId'))));
}

/** The hit of a scoop: little-endian uint64 of the first 8 bytes of shabal256(genSig ‖ scoop). */
export function hitOfScoop(genSig: Uint8Array, scoopData: Uint8Array): bigint {
  checkGenerationSignature(genSig);
  if (scoopData.length !== SCOOP_BYTES) throw new RangeError('scoop data must be 64 bytes');
  const h = shabal256(concat(genSig, scoopData));
  return new DataView(h.buffer, h.byteOffset, 8).getBigUint64(0, true);
}

/** Deadline in seconds: floor(hit / baseTarget). */
export function deadlineOfHit(hit: bigint, baseTarget: bigint): bigint {
  if (baseTarget <= 0n) throw new RangeError('baseTarget must be positive');
  return hit / baseTarget;
}

export interface Submission {
  genSig: Uint8Array;
  height: bigint | number;
  accountId: bigint;
  nonce: bigint;
  baseTarget: bigint;
  /** Plot layout; BHD-family coins are always PoC2, Burst from height 502,000. */
  version: PocVersion;
}

export interface DeadlineResult {
  scoop: number;
  hit: bigint;
  deadline: bigint;
}

export type NonceBackend = NonceGenerator['backend'];

/** A nonce generator: 'wasm' (the default, fastest) or 'js' (the unrolled TypeScript). */
export function createNonceGenerator(backend: NonceBackend = 'wasm'): NonceGenerator {
  return backend === 'js' ? new JsNonceGenerator() : new WasmNonceGenerator();
}

let generator: NonceGenerator | null = null;

/** The deadline a submission really earns (the pool never trusts the miner's). */
export function computeDeadline(submission: Submission, nonces?: NonceGenerator): DeadlineResult {
  const baseTarget = u64(submission.baseTarget, 'baseTarget');
  if (baseTarget === 0n) throw new RangeError('baseTarget must be positive');
  const scoop = scoopNumber(submission.genSig, submission.height);
  const data = (nonces ?? (generator ??= createNonceGenerator())).scoop(submission.accountId, submission.nonce, scoop, submission.version);
  const hit = hitOfScoop(submission.genSig, data);
  return { scoop, hit, deadline: hit / baseTarget };
}

/** A deadline, or why the submission could not be checked (bad input: a RangeError's message). */
export type DeadlineOutcome = { ok: true; result: DeadlineResult } | { ok: false; error: string };

/**
 * The deadlines of several submissions, their nonces built four at a time by the WebAssembly
 * 4-lane build (the pool's batches); a bad submission gets its error, the others their result.
 */
export function computeDeadlines(submissions: readonly Submission[], nonces: WasmNonceGenerator = wasmGenerator()): DeadlineOutcome[] {
  const outcomes: DeadlineOutcome[] = new Array(submissions.length);
  const ready: { index: number; submission: Submission; scoop: number }[] = [];
  submissions.forEach((submission, index) => {
    try {
      if (u64(submission.baseTarget, 'baseTarget') === 0n) throw new RangeError('baseTarget must be positive');
      u64(submission.accountId, 'accountId');
      u64(submission.nonce, 'nonce');
      if (submission.version !== 1 && submission.version !== 2) throw new RangeError('version must be 1 or 2');
      ready.push({ index, submission, scoop: scoopNumber(submission.genSig, submission.height) });
    } catch (error) {
      outcomes[index] = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
  for (let i = 0; i < ready.length; i += LANE_COUNT) {
    const batch = ready.slice(i, i + LANE_COUNT);
    const data = nonces.scoops(batch.map(({ submission: s, scoop }) => ({ accountId: s.accountId, nonce: s.nonce, scoop, version: s.version })));
    batch.forEach(({ index, submission, scoop }, j) => {
      const hit = hitOfScoop(submission.genSig, data[j]!);
      outcomes[index] = { ok: true, result: { scoop, hit, deadline: hit / submission.baseTarget } };
    });
  }
  return outcomes;
}

let wasm: WasmNonceGenerator | null = null;
const wasmGenerator = () => (wasm ??= new WasmNonceGenerator());

/** The hit of a forced scoop (tests and tools). */
export function hitAtScoop(genSig: Uint8Array, accountId: bigint, nonce: bigint, scoop: number, version: PocVersion, nonces?: NonceGenerator): bigint {
  return hitOfScoop(genSig, (nonces ?? (generator ??= createNonceGenerator())).scoop(accountId, nonce, scoop, version));
}
