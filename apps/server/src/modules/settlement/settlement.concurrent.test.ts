import { parseAmount } from '@platter/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import { k32FarmDay } from '../../../test/shares.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { recordBlock } from '../pool/blocks.ts';
import { applyCredits, decideDay } from './settlement.service.ts';
import { spawnScript } from '../../../test/child.ts';

/**
 * Issue 19: a decided day's batches credited by several transactions at once — each claiming a
 * batch no one else holds (FOR UPDATE SKIP LOCKED), settlement_clearing locked last — by one
 * applier or by several processes, one of them killed mid-crediting.
 */

let db: Db;
let databaseUrl: string;

beforeAll(async () => {
  ({ db, url: databaseUrl } = await testDatabase());
});

const later = new Date('2026-11-28T00:10:00Z');

/** A decided day of `n` members on the chia pool, one member per batch, its credits still in clearing. */
async function decidedDay(day: string, n: number, height: number) {
  const users = (await Promise.all(Array.from({ length: n }, () => buildUser(db)))).sort((a, b) => Number(a.id) - Number(b.id));
  const at = new Date(`${day}T09:00:00Z`);
  for (const [i, user] of users.entries()) await k32FarmDay(db, { userId: user.id, pool: 'chia', plots: 30 + i, at });
  await recordBlock(db, { pool: 'chia', height, foundAt: at, finderUserId: null, finderMinerId: null, reward: parseAmount('1', 12) });
  const { settlement } = await decideDay(db, 'chia', day, later, { batch: 1 });
  expect(settlement.members).toBe(n);
  return { users, credited: parseAmount(settlement.credited, 12) };
}

const available = async (userId: string) => (await userBalances(db, userId, 'CHIA')).get('CHIA')?.available ?? 0n;
const records = (day: string) =>
  db.selectFrom('settlement_credits').select(['user_id', 'amount_units']).where('pool', '=', 'chia').where('day', '=', day).orderBy('user_id').execute();
const batchesLeft = async (day: string) =>
  (await db.selectFrom('settlement_batches').select('seq').where('pool', '=', 'chia').where('day', '=', day).orderBy('seq').execute()).map((b) => b.seq);
const dayRow = (day: string) =>
  db.selectFrom('settlements').select(['credits_applied_at', 'credits_applied_until']).where('pool', '=', 'chia').where('day', '=', day).executeTakeFirstOrThrow();

/** Every member credited exactly once: balance = income record, one record each, the records' sum = the decision. */
async function creditedOnce(day: string, users: { id: string }[], credited: bigint) {
  const recorded = await records(day);
  expect(recorded.map((r) => r.user_id)).toEqual(users.map((u) => u.id));
  for (const r of recorded) expect(await available(r.user_id)).toBe(BigInt(r.amount_units));
  expect(recorded.reduce((sum, r) => sum + BigInt(r.amount_units), 0n)).toBe(credited);
  const txs = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`settlement:chia:${day}:credits`}`.execute(db);
  expect(txs.rows[0]?.n).toBe(String(users.length));
  expect(await batchesLeft(day)).toEqual([]);
  expect(await checkLedger(db)).toEqual([]);
}

/** A connection of its own holding a transaction open (the caller ends it). */
async function holding(statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  const { rows } = await client.query(statement, params);
  return {
    rows,
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** Backends of this database waiting on a lock inside a batch's crediting, by application name (all when omitted). */
async function waitingInBatches(application?: string) {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM settlement_credit_batch(%'
      AND (${application ?? null}::text IS NULL OR application_name = ${application ?? null})`.execute(db);
  return Number(rows[0]?.n);
}

