/**
 * The pool's rules (spec doc 1 §3 'Miner', 'Mining pool config', 'Block record', §4
 * 'Settlement', §9 'Settlement and payout', 'Chia'): pure functions shared by the server,
 * the simulator and the web app.
 */
import type { PoolInfo } from './registry/pools.ts';

/** Settlement statuses of a pool-day and of a user's income record (spec doc 1 §4). */
export const SETTLEMENT_STATUSES = ['NOT_PENDING', 'SETTLEMENT_PENDING', 'SETTLEMENT', 'UNSETTLEMENT'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** A miner is online while its last heartbeat or share is at most this old. */
export const MINER_ONLINE_SECONDS = 600;

export function minerOnline(lastSeen: Date, now: Date = new Date()): boolean {
  return now.getTime() - lastSeen.getTime() <= MINER_ONLINE_SECONDS * 1000;
}

/** A K32 plot's size in bytes (Chia's most common plot), the unit of share-based estimates. */
export const K32_BYTES = 108_837_086_208n;

/**
 * Expected points a K32 plot earns per day under Chia's pool protocol with a plot filter of
 * `prefixBits` zero bits: 10 with the original 9-bit filter (about one partial a day at
 * difficulty 10), doubling with each bit the filter loses (the plot answers twice as often).
 */
export function pointsPerK32PerDay(prefixBits: number): bigint {
  return prefixBits >= 9 ? 10n : 10n << BigInt(9 - Math.max(0, prefixBits));
}

/**
 * The points a K32 earns per day on mainnet now — the capacity a pool estimates from shares is
 * points per day ÷ this × K32_BYTES (and the 2 T rule with it). Mainnet's filter has 8 bits
 * from height 5,496,000 (June 2024) until 10,542,000 (about June 2027), then 7 (40 points).
 */
export const POINTS_PER_K32_PER_DAY = pointsPerK32PerDay(8);

/**
 * The rounds a BHD-family miner's capacity estimate looks back over (signum-pool's and Nogrod's
 * nAvg): with fewer, the α-corrected estimate reads low (README 'A BHD-family pool's capacity figure').
 */
export const POC_ESTIMATE_ROUNDS = 360;

/** What the pages show as a BHD-family miner's estimated capacity: the α-corrected estimate, or the plain one (POC_ESTIMATE_SHOWN). */
export const POC_ESTIMATE_READINGS = ['alpha', 'plain'] as const;
export type PocEstimateReading = (typeof POC_ESTIMATE_READINGS)[number];

/** A Burst / BHD-family nonce: 4096 scoops of 64 bytes. */
export const POC_NONCE_BYTES = 262_144n;

/** A Burst plot file as miners name it (X-Plotfile): `<plotter id>_<start nonce>_<nonces>`, PoC1 with `_<stagger>`. */
export interface PocPlotFile {
  plotterId: bigint;
  startNonce: bigint;
  nonces: bigint;
}

/** The plot file of a Burst file name (a path's last part), or undefined when it is not one. */
export function parsePocPlotFile(name: string): PocPlotFile | undefined {
  const base = name.split(/[\\/]/).pop() ?? '';
  const match = /^(\d{1,20})_(\d{1,20})_(\d{1,20})(?:_\d{1,20})?$/.exec(base);
  if (!match) return undefined;
  const [plotterId, startNonce, nonces] = [BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)];
  if (plotterId >= 2n ** 64n || startNonce >= 2n ** 64n || nonces === 0n || nonces >= 2n ** 64n) return undefined;
  return { plotterId, startNonce, nonces };
}

/**
 * What a pool's points measure: a day's points × num ÷ den is the capacity in bytes. Chia's
 * points (per K32 per day) for the proof-of-space and proof-of-work pools; nonce-seconds for
 * the BHD-family (`poc-burst`) pools, whose rounds credit each miner its estimated capacity in
 * nonces × the round's seconds (a small farm's round is worth a fraction of a Chia point).
 */
export interface PointsUnit {
  num: bigint;
  den: bigint;
}
export const CHIA_POINTS: PointsUnit = { num: K32_BYTES, den: POINTS_PER_K32_PER_DAY };
export const NONCE_SECONDS: PointsUnit = { num: POC_NONCE_BYTES, den: 86_400n };

/** The points unit of a pool of `protocol`. */
export function pointsUnitOf(protocol: string): PointsUnit {
  return protocol === 'poc-burst' ? NONCE_SECONDS : CHIA_POINTS;
}

/** Capacity in bytes estimated from the points of a window of `seconds` (in the pool's points unit). */
export function capacityFromPoints(points: bigint, seconds: number, unit: PointsUnit = CHIA_POINTS): bigint {
  if (points <= 0n || seconds <= 0) return 0n;
  return (points * 86_400n * unit.num) / (unit.den * BigInt(Math.round(seconds)));
}

/** The points per day a capacity earns in expectation (the simulator's miners use it). */
export function pointsPerDayOf(capacityBytes: bigint): bigint {
  return (capacityBytes * POINTS_PER_K32_PER_DAY) / K32_BYTES;
}

