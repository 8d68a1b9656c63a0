import { COIN_SEEDS, K32_BYTES, parseAmount, POC_NONCE_BYTES, pointsPerDayOf, utcDay } from '@platter/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { simulatorRepository } from './simulator.repository.ts';
import { createActiveUser, generatePassword } from '../modules/account/account.service.ts';
import { recordBlock } from '../modules/pool/blocks.ts';
import { rotateKey } from '../modules/pool/keys.ts';
import { ensureSharePartition } from '../modules/pool/report.ts';
import { settleDay } from '../modules/settlement/settlement.service.ts';
import { withRecordTime } from '../ledger/record-time.repository.ts';
import { addAddress } from '../modules/wallet/addresses.ts';
import { devnetAddress } from '../chain/devnet.ts';
import { startVerifiedMiners } from './verifiedMiners.ts';
import { simulatorProxyKey } from './trusted-proxy.ts';
import { POC_POOLS, pocPlotNonces } from './pocMiners.ts';

/** A simulated farmer's payout address on the devnet (valid for the coin's registry pattern). */
/** Coins mined by hashrate rather than capacity (the registry's arith 'hash'): their simulated miners report hashes per second. */
const isHashCoin = (coin: string) => COIN_SEEDS.find((c) => c.type === coin)?.arith === 'hash';
/** A simulated hashrate miner's hashes per second, derived from its simulated size. */
const simulatedHashrate = (capacity: bigint) => capacity / 1_000_000n;

export const simulatorAddress = (coin: string, email: string) => devnetAddress('platter-simulator', coin, `payout:${email}`);

/**
 * The devnet's farmers (issue 5): a demo account and a few others, each with miners in the
 * simulated pools. Live, the miners report heartbeats and shares over HTTP through the same
 * endpoint a real proxy tool uses (POST /api/miner/report with the user's API key), and the
 * devnet finds blocks for the pools; on first start a week of history (shares, blocks,
 * settlements, trend samples) is written so that every page has data at once. Deterministic
 * under a seed: the same seed gives the same farmers, miners and luck.
 */

export const DEMO_EMAIL = 'demo@platter.local';
const FARMERS = ['demo', 'farmer-a', 'farmer-b', 'farmer-c', 'farmer-d', 'farmer-e'] as const;
const TIB = 1024n ** 4n;

/** A block's reward on the devnet, whole coins (the real chains' figures, rounded). */
const BLOCK_REWARD: Record<string, string> = {
  CHIA: '2',
  BHD: '4.75',
  LHD: '5',
  HDD: '45',
  XHD: '10',
  MASS: '25',
  AR: '0.66',
  IRONFISH: '20',
  SPACEMESH: '50',
  ALEO: '30',
  BURST: '100',
  DEPINC: '67.5',
};

/** mulberry32: a small, fast, seedable PRNG (deterministic runs). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SimMiner {
  name: string;
  capacity: bigint;
  version: string;
  line: string;
  /** Share difficulty: about one share per 30 seconds. */
  difficulty: number;
  /** Plot identifiers on the miner's disks (a plotter id or launcher holding many files). */
  plots: { id: string; files: number; size: bigint; signed: boolean }[];
}

export interface SimFarm {
  userId: string;
  email: string;
  pool: string;
  coin: string;
  key: string;
  /**
   * Its reported shares earn (issue 18): only a trusted-proxy pool's, through an operator-issued
   * key. Other protocols' farms report heartbeats, capacity and plots here; their verified work
   * (Chia OG proofs, PoW solutions, on-chain rewards) is simulated by its own file under sim/.
   */
  earns: boolean;
  miners: SimMiner[];
}

export interface SimulatorOptions {
  db: Db;
  /** Where the platform listens (the miners post their reports there). */
  baseUrl: string;
  seed: number;
  pools: string[];
  tickSeconds: number;
  blockSeconds: number;
  backfillDays: number;
  logger: FastifyBaseLogger;
}

const LINES = ['asia', 'europe', 'america', 'middle_east', 'russia'];
const VERSIONS = ['2.4.1', '2.4.3', '2.5.0'];