async function until(check: () => Promise<boolean>, what: string) {
  for (const started = Date.now(); !(await check()); ) {
    if (Date.now() - started > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('crediting a day’s batches concurrently', () => {
  it('decides a day without holding clearing while it waits for the fee account (clearing is everyone’s last lock)', async () => {
    // Clearing made before fees, so its id is the lower: ledger_post's id order alone would lock
    // clearing first and then wait for fees — while a batch holding its members waits for clearing.
    await sql`INSERT INTO ledger_accounts (coin, system_code, bucket) VALUES ('CHIA', 'settlement_clearing', 'system'), ('CHIA', 'fees', 'system')
              ON CONFLICT DO NOTHING`.execute(db);
    const ids = await sql<{
      system_code: string;
      id: string;
    }>`SELECT system_code, id FROM ledger_accounts WHERE coin = 'CHIA' AND system_code IN ('settlement_clearing', 'fees')`.execute(db);
    const idOf = (code: string) => BigInt(ids.rows.find((r) => r.system_code === code)?.id ?? '0');
    expect(idOf('settlement_clearing')).toBeLessThan(idOf('fees'));
    const day = '2026-11-20';
    const at = new Date(`${day}T09:00:00Z`);
    const user = await buildUser(db);
    await k32FarmDay(db, { userId: user.id, pool: 'chia', plots: 40, at });
    await recordBlock(db, { pool: 'chia', height: 9_100, foundAt: at, finderUserId: null, finderMinerId: null, reward: parseAmount('1', 12) });
    // Another transaction (a withdrawal's fee, an invite rebate) holds the fee account.
    const fees = await holding(`SELECT id FROM ledger_accounts WHERE coin = 'CHIA' AND system_code = 'fees' FOR UPDATE`);
    const deciding = decideDay(db, 'chia', day, later);
    try {
      await expect
        .poll(
          async () => (await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)).rows[0]?.n,
          { timeout: 10_000 },
        )
        .toBe('1');
      // Deciding waits for fees; clearing is free meanwhile (a batch could take it and commit).
      const clearing = await holding(`SELECT id FROM ledger_accounts WHERE coin = 'CHIA' AND system_code = 'settlement_clearing' FOR UPDATE NOWAIT`);
      expect(clearing.rows).toHaveLength(1);
      await clearing.release();
    } finally {
      await fees.release();
    }
    const { settlement } = await deciding;
    expect(settlement.members).toBe(1);
    await applyCredits(db, 'chia', day, { now: later });
    expect(await available(user.id)).toBe(parseAmount(settlement.credited, 12));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('credits the other batches while one is held by another worker, and marks the day only once the last is in', async () => {
    const day = '2026-11-24';
    const { users, credited } = await decidedDay(day, 6, 1);
    // Another worker is crediting batch 0 (its claim held, uncommitted).
    const other = await holding(`SELECT seq FROM settlement_batches WHERE pool = 'chia' AND day = $1::date AND seq = 0 FOR UPDATE`, [day]);
    expect(other.rows).toEqual([{ seq: 0 }]);
    // Not waiting for it: the five others are credited, the day stays open.
    expect(await applyCredits(db, 'chia', day, { concurrency: 2 })).toBe(5);
    expect(await available(users[0]?.id ?? '')).toBe(0n);
    for (const user of users.slice(1)) expect(await available(user.id)).toBeGreaterThan(0n);
    expect(await batchesLeft(day)).toEqual([0]);
    expect((await dayRow(day)).credits_applied_at).toBeNull();
    expect(await checkLedger(db)).toEqual([]);
    // That worker goes away without crediting it: the next run does, and closes the day.
    await other.release();
    expect(await applyCredits(db, 'chia', day, { concurrency: 2 })).toBe(1);
    await creditedOnce(day, users, credited);
    const row = await dayRow(day);
    expect(row.credits_applied_at).not.toBeNull();
    expect(row.credits_applied_until).toBe(users.at(-1)?.id);
    expect(await applyCredits(db, 'chia', day)).toBe(0);
  });

  it('overlaps batches up to clearing, across processes; a process killed -9 mid-crediting leaves its batches whole for the next run', async () => {
    const day = '2026-11-25';
    const { users, credited } = await decidedDay(day, 8, 2);
    // Clearing held by the test: every crediting transaction runs up to its last statement and waits there.
    const clearing = await holding(`SELECT id FROM ledger_accounts WHERE system_code = 'settlement_clearing' AND coin = 'CHIA' FOR UPDATE`);
    const applier = (name: string) => {
      const url = `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}application_name=${name}`;
      const child = spawnScript(`
        const { createDb } = await import(${JSON.stringify(new URL('../../db/database.ts', import.meta.url).pathname)});
        const { applyCredits } = await import(${JSON.stringify(new URL('./settlement.service.ts', import.meta.url).pathname)});
        const { db } = createDb(${JSON.stringify(url)}, 3);
        const moved = await applyCredits(db, 'chia', '${day}', { concurrency: 2 });
        console.log('MOVED ' + moved);
        await db.destroy();`);
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, exited, moved: () => Number(/MOVED (\d+)/.exec(out)?.[1] ?? NaN) };
    };
    const doomed = applier('doomed_applier');
    const survivor = applier('surviving_applier');
    // Four batches at once, two per process, each with its members written and waiting for clearing.
    await until(async () => (await waitingInBatches('doomed_applier')) === 2 && (await waitingInBatches('surviving_applier')) === 2, 'four batches waiting on clearing');
    expect(await waitingInBatches()).toBe(4);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();
    await clearing.release();
    // The survivor credits its batches and the free ones; the dead process's transactions never commit.
    expect(await survivor.exited).toBe(0);
    await until(async () => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'doomed_applier'`.execute(db);
      return rows[0]?.n === '0';
    }, 'the killed process’s backends to end');
    const recorded = await records(day);
    const left = await batchesLeft(day);
    expect(recorded.length).toBe(survivor.moved());
    expect(recorded.length + left.length).toBe(users.length);
    // At least the survivor's two and the four no one had claimed; the killed one's two at most left.
    expect(recorded.length).toBeGreaterThanOrEqual(users.length - 2);
    for (const r of recorded) expect(await available(r.user_id)).toBe(BigInt(r.amount_units));
    for (const seq of left) expect(await available(users[seq]?.id ?? '')).toBe(0n);
    expect(await checkLedger(db)).toEqual([]);
    // The next run (the settlement-credits job) credits what is left, once.
    expect(await applyCredits(db, 'chia', day)).toBe(left.length);
    await creditedOnce(day, users, credited);
    expect((await dayRow(day)).credits_applied_until).toBe(users.at(-1)?.id);
  });

  it('refuses a concurrency that is not a positive integer', async () => {
    await expect(applyCredits(db, 'chia', '2026-11-26', { concurrency: 0 })).rejects.toThrow(RangeError);
  });
});
