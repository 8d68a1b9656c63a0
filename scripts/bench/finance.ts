import { parseAmount, transfer } from '@platter/domain';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database.ts';
import { postTransaction } from '../../apps/server/src/ledger/ledger.service.ts';
import { accrueDay, createProduct, fundBudget } from '../../apps/server/src/modules/finance/finance.service.ts';

/**
 * `BENCH_ONLY=finance` (issue 23): the daily accrual of 100,000 holdings of one current product
 * (every holding's accrual row, its owner's interest through the ledger in chunks, exactly
 * once), as a ratio to one plain SQL aggregate over the same holdings in the same run (count
 * and sum of principal). The first day also opens the owners' ledger accounts; the second is
 * the steady state. Goal: ≤ 4× on the steady day.
 */
const HOLDINGS = Number(process.env.FIN_HOLDINGS ?? 100_000);
const ROUNDS = 5;

export async function financeBench(url: string): Promise<void> {
  const { db } = createDb(url, 4);
  try {
    const operator = await db
      .insertInto('users')
      .values({ uid: `fin-op-${Date.now()}`, email: `fin-op-${Date.now()}@bench.test`, password_hash: 'x', status: 'active', role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'deposit',
        postings: transfer({ kind: 'system', code: 'chain', coin: 'CHIA' }, { kind: 'user', userId: operator.id, coin: 'CHIA', bucket: 'available' }, parseAmount('1000000', 12)),
      }),
    );
    const product = await createProduct(db, operator.id, {
      name: 'Bench current',
      type: 'HQB',
      coin: 'CHIA',
      coefficient: '1',
      term_days: 0,
      start_at: null,
      end_at: null,
      annual_rate: '7.3',
      tiers: [],
      min_amount: '0.000000000001',
      quota: '0',
      lock_days: 0,
      weight: 0,
      staking_blocks: 0,
      rating: '',
      indefinite: true,
      verify_purchase: false,
    });
    await fundBudget(db, operator, { id: product.id, amount: '1000000', request_id: `bench-fund-${Date.now()}` });
    // 100,000 owners, each with one holding of a few XCH subscribed on 2026-01-01 (rows written
    // directly: the bench times the accrual, not 100,000 purchases).
    const tag = Date.now();
    await sql`INSERT INTO users (uid, email, password_hash, status)
      SELECT 'fin-' || ${tag} || '-' || g, 'fin-' || ${tag} || '-' || g || '@bench.test', 'x', 'active' FROM generate_series(1, ${HOLDINGS}) g`.execute(db);
    await sql`INSERT INTO finance_holdings (product_id, user_id, coin, principal_units, status, subscribed_at, subscribed_day)
      SELECT ${product.id}::bigint, u.id, 'CHIA', (1 + u.id % 7) * 1000000000000::numeric, 'waiting', '2026-01-01T08:00:00Z', '2026-01-01'
      FROM users u WHERE u.email LIKE ${`fin-${tag}-%`}`.execute(db);
    await sql`ANALYZE finance_holdings`.execute(db);

    const time = async (work: () => Promise<unknown>) => {
      const t0 = performance.now();
      await work();
      return performance.now() - t0;
    };
    const aggregate = () => sql`SELECT count(*), sum(principal_units) FROM finance_holdings WHERE product_id = ${product.id}`.execute(db);
    const aggregates: number[] = [];
    for (let i = 0; i < ROUNDS; i++) aggregates.push(await time(aggregate));
    const first = await time(() => accrueDay(db, product.id, '2026-01-02'));
    const steady = await time(() => accrueDay(db, product.id, '2026-01-03'));
    for (let i = 0; i < ROUNDS; i++) aggregates.push(await time(aggregate));
    const rows = await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_accruals WHERE product_id = ${product.id}`.execute(db);
    aggregates.sort((a, b) => a - b);
    const plain = aggregates[Math.floor(aggregates.length / 2)] as number;
    const ratio = steady / plain;
    console.log(`\nFinance daily accrual — ${HOLDINGS} holdings of one current product (${rows.rows[0]?.n ?? 0} accrual rows written over two days)\n`);
    console.log('| run | ms |');
    console.log('|---|---|');
    console.log(`| plain SQL aggregate over the holdings (median of ${aggregates.length}) | ${plain.toFixed(1)} |`);
    console.log(`| accrual, first day (owners' ledger accounts opened) | ${first.toFixed(0)} |`);
    console.log(`| accrual, steady day | ${steady.toFixed(0)} |`);
    console.log(`\nsteady accrual ÷ aggregate = ${ratio.toFixed(1)} (goal ≤ 4) ${ratio <= 4 ? 'OK' : 'ABOVE GOAL'}\n`);
  } finally {
    await db.destroy();
  }
}