function farmsOf(random: () => number, users: { id: string; email: string; name: string }[], pools: { type: string; coin: string }[]): Omit<SimFarm, 'key' | 'earns'>[] {
  const farms: Omit<SimFarm, 'key' | 'earns'>[] = [];
  for (const pool of pools) {
    for (const [u, user] of users.entries()) {
      // The demo farmer is in every simulated pool; the others in about two pools of three.
      if (u > 0 && random() < 0.35) continue;
      const count = 1 + Math.floor(random() * 3);
      const miners: SimMiner[] = Array.from({ length: count }, (_, i) => {
        const capacity = BigInt(Math.floor(8 + random() * 120)) * TIB;
        const perDay = Number(pointsPerDayOf(capacity));
        return {
          name: `${user.name}-${pool.type}-${String(i + 1).padStart(2, '0')}`,
          capacity,
          version: VERSIONS[Math.floor(random() * VERSIONS.length)] ?? '2.4.1',
          line: LINES[Math.floor(random() * LINES.length)] ?? 'asia',
          difficulty: Math.max(1, Math.round(perDay / 2880)),
          plots: plotsOf(random, capacity),
        };
      });
      farms.push({ userId: user.id, email: user.email, pool: pool.type, coin: pool.coin, miners });
    }
  }
  return farms;
}

/** A miner's plot identifiers: its capacity split over one to three of them, mostly signed. */
function plotsOf(random: () => number, capacity: bigint): SimMiner['plots'] {
  const count = 1 + Math.floor(random() * 3);
  const files = Number(capacity / K32_BYTES);
  return Array.from({ length: count }, (_, i) => {
    const id = Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
    const share = i === count - 1 ? files - Math.floor(files / count) * (count - 1) : Math.floor(files / count);
    return { id, files: share, size: BigInt(share) * K32_BYTES, signed: random() > 0.1 };
  });
}

/** Shares of `seconds` for a miner: the expected points, in shares of its difficulty. */
function sharesFor(random: () => number, miner: SimMiner, seconds: number): number {
  const expected = (Number(pointsPerDayOf(miner.capacity)) * seconds) / 86_400 / miner.difficulty;
  return Math.floor(expected + random());
}

/** The simulator's farmers' accounts; the demo farmer's password when it is made now (printed once). */
export async function simulatedUsers(db: Db): Promise<{ users: SimUser[]; demo: { email: string; password: string } | null }> {
  let demo: { email: string; password: string } | null = null;
  const users: SimUser[] = [];
  for (const name of FARMERS) {
    const email = name === 'demo' ? DEMO_EMAIL : `${name}@platter.local`;
    const exists = await simulatorRepository.userIdByEmail(db, email);
    const password = generatePassword();
    const id = exists?.id ?? (await createActiveUser(db, { email, nickname: name, password }));
    if (!exists && name === 'demo') demo = { email, password };
    users.push({ id, email, name });
  }
  return { users, demo };
}

type SimUser = { id: string; email: string; name: string };

/** The farms of the simulated pools, as the seed makes them (the same on every start), and the generator's state after them. */
async function plannedFarms(options: SimulatorOptions, users: SimUser[]) {
  const random = prng(options.seed);
  const pools = await simulatorRepository.enabledPools(options.db, options.pools.length ? options.pools : ['chia']);
  const farms = farmsOf(random, users, pools).map((farm) => {
    const pool = pools.find((p) => p.type === farm.pool);
    // A BHD-family miner mines a small real plot (sim/pocMiners.ts): its capacity, history included, is that plot's.
    const miners =
      pool?.protocol === 'poc-burst' ? farm.miners.map((m, i) => ({ ...m, capacity: BigInt(pocPlotNonces(farm.email, pool.pool_type, i)) * POC_NONCE_BYTES })) : farm.miners;
    return { ...farm, miners, earns: pool?.protocol === 'trusted-proxy' };
  });
  return { farms, random };
}

/**
 * The farms the live simulation reports for: a fresh API key per farm (kept in memory only),
 * a payout address in each book and the plots bound earlier.
 */
