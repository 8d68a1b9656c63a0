import { sql } from 'kysely';
import type { ChildProcess } from 'node:child_process';
import { createDb } from '../../apps/server/src/db/database.ts';
import { recordBlock } from '../../apps/server/src/modules/pool/blocks.ts';
import { ensureSharePartition } from '../../apps/server/src/modules/pool/shares.repository.ts';

/**
 * `BENCH_ONLY=public`: the public figures every visitor loads — GET /api/home/list and
 * GET /api/datastatistics/pool (a pool's trend) — vs the cached coin list GET
 * /api/setting/coin, the three alternated in the same run against one server, on a pool with
 * a day of work: 1,000 farmers, 2,000 online miners, 200,000 shares in the last 24 hours and
 * 300 blocks over a week. Goal (issue 20): home/list ≥ 0.5× the requests/s of setting/coin.
 */
const FARMERS = 1_000;
const MINERS = 2_000;
const SHARES = 200_000;
const BLOCKS = 300;
const GOAL = 0.5;

type Load = { rps: number; p99: number; errors: number; non2xx: number };

/** What bench.ts already has (servers in their own process, autocannon loads): passed in, not copied. */
export interface HttpTools {
  serve: (args: string[]) => Promise<ChildProcess>;
  stop: (child: ChildProcess) => Promise<void>;
  load: (url: string) => Promise<Load>;
  median: <T extends { rps: number }>(runs: T[]) => T;
  freePort: () => Promise<number>;
  rounds: number;
}

async function seed(url: string): Promise<void> {
  const { db } = createDb(url, 2);
  try {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const first = await sql<{ id: string }>`
      INSERT INTO users (uid, email, password_hash, status)
      SELECT 'pf-' || g, 'pf-' || g || '@bench.test', 'x', 'active' FROM generate_series(1, ${FARMERS}) g
      RETURNING id`.execute(db);
    const base = first.rows[0]?.id ?? '1';
    await sql`
      INSERT INTO miners (user_id, pool, name, capacity_bytes, last_seen_at)
      SELECT ${base}::bigint + (g % ${FARMERS}), 'chia', 'rig-' || g, 108877420954 * (1 + g % 200), now()
      FROM generate_series(1, ${MINERS}) g`.execute(db);
    for (const day of [yesterday, today]) await ensureSharePartition(db, day);
    // Spread over the last 24 hours, so some fall on yesterday's partition and some on today's.
    await sql`
      INSERT INTO shares (day, pool, user_id, miner_id, difficulty, created_at)
      SELECT (ts AT TIME ZONE 'UTC')::date, 'chia', ${base}::bigint + (g % ${FARMERS}), g % ${MINERS}, 1 + (g::bigint * 7919) % 50, ts
      FROM (SELECT g, now() - make_interval(secs => (g % 86000)) AS ts FROM generate_series(1, ${SHARES}) g) s`.execute(db);
    await sql`ANALYZE shares`.execute(db);
    for (let i = 0; i < BLOCKS; i++) {
      const foundAt = new Date(now.getTime() - i * 2_000_000);
      await recordBlock(db, {
        pool: 'chia',
        height: 5_000_000 - i,
        foundAt,
        finderUserId: String(BigInt(base) + BigInt(i % FARMERS)),
        finderMinerId: null,
        reward: 2_000_000_000_000n,
      });
    }
  } finally {
    await db.destroy();
  }
}

export async function publicFiguresBench(url: string, tools: HttpTools): Promise<void> {
  await seed(url);
  const port = await tools.freePort();
  const app = await tools.serve(['app', String(port), url]);
  const paths = ['/api/setting/coin', '/api/home/list', '/api/datastatistics/pool?pool=chia&days=7'];
  const runs = new Map<string, Load[]>(paths.map((p) => [p, []]));
  try {
    for (let round = 0; round < tools.rounds; round++) {
      for (const p of paths) runs.get(p)?.push(await tools.load(`http://127.0.0.1:${port}${p}`));
    }
  } finally {
    await tools.stop(app);
  }
  const result = new Map(paths.map((p) => [p, tools.median(runs.get(p) ?? [])]));
  console.log('Public figures (one pool: 1,000 farmers, 2,000 miners online, 200,000 shares in 24 h, 300 blocks)\n');
  console.log('| run | req/s | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|');
  for (const [p, r] of result) console.log(`| GET ${p} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  const coin = result.get('/api/setting/coin')?.rps ?? 0;
  const home = result.get('/api/home/list')?.rps ?? 0;
  const ratio = coin > 0 ? home / coin : 0;
  console.log(`\nhome/list ÷ setting/coin = ${ratio.toFixed(2)} (goal ≥ ${GOAL.toFixed(2)}) ${ratio >= GOAL ? 'OK' : 'BELOW GOAL'}\n`);
  if ([...result.values()].some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}
