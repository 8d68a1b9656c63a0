import { INVITE_REBATE_DEFAULT_BP, inviteRebate, onchainRewardSplit } from '@platter/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { edKey, registerIdentity } from '../../../test/identities.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import { createDb, type Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { creditOnchainRewards, REWARD_LOOKBACK_BLOCKS } from '../pool/onchain.ts';
import { rebateDay, rebateDue, recordInvitation } from './invite.service.ts';

/**
 * Invite rebates on the on-chain-reward pools (issue 25): no daily settlement there — the fee is
 * taken per reward and a reward is reversed while the pool still looks back at it. A (pool, day)
 * pays once the day is over and every reward credited on it is past the look-back; an invitee's
 * part is their own rewards' fees, the inviter's rebate ⌊part × share ÷ 10,000⌋, once.
 */

let db: Db;
let url: string;
let devnet: DevnetRegistry;
let invitee: Browser;
let inviteeId: string;
let inviterId: string;
let stranger: Browser;

const COIN = 'SPACEMESH';
const POOL = 'spacemesh';

const feeBp = async () => (await db.selectFrom('pool_configs').select('fee_bp').where('pool', '=', POOL).executeTakeFirstOrThrow()).fee_bp;
const confirmations = async () => (await db.selectFrom('coins').select('confirmation').where('type', '=', COIN).executeTakeFirstOrThrow()).confirmation;
const available = async (userId: string) => (await userBalances(db, userId, COIN)).get(COIN)?.available ?? 0n;
const feesBalance = async () =>
  BigInt((await db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', 'fees').where('coin', '=', COIN).executeTakeFirst())?.balance ?? 0);

/** The simulated chain moves on `blocks` blocks (the devnet's tip, as `tick` would, at once). */
async function mine(blocks: number) {
  for (let i = 0; i < blocks; i++) await devnet.tick(COIN);
}
const leap = (blocks: number) => sql`UPDATE devnet_chain SET height = height + ${blocks} WHERE coin = ${COIN}`.execute(db);

/** The chain pays each key `amount` (one reward each, at the next heights), confirmed; answers the reward ids. */
async function pay(keys: { id: string }[], amount: bigint) {
  const paid = [];
  for (const key of keys) {
    paid.push(await devnet.payIdentityReward(COIN, key.id, amount));
    await devnet.tick(COIN);
  }
  await mine(await confirmations());
  return paid;
}

/** The credited rewards as if credited `days` days earlier (a UTC day now over); answers that day. */
async function creditedDaysAgo(rewardIds: string[], days: number): Promise<string> {
  const rows = await sql<{ day: string }>`
    UPDATE onchain_rewards SET created_at = created_at - make_interval(days => ${days})
    WHERE reward_id IN (${sql.join(rewardIds)}) RETURNING (created_at AT TIME ZONE 'UTC')::date::text AS day`.execute(db);
  const distinct = [...new Set(rows.rows.map((r) => r.day))];
  expect(distinct).toHaveLength(1);
  return distinct[0] as string;
}

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  const app = await testApp(db);
  devnet = devnetRegistry(db, TEST_SECRET);
  invitee = await signedInAs(app, db, 'onchain-invitee@example.com', 'user');
  stranger = await signedInAs(app, db, 'onchain-stranger@example.com', 'user');
  inviteeId = (await db.selectFrom('users').select('id').where('email', '=', 'onchain-invitee@example.com').executeTakeFirstOrThrow()).id;
  inviterId = (await buildUser(db)).id;
  await db.transaction().execute((trx) => recordInvitation(trx, inviteeId, inviterId));
});

describe('invite rebates of an on-chain-reward pool', () => {
  it('pays the inviter ⌊the invitee’s own rewards’ fees × share ÷ 10,000⌋ once the day is over and past the look-back, once', async () => {
    const [a, b, s] = [edKey(), edKey(), edKey()];
    for (const k of [a, b]) expect((await registerIdentity(invitee, POOL, k)).code).toBe(200);
    expect((await registerIdentity(stranger, POOL, s)).code).toBe(200);
    const amounts = [12_345_678_901n, 7_777_777_777n];
    const paid = [...(await pay([a], amounts[0] as bigint)), ...(await pay([b], amounts[1] as bigint)), ...(await pay([s], 50_000_000_000n))];
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(3);
    const day = await creditedDaysAgo(
      paid.map((p) => p.rewardId),
      1,
    );
    const bp = await feeBp();
    const fees = amounts.map((x) => onchainRewardSplit(x, bp).fee);
    const part = fees.reduce((x, y) => x + y, 0n);
    const expected = inviteRebate(part, INVITE_REBATE_DEFAULT_BP);
    expect(expected).toBeGreaterThan(0n);

    // The day is over but its rewards are still inside the look-back: not paid yet, the day stays open.
    await creditOnchainRewards(db, devnet);
    expect((await rebateDue(db)).days).toBe(0);
    expect(await rebateDay(db, POOL, day)).toEqual({ ran: false, invitees: 0, rebate: 0n });
    expect(await available(inviterId)).toBe(0n);
    const open = await db.selectFrom('invite_rebate_days').select('done_at').where('pool', '=', POOL).where('day', '=', day).executeTakeFirstOrThrow();
    expect(open.done_at).toBeNull();

    // One block short of the look-back for the day's last reward: still not.
    const last = Math.max(...paid.map((p) => p.height));
    const tip = Number((await sql<{ height: string }>`SELECT height FROM devnet_chain WHERE coin = ${COIN}`.execute(db)).rows[0]?.height);
    const conf = Math.max(await confirmations(), 1);
    // The pass no longer looks back at heights ≤ tip − conf + 1 − REWARD_LOOKBACK_BLOCKS (onchain.ts).
    const needed = last + REWARD_LOOKBACK_BLOCKS + conf - 1;
    await leap(needed - 1 - tip);
    await creditOnchainRewards(db, devnet);
    expect((await rebateDue(db)).days).toBe(0);
    await leap(1);
    await creditOnchainRewards(db, devnet);

    const fees0 = await feesBalance();
    expect(await rebateDue(db)).toEqual({ days: 1, rebates: expected });
    expect(await available(inviterId)).toBe(expected);
    expect(fees0 - (await feesBalance())).toBe(expected);
    const rows = await db.selectFrom('invite_rebates').selectAll().where('pool', '=', POOL).where('day', '=', day).execute();
    expect(rows.map((r) => [r.invitee_id, r.inviter_id, r.fee_units, r.rebate_units, r.income_units])).toEqual([
      [inviteeId, inviterId, part.toString(), expected.toString(), (amounts[0]! + amounts[1]! - part).toString()],
    ]);
    const tx = await db.selectFrom('ledger_transactions').select(['id', 'kind']).where('reference', '=', `invite-rebate:${POOL}:${day}`).execute();
    expect(tx).toEqual([{ id: rows[0]?.transaction_id, kind: 'invite_rebate' }]);
    const dayRow = await db.selectFrom('invite_rebate_days').selectAll().where('pool', '=', POOL).where('day', '=', day).executeTakeFirstOrThrow();
    expect(dayRow.fee_units).toBe((part + onchainRewardSplit(50_000_000_000n, bp).fee).toString());

    // Again: nothing more.
    expect((await rebateDay(db, POOL, day)).ran).toBe(false);
    expect((await rebateDue(db)).days).toBe(0);
    expect(await available(inviterId)).toBe(expected);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('does not pay a day that is not over, even past the look-back', async () => {
    const k = edKey();
    expect((await registerIdentity(invitee, POOL, k)).code).toBe(200);
    const [paid] = await pay([k], 9_000_000_000n);
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(1);
    await leap(REWARD_LOOKBACK_BLOCKS + 10);
    await creditOnchainRewards(db, devnet);
    const today = (
      await db
        .selectFrom('onchain_rewards')
        .select(sql<string>`(created_at AT TIME ZONE 'UTC')::date::text`.as('day'))
        .where('reward_id', '=', paid!.rewardId)
        .executeTakeFirstOrThrow()
    ).day;
    expect(await rebateDay(db, POOL, today)).toEqual({ ran: false, invitees: 0, rebate: 0n });
    expect((await rebateDue(db)).days).toBe(0);
    // Moved to a day now over, it pays.
    const day = await creditedDaysAgo([paid!.rewardId], 3);
    const before = await available(inviterId);
    expect((await rebateDay(db, POOL, day)).rebate).toBe(inviteRebate(onchainRewardSplit(9_000_000_000n, await feeBp()).fee, INVITE_REBATE_DEFAULT_BP));
    expect((await available(inviterId)) - before).toBeGreaterThan(0n);
  });

  it('pays nothing for a reward reversed before its day is decided, and never reverses a reward of a decided day', async () => {
    const [kept, dropped] = [edKey(), edKey()];
    for (const k of [kept, dropped]) expect((await registerIdentity(invitee, POOL, k)).code).toBe(200);
    const [first] = await pay([kept], 4_000_000_000n);
    const second = await devnet.payIdentityReward(COIN, dropped.id, 6_000_000_000n);
    await mine(await confirmations());
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(2);
    await devnet.reorg(COIN, second.height - 1);
    await mine(await confirmations());
    expect(await creditOnchainRewards(db, devnet)).toEqual({ credited: 0, reversed: 1 });
    const day = await creditedDaysAgo([first!.rewardId, second.rewardId], 5);
    await leap(REWARD_LOOKBACK_BLOCKS + 10);
    await creditOnchainRewards(db, devnet);
    const before = await available(inviterId);
    const expected = inviteRebate(onchainRewardSplit(4_000_000_000n, await feeBp()).fee, INVITE_REBATE_DEFAULT_BP);
    expect(await rebateDay(db, POOL, day)).toEqual({ ran: true, invitees: 1, rebate: expected });
    expect((await available(inviterId)) - before).toBe(expected);
    const rows = await db.selectFrom('onchain_rewards').select(['reward_id', 'status', 'decided_at']).where('reward_id', 'in', [first!.rewardId, second.rewardId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.reward_id, [r.status, r.decided_at !== null]]))).toEqual({
      [first!.rewardId]: ['credited', true],
      [second.rewardId]: ['reversed', false],
    });

    // A chain rolled far back (the pool then looks back at the decided reward again, and it is gone): the decided reward stays credited.
    await devnet.reorg(COIN, first!.height - 1);
    await mine(await confirmations());
    expect((await creditOnchainRewards(db, devnet)).reversed).toBe(0);
    expect((await db.selectFrom('onchain_rewards').select('status').where('reward_id', '=', first!.rewardId).executeTakeFirstOrThrow()).status).toBe('credited');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('pays each (invitee, pool, day) once when workers race', async () => {
    const keys = [edKey(), edKey(), edKey()];
    for (const k of keys) expect((await registerIdentity(invitee, POOL, k)).code).toBe(200);
    const paid = await pay(keys, 3_333_333_333n);
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(3);
    const day = await creditedDaysAgo(
      paid.map((p) => p.rewardId),
      7,
    );
    await leap(REWARD_LOOKBACK_BLOCKS + 10);
    await creditOnchainRewards(db, devnet);
    const expected = inviteRebate(3n * onchainRewardSplit(3_333_333_333n, await feeBp()).fee, INVITE_REBATE_DEFAULT_BP);
    const before = await available(inviterId);
    // Several workers, each its own connection pool as separate processes have, race for the day (and the job's step).
    const workers = [createDb(url, 2), createDb(url, 2), createDb(url, 2)];
    const [outcomes, due] = await Promise.all([Promise.all(workers.map((w) => rebateDay(w.db, POOL, day))), rebateDue(db)]);
    await Promise.all(workers.map((w) => w.db.destroy()));
    const paidOut = outcomes.reduce((sum, o) => sum + o.rebate, 0n) + due.rebates;
    expect(paidOut).toBe(expected);
    expect(outcomes.filter((o) => o.ran).length + due.days).toBe(1);
    expect((await available(inviterId)) - before).toBe(expected);
    const txs = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`invite-rebate:${POOL}:${day}`}`.execute(db);
    expect(txs.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });
});
