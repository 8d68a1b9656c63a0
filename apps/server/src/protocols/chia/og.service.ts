import type { ChiaChain } from '../../chain/chia.ts';
import type { Db } from '../../db/database.ts';
import { NUMBER_OF_PARTIALS_TARGET } from './constants.ts';
import { nextDifficulty } from './difficulty.ts';
import { creditOgProof, ensureOgMiner, findOgMiner, setOgDifficulty } from './og.repository.ts';
import type { ChiaPrimitives, ProofOfSpaceFields } from './primitives.ts';
import { PoolProtocolError, proofVerifier, type ProofRules } from './proof.ts';

/**
 * The Chia OG pool (issue 18): farmers plot with the POOL's farmer public key and pool public
 * key (no plot NFT), so the pool — not the farmer — is the block's farmer and its rewards'
 * owner. A user's harvester-side proxy, authenticated by the user's miner API key, fetches the
 * pool's signage points and submits the proofs its plots find, with the plot's local public key
 * and a signature by the local key. The pool checks that the plot is made with its keys (plot
 * key = local + farmer key, plot id = sha256(pool key ‖ plot key)), the signature, and then
 * exactly what a pool protocol partial passes (proof.ts): signage point, time, proof, plot
 * filter, required iterations at the miner's difficulty. A proof counts once; its points are a
 * share at that difficulty, and the miner's difficulty follows its proofs as a PP farmer's does.
 */

export interface ChiaOgSettings extends ProofRules {
  /** The pool (pools.type) this endpoint serves: chia. */
  pool: string;
  /** The pool's farmer public key and pool public key the plots are made with (hex G1, 48 bytes). */
  farmerPublicKey: string;
  poolPublicKey: string;
  minDifficulty: bigint;
  defaultDifficulty: bigint;
}

export interface OgProofInput {
  /** The miner (harvester) name, as the proxy tool reports it. */
  miner: string;
  localPublicKey: string;
  proofOfSpace: ProofOfSpaceFields;
  spHash: string;
  endOfSubSlot: boolean;
  /** By the plot's local key over crypto.ogProofHash. */
  signature: string;
}

const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

export function chiaOgService(deps: { db: Db; chain: ChiaChain; crypto: ChiaPrimitives; settings: ChiaOgSettings; now?: () => number; sleep?: (ms: number) => Promise<void> }) {
  const { db, chain, crypto, settings } = deps;
  const now = deps.now ?? (() => Date.now());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const proofs = proofVerifier({ chain, crypto, rules: settings, now, sleep });
  const farmerPublicKey = strip(settings.farmerPublicKey);
  const poolPublicKey = strip(settings.poolPublicKey);

  /** The plot is made with this pool's keys: its pool key, and a plot key of local + the pool's farmer key. */
  function checkPlotKeys(input: OgProofInput): void {
    const pos = input.proofOfSpace;
    if (pos.poolContractPuzzleHash !== null || pos.poolPublicKey === null || strip(pos.poolPublicKey) !== poolPublicKey) {
      throw new PoolProtocolError('INVALID_P2_SINGLETON_PUZZLE_HASH', `Plot is not made with this pool's pool public key 0x${poolPublicKey}`);
    }
    let plotKey: string | null = null;
    try {
      plotKey = crypto.ogPlotPublicKey(input.localPublicKey, farmerPublicKey);
    } catch {
      // Not a point of G1: no plot key can be made of it.
    }
    if (plotKey !== strip(pos.plotPublicKey)) {
      throw new PoolProtocolError('INVALID_P2_SINGLETON_PUZZLE_HASH', `Plot public key is not the local key plus this pool's farmer public key 0x${farmerPublicKey}`);
    }
  }

  return {
    settings,

    /** What a proxy needs: the pool's keys, the miner's difficulty, the signage points still open. */
    async signagePoints(owner: { userId: string }, miner: string | undefined) {
      const known = miner === undefined ? null : await findOgMiner(db, { userId: owner.userId, pool: settings.pool }, miner);
      const since = Math.floor(now() / 1000) - settings.partialTimeLimit;
      const points = (await chain.recentSignagePoints?.(since)) ?? [];
      return {
        farmer_public_key: `0x${farmerPublicKey}`,
        pool_public_key: `0x${poolPublicKey}`,
        difficulty: Number(known?.difficulty ?? settings.defaultDifficulty),
        plot_filter_bits: await proofs.filterBits(),
        signage_points: points.map((p) => ({
          sp_hash: `0x${p.spHash}`,
          challenge_hash: `0x${p.challengeHash}`,
          end_of_sub_slot: p.endOfSubSlot,
          time_received: p.timeReceived,
        })),
      };
    },

    /** A proof for a signage point: checked, counted once, credited; answers the miner's next difficulty. */
    async submitProof(owner: { userId: string }, input: OgProofInput, receivedMs = now()) {
      checkPlotKeys(input);
      const pos = input.proofOfSpace;
      const message = crypto.ogProofHash(settings.pool, pos, input.spHash, input.endOfSubSlot);
      if (!(await crypto.verify(input.localPublicKey, message, input.signature))) {
        throw new PoolProtocolError('INVALID_SIGNATURE', `The signature by the local key is invalid ${input.signature}`);
      }
      const poolOwner = { userId: owner.userId, pool: settings.pool };
      const miner = (await findOgMiner(db, poolOwner, input.miner)) ?? (await ensureOgMiner(db, poolOwner, input.miner, settings.defaultDifficulty, new Date(receivedMs)));
      const difficulty = miner.difficulty;
      await proofs.check({ pos, spHash: input.spHash, endOfSubSlot: input.endOfSubSlot, receivedMs, difficulty });
      const recent = await creditOgProof(
        db,
        {
          pool: settings.pool,
          userId: owner.userId,
          minerId: miner.minerId,
          receivedAt: new Date(receivedMs),
          difficulty,
          spHash: input.spHash,
          posHash: crypto.proofOfSpaceHash(pos),
          plotPublicKey: strip(pos.plotPublicKey),
          plotSize: pos.size,
        },
        NUMBER_OF_PARTIALS_TARGET,
      );
      if (recent === 'replay') throw new PoolProtocolError('REQUEST_FAILED', `Proof of space already counted ${input.spHash}`);
      const next = nextDifficulty({ recent, current: difficulty, now: Math.floor(receivedMs / 1000), minimum: settings.minDifficulty });
      if (next !== difficulty) await setOgDifficulty(db, miner.minerId, next);
      return { points: Number(difficulty), new_difficulty: Number(next) };
    },
  };
}
export type ChiaOgService = ReturnType<typeof chiaOgService>;
