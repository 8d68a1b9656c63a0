import { AppError, transfer, type AccountRef, type UserBucket } from '@platter/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import type { Db } from '../db/database.ts';
import { checkLedger } from './ledger.check.ts';
import { HoldStateError, idempotent, placeHold, postHold, postTransaction, userBalances, voidHold } from './ledger.service.ts';

let db: Db;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const COIN = 'CHIA';
const chain: AccountRef = { kind: 'system', code: 'chain', coin: COIN };
const fees: AccountRef = { kind: 'system', code: 'fees', coin: COIN };
const acct = (userId: string, bucket: UserBucket = 'available', coin = COIN): AccountRef => ({ kind: 'user', userId, coin, bucket });

async function deposit(userId: string, amount: bigint, coin = COIN) {
  return db
    .transaction()
    .execute((trx) => postTransaction(trx, { kind: 'deposit', postings: transfer({ kind: 'system', code: 'chain', coin }, acct(userId, 'available', coin), amount) }));
}

async function available(userId: string, coin = COIN): Promise<bigint> {
  return (await userBalances(db, userId, coin)).get(coin)?.available ?? 0n;
}

const countRows = async (table: 'ledger_transactions' | 'ledger_postings' | 'ledger_holds') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('postTransaction', () => {
  it('credits and debits balances and keeps the ledger consistent', async () => {
    const alice = await buildUser(db);
    const bob = await buildUser(db);
    await deposit(alice.id, 1_000n);
    await db.transaction().execute((trx) => postTransaction(trx, { kind: 'transfer', postings: transfer(acct(alice.id), acct(bob.id), 300n) }));
    expect(await available(alice.id)).toBe(700n);
    expect(await available(bob.id)).toBe(300n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses to overdraw, answering insufficient balance and writing nothing', async () => {
    const carol = await buildUser(db);
    await deposit(carol.id, 50n);
    const before = await countRows('ledger_postings');
    const attempt = db.transaction().execute((trx) => postTransaction(trx, { kind: 'transfer', postings: transfer(acct(carol.id), chain, 51n) }));
    await expect(attempt).rejects.toMatchObject({ errorName: 'BALANCE_INSUFFICIENT' });
    expect(await countRows('ledger_postings')).toBe(before);
    expect(await available(carol.id)).toBe(50n);
  });

  it('must run inside a database transaction', async () => {
    const dave = await buildUser(db);
    await expect(postTransaction(db, { kind: 'deposit', postings: transfer(chain, acct(dave.id), 1n) })).rejects.toThrow(/inside a database transaction/);
  });

  it('keeps each coin balanced on its own', async () => {
    const erin = await buildUser(db);
    const bad = db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'adjustment',
        postings: [
          { account: chain, amount: -5n },
          { account: acct(erin.id, 'available', 'BHD'), amount: 5n },
        ],
      }),
    );
    await expect(bad).rejects.toThrow(/sum to/);
  });
});

