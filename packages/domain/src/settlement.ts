/**
 * The daily settlement's arithmetic (spec doc 1 §9 'Revenue shares', 'Chia'; issue 5): a
 * pool's block revenue for one day, less the pool fee, shared by contribution, with the
 * per-coin rules. Pure and exact in base units: the credits, the fee, the part withheld from
 * unsecured capacity and the rounding remainder always add up to the revenue.
 */
import { cooperationSplit, DEFAULT_COOPERATION_SETTINGS, securedShare, type DealShares } from './cooperation.ts';
import { allocateProportionally } from './ledger.ts';

export const BASIS_POINTS = 10_000;

/**
 * BHD-family coins: the unsecured part of a miner's capacity earns this share of its block
 * yield (spec doc 1 §9); the part covered by mortgage earns 100 %. Other coins: no such rule.
 */
export const UNSECURED_SHARE_BP: Readonly<Record<string, number>> = Object.freeze({
  BHD: 5_500,
  LHD: 1_500,
  HDD: 750,
  XHD: 200,
});

/**
 * BHD-family coins: the pledge their chains ask per TB (10^12 bytes) of capacity for it to be
 * fully secured, whole coins (BHDIP001's mining ratio, 3 BHD/TB; the forks kept it). The seed's
 * value of the registry's `pledge_per_tb_units` (a setting per coin).
 */
export const PLEDGE_PER_TB_WHOLE: Readonly<Record<string, bigint>> = Object.freeze({
  BHD: 3n,
  LHD: 3n,
  HDD: 3n,
  XHD: 3n,
});

/** Chia (new protocol): of every block, 0.25 XCH goes entirely to the finder. In mojo. */
export const CHIA_FINDER_REWARD = 250_000_000_000n;

/** Chia: under 2 T (TiB) of capacity a farmer earns no income or contribution points. */
export const CHIA_MIN_CAPACITY_BYTES = 2n * 1024n ** 4n;

/**
 * The least estimated capacity a member needs to share a day's pot, by the coin's registry
 * algorithm (`arith`), never its name: proof of space (Chia and its test net) 2 T, else none.
 */
export function minSharerCapacity(coin: { arith: string }): bigint {
  return coin.arith === 'pos' ? CHIA_MIN_CAPACITY_BYTES : 0n;
}

export interface SettlementMember {
  userId: string;
  /** Contribution points of the day (shares weighted by difficulty). */
  points: bigint;
  /** Part of the member's capacity its own pledge secures (own pointing), bp (0 to 10000). */
  securedBp?: number;
  /** Part of its capacity secured by deals lent to it, bp (securingParts); paid only with `lenders`. */
  dealBp?: number;
  /**
   * The deals lent to it: each owner with the amount it lends and the deal's recorded shares
   * (the input's `deal` when absent). The deal-secured part is each deal's by its amount, paid at
   * its shares; the owners' part is theirs by amount × owner share.
   */
  lenders?: readonly ({ userId: string; amount: bigint } & Partial<DealShares>)[];
}

export interface SettlementInput {
  /** The pool's block revenue of the day, base units. */
  revenue: bigint;
  /** Pool fee in basis points, taken from what is shared (not from finder rewards). */
  feeBp: number;
  /** Rewards that go to a block's finder before sharing (Chia: 0.25 XCH per block). */
  finderRewards: readonly { userId: string; amount: bigint }[];
  members: readonly SettlementMember[];
  /** The unsecured share of the coin (UNSECURED_SHARE_BP), or undefined for none. */
  unsecuredShareBp?: number;
  /** Pots of earlier days that paid no one (their `carried`), shared now with this day's. */
  carriedIn?: bigint;
  /** The shares of a lender without its own (the spec's 94 % / 3 % when absent). */
  deal?: DealShares;
  /** A CO pool: the miners get `ratioBp` of the pot, the cooperators the rest by the amounts they held. */
  cooperation?: { ratioBp: number; cooperators: readonly { userId: string; amount: bigint }[] };
}

export interface SettlementResult {
  /** Each user's whole credit of the day (mining income, finder rewards, deal and cooperation income). */
  credits: { userId: string; amount: bigint }[];
  /** The part of the credits that is coin owners' deal income (the owners' part of the deal-secured yield). */
  dealIncome: { userId: string; amount: bigint }[];
  /** The part of the credits that is a CO pool's cooperators' share. */
  cooperationIncome: { userId: string; amount: bigint }[];
  fee: bigint;
  /** Withheld from unsecured capacity (stays with the pool). */
  withheld: bigint;
  /**
   * The pot no member could be given: a day without eligible contributions takes no fee and
   * carries its whole pot (with what it carried in) to the next day with shares.
   */
  remainder: bigint;
}

export class SettlementInputError extends Error {
  override name = 'SettlementInputError';
}

/** What one pool-day leaves to share: revenue less the finders' rewards, less the pool fee. */
export interface PoolDayPot {
  finderTotal: bigint;
  /** The pool fee, taken only when the pot pays someone (`sharers`). */
  fee: bigint;
  /** Shared among the members by contribution points; 0 when no one shares. */
  pot: bigint;
  /** Passed on to the next day with shares (no one shares this day); else 0. */
  carried: bigint;
}

/**
 * The first part of the split, checked: what the finders take, the fee, and the members' pot.
 * Revenue that pays no one takes no fee (issue 14): without `sharers` (no member with eligible
 * points: no shares, or every Chia farm below 2 T) the whole shared part, with what earlier
 * days carried in, is carried to the next day with shares, and the fee is taken there, once.
 * The finders' rewards are theirs either way.
 */
