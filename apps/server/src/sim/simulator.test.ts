import { parseAmount, POC_NONCE_BYTES } from '@platter/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import type { Db } from '../db/database.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { listPlots } from '../modules/pool/plots.ts';
import { addressQuery } from '../modules/pool/views.ts';
import { miningIncome } from '../modules/wallet/ledger-views.ts';
import { DEMO_EMAIL, prepareSimulation, simulatorAddress, startSimulator, type SimulatorOptions } from './simulator.ts';
import { POC_POOLS } from './pocMiners.ts';

const logger = pino({ level: 'silent' });
const options = (db: Db, seed: number): SimulatorOptions => ({ db, baseUrl: '', seed, pools: ['mass', 'bhd'], tickSeconds: 3600, blockSeconds: 600, backfillDays: 2, logger });

let first: Db;
let second: Db;

beforeAll(async () => {
  ({ db: first } = await testDatabase());
  ({ db: second } = await testDatabase());
});

async function shape(db: Db) {
  const miners = await db
    .selectFrom('miners as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'm.pool', 'm.name', 'm.capacity_bytes'])
    .orderBy('m.name')
    .execute();
  const blocks = await db.selectFrom('blocks').select(['pool', 'height', 'reward_units']).orderBy('pool').orderBy('height').execute();
  return { miners, blocks };
}

describe('the devnet simulator', () => {
  it('makes the same farmers, miners and history under the same seed, settled and balanced', async () => {
    const a = await prepareSimulation(options(first, 7));
    const b = await prepareSimulation(options(second, 7));
    expect(a.demo?.email).toBe(DEMO_EMAIL);
    expect(await shape(first)).toEqual(await shape(second));
    const { blocks, miners } = await shape(first);
    expect(blocks.length).toBeGreaterThan(2);
    expect(new Set(miners.map((m) => m.pool))).toEqual(new Set(['mass', 'bhd']));
    // MASS runs in trusted-proxy mode (the devnet's own proxies): its days are shared. BHD has no
    // verified work until its PoC protocol (issue 21): no shares, its pots are carried.
    const settled = await first.selectFrom('settlements').select(['pool', 'status']).where('pool', 'in', ['mass', 'bhd']).execute();
    expect(settled.filter((s) => s.pool === 'mass').length).toBeGreaterThanOrEqual(2);
    expect(settled.filter((s) => s.pool === 'mass').every((s) => s.status === 'SETTLEMENT')).toBe(true);
    expect(settled.filter((s) => s.pool === 'bhd').every((s) => s.status !== 'SETTLEMENT')).toBe(true);
    expect(await first.selectFrom('shares').select('pool').where('pool', '=', 'bhd').executeTakeFirst()).toBeUndefined();
    expect(await first.selectFrom('share_outliers').select('id').executeTakeFirst()).toBeUndefined();
    expect(await checkLedger(first)).toEqual([]);
    // A second start keeps the demo farmer's password (not printed again) and the history.
    expect((await prepareSimulation(options(first, 7))).demo).toBeNull();
    expect((await shape(first)).blocks).toHaveLength(blocks.length);
    expect(b.farms.map((f) => f.miners.map((m) => m.name))).toEqual(a.farms.map((f) => f.miners.map((m) => m.name)));
    // A visitor's address query finds the demo farmer by the payout address.
    const found = await addressQuery(first, 'mass', simulatorAddress('MASS', DEMO_EMAIL));
    expect(found?.miners.length).toBeGreaterThan(0);
    expect(found?.income.length).toBe(2);
  });

  it('gives the BHD pool the history of the small real plots its live miners mine with (nonce-sized, not TiB)', async () => {
    // The first test made the history of `first`. Each live BHD miner plots 4–8 nonces (sim/pocMiners.ts).
    const miners = await first.selectFrom('miners').select(['name', 'capacity_bytes']).where('pool', '=', 'bhd').execute();
    expect(miners.length).toBeGreaterThan(0);
    for (const m of miners) {
      const nonces = BigInt(m.capacity_bytes) / POC_NONCE_BYTES;
      expect(BigInt(m.capacity_bytes) % POC_NONCE_BYTES).toBe(0n);
      expect(nonces >= 4n && nonces <= 8n).toBe(true);
    }
    const total = miners.reduce((sum, m) => sum + BigInt(m.capacity_bytes), 0n);
    const samples = await first.selectFrom('pool_samples').select('capacity_bytes').where('pool', '=', 'bhd').execute();
    expect(samples.length).toBeGreaterThan(24);
    // Each hour's sample within ±10 % of the farms' plots, as the live pool's deadline estimate reads them.
    // (the sample is the total scaled by a whole number of thousandths, rounded down: 90 % itself can land one byte under)
    for (const s of samples) expect(BigInt(s.capacity_bytes) >= (total * 900n) / 1000n && BigInt(s.capacity_bytes) <= (total * 1100n) / 1000n).toBe(true);
    const blocks = await first.selectFrom('blocks').select('capacity_bytes').where('pool', '=', 'bhd').execute();
    expect(blocks.every((b) => b.capacity_bytes === total.toString())).toBe(true);
  });

  it('stamps the history at its simulated times: blocks, settled days and their ledger rows (issue 20)', async () => {
    // The first test made the history of `first` (2 past days and today so far).
    const now = Date.now();
    const rewards = await first
      .selectFrom('blocks as b')
      .innerJoin('ledger_transactions as t', 't.id', 'b.transaction_id')
      .select(['b.found_at', 't.created_at'])
      .where('b.pool', '=', 'mass')
      .execute();
    expect(rewards.length).toBeGreaterThan(2);
    for (const r of rewards) expect(r.created_at.getTime()).toBe(r.found_at.getTime());
    const days = await first.selectFrom('settlements').select(['day', 'settled_at']).where('pool', '=', 'mass').where('status', '=', 'SETTLEMENT').execute();
    for (const d of days) {
      const dayEnd = Date.parse(`${d.day}T00:00:00Z`) + 86_400_000;
      expect(d.settled_at?.getTime()).toBe(Math.min(dayEnd + 5 * 60_000, d.settled_at?.getTime() ?? 0));
      expect(d.settled_at?.getTime()).toBeGreaterThanOrEqual(dayEnd);
    }
    const income = await first
      .selectFrom('ledger_transactions')
      .select(['reference', 'created_at'])
      .where('kind', '=', 'mining_income')
      .where('reference', 'like', 'settlement:mass:%')
      .execute();
    // Per day: the pot booked into clearing, and the members' credits out of it.
    expect(income.filter((t) => (t.reference ?? '').endsWith(':credits')).length).toBe(days.length);
    for (const t of income) {
      const day = (t.reference ?? '').split(':')[2] ?? '';
      expect(t.created_at.getTime()).toBeGreaterThanOrEqual(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
    }
    // The older day's income was booked 5 minutes into the day after it, a whole day before the
    // newer day's: once today is 5 minutes old, "income, last 24 h" is not the total.
    const booked = income.map((t) => t.created_at.getTime());
    const oldestDay = days.map((d) => d.day).sort()[0] ?? '';
    expect(Math.min(...booked)).toBe(Date.parse(`${oldestDay}T00:00:00Z`) + 86_400_000 + 5 * 60_000);
    expect(now - Math.min(...booked)).toBeGreaterThan(24 * 3600_000 - 5 * 60_000);
    const farmer = (await first.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow()).id;
    const mass = (await miningIncome(first, farmer, 'MASS'))[0];
    expect(BigInt(parseAmount(mass?.total ?? '0', 8))).toBeGreaterThan(BigInt(parseAmount(mass?.yesterday ?? '0', 8)));
    // A connection back in the pool stamps now again.
    const fresh = await first
      .transaction()
      .execute((trx) => sql<{ at: Date }>`SELECT coalesce(nullif(current_setting('platter.record_time', true), ''), 'none') AS at`.execute(trx));
    expect(String(fresh.rows[0]?.at)).toBe('none');
  });

  it('reports through the real HTTP endpoint with the farm’s API key', async () => {
    const { db } = await testDatabase();
    const app = await testApp(db);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const opts = { ...options(db, 3), baseUrl: address, backfillDays: 0 };
      const { farms } = await prepareSimulation(opts);
      const sim = startSimulator(opts, farms);
      await sim.firstRound;
      await sim.stop();
      // BHD's farms mine over the Burst pool protocol (sim/pocMiners.ts, a job): no reports of theirs.
      const reporting = farms.filter((f) => !POC_POOLS.has(f.pool));
      const seen = await db.selectFrom('miners').select(['name', 'last_seen_at', 'version', 'line']).execute();
      expect(seen.length).toBe(reporting.reduce((n, f) => n + f.miners.length, 0));
      expect(seen.every((m) => Date.now() - m.last_seen_at.getTime() < 60_000 && m.version !== '' && m.line !== null)).toBe(true);
      // Plots: bound earlier, and the tool's inventory reports the one left unbound.
      const farm = reporting.find((f) => f.miners.flatMap((m) => m.plots).length > 1) ?? reporting[0];
      const plots = await listPlots(db, farm?.userId ?? '', { pool: farm?.pool ?? 'mass', page: 1, count: 50 });
      expect(plots.counters.bound).toBeGreaterThan(0);
      expect(plots.counters.UNBOUND).toBe(1);
      // A BHD farm has no Chia-style plots (k32, 64-hex ids): its plotters (numeric ids) are sim/pocMiners.ts's to register.
      const bhdRows = await db.selectFrom('plots').select('plot_id').where('pool', '=', 'bhd').execute();
      expect(bhdRows.filter((r) => !/^\d{1,20}$/.test(r.plot_id))).toEqual([]);
      // No shares for BHD from reports; MASS's proxies report with the mode on.
      expect(await db.selectFrom('shares').select('pool').where('pool', '=', 'bhd').executeTakeFirst()).toBeUndefined();
      expect((await db.selectFrom('pool_configs').select('trusted_proxy').where('pool', '=', 'mass').executeTakeFirstOrThrow()).trusted_proxy).toBe(true);
    } finally {
      await app.close();
    }
  });
});