/** A pool's configuration (spec doc 1 §3 'Mining pool config'); amounts in base units. */
export interface PoolConfig {
  pool: string;
  /** How block revenue is shared: the pool's share type (PPLNS, PPS, PROP). */
  mode: string;
  /** Pool fee in basis points of the shared revenue. */
  fee_bp: number;
  /** Cooperation pools (CO): the miners' part of revenue, basis points. */
  coop_ratio_bp: number;
  /** Burn coefficient (BHD family), basis points: 10000 = 1. */
  burn_coefficient_bp: number;
  /** Settlement time of day, UTC, HH:MM. */
  payment_time: string;
  withdraw_audit: boolean;
}

/**
 * The configuration a fresh install gives a pool. Its payout threshold and withdrawal fee are
 * its coin's (the coin's minimum payout and withdrawal fee: one figure each, issue 14).
 */
export function defaultPoolConfig(pool: PoolInfo): PoolConfig {
  return {
    pool: pool.type,
    mode: pool.share_type,
    fee_bp: pool.pool_type === 'CO' ? 1_000 : 300,
    coop_ratio_bp: pool.pool_type === 'CO' ? 5_000 : 0,
    burn_coefficient_bp: 10_000,
    payment_time: '00:00',
    withdraw_audit: true,
  };
}

/** The UTC day (YYYY-MM-DD) a moment belongs to: shares and blocks are settled by it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return utcDay(date);
}

/** True for a well-formed calendar day YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === text;
}

/** Miner names: the computer name by default; printable, at most 64 characters. */
export const MINER_NAME_PATTERN = /^[\p{L}\p{N} ._@()+-]{1,64}$/u;

/**
 * Spacemesh-style registration (spec doc 1 §4 'Spacemesh-style plots'): a node registers with
 * the pool (REGISTER), waits for the timing service's round (WAITING_POET), is registered or not,
 * then each epoch its proof of space-time is done, times out (rolled back: register again),
 * fails, or the node is found malicious (final); after a proof it waits for its points.
 */
export const POST_STATUSES = ['REGISTER', 'WAITING_POET', 'REGISTERED', 'NOT_REGISTERED', 'PoST_DONE', 'PoST_TIMEOUT', 'PoST_FAILED', 'MALICIOUS', 'WAITING_FOR_POINTS'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const POST_NEXT: Record<PostStatus, readonly PostStatus[]> = {
  REGISTER: ['WAITING_POET', 'NOT_REGISTERED'],
  WAITING_POET: ['REGISTERED', 'NOT_REGISTERED'],
  REGISTERED: ['PoST_DONE', 'PoST_TIMEOUT', 'PoST_FAILED', 'MALICIOUS'],
  NOT_REGISTERED: ['REGISTER'],
  PoST_DONE: ['WAITING_FOR_POINTS', 'REGISTERED', 'MALICIOUS'],
  WAITING_FOR_POINTS: ['REGISTERED', 'MALICIOUS'],
  PoST_TIMEOUT: ['REGISTER'],
  PoST_FAILED: ['REGISTER', 'REGISTERED'],
  MALICIOUS: [],
};

/** Whether a node may move from one registration status to another (the same status is no move). */
export function postTransitionAllowed(from: PostStatus, to: PostStatus): boolean {
  return POST_NEXT[from].includes(to);
}

/** Whether the user may (re-)register a node in this status: new, rolled back or refused, never a malicious one. */
export function mayRegister(status: PostStatus | null): boolean {
  return status === null || postTransitionAllowed(status, 'REGISTER');
}

/**
 * Pools of these coins register identities (POST /api/pool/register) instead of binding plots:
 * the chain pays each identity its rewards (Spacemesh smeshers' ATX rewards, Autonomys farmers').
 */
export function registersNodes(coin: string): boolean {
  return identityScheme(coin) !== undefined;
}

/**
 * The signature scheme of a coin's on-chain identity: a Spacemesh node id is an Ed25519 public
 * key, an Autonomys farmer's reward key an sr25519 (Schnorrkel) public key.
 */
export function identityScheme(coin: string): 'ed25519' | 'sr25519' | undefined {
  if (coin === 'SPACEMESH' || coin.startsWith('SPACEMESH_')) return 'ed25519';
  if (coin === 'AUTONOMYS' || coin.startsWith('AUTONOMYS_')) return 'sr25519';
  return undefined;
}

/**
 * The message an identity's key signs to register with a pool (issue 18): it names the pool,
 * the identity and the account, so a signature proves control of the key and cannot be reused
 * for another account or pool.
 */
export function identityRegistrationMessage(pool: string, identity: string, uid: string): string {
  return `Platter pool registration\npool: ${pool}\nidentity: ${identity}\naccount: ${uid}`;
}

/**
 * An on-chain reward to a registered identity, split (issue 18): the operator's fee (the pool's
 * fee rate, basis points, rounded down) and the user's income, the rest. No shares are involved.
 */
export function onchainRewardSplit(amount: bigint, feeBp: number): { fee: bigint; income: bigint } {
  if (amount < 0n || !Number.isInteger(feeBp) || feeBp < 0 || feeBp > 10_000) throw new RangeError('bad reward or fee rate');
  const fee = (amount * BigInt(feeBp)) / 10_000n;
  return { fee, income: amount - fee };
}
