import { createHash } from 'node:crypto';
import os from 'node:os';
import {
  bytesHashedPerNonce,
  computeDeadline,
  computeDeadlines,
  createNonceGenerator,
  HASH_BYTES,
  HASH_CAP,
  NONCE_BYTES,
  parseGenerationSignature,
  PocVerifierPool,
  WasmNonceGenerator,
  type NonceGenerator,
  type Submission,
} from '../../packages/poc/src/index.ts';

/**
 * `BENCH_ONLY=poc`: Burst / BHD-family deadline verification. Verifying a submission rebuilds
 * its nonce: 8,193 Shabal-256 calls over 33,554,448 bytes. Baseline in the same run, measured
 * side by side in alternating rounds: Node's native SHA-256 (OpenSSL) over the same bytes, fed
 * in the same slices of a 256 KiB buffer. Goal: one verification ≤ 4× that SHA-256 time. CPU
 * time per operation alongside wall time, since this machine may be shared. Also the cost per
 * nonce when four are verified at once (the 4-lane WebAssembly build the pool uses for a queue).
 * Then submissions verified per second through the worker pool (one worker per core), taking
 * queued submissions four at a time and, for comparison, one at a time.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 7;

const submission = (nonce: bigint): Submission => ({
  genSig: parseGenerationSignature('2a0757c8af2aa43b29515c872385ede31d0742b1ea29b93a1a8c38a11b8a37a0'),
  height: 41189n,
  accountId: 10282355196851764065n,
  nonce,
  baseTarget: 18325193796n,
  version: 2,
});

interface Timing {
  wallMs: number;
  cpuMs: number;
}

function time(op: () => void): Timing {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  op();
  const cpu = process.cpuUsage(cpu0);
  return { wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** SHA-256 over exactly the bytes one nonce build hashes, in the same slices of a 256 KiB buffer. */
function sha256SameBytes(buffer: Buffer): number {
  const hash = createHash('sha256');
  let hashed = 0;
  for (let i = NONCE_BYTES; i > 0; i -= HASH_BYTES) {
    const slice = buffer.subarray(i, i + Math.min(NONCE_BYTES + 16 - i, HASH_CAP));
    hash.update(slice);
    hashed += slice.length;
  }
  hash.update(buffer);
  hash.digest();
  return hashed + buffer.length;
}

export async function pocBench(): Promise<void> {
  const bytes = bytesHashedPerNonce();
  const buffer = Buffer.alloc(NONCE_BYTES + 16, 0x5a);
  const generators: NonceGenerator[] = [createNonceGenerator('wasm'), createNonceGenerator('js')];
  if (computeDeadline(submission(6729n)).deadline !== 924072458n) throw new Error('PoC bench: the Nogrod vector does not verify');
  // The baseline hashes exactly the bytes a verification does, or the ratio means nothing.
  if (sha256SameBytes(buffer) !== bytes) throw new Error(`PoC bench: the SHA-256 baseline hashes ${sha256SameBytes(buffer)} bytes, a nonce ${bytes}`);
  let nonce = 0n;
  const verify = (g: NonceGenerator) => () => void computeDeadline(submission(nonce++), g);
  const lanes = new WasmNonceGenerator();
  const verify4 = () => void computeDeadlines([nonce++, nonce++, nonce++, nonce++].map(submission), lanes);
  for (const g of generators) for (let i = 0; i < 3; i++) verify(g)(); // warm-up (JIT, tier-up)
  for (let i = 0; i < 3; i++) verify4();
  for (let i = 0; i < 3; i++) void sha256SameBytes(buffer);
  const runs = new Map<string, Timing[]>([['sha256', []], ['x4', []], ...generators.map((g) => [g.backend, []] as [string, Timing[]])]);
  for (let round = 0; round < ROUNDS; round++) {
    runs.get('sha256')!.push(time(() => void sha256SameBytes(buffer)));
    for (const g of generators) runs.get(g.backend)!.push(time(verify(g)));
    const batch = time(verify4);
    runs.get('x4')!.push({ wallMs: batch.wallMs / 4, cpuMs: batch.cpuMs / 4 });
  }
  const summary = (name: string) => {
    const list = runs.get(name)!;
    return { wallMs: median(list.map((t) => t.wallMs)), cpuMs: median(list.map((t) => t.cpuMs)) };
  };
  const sha = summary('sha256');
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(
    `| PoC nonce verification (${(bytes / 2 ** 20).toFixed(1)} MiB hashed each; ${os.cpus().length} cores, load ${load}; median of ${ROUNDS} alternating rounds) | ms (wall) | ms (CPU) | ÷ SHA-256 (wall) | ÷ SHA-256 (CPU) |`,
  );
  console.log('|---|---|---|---|---|');
  console.log(`| Node's native SHA-256 over the same bytes | ${sha.wallMs.toFixed(1)} | ${sha.cpuMs.toFixed(1)} | 1.00 | 1.00 |`);
  for (const g of generators) {
    const s = summary(g.backend);
    console.log(
      `| verify one nonce, ${g.backend === 'wasm' ? 'WebAssembly (default)' : 'unrolled TypeScript'} | ${s.wallMs.toFixed(1)} | ${s.cpuMs.toFixed(1)} | ${(s.wallMs / sha.wallMs).toFixed(2)} | ${(s.cpuMs / sha.cpuMs).toFixed(2)} |`,
    );
  }
  const x4 = summary('x4');
  console.log(
    `| verify four nonces at once, WebAssembly 4 lanes (per nonce) | ${x4.wallMs.toFixed(1)} | ${x4.cpuMs.toFixed(1)} | ${(x4.wallMs / sha.wallMs).toFixed(2)} | ${(x4.cpuMs / sha.cpuMs).toFixed(2)} |`,
  );
  const wasm = summary('wasm');
  console.log(
    `\nverify one nonce (WebAssembly) ÷ native SHA-256 over the same bytes = ${(wasm.wallMs / sha.wallMs).toFixed(2)} wall, ${(wasm.cpuMs / sha.cpuMs).toFixed(2)} CPU (goal ≤ 4)`,
  );

  for (const batch of [4, 1]) {
    const pool = new PocVerifierPool({ batch });
    try {
      const inFlight = pool.size * 8;
      await Promise.all(Array.from({ length: inFlight }, (_, i) => pool.deadline(submission(BigInt(i))))); // workers loaded
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      let n = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (performance.now() - t0 < SECONDS * 1000) {
            await pool.deadline(submission(nonce++));
            n++;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `submissions verified through the worker pool (${pool.size} threads, up to ${batch} at once, ${inFlight} in flight, ${seconds.toFixed(1)} s, load ${os.loadavg()[0]?.toFixed(1)}): ${(n / seconds).toFixed(1)}/s wall, ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} CPU ms each`,
      );
    } finally {
      await pool.close();
    }
  }
  console.log('');
}