export async function prepareFarms(options: SimulatorOptions, users: SimUser[]): Promise<SimFarm[]> {
  const { db } = options;
  const farms: SimFarm[] = [];
  for (const farm of (await plannedFarms(options, users)).farms) {
    const key = farm.earns ? await simulatorProxyKey(db, farm.userId, farm.pool) : (await rotateKey(db, farm.userId, farm.pool)).key;
    farms.push({ ...farm, key });
    // A payout address in the book, so the account-free address query finds the farmer.
    const address = simulatorAddress(farm.coin, farm.email);
    const known = await simulatorRepository.hasAddress(db, farm.userId, farm.coin, address);
    if (!known) await db.transaction().execute((trx) => addAddress(trx, farm.userId, { coin: farm.coin, address, remark: 'payout', memo: '' }));
    // Bound earlier (confirmed), except each farm's very last plot, which its tool only reports.
    // A BHD-family farm has no Chia-style plots: its plotters are registered by sim/pocMiners.ts
    // (numeric plotter ids) and their plot files come from its miners' X-Plotfile.
    const plots = POC_POOLS.has(farm.pool) ? [] : farm.miners.flatMap((m) => m.plots);
    for (const [i, plot] of plots.entries()) {
      if (i === plots.length - 1 && plots.length > 1) continue;
      await simulatorRepository.insertPlot(db, {
        user_id: farm.userId,
        pool: farm.pool,
        plot_id: plot.id,
        bind_address: address,
        bind_status: 'CONFIRMED',
        bind_sent_at: new Date(),
        confirmed_at: new Date(),
        size_bytes: plot.size,
        file_count: plot.files,
        signing: plot.signed ? 'signed' : 'UNSIGNED',
      });
    }
  }
  return farms;
}

/**
 * The history (the job `simulator-history`): the past `backfillDays` days of every simulated
 * pool that has none yet — shares, blocks, settlements, trend samples — so that every page has
 * data at once. The farmers' accounts exist (simulatedUsers); their farms are the seed's.
 */
export async function makeHistory(options: SimulatorOptions): Promise<string[]> {
  const { users } = await simulatedUsers(options.db);
  const { farms, random } = await plannedFarms(options, users);
  return backfill(options, farms, random);
}

/** Everything at once (tests): the accounts, the farms and the history. */
export async function prepareSimulation(options: SimulatorOptions): Promise<{ farms: SimFarm[]; demo: { email: string; password: string } | null }> {
  const { users, demo } = await simulatedUsers(options.db);
  const farms = await prepareFarms(options, users);
  await makeHistory(options);
  return { farms, demo };
}

type PlannedFarm = Omit<SimFarm, 'key'>;

/** How long after a day's end the daily settlement of the history is stamped. */
const SETTLE_DELAY_MS = 5 * 60_000;