describe('what the database itself refuses', () => {
  it('an unbalanced transaction written around the service fails at commit', async () => {
    const frank = await buildUser(db);
    await deposit(frank.id, 10n);
    const account = await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', frank.id).executeTakeFirstOrThrow();
    const before = await countRows('ledger_transactions');
    const write = db.transaction().execute(async (trx) => {
      const tx = await trx.insertInto('ledger_transactions').values({ kind: 'forged', reference: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('ledger_postings').values({ transaction_id: tx.id, account_id: account.id, coin: COIN, amount: 5n }).execute();
    });
    await expect(write).rejects.toThrow(/not balanced/);
    expect(await countRows('ledger_transactions')).toBe(before);
  });

  it('postings and transactions can be neither edited nor deleted', async () => {
    const grace = await buildUser(db);
    await deposit(grace.id, 10n);
    await expect(sql`UPDATE ledger_postings SET amount = amount * 2`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transactions`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('a posting must name an existing account of its coin and transaction, an account an existing user and coin; what they name stays', async () => {
    const olivia = await buildUser(db);
    await deposit(olivia.id, 10n);
    const account = await db.selectFrom('ledger_accounts').select(['id', 'coin']).where('user_id', '=', olivia.id).executeTakeFirstOrThrow();
    const forged = (posting: { account_id: string; coin: string }, transactionId?: string) =>
      db.transaction().execute(async (trx) => {
        const tx = await trx.insertInto('ledger_transactions').values({ kind: 'forged', reference: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_postings')
          .values([
            { transaction_id: transactionId ?? tx.id, ...posting, amount: 5n },
            { transaction_id: transactionId ?? tx.id, account_id: account.id, coin: account.coin, amount: -5n },
          ])
          .execute();
      });
    await expect(forged({ account_id: '999999999', coin: account.coin })).rejects.toMatchObject({ code: '23503' });
    await expect(forged({ account_id: account.id, coin: 'BHD' })).rejects.toMatchObject({ code: '23503' });
    await expect(forged({ account_id: account.id, coin: account.coin }, '999999999')).rejects.toMatchObject({ code: '23503' });
    await expect(sql`DELETE FROM ledger_accounts WHERE id = ${account.id}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`UPDATE ledger_accounts SET id = id + 1000000 WHERE id = ${account.id}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`TRUNCATE ledger_accounts CASCADE`.execute(db)).rejects.toThrow();
    await expect(sql`TRUNCATE ledger_transactions CASCADE`.execute(db)).rejects.toThrow(/append-only/);
    // An account names an existing user and coin, and keeps its owner, coin and bucket; its
    // user and coin stay.
    await expect(sql`INSERT INTO ledger_accounts (coin, user_id, bucket) VALUES ('CHIA', 999999999, 'available')`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`INSERT INTO ledger_accounts (coin, user_id, bucket) VALUES ('NOPE', ${olivia.id}, 'available')`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`UPDATE ledger_accounts SET coin = 'BHD' WHERE id = ${account.id}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`DELETE FROM users WHERE id = ${olivia.id}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`UPDATE users SET id = id + 1000000 WHERE id = ${olivia.id}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    await expect(sql`UPDATE coins SET type = 'CHIA2' WHERE type = ${account.coin}`.execute(db)).rejects.toMatchObject({ code: '23503' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('finds one bad reference among many rows of one statement, also when the good ones repeat', async () => {
    // The references are checked per statement over its distinct accounts and users: a statement
    // of many rows that repeat good references and hide one bad one is refused whole.
    const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(db)));
    const ids = users.map((u) => u.id);
    for (const id of ids) await deposit(id, 10n);
    const accounts = await db.selectFrom('ledger_accounts').select(['id', 'coin']).where('user_id', 'in', ids).orderBy('id').execute();
    const many = (bad: { account_id: string; coin: string }) =>
      db.transaction().execute(async (trx) => {
        const tx = await trx.insertInto('ledger_transactions').values({ kind: 'forged', reference: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
        const good = accounts.flatMap((a) => [1n, -1n].map((amount) => ({ transaction_id: tx.id, account_id: a.id, coin: a.coin, amount })));
        await trx
          .insertInto('ledger_postings')
          .values([...good.slice(0, 5), { transaction_id: tx.id, ...bad, amount: 1n }, { transaction_id: tx.id, ...bad, amount: -1n }, ...good.slice(5)])
          .execute();
      });
    const middle = accounts[3] as { id: string; coin: string };
    await expect(many({ account_id: '999999998', coin: COIN })).rejects.toMatchObject({ code: '23503' });
    await expect(many({ account_id: middle.id, coin: 'BHD' })).rejects.toMatchObject({ code: '23503' });
    await expect(many({ account_id: middle.id, coin: middle.coin })).resolves.toBeUndefined();
    const open = (userIds: string[]) => sql`INSERT INTO ledger_accounts (coin, user_id, bucket) SELECT 'BHD', u, 'available' FROM unnest(${userIds}::bigint[]) u`.execute(db);
    await expect(open([...ids.slice(0, 3), '999999997', ...ids.slice(3)])).rejects.toMatchObject({ code: '23503' });
    expect(await db.selectFrom('ledger_accounts').select('id').where('coin', '=', 'BHD').where('user_id', 'in', ids).execute()).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a user balance cannot be pushed below zero even by hand', async () => {
    const heidi = await buildUser(db);
    await deposit(heidi.id, 10n);
    await expect(sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${heidi.id}`.execute(db)).rejects.toThrow(/non_negative/);
  });
});

describe('holds', () => {
  it('hold → post moves the money out once; post or void again is refused', async () => {
    const ivan = await buildUser(db);
    await deposit(ivan.id, 1_000n);
    const { holdId } = await db.transaction().execute((trx) => placeHold(trx, { userId: ivan.id, coin: COIN, amount: 400n, kind: 'withdrawal_hold', reference: 'withdrawal:1' }));
    let balances = (await userBalances(db, ivan.id, COIN)).get(COIN);
    expect(balances).toMatchObject({ available: 600n, withdraw_hold: 400n });
    await db.transaction().execute((trx) =>
      postHold(
        trx,
        holdId,
        [
          { account: chain, amount: 390n },
          { account: fees, amount: 10n },
        ],
        { kind: 'withdrawal_sent' },
      ),
    );
    balances = (await userBalances(db, ivan.id, COIN)).get(COIN);
    expect(balances).toMatchObject({ available: 600n, withdraw_hold: 0n });
    await expect(db.transaction().execute((trx) => postHold(trx, holdId, [{ account: chain, amount: 400n }], { kind: 'withdrawal_sent' }))).rejects.toBeInstanceOf(HoldStateError);
    await expect(db.transaction().execute((trx) => voidHold(trx, holdId, { kind: 'withdrawal_canceled' }))).rejects.toBeInstanceOf(HoldStateError);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('hold → void returns the money to available', async () => {
    const judy = await buildUser(db);
    await deposit(judy.id, 100n);
    const { holdId } = await db.transaction().execute((trx) => placeHold(trx, { userId: judy.id, coin: COIN, amount: 100n, kind: 'withdrawal_hold' }));
    expect(await available(judy.id)).toBe(0n);
    await db.transaction().execute((trx) => voidHold(trx, holdId, { kind: 'withdrawal_canceled' }));
    expect(await available(judy.id)).toBe(100n);
    const hold = await db.selectFrom('ledger_holds').select(['status', 'resolve_transaction_id']).where('id', '=', holdId).executeTakeFirstOrThrow();
    expect(hold.status).toBe('voided');
    expect(hold.resolve_transaction_id).not.toBeNull();
  });

  it('a post whose destinations do not add up to the held amount is refused and changes nothing', async () => {
    const ken = await buildUser(db);
    await deposit(ken.id, 100n);
    const { holdId } = await db.transaction().execute((trx) => placeHold(trx, { userId: ken.id, coin: COIN, amount: 100n, kind: 'withdrawal_hold' }));
    await expect(db.transaction().execute((trx) => postHold(trx, holdId, [{ account: chain, amount: 99n }], { kind: 'withdrawal_sent' }))).rejects.toThrow();
    const hold = await db.selectFrom('ledger_holds').select('status').where('id', '=', holdId).executeTakeFirstOrThrow();
    expect(hold.status).toBe('pending');
  });
});

describe('ledger_credit_batch', () => {
  const creditBatch = (users: string[], buckets: string[], amounts: bigint[]) =>
    db
      .transaction()
      .execute(async (trx) =>
        sql`SELECT ledger_credit_batch('deposit', 'test', '', 'chain', ${COIN}, ${users}::bigint[], ${buckets}::text[], ${amounts.map(String)}::numeric[])`.execute(trx),
      );

  it('pays existing and new accounts from the system account in one balanced transaction', async () => {
    const [old, fresh] = [await buildUser(db), await buildUser(db)];
    await deposit(old.id, 5n);
    await creditBatch([old.id, fresh.id], ['available', 'pending_earnings'], [7n, 11n]);
    expect(await available(old.id)).toBe(12n);
    expect((await userBalances(db, fresh.id, COIN)).get(COIN)?.pending_earnings).toBe(11n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses a user and bucket named twice, existing or new, and changes nothing', async () => {
    const [old, fresh] = [await buildUser(db), await buildUser(db)];
    await deposit(old.id, 5n);
    const before = await countRows('ledger_postings');
    for (const [users, buckets] of [
      [
        [old.id, old.id],
        ['available', 'available'],
      ],
      [
        [fresh.id, fresh.id],
        ['available', 'available'],
      ],
      [
        [old.id, fresh.id, old.id],
        ['available', 'available', 'available'],
      ],
    ]) {
      await expect(
        creditBatch(
          users as string[],
          buckets as string[],
          (users as string[]).map(() => 1n),
        ),
      ).rejects.toMatchObject({ code: '23505' });
    }
    expect(await countRows('ledger_postings')).toBe(before);
    expect(await available(old.id)).toBe(5n);
    expect(await available(fresh.id)).toBe(0n);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('races on the real database', () => {
  it('200 concurrent holds of a tenth of the balance: exactly 10 succeed, none overdraws', async () => {
    const racer = await buildUser(db);
    await deposit(racer.id, 1_000_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => db.transaction().execute((trx) => placeHold(trx, { userId: racer.id, coin: COIN, amount: 100_000n, kind: 'withdrawal_hold' }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ errorName: 'BALANCE_INSUFFICIENT' });
    expect(await userBalances(db, racer.id, COIN)).toEqual(new Map([[COIN, expect.objectContaining({ available: 0n, withdraw_hold: 1_000_000n })]]));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('movements racing to open a user’s first accounts all land, in one account per bucket', async () => {
    const newcomer = await buildUser(db);
    // Each names an existing account, a new one twice, and another new one.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction().execute((trx) =>
          postTransaction(trx, {
            kind: 'deposit',
            postings: [
              { account: chain, amount: -3n },
              { account: acct(newcomer.id), amount: 1n },
              { account: acct(newcomer.id), amount: 1n },
              { account: acct(newcomer.id, 'pending_earnings'), amount: 1n },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await userBalances(db, newcomer.id, COIN)).toEqual(new Map([[COIN, expect.objectContaining({ available: 40n, pending_earnings: 20n })]]));
    const accounts = await db.selectFrom('ledger_accounts').select('bucket').where('user_id', '=', newcomer.id).orderBy('bucket').execute();
    expect(accounts.map((a) => a.bucket)).toEqual(['available', 'pending_earnings']);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('100 concurrent replays of one idempotency key make one transaction and give everyone the same answer', async () => {
    const payer = await buildUser(db);
    const payee = await buildUser(db);
    await deposit(payer.id, 1_000n);
    const before = await countRows('ledger_transactions');
    const call = () =>
      idempotent(db, `user:${payer.id}`, 'transfer-0001-abcdef', { to: payee.id, amount: '7' }, async (trx) => {
        const { transactionId } = await postTransaction(trx, { kind: 'transfer', postings: transfer(acct(payer.id), acct(payee.id), 7n) });
        return { transactionId };
      });
    const answers = await Promise.all(Array.from({ length: 100 }, call));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(await countRows('ledger_transactions')).toBe(before + 1);
    expect(await available(payee.id)).toBe(7n);
  });

  it('refuses the same key with a different request', async () => {
    const payer = await buildUser(db);
    await deposit(payer.id, 100n);
    const run = (amount: bigint) =>
      idempotent(db, `user:${payer.id}`, 'key-reuse-000001', { amount: amount.toString() }, async (trx) =>
        postTransaction(trx, { kind: 'transfer', postings: transfer(acct(payer.id), chain, amount) }),
      );
    await run(5n);
    await expect(run(6n)).rejects.toMatchObject({ errorName: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(run(5n)).resolves.toBeDefined();
    expect(await available(payer.id)).toBe(95n);
  });

  it('a failed call leaves no key, so a retry can succeed', async () => {
    const payer = await buildUser(db);
    const run = () =>
      idempotent(db, `user:${payer.id}`, 'retry-after-fail-01', { amount: '5' }, async (trx) =>
        postTransaction(trx, { kind: 'transfer', postings: transfer(acct(payer.id), chain, 5n) }),
      );
    await expect(run()).rejects.toBeInstanceOf(AppError);
    await deposit(payer.id, 5n);
    await expect(run()).resolves.toBeDefined();
    expect(await available(payer.id)).toBe(0n);
  });
});

describe('ledger check', () => {
  it('finds a projected balance that no longer matches its postings', async () => {
    const mallory = await buildUser(db);
    await deposit(mallory.id, 10n);
    await sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${mallory.id}`.execute(db);
    const problems = await checkLedger(db);
    expect(problems.map((p) => p.kind)).toContain('balance-mismatch');
    await sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE user_id = ${mallory.id}`.execute(db);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('property: random sequences of money movements', () => {
  it('keep every balance equal to a model and the ledger check clean after every step', async () => {
    const users = [await buildUser(db), await buildUser(db), await buildUser(db)];
    const model = new Map<string, { available: bigint; hold: bigint }>(users.map((u) => [u.id, { available: 0n, hold: 0n }]));
    const holds: { id: string; user: string; amount: bigint }[] = [];
    const step = fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), u: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
      fc.record({ op: fc.constant('transfer' as const), u: fc.nat(2), v: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
      fc.record({ op: fc.constant('hold' as const), u: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
      fc.record({ op: fc.constant('post' as const), h: fc.nat(50), fee: fc.bigInt({ min: 0n, max: 100n }) }),
      fc.record({ op: fc.constant('void' as const), h: fc.nat(50) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const run = async (fn: (trx: Db) => Promise<unknown>) => {
            try {
              await db.transaction().execute(fn);
              return true;
            } catch (error) {
              if (error instanceof AppError && error.errorName === 'BALANCE_INSUFFICIENT') return false;
              throw error;
            }
          };
          if (s.op === 'deposit') {
            const u = users[s.u]!.id;
            await deposit(u, s.amount);
            model.get(u)!.available += s.amount;
          } else if (s.op === 'transfer') {
            const u = users[s.u]!.id;
            const v = users[s.v]!.id;
            if (u === v) continue;
            const ok = await run((trx) => postTransaction(trx, { kind: 'transfer', postings: transfer(acct(u), acct(v), s.amount) }));
            expect(ok).toBe(model.get(u)!.available >= s.amount);
            if (ok) {
              model.get(u)!.available -= s.amount;
              model.get(v)!.available += s.amount;
            }
          } else if (s.op === 'hold') {
            const u = users[s.u]!.id;
            let holdId = '';
            const ok = await run(async (trx) => {
              holdId = (await placeHold(trx, { userId: u, coin: COIN, amount: s.amount, kind: 'withdrawal_hold' })).holdId;
            });
            expect(ok).toBe(model.get(u)!.available >= s.amount);
            if (ok) {
              model.get(u)!.available -= s.amount;
              model.get(u)!.hold += s.amount;
              holds.push({ id: holdId, user: u, amount: s.amount });
            }
          } else {
            const hold = holds[s.h % Math.max(holds.length, 1)];
            if (!hold) continue;
            holds.splice(holds.indexOf(hold), 1);
            if (s.op === 'post') {
              const fee = s.fee < hold.amount ? s.fee : 0n;
              const destinations =
                fee > 0n
                  ? [
                      { account: chain, amount: hold.amount - fee },
                      { account: fees, amount: fee },
                    ]
                  : [{ account: chain, amount: hold.amount }];
              await db.transaction().execute((trx) => postHold(trx, hold.id, destinations, { kind: 'withdrawal_sent' }));
              model.get(hold.user)!.hold -= hold.amount;
            } else {
              await db.transaction().execute((trx) => voidHold(trx, hold.id, { kind: 'withdrawal_canceled' }));
              model.get(hold.user)!.hold -= hold.amount;
              model.get(hold.user)!.available += hold.amount;
            }
          }
          expect(await checkLedger(db)).toEqual([]);
        }
        for (const u of users) {
          const actual = (await userBalances(db, u.id, COIN)).get(COIN);
          expect({ available: actual?.available ?? 0n, hold: actual?.withdraw_hold ?? 0n }).toEqual(model.get(u.id));
        }
      }),
      { numRuns: 15 },
    );
  });
});