export function poolDayPot(input: Pick<SettlementInput, 'revenue' | 'feeBp' | 'finderRewards' | 'carriedIn'> & { sharers?: boolean }): PoolDayPot {
  const carriedIn = input.carriedIn ?? 0n;
  if (input.revenue < 0n || carriedIn < 0n) throw new SettlementInputError('negative revenue');
  if (!Number.isInteger(input.feeBp) || input.feeBp < 0 || input.feeBp > BASIS_POINTS) throw new SettlementInputError('fee out of range');
  const finderTotal = input.finderRewards.reduce((sum, r) => sum + r.amount, 0n);
  if (input.finderRewards.some((r) => r.amount < 0n) || finderTotal > input.revenue) throw new SettlementInputError('finder rewards exceed revenue');
  const shared = input.revenue - finderTotal + carriedIn;
  if (input.sharers === false) return { finderTotal, fee: 0n, pot: 0n, carried: shared };
  const fee = (shared * BigInt(input.feeBp)) / BigInt(BASIS_POINTS);
  return { finderTotal, fee, pot: shared - fee, carried: 0n };
}

/** Numeric ids in numeric order (the SQL's bigint order), others by text. */
function byId(a: string, b: string): number {
  return a.length !== b.length && /^\d+$/.test(a) && /^\d+$/.test(b) ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Amounts per user, summed, in id order. */
function perUser(entries: readonly { userId: string; amount: bigint }[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const e of [...entries].sort((a, b) => byId(a.userId, b.userId))) sums.set(e.userId, (sums.get(e.userId) ?? 0n) + e.amount);
  return sums;
}

/**
 * Splits one pool-day. Credits are summed per user and never negative. Each member's share of
 * the pot (a CO pool: of the miners' part) is allocateProportionally's (floor, then the odd
 * units to the largest fractions); with the coin's unsecured share, securedShare splits it into
 * the miner's part, the lending owners' part (each deal's part by the amount it lends, at its
 * recorded shares; the owners' part theirs by amount × owner share, again
 * allocateProportionally's, in owner id order) and the part withheld. A CO pool's cooperators
 * share the rest of the pot by the amounts they held (cooperationSplit, in user id order). The
 * settlement service runs the same rules set-based in SQL, checked against this function.
 */
export function settlePoolDay(input: SettlementInput): SettlementResult {
  if (input.members.some((m) => m.points < 0n)) throw new SettlementInputError('negative points');
  const cooperators = [...perUser(input.cooperation?.cooperators ?? [])].map(([userId, amount]) => ({ userId, amount }));
  if (cooperators.some((c) => c.amount < 0n)) throw new SettlementInputError('negative cooperation');
  const members = input.members.filter((m) => m.points > 0n);
  const haveMiners = members.length > 0;
  const { fee, pot, carried } = poolDayPot({ ...input, sharers: haveMiners || cooperators.some((c) => c.amount > 0n) });

  const credits = new Map<string, bigint>();
  const dealIncome = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, userId: string, amount: bigint) => map.set(userId, (map.get(userId) ?? 0n) + amount);
  for (const reward of input.finderRewards) add(credits, reward.userId, reward.amount);

  const split = input.cooperation ? cooperationSplit(pot, input.cooperation.ratioBp, cooperators, haveMiners) : { minersPart: pot, credits: [] };
  let withheld = 0n;
  let given = 0n;
  if (haveMiners) {
    const shares = allocateProportionally(
      split.minersPart,
      members.map((m) => m.points),
    );
    members.forEach((member, i) => {
      const share = shares[i] ?? 0n;
      let amount = share;
      if (input.unsecuredShareBp !== undefined) {
        const fallback = input.deal ?? DEFAULT_COOPERATION_SETTINGS;
        const deals = (member.lenders ?? [])
          .filter((l) => l.amount > 0n)
          .map((l) => ({ userId: l.userId, amount: l.amount, ownerBp: l.ownerBp ?? fallback.ownerBp, minerBp: l.minerBp ?? fallback.minerBp }));
        const parts = securedShare(share, { ownBp: member.securedBp ?? 0, dealBp: member.dealBp ?? 0 }, input.unsecuredShareBp, deals);
        amount = parts.miner;
        withheld += parts.withheld;
        // The owners' part is theirs by what each lends at its deals' owner share (owners in id order).
        const lenders = [...perUser(deals.map((d) => ({ userId: d.userId, amount: d.amount * BigInt(d.ownerBp) })))];
        const owed = allocateProportionally(
          parts.owner,
          lenders.map(([, weight]) => weight),
        );
        lenders.forEach(([owner], j) => add(dealIncome, owner, owed[j] ?? 0n));
      }
      given += share;
      add(credits, member.userId, amount);
    });
  }
  const cooperationIncome = new Map<string, bigint>();
  for (const c of split.credits) {
    add(cooperationIncome, c.userId, c.amount);
    given += c.amount;
  }
  for (const [userId, amount] of dealIncome) add(credits, userId, amount);
  for (const [userId, amount] of cooperationIncome) add(credits, userId, amount);
  const positive = (map: Map<string, bigint>) => [...map].filter(([, amount]) => amount > 0n).map(([userId, amount]) => ({ userId, amount }));
  const remainder = pot - given + carried;
  return { credits: positive(credits), dealIncome: positive(dealIncome), cooperationIncome: positive(cooperationIncome), fee, withheld, remainder };
}