/** Answers the pools whose history it made. */
async function backfill(options: SimulatorOptions, farms: PlannedFarm[], random: () => number): Promise<string[]> {
  const { db, logger } = options;
  const made: string[] = [];
  if (options.backfillDays <= 0) return made;
  const now = new Date();
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  for (const pool of [...new Set(farms.map((f) => f.pool))]) {
    // A block before today is the history's (the live simulation's blocks are today's: it may
    // have found one already while this job waited its turn).
    const has = await simulatorRepository.hasBlockBefore(db, pool, new Date(today));
    if (has) continue;
    const poolFarms = farms.filter((f) => f.pool === pool);
    const coin = poolFarms[0]?.coin ?? 'CHIA';
    const scale = await simulatorRepository.coinScale(db, coin);
    const reward = parseAmount(BLOCK_REWARD[coin] ?? '10', scale);
    const minerIds = await ensureMiners(db, poolFarms, new Date(today - options.backfillDays * 86_400_000));
    // The demo's past: a trusted proxy's reports, or the work the simulator's verified miners
    // (Chia PP and OG proofs, Iron Fish solutions) send live from now on. BHD-family and on-chain
    // reward pools have no past work (they earn from verified deadlines, issue 21, or from the
    // chain's rewards to registered identities).
    const protocol = (await simulatorRepository.poolProtocol(db, pool)) ?? '';
    const historic = (farm: PlannedFarm) => farm.earns || ['chia-og', 'chia-pool-v1', 'pow-share'].includes(protocol);
    let height = 100_000 + Math.floor(random() * 1_000_000);
    // Whole past days, then today up to the last full hour (so the last 24 hours are complete).
    for (let d = options.backfillDays; d >= 0; d--) {
      const dayStart = today - d * 86_400_000;
      const hours = d === 0 ? Math.floor((now.getTime() - today) / 3600_000) : 24;
      if (hours === 0) continue;
      const day = utcDay(new Date(dayStart));
      await ensureSharePartition(db, day);
      // One share row per miner and hour carrying that hour's points: a trusted proxy's history
      // (verified paths of other protocols write their own, from their files under sim/).
      const rows: { user: string; miner: string; points: number; at: Date }[] = [];
      for (let h = 0; h < hours; h++) {
        for (const farm of poolFarms.filter(historic)) {
          for (const miner of farm.miners) {
            const points = Math.max(1, Math.round((Number(pointsPerDayOf(miner.capacity)) / 24) * (0.85 + random() * 0.3)));
            rows.push({
              user: farm.userId,
              miner: minerIds.get(`${farm.userId}:${miner.name}`) ?? '',
              points,
              at: new Date(dayStart + h * 3600_000 + Math.floor(random() * 3600_000)),
            });
          }
        }
      }
      await simulatorRepository.insertShares(db, day, pool, rows);
      // About one block every two hours in the history, to its finders by luck.
      for (let h = 0; h + 2 <= hours; h += 2) {
        if (random() < 0.3) continue;
        const farm = poolFarms[Math.floor(random() * poolFarms.length)];
        const miner = farm?.miners[Math.floor(random() * farm.miners.length)];
        height += 10 + Math.floor(random() * 300);
        const foundAt = new Date(dayStart + h * 3600_000 + Math.floor(random() * 7_200_000));
        // Its reward booked at the block's simulated time (the bill's rows too).
        await withRecordTime(db, foundAt, (at) =>
          recordBlock(at, {
            pool,
            height,
            foundAt,
            finderUserId: farm?.userId ?? null,
            finderMinerId: farm && miner ? (minerIds.get(`${farm.userId}:${miner.name}`) ?? null) : null,
            reward,
            capacityBytes: poolFarms.reduce((sum, f) => sum + f.miners.reduce((s, m) => s + m.capacity, 0n), 0n),
          }),
        );
      }
      // Hourly trend samples of the day.
      const capacity = poolFarms.reduce((sum, f) => sum + f.miners.reduce((s, m) => s + m.capacity, 0n), 0n);
      const miners = poolFarms.reduce((n, f) => n + f.miners.length, 0);
      const hashrate = isHashCoin(coin) ? simulatedHashrate(capacity) : 0n;
      await simulatorRepository.insertPoolSamples(
        db,
        Array.from({ length: hours }, (_, h) => ({
          pool,
          at: new Date(dayStart + h * 3600_000),
          capacity_bytes: ((capacity * BigInt(Math.round((0.9 + random() * 0.2) * 1000))) / 1000n).toString(),
          hashrate: ((hashrate * BigInt(Math.round((0.9 + random() * 0.2) * 1000))) / 1000n).toString(),
          miners,
          users: poolFarms.length,
        })),
      );
      // Settled as the daily job would have: just after the day's end (never later than now),
      // its income and ledger rows stamped then — not all at start-up (issue 20).
      if (d > 0) {
        const settledAt = new Date(Math.min(dayStart + 86_400_000 + SETTLE_DELAY_MS, now.getTime()));
        await withRecordTime(db, settledAt, (at) => settleDay(at, pool, day, settledAt));
      }
    }
    logger.info({ pool, days: options.backfillDays }, 'simulator: history made');
    made.push(pool);
  }
  return made;
}

/** The farms' miners as rows (made with their reports' figures), by `${userId}:${name}`. */
async function ensureMiners(db: Db, farms: PlannedFarm[], seen: Date): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const farm of farms) {
    for (const miner of farm.miners) {
      const id = await simulatorRepository.upsertMiner(db, {
        user_id: farm.userId,
        pool: farm.pool,
        name: miner.name,
        version: miner.version,
        capacity_bytes: miner.capacity,
        line: miner.line,
        last_seen_at: seen,
      });
      ids.set(`${farm.userId}:${miner.name}`, id);
    }
  }
  return ids;
}

