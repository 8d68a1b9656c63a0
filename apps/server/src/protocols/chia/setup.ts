import { calculatePrefixBits, GENESIS_CHALLENGES, MAINNET_PLOT_FILTER, TESTNET11_PLOT_FILTER } from '@platter/chia';
import { POOL_SEEDS } from '@platter/domain';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ChiaChain } from '../../chain/chia.ts';
import { chiaDevnet, type ChiaDevnet } from '../../chain/chia-devnet.ts';
import { chiaRpcChain } from '../../chain/chia-rpc.ts';
import { chiaNetworkCoin, chiaSslDir, type Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { chiaPoolService, type ChiaPoolService } from './chia.service.ts';
import type { ChiaPrimitives } from './primitives.ts';
import { DIFFICULTY_CONSTANT_FACTOR } from './constants.ts';

/** Mainnet: k ≥ 32 and the plot filter by height (calculate_prefix_bits: 8 bits from 5,496,000). */
const MAINNET_RULES = { minK: 32, plotFilterBits: (height: number) => calculatePrefixBits(MAINNET_PLOT_FILTER, height), difficultyConstantFactor: DIFFICULTY_CONSTANT_FACTOR };
/** testnet11's overrides: plots from k 18, its filter schedule and its DIFFICULTY_CONSTANT_FACTOR. */
const TESTNET11_RULES = { minK: 18, plotFilterBits: (height: number) => calculatePrefixBits(TESTNET11_PLOT_FILTER, height), difficultyConstantFactor: 10_052_721_566_054n };

export interface ChiaPoolEntry {
  pool: string;
  coin: string;
  service: ChiaPoolService;
  chain: ChiaChain;
  /** Present on the devnet: the simulated node the worker advances. */
  devnet?: ChiaDevnet;
  /** Present with a full node: ends its connections. */
  close?: () => void;
  /** The URL farmers enter in their client. */
  url: string;
  prefix: string;
  testnet: boolean;
}

/** The full node of CHIA_RPC_URL for the pools of its network's coin, if one is configured. */
export function fullNode(config: Config, coin: string): (ChiaChain & { close(): void }) | undefined {
  if (!config.chiaRpcUrl || coin !== chiaNetworkCoin(config)) return undefined;
  const ssl = chiaSslDir(config);
  return chiaRpcChain(coin, {
    url: config.chiaRpcUrl,
    certPath: path.join(ssl, 'full_node/private_full_node.crt'),
    keyPath: path.join(ssl, 'full_node/private_full_node.key'),
    caPath: path.join(ssl, 'ca/private_ca.crt'),
    genesisChallenge: GENESIS_CHALLENGES[config.chiaRpcNetwork],
    confirmations: config.chiaPoolSingletonConfirmations,
  });
}

/** The devnet pool's target puzzle hash (stable for a given secret and pool). */
export function devnetTargetPuzzleHash(secret: string, pool: string): string {
  return createHash('sha256').update(`chia-pool-target:${pool}:${secret}`).digest('hex');
}

/** One protocol endpoint per pool of the Chia pool protocol v1 (chiapp, chiavip, chia_test). */
export function chiaPools(deps: { config: Config; db: Db; secret: string; crypto: ChiaPrimitives; sleep?: (ms: number) => Promise<void>; now?: () => number }): Map<string, ChiaPoolEntry> {
  const { config, db, secret, crypto } = deps;
  const devnetRules: { minK: number; plotFilterBits: number | ((height: number) => number); difficultyConstantFactor: bigint } = { minK: config.devnetChiaMinK, plotFilterBits: config.devnetChiaPlotFilterBits, difficultyConstantFactor: BigInt(config.devnetChiaDifficultyConstantFactor) };
  const entries = new Map<string, ChiaPoolEntry>();
  for (const seed of POOL_SEEDS.filter((p) => p.protocol === 'chia-pool-v1')) {
    const prefix = `${config.chiaPoolPath}/${seed.type}`;
    const node = fullNode(config, seed.coin);
    const target = config.chiaPoolTargetPuzzleHashes?.[seed.type] ?? config.chiaPoolTargetPuzzleHash ?? (node ? undefined : devnetTargetPuzzleHash(secret, seed.type));
    if (!target) throw new Error('CHIA_POOL_TARGET_PUZZLE_HASH is required with a real chain (CHIA_RPC_URL)');
    // A plot NFT names one target: two pools sharing it would both take its launcher (POST
    // /farmer in one, partials refused in the other), so each pool has its own.
    const sharing = [...entries.values()].find((e) => e.service.settings.targetPuzzleHash === target);
    if (sharing) throw new Error(`Chia pools ${sharing.pool} and ${seed.type} share a target puzzle hash: give each its own (CHIA_POOL_TARGET_PUZZLE_HASHES=${seed.type}=…)`);
    const simulated = node ? undefined : chiaDevnet(db, seed.coin);
    const chain: ChiaChain = node ?? (simulated as ChiaDevnet);
    const rules = !node ? devnetRules : config.chiaRpcNetwork === 'testnet11' ? TESTNET11_RULES : MAINNET_RULES;
    const service = chiaPoolService({
      db,
      chain,
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
        testnet: seed.coin.endsWith('_TEST'),
      },
    });
    entries.set(seed.type, {
      pool: seed.type,
      coin: seed.coin,
      service,
      chain,
      ...(simulated ? { devnet: simulated } : {}),
      ...(node ? { close: () => node.close() } : {}),
      url: `${config.publicUrl}${prefix}`,
      prefix,
      testnet: seed.coin.endsWith('_TEST'),
    });
  }
  return entries;
}
