import fs from 'node:fs';
import { createRequire } from 'node:module';
import createModule, { type G1Element, type G2Element, type ModuleInstance, type PrivateKey } from 'bls-signatures';
import { skScalar } from './keygen.ts';
import { BlsInputError, G1_SIZE, G2_SIZE, isInfinity, wellFormedPoint, type BlsBackend } from './types.ts';

/**
 * Chia's own BLS library (bls-signatures, C++ built to WASM) behind the byte-level BlsBackend.
 *
 * Two hazards of that build are handled here:
 * - Its objects live in WASM memory and must be freed (`delete()`): every call frees what it made.
 * - A C++ exception (e.g. parsing a point that is not on the curve) reaches JS as a bare number
 *   and leaks WASM memory: after ~140 of them the instance breaks ("memory access out of bounds").
 *   Inputs are pre-checked in JS (length, flags, coordinates below p) so ordinary garbage never
 *   reaches it, and after THROW_BUDGET exceptions the instance is replaced (synchronous
 *   instantiation of the compiled module, ~25 ms).
 */
const THROW_BUDGET = 16;

/** The parts of the WebAssembly global used here (@types/node 20 does not declare it). */
interface WasmGlobal {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  RuntimeError: new (message?: string) => Error;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;

const require = createRequire(import.meta.url);
let compiled: object | null = null;

function instantiate(): ModuleInstance {
  compiled ??= new Wasm.Module(fs.readFileSync(require.resolve('bls-signatures/blsjs.wasm')));
  const wasm = compiled;
  const moduleArg: Record<string, unknown> = {
    instantiateWasm(imports: object, receive: (instance: { exports: object }) => void) {
      const instance = new Wasm.Instance(wasm, imports);
      receive(instance);
      return instance.exports;
    },
  };
  // With a synchronous instantiateWasm the runtime initialises before createModule returns, and
  // the argument object becomes the module.
  void createModule(moduleArg).catch(() => undefined);
  const instance = moduleArg as unknown as ModuleInstance;
  if (typeof instance.AugSchemeMPL?.verify !== 'function') throw new Error('bls-signatures WASM did not initialise synchronously');
  return instance;
}

interface Deletable {
  delete(): void;
}

export interface WasmBls extends BlsBackend {
  /** Number of times the WASM instance was replaced after C++ exceptions (for tests and metrics). */
  readonly reloads: number;
}

export function createWasmBackend(): WasmBls {
  let mod: ModuleInstance | null = null;
  let throws = 0;
  let reloads = 0;

  const current = (): ModuleInstance => (mod ??= instantiate());

  /** Runs fn with a scope that frees every WASM object registered in it; counts C++ exceptions. */
  function run<T>(fn: (m: ModuleInstance, own: <O extends Deletable>(o: O) => O) => T): T {
    const m = current();
    const owned: Deletable[] = [];
    try {
      return fn(m, (o) => {
        owned.push(o);
        return o;
      });
    } catch (error) {
      if (typeof error === 'number' || error instanceof Wasm.RuntimeError) {
        throws++;
        if (throws >= THROW_BUDGET || error instanceof Wasm.RuntimeError) {
          mod = null;
          throws = 0;
          reloads++;
        }
        throw new BlsInputError('rejected by the BLS library');
      }
      throw error;
    } finally {
      if (mod === m) for (const o of owned) o.delete();
    }
  }

  const g1 = (m: ModuleInstance, own: <O extends Deletable>(o: O) => O, bytes: Uint8Array): G1Element => {
    if (!wellFormedPoint(bytes, G1_SIZE)) throw new BlsInputError('malformed G1 point');
    return own(m.G1Element.from_bytes(bytes));
  };
  const g2 = (m: ModuleInstance, own: <O extends Deletable>(o: O) => O, bytes: Uint8Array): G2Element => {
    if (!wellFormedPoint(bytes, G2_SIZE)) throw new BlsInputError('malformed G2 signature');
    return own(m.G2Element.from_bytes(bytes));
  };
  const sk = (m: ModuleInstance, own: <O extends Deletable>(o: O) => O, bytes: Uint8Array): PrivateKey => {
    skScalar(bytes);
    return own(m.PrivateKey.from_bytes(bytes, false));
  };
  const falseOnError = (fn: () => boolean): boolean => {
    try {
      return fn();
    } catch {
      return false;
    }
  };

  const aggregateVerify: BlsBackend['aggregateVerify'] = (pks, messages, signature) =>
    falseOnError(() => {
      if (pks.length === 0 || pks.length !== messages.length) return false;
      if (pks.some((pk) => !(pk instanceof Uint8Array) || isInfinity(pk))) return false;
      if (messages.some((message) => !(message instanceof Uint8Array))) return false;
      return run((m, own) => {
        const sig = g2(m, own, signature);
        const points = pks.map((pk) => g1(m, own, pk));
        return points.length === 1 ? m.AugSchemeMPL.verify(points[0]!, messages[0]!, sig) : m.AugSchemeMPL.aggregate_verify(points, [...messages], sig);
      });
    });

  return {
    name: 'wasm',
    get reloads() {
      return reloads;
    },
    keyGen(seed) {
      if (!(seed instanceof Uint8Array) || seed.length < 32) throw new BlsInputError('key_gen seed must be at least 32 bytes');
      return run((m, own) => own(m.AugSchemeMPL.key_gen(seed)).serialize());
    },
    skToPk: (secret) => run((m, own) => own(sk(m, own, secret).get_g1()).serialize()),
    sign: (secret, message) => run((m, own) => own(m.AugSchemeMPL.sign(sk(m, own, secret), message)).serialize()),
    signPrepend: (secret, message, prependPk) => run((m, own) => own(m.AugSchemeMPL.sign_prepend(sk(m, own, secret), message, g1(m, own, prependPk))).serialize()),
    verify: (pk, message, signature) => aggregateVerify([pk], [message], signature),
    aggregate: (signatures) => run((m, own) => own(m.AugSchemeMPL.aggregate(signatures.map((s) => g2(m, own, s)))).serialize()),
    aggregateVerify,
    g1Add: (points) =>
      run((m, own) => {
        let sum = own(m.G1Element.from_bytes(infinityG1));
        for (const point of points) sum = own(sum.add(g1(m, own, point)));
        return sum.serialize();
      }),
    isValidG1: (bytes) => falseOnError(() => run((m, own) => (g1(m, own, bytes), true))),
    isValidG2: (bytes) => falseOnError(() => run((m, own) => (g2(m, own, bytes), true))),
  };
}

const infinityG1 = new Uint8Array(G1_SIZE);
infinityG1[0] = 0xc0;