/** Starts the live simulation: reports every tick, blocks by luck. Answers a stop function. */
export function startSimulator(options: SimulatorOptions, farms: SimFarm[]): { stop: () => Promise<void>; firstRound: Promise<void> } {
  const { db, logger } = options;
  const random = prng(options.seed + 1);
  const recent = new Map<string, number>();
  let last = Date.now();
  let running: Promise<void> | undefined;
  let stopped = false;

  let round = 0;
  async function report(farm: SimFarm, seconds: number): Promise<void> {
    // Shares only where a report is evidence (a trusted proxy); elsewhere heartbeats alone.
    const shares = farm.earns
      ? farm.miners.flatMap((miner) => Array.from({ length: sharesFor(random, miner, seconds) }, () => ({ miner: miner.name, difficulty: miner.difficulty })))
      : [];
    for (const share of shares) recent.set(`${farm.userId}:${farm.pool}`, (recent.get(`${farm.userId}:${farm.pool}`) ?? 0) + share.difficulty);
    const hashCoin = isHashCoin(farm.coin);
    const response = await fetch(`${options.baseUrl}/api/miner/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': farm.key },
      body: JSON.stringify({
        miners: farm.miners.map((m) => ({
          name: m.name,
          version: m.version,
          line: m.line,
          capacity: hashCoin ? '0' : m.capacity.toString(),
          hashrate: hashCoin ? simulatedHashrate(m.capacity).toString() : '0',
        })),
        shares,
        // The plot inventory now and then (it changes slowly).
        ...(round % 10 === 0
          ? { plots: farm.miners.flatMap((m) => m.plots.map((p) => ({ plot_id: p.id, size: p.size.toString(), files: p.files, signed: p.signed, prefix: `plot-k32-${m.name}` }))) }
          : {}),
      }),
    });
    const answer = (await response.json()) as { code: number };
    if (answer.code !== 200) logger.warn({ pool: farm.pool, code: answer.code }, 'simulator: report refused');
  }

  async function findBlocks(seconds: number): Promise<void> {
    for (const pool of [...new Set(farms.map((f) => f.pool))]) {
      // BHD-family pools win their blocks on their devnet chains (sim/pocMiners.ts).
      if (POC_POOLS.has(pool) || random() >= seconds / options.blockSeconds) continue;
      const poolFarms = farms.filter((f) => f.pool === pool);
      const weights = poolFarms.map((f) => recent.get(`${f.userId}:${f.pool}`) ?? 0);
      const total = weights.reduce((a, b) => a + b, 0);
      if (total === 0) continue;
      let pick = random() * total;
      const finder = poolFarms.find((_, i) => (pick -= weights[i] ?? 0) < 0) ?? poolFarms[0];
      if (!finder) continue;
      const miner = finder.miners[Math.floor(random() * finder.miners.length)];
      const minerId = miner ? await simulatorRepository.minerId(db, finder.userId, pool, miner.name) : undefined;
      const top = await simulatorRepository.topHeight(db, pool);
      const scale = await simulatorRepository.coinScale(db, finder.coin);
      await recordBlock(db, {
        pool,
        height: top + 1n + BigInt(Math.floor(random() * 200)),
        foundAt: new Date(),
        finderUserId: finder.userId,
        finderMinerId: minerId ?? null,
        reward: parseAmount(BLOCK_REWARD[finder.coin] ?? '10', scale),
        capacityBytes: poolFarms.reduce((sum, f) => sum + f.miners.reduce((s, m) => s + m.capacity, 0n), 0n),
      });
      logger.info({ pool, finder: finder.email }, 'simulator: block found');
    }
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    const seconds = Math.max(1, (now - last) / 1000);
    last = now;
    for (const farm of farms) {
      if (stopped) return;
      // BHD-family miners speak the Burst pool protocol themselves (sim/pocMiners.ts).
      if (!POC_POOLS.has(farm.pool)) await report(farm, seconds);
    }
    round++;
    await findBlocks(seconds);
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => logger.error({ err: error }, 'simulator tick failed'))
      .finally(() => {
        running = undefined;
      });
  }, options.tickSeconds * 1000);
  timer.unref();
  // The first reports at once: the miners are online from the start.
  const firstRound = tick()
    .catch((error: unknown) => logger.error({ err: error }, 'simulator tick failed'))
    .finally(() => {
      running = undefined;
    });
  running = firstRound;
  const verified = startVerifiedMiners(options, farms);
  return {
    firstRound,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await verified.stop();
    },
  };
}
