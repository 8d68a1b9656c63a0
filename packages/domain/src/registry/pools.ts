/** Pool kinds of spec doc 1 §1: cooperation (CO), eco (ECO) and AR. */
export const POOL_KINDS = ['CO', 'ECO', 'AR'] as const;
export type PoolKind = (typeof POOL_KINDS)[number];

/** How the pool shares block revenue among its miners. */
export const SHARE_TYPES = ['PPLNS', 'PPS', 'PROP'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/**
 * The protocol miners use to reach the pool, which is also how the pool verifies their work
 * (issue 18: every credit traces to evidence the pool checked):
 * - `chia-pool-v1`: Chia pool protocol v1 partials (proofs of space, plot NFTs);
 * - `chia-og`: proofs of space from OG plots made with the pool's keys;
 * - `poc-burst`: Burst-family deadlines, recomputed by the pool;
 * - `pow-share`: proof-of-work solutions to the pool's own jobs, at the pool's share difficulty;
 * - `onchain-reward`: what the chain paid an identity the user proved they control;
 * - `trusted-proxy`: nothing the pool can verify yet: only proxies the operator runs (keys the
 *   back office issues) report shares that split revenue.
 */
export const MINER_PROTOCOLS = ['chia-pool-v1', 'chia-og', 'poc-burst', 'pow-share', 'onchain-reward', 'trusted-proxy'] as const;
export type MinerProtocol = (typeof MINER_PROTOCOLS)[number];

/** The pool-info fields of spec doc 2 §3. */
export interface PoolInfo {
  /** Pool key, lower case: chia, chiapp, bhd_co … */
  type: string;
  /** Coin registry key. */
  coin: string;
  pool_type: PoolKind;
  name: string;
  /** The pool supports Auto Pay to withdrawal addresses. */
  auto_withdraw: boolean;
  share_type: ShareType;
  protocol: MinerProtocol;
}

const pool = (type: string, coin: string, pool_type: PoolKind, name: string, protocol: MinerProtocol, share_type: ShareType = 'PPLNS'): PoolInfo => ({
  type,
  coin,
  pool_type,
  name,
  auto_withdraw: true,
  share_type,
  protocol,
});

/** The pools a fresh install seeds: every coin's pool, CHIA's three variants, CO pools. */
export const POOL_SEEDS: readonly PoolInfo[] = [
  pool('chia', 'CHIA', 'ECO', 'Chia', 'chia-og'),
  pool('chiapp', 'CHIA', 'ECO', 'Chia PP', 'chia-pool-v1'),
  pool('chiavip', 'CHIA', 'ECO', 'Chia VIP', 'chia-pool-v1'),
  pool('bhd', 'BHD', 'ECO', 'BHD', 'poc-burst'),
  pool('bhd_co', 'BHD', 'CO', 'BHD Cooperation', 'poc-burst'),
  pool('lhd', 'LHD', 'ECO', 'LHD', 'poc-burst'),
  pool('lhd_co', 'LHD', 'CO', 'LHD Cooperation', 'poc-burst'),
  pool('hdd', 'HDD', 'ECO', 'HDD', 'poc-burst'),
  pool('hdd_co', 'HDD', 'CO', 'HDD Cooperation', 'poc-burst'),
  pool('xhd', 'XHD', 'ECO', 'XHD', 'poc-burst'),
  pool('xhd_co', 'XHD', 'CO', 'XHD Cooperation', 'poc-burst'),
  pool('burst', 'BURST', 'ECO', 'BURST', 'poc-burst'),
  pool('mass', 'MASS', 'CO', 'MASS', 'trusted-proxy'),
  pool('ar', 'AR', 'AR', 'AR', 'trusted-proxy', 'PPS'),
  pool('ironfish', 'IRONFISH', 'ECO', 'Iron Fish', 'pow-share', 'PPS'),
  pool('spacemesh', 'SPACEMESH', 'ECO', 'Spacemesh', 'onchain-reward'),
  pool('depinc', 'DEPINC', 'CO', 'DePINC', 'poc-burst'),
  pool('aleo', 'ALEO', 'ECO', 'Aleo', 'trusted-proxy', 'PPS'),
  pool('autonomys', 'AUTONOMYS', 'ECO', 'Autonomys', 'onchain-reward'),
  pool('chia_test', 'CHIA_TEST', 'ECO', 'Chia Testnet', 'chia-pool-v1'),
  pool('ironfish_test', 'IRONFISH_TEST', 'ECO', 'Iron Fish Testnet', 'pow-share', 'PPS'),
  pool('aleo_test', 'ALEO_TEST', 'ECO', 'Aleo Testnet', 'trusted-proxy', 'PPS'),
];

/**
 * Pools whose mining the platform only simulates (the devnet), with the README choices row
 * that says why. DePINC: since BHDIP009 its blocks are Chia proofs of space with a VDF on a
 * btchd-style node, which the Burst pool protocol (`poc-burst`) cannot make; the devnet keeps
 * a Burst chain for it so its pledge side (issue 22) can be tried. A configuration that puts
 * such a pool's mining on a node is refused at start-up, and in production its Burst
 * endpoints refuse miners.
 */
export const DEVNET_ONLY_MINING: Readonly<Record<string, string>> = {
  depinc: 'DePINC is not put on the BHD adapter (issue 21)',
};

/** The README row explaining why `pool`'s mining is devnet-only, or undefined for a pool whose mining is real. */
export const devnetOnlyMining = (pool: string): string | undefined => DEVNET_ONLY_MINING[pool];

/** The spec's default pool item (doc 2 §3): type chia, coin CHIA, pool_type ECO. */
export const DEFAULT_POOL_TYPE = 'chia';

/** Server lines by region (spec doc 1 §1), each with the host miners connect to. */
export const SERVER_LINE_CODES = ['asia', 'europe', 'america', 'middle_east', 'russia'] as const;
export type ServerLineCode = (typeof SERVER_LINE_CODES)[number];

export interface ServerLine {
  code: ServerLineCode;
  /** Host miners point at; a ping check measures the round trip to `ping_url`. */
  host: string;
  ping_url: string;
  sort: number;
}

export const SERVER_LINE_SEEDS: readonly ServerLine[] = SERVER_LINE_CODES.map((code, sort) => ({
  code,
  host: `${code.replace('_', '-')}.pool.platter.local`,
  ping_url: '/api/setting/ping',
  sort,
}));
