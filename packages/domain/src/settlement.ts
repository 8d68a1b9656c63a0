/**
 * The daily settlement's arithmetic (spec doc 1 §9 'Revenue shares', 'Chia'; issue 5): a
 * pool's block revenue for one day, less the pool fee, shared by contribution, with the
 * per-coin rules. Pure and exact in base units: the credits, the fee, the part withheld from
 * unsecured capacity and the rounding remainder always add up to the revenue.
 */
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
  /** Part of the member's capacity covered by mortgage, in basis points (0 to 10000). */
  securedBp?: number;
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
}

export interface SettlementResult {
  credits: { userId: string; amount: bigint }[];
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

/**
 * Splits one pool-day. Credits are summed per user and never negative. Each member's share of
 * the pot is allocateProportionally's (floor, then the odd units to the largest fractions);
 * the settlement service runs the same rule set-based in SQL, checked against this function.
 */
export function settlePoolDay(input: SettlementInput): SettlementResult {
  if (input.members.some((m) => m.points < 0n)) throw new SettlementInputError('negative points');
  const { fee, pot, carried } = poolDayPot({ ...input, sharers: input.members.some((m) => m.points > 0n) });

  const credits = new Map<string, bigint>();
  const add = (userId: string, amount: bigint) => credits.set(userId, (credits.get(userId) ?? 0n) + amount);
  for (const reward of input.finderRewards) add(reward.userId, reward.amount);

  const members = input.members.filter((m) => m.points > 0n);
  let withheld = 0n;
  let given = 0n;
  if (members.length > 0) {
    const shares = allocateProportionally(
      pot,
      members.map((m) => m.points),
    );
    members.forEach((member, i) => {
      const share = shares[i] ?? 0n;
      let amount = share;
      if (input.unsecuredShareBp !== undefined) {
        const secured = BigInt(Math.min(BASIS_POINTS, Math.max(0, member.securedBp ?? 0)));
        const unsecured = BigInt(BASIS_POINTS) - secured;
        // secured part at 100 %, unsecured part at the coin's share; rounded down.
        amount = (share * (secured * BigInt(BASIS_POINTS) + unsecured * BigInt(input.unsecuredShareBp))) / BigInt(BASIS_POINTS) ** 2n;
        withheld += share - amount;
      }
      given += share;
      add(member.userId, amount);
    });
  }
  const remainder = pot - given + carried;
  return {
    credits: [...credits].filter(([, amount]) => amount > 0n).map(([userId, amount]) => ({ userId, amount })),
    fee,
    withheld,
    remainder,
  };
}
