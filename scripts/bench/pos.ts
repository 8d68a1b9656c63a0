import { verifyProof, createDevPlot } from '../../packages/chia/src/index.ts';
import { blake3Block } from '../../packages/chia/src/pos/blake3.ts';
import { chacha8Block, chacha8State } from '../../packages/chia/src/pos/chacha8.ts';
import { getWide, wordsFromBytes } from '../../packages/chia/src/pos/bits.ts';
import { loadVectors } from '../../packages/chia/src/pos/testing.ts';

/**
 * `BENCH_ONLY=pos`: Chia proof-of-space verification on one core, with the 24 k = 21 reference
 * vectors (the cost per proof hardly depends on k: always 64 F1 and 63 BLAKE3 evaluations).
 * Baseline in the same run: the bare hash work of one verification (63 single-block BLAKE3
 * compressions and as many ChaCha8 blocks as the proofs' F1 evaluations need), so the ratio
 * shows the verifier's own overhead. Per CPU-second figures alongside wall-clock ones, since
 * this machine is shared. Then the build time of a k = 18 dev plot (devnet simulator).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4) / 2;
const ROUNDS = 3;

interface Rate {
  wall: number;
  cpu: number;
}

function rate(op: () => number): Rate {
  const until = performance.now() + SECONDS * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  while (performance.now() < until) n += op();
  const cpu = process.cpuUsage(cpu0);
  return { wall: n / ((performance.now() - t0) / 1000), cpu: n / ((cpu.user + cpu.system) / 1e6) };
}

const medianOf = (runs: Rate[]): Rate => [...runs].sort((a, b) => a.cpu - b.cpu)[Math.floor(runs.length / 2)]!;

export async function posBench(): Promise<void> {
  const vectors = loadVectors();
  const verifyAll = (): number => {
    for (const v of vectors) {
      if (!verifyProof({ plotId: v.plotId, k: v.k, challenge: v.challenge, proof: v.proof, allowSmallK: true }).ok) throw new Error('vector rejected');
    }
    return vectors.length;
  };
  // ChaCha8 blocks the F1 evaluations of the vectors need (one, or two when k bits straddle a block)
  let chachaBlocks = 0;
  for (const v of vectors) {
    const words = wordsFromBytes(v.proof);
    for (let i = 0; i < 64; i++) {
      const x = getWide(words, i * v.k, v.k);
      chachaBlocks += ((x * v.k) % 512) + v.k > 512 ? 2 : 1;
    }
  }
  const state = chacha8State(new Uint8Array(32));
  const block = new Uint32Array(17).fill(0x5a5a5a5a);
  const digest = new Uint32Array(8);
  const stream = new Uint32Array(16);
  const rawAll = (): number => {
    for (let i = 0; i < 63 * vectors.length; i++) {
      block[0] = i;
      blake3Block(block, 40, digest);
    }
    for (let i = 0; i < chachaBlocks; i++) chacha8Block(state, i, 0, stream, 0);
    return vectors.length;
  };
  rate(verifyAll); // warm-up (JIT)
  rate(rawAll);
  const verifyRuns: Rate[] = [];
  const rawRuns: Rate[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    verifyRuns.push(rate(verifyAll));
    rawRuns.push(rate(rawAll));
  }
  const verified = medianOf(verifyRuns);
  const raw = medianOf(rawRuns);

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const plot = createDevPlot(vectors[0]!.plotId, 18);
  const buildWall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (plot.k !== 18) throw new Error('dev plot');

  console.log('| proof of space (chiapos v1, one core) | per s (wall) | per CPU-s | µs each (CPU) |');
  console.log('|---|---|---|---|');
  console.log(`| verifyProof (64 F1 + 63 Fx + quality) | ${verified.wall.toFixed(0)} | ${verified.cpu.toFixed(0)} | ${(1e6 / verified.cpu).toFixed(1)} |`);
  console.log(`| bare hash work of one verification | ${raw.wall.toFixed(0)} | ${raw.cpu.toFixed(0)} | ${(1e6 / raw.cpu).toFixed(1)} |`);
  console.log(`\nverifyProof ÷ bare hash work = ${(verified.cpu / raw.cpu).toFixed(2)} (1.00 would be no overhead)`);
  console.log(`dev plot k = 18 built in ${(buildWall / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU\n`);
}
