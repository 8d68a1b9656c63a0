import { POOL_SEEDS } from '@platter/domain';
import { createHash } from 'node:crypto';
import type { ChiaChain } from '../../chain/chia.ts';
import { chiaDevnet, type ChiaDevnet } from '../../chain/chia-devnet.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { chiaPoolService, type ChiaPoolService } from './chia.service.ts';
import type { ChiaPrimitives } from './primitives.ts';
import { DIFFICULTY_CONSTANT_FACTOR } from './constants.ts';

/** Chia's 9-bit plot filter and k ≥ 32 on a real chain. */
const MAINNET_RULES = { minK: 32, plotFilterBits: 9, difficultyConstantFactor: DIFFICULTY_CONSTANT_FACTOR };

export interface ChiaPoolEntry {
  pool: string;
  coin: string;
  service: ChiaPoolService;
  chain: ChiaChain;
  /** Present on the devnet: the simulated node the worker advances. */
  devnet?: ChiaDevnet;
  /** The URL farmers enter in their client. */
  url: string;
  prefix: string;
  testnet: boolean;
}

/** The devnet pool's target puzzle hash (stable for a given secret and pool). */
export function devnetTargetPuzzleHash(secret: string, pool: string): string {
  return createHash('sha256').update(`chia-pool-target:${pool}:${secret}`).digest('hex');
}

/** One protocol endpoint per pool of the Chia pool protocol v1 (chiapp, chiavip, chia_test). */
export function chiaPools(deps: { config: Config; db: Db; secret: string; crypto: ChiaPrimitives; sleep?: (ms: number) => Promise<void>; now?: () => number }): Map<string, ChiaPoolEntry> {
  const { config, db, secret, crypto } = deps;
  const devnet = config.chain === 'devnet';
  const rules = devnet
    ? { minK: config.devnetChiaMinK, plotFilterBits: config.devnetChiaPlotFilterBits, difficultyConstantFactor: BigInt(config.devnetChiaDifficultyConstantFactor) }
    : MAINNET_RULES;
  const entries = new Map<string, ChiaPoolEntry>();
  for (const seed of POOL_SEEDS.filter((p) => p.protocol === 'chia-pool-v1')) {
    const prefix = `${config.chiaPoolPath}/${seed.type}`;
    const target = config.chiaPoolTargetPuzzleHash ?? (devnet ? devnetTargetPuzzleHash(secret, seed.type) : undefined);
    if (!target) throw new Error('CHIA_POOL_TARGET_PUZZLE_HASH is required with a real chain');
    const simulated = chiaDevnet(db, seed.coin);
    const service = chiaPoolService({
      db,
      chain: simulated,
      crypto,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      settings: {
        pool: seed.type,
        name: `${config.chiaPoolName ?? `${config.siteTitle} ${seed.name}`}${config.chiaPoolName && seed.type !== 'chiapp' ? ` (${seed.name})` : ''}`,
        description: config.chiaPoolDescription,
        logoUrl: config.chiaPoolLogoUrl ?? `${config.publicUrl}/favicon.svg`,
        targetPuzzleHash: target,
        minDifficulty: BigInt(config.chiaPoolMinDifficulty),
        defaultDifficulty: BigInt(Math.max(config.chiaPoolDefaultDifficulty, config.chiaPoolMinDifficulty)),
        partialTimeLimit: config.chiaPoolPartialTimeLimit,
        confirmationDelay: config.chiaPoolConfirmationDelay,
        signagePointRetryMs: config.chiaPoolSignagePointRetryMs,
        minK: rules.minK,
        plotFilterBits: rules.plotFilterBits,
        difficultyConstantFactor: rules.difficultyConstantFactor,
        // Relative: the browser stays on the host it reached the pool on (and its session).
        loginRedirect: '/center/chiapp',
      },
    });
    entries.set(seed.type, {
      pool: seed.type,
      coin: seed.coin,
      service,
      chain: simulated,
      devnet: simulated,
      url: `${config.publicUrl}${prefix}`,
      prefix,
      testnet: seed.coin.endsWith('_TEST'),
    });
  }
  return entries;
}
