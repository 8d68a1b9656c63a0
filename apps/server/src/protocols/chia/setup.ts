import { calculatePrefixBits, GENESIS_CHALLENGES, keyGen, MAINNET_PLOT_FILTER, skToPk, TESTNET11_PLOT_FILTER } from '@platter/chia';
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
import { chiaOgService, type ChiaOgService } from './og.service.ts';

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
export function chiaPools(deps: {
  config: Config;
  db: Db;
  secret: string;
  crypto: ChiaPrimitives;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}): Map<string, ChiaPoolEntry> {
  const { config, db, secret, crypto } = deps;
  const devnetRules: { minK: number; plotFilterBits: number | ((height: number) => number); difficultyConstantFactor: bigint } = {
    minK: config.devnetChiaMinK,
    plotFilterBits: config.devnetChiaPlotFilterBits,
    difficultyConstantFactor: BigInt(config.devnetChiaDifficultyConstantFactor),
  };
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

/**
 * The devnet OG pool's farmer and pool secret keys (stable for a given secret and pool): the
 * simulated OG farmers plot with their public keys; the pool itself needs only those.
 */
export function devnetOgSecretKeys(secret: string, pool: string): { farmer: Uint8Array; pool: Uint8Array } {
  const seed = (label: string) => Uint8Array.from(createHash('sha256').update(`chia-og-${label}:${pool}:${secret}`).digest());
  return { farmer: keyGen(seed('farmer')), pool: keyGen(seed('pool')) };
}

export interface ChiaOgEntry {
  pool: string;
  coin: string;
  service: ChiaOgService;
  /** Where the proxy reaches the pool (GET signage_points, POST proof under it). */
  prefix: string;
}

/**
 * One OG endpoint per `chia-og` pool, on the chain and proof rules of the PP pool of its coin:
 * keys from CHIA_OG_KEYS, or on the devnet derived from the secret. A real chain's pool without
 * keys is left out (no plot can be made for it).
 */
export function chiaOgPools(deps: {
  config: Config;
  db: Db;
  secret: string;
  crypto: ChiaPrimitives;
  pp: Map<string, ChiaPoolEntry>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): ChiaOgEntry[] {
  const { config, db, crypto } = deps;
  const entries: ChiaOgEntry[] = [];
  for (const seed of POOL_SEEDS.filter((p) => p.protocol === 'chia-og')) {
    const pp = [...deps.pp.values()].find((e) => e.coin === seed.coin);
    if (!pp) continue;
    const configured = config.chiaOgKeys?.[seed.type];
    const derived = pp.devnet ? devnetOgSecretKeys(deps.secret, seed.type) : undefined;
    const keys =
      configured ??
      (derived ? { farmerPublicKey: Buffer.from(skToPk(derived.farmer)).toString('hex'), poolPublicKey: Buffer.from(skToPk(derived.pool)).toString('hex') } : undefined);
    if (!keys) continue;
    const rules = pp.service.settings;
    const service = chiaOgService({
      db,
      chain: pp.chain,
      crypto,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      settings: {
        pool: seed.type,
        ...keys,
        minDifficulty: rules.minDifficulty,
        defaultDifficulty: rules.defaultDifficulty,
        partialTimeLimit: rules.partialTimeLimit,
        signagePointRetryMs: rules.signagePointRetryMs,
        minK: rules.minK,
        plotFilterBits: rules.plotFilterBits,
        difficultyConstantFactor: rules.difficultyConstantFactor,
      },
    });
    entries.push({ pool: seed.type, coin: seed.coin, service, prefix: `/api/miner/og/${seed.type}` });
  }
  return entries;
}
