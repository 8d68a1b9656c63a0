import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { aggregate, calculatePlotIdPh, calculatePosChallenge, keyGen, sign, skToPk, verifyProof, wasmBackend } from '../../packages/chia/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { chiaDevnet } from '../../apps/server/src/chain/chia-devnet.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { httpSender, simulatedFarmer } from '../../apps/server/src/protocols/chia/farmer.ts';
import { chiaPrimitives } from '../../apps/server/src/protocols/chia/primitives.impl.ts';
import { devnetTargetPuzzleHash } from '../../apps/server/src/protocols/chia/setup.ts';

/**
 * `BENCH_ONLY=partials`: POST /partial validated end to end over HTTP (token, farmer lookup,
 * aggregate BLS signature in the worker pool, pool contract hash, signage point lookup, proof
 * of space, required iterations, the partial stored, difficulty adjustment) with 8 requests in
 * flight, against the raw cost measured in the same run of what each partial must compute:
 * one aggregate BLS verification (2 keys, Chia's WASM, one thread) plus one proof-of-space
 * verification of the same dev plots. Goal: ratio ≥ 0.8.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-01';
const K = 18;
const FACTOR = 10_052_721_566_054n;
const FARMERS = 4;
const PER_FARMER = 120;
const IN_FLIGHT = 8;

function timePerOp(seconds: number, op: () => void): number {
  op();
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let n = 0;
  while (performance.now() < until) {
    op();
    n++;
  }
  return (performance.now() - t0) / 1000 / n;
}

export async function partialsBench(url: string, seconds: number): Promise<void> {
  const config = loadConfig(
    {},
    {
      nodeEnv: 'test',
      webDist: '/nonexistent',
      logLevel: 'error',
      devnetChiaMinK: K,
      devnetChiaPlotFilterBits: 0,
      devnetChiaDifficultyConstantFactor: FACTOR.toString(),
      // Every partial is made before the run: its signage point must not count as late.
      chiaPoolPartialTimeLimit: 600,
      chiaPoolSignagePointRetryMs: 0,
    },
  );
  const { db } = createDb(url, 20);
  // Errors only (a refused partial's cause shows in the output).
  const app = await buildApp({ config, db, secret: SECRET, logger: createLogger(config) });
  const crypto = await chiaPrimitives({ blsThreads: 1 });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const poolUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/chia/chiapp`;
    const node = chiaDevnet(db, 'CHIA');
    const send = httpSender(poolUrl);
    const target = devnetTargetPuzzleHash(SECRET, 'chiapp');

    // Farmers join, then each answers PER_FARMER signage points with a good proof.
    const bodies: unknown[] = [];
    const proofs: { plotId: Uint8Array; challenge: Uint8Array; proof: Uint8Array }[] = [];
    for (let f = 0; f < FARMERS; f++) {
      const farmer = simulatedFarmer({ seed: `bench-${f}-${Date.now()}`, crypto, node, targetPuzzleHash: target, poolUrl, send, k: K, difficultyConstantFactor: FACTOR });
      await farmer.setSingleton();
      const joined = await farmer.postFarmer();
      if (!('welcome_message' in joined.body)) throw new Error(`farmer did not join: ${JSON.stringify(joined.body)}`);
      const plotId = calculatePlotIdPh(Buffer.from(farmer.p2SingletonPuzzleHash, 'hex'), Buffer.from(farmer.plotPk, 'hex'));
      while (bodies.length < (f + 1) * PER_FARMER) {
        const sp = await node.signagePoint();
        const good = farmer.proofsFor(sp, 10n).find((p) => p.good);
        if (!good) continue;
        bodies.push(farmer.partialBody(sp, good.pos));
        const challenge = calculatePosChallenge(plotId, Buffer.from(sp.challengeHash, 'hex'), Buffer.from(sp.spHash, 'hex'));
        proofs.push({ plotId, challenge, proof: Buffer.from(good.pos.proof, 'hex') });
      }
    }

    // Raw costs, same process, same moment: aggregate BLS verification and proof verification.
    const plotSk = keyGen(new Uint8Array(32).fill(7));
    const authSk = keyGen(new Uint8Array(32).fill(8));
    const message = new Uint8Array(32).fill(9);
    const pks = [skToPk(plotSk), skToPk(authSk)];
    const signature = aggregate([sign(plotSk, message), sign(authSk, message)]);
    const blsSeconds = timePerOp(seconds / 2, () => {
      if (!wasmBackend.aggregateVerify(pks, [message, message], signature)) throw new Error('bench signature does not verify');
    });
    let i = 0;
    const posSeconds = timePerOp(seconds / 2, () => {
      const p = proofs[i++ % proofs.length]!;
      if (!verifyProof({ plotId: p.plotId, k: K, challenge: p.challenge, proof: p.proof, allowSmallK: true }).ok) throw new Error('bench proof does not verify');
    });
    const rawPerSecond = 1 / (blsSeconds + posSeconds);

    // The partials through HTTP, IN_FLIGHT at a time.
    let next = 0;
    let accepted = 0;
    const refused = new Map<string, number>();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const res = await send('POST', '/partial', body);
          if (typeof res.body.new_difficulty === 'number') accepted++;
          else refused.set(String(res.body.error_code), (refused.get(String(res.body.error_code)) ?? 0) + 1);
        }
      }),
    );
    const partialsPerSecond = bodies.length / ((performance.now() - t0) / 1000);
    const ratio = partialsPerSecond / rawPerSecond;
    console.log(`| Chia partials (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}, k=${K}, ${IN_FLIGHT} in flight) | per second | ms each |`);
    console.log('|---|---|---|');
    console.log(`| aggregate BLS verify (2 keys, WASM, 1 thread) | ${(1 / blsSeconds).toFixed(1)} | ${(blsSeconds * 1000).toFixed(2)} |`);
    console.log(`| proof-of-space verify | ${(1 / posSeconds).toFixed(1)} | ${(posSeconds * 1000).toFixed(2)} |`);
    console.log(`| raw cost of one partial (the two above) | ${rawPerSecond.toFixed(1)} | ${((blsSeconds + posSeconds) * 1000).toFixed(2)} |`);
    console.log(
      `| POST /partial over HTTP, fully validated and stored (${accepted} of ${bodies.length} accepted) | ${partialsPerSecond.toFixed(1)} | ${(1000 / partialsPerSecond).toFixed(2)} |`,
    );
    console.log(`\npartials ÷ raw (BLS + proof) = ${ratio.toFixed(2)} (goal ≥ 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW GOAL'}\n`);
    if (accepted !== bodies.length) {
      console.log(`refused: ${JSON.stringify(Object.fromEntries(refused))}`);
      process.exitCode = 1;
    }
  } finally {
    await crypto.close();
    await app.close();
    await db.destroy();
  }
}
