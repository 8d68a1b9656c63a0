import { describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { systemBalance, userBalances } from '../ledger/ledger.service.ts';
import { pointingFixture } from '../modules/pointing/pointing.fixture.ts';
import { requestCancellation, reviewCancellation } from '../modules/pointing/pointing.service.ts';
import job from './pointing.ts';
import { spawnScript } from '../../test/child.ts';

/**
 * The `pointing` job killed mid-batch (issue 22, "a worker killed mid-expiry"): five pointings
 * end on chain at once (two with an approved cancellation: margin back; three without: the
 * deposit deducted). A child process runs the job's handler on the same database and is killed
 * with SIGKILL after it has settled the first two records, while it waits on the third (held
 * by this test). Two workers then run the job again: every record is settled once, each margin
 * released or deducted once, and `ledger check` is green.
 */

const url = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);

describe('the pointing job killed mid-batch', () => {
  it('settles every ended pointing once after a SIGKILL and a rerun', async () => {
    const f = await pointingFixture();
    const admin = await buildUser(f.db, { role: 'admin' });
    const owners: { id: string; record: { id: string; txid: string }; approved: boolean }[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await buildUser(f.db, { balance: { BHD: 20n * f.BHD } });
      const record = await f.validRecord(user.id, `killed-${i}`, 100n);
      const approved = i % 2 === 1;
      if (approved) await reviewCancellation(f.db, admin.id, { id: (await requestCancellation(f.db, user.id, record.id)).id, approve: true, reason: '' });
      owners.push({ id: user.id, record, approved });
    }
    const revenueBefore = await systemBalance(f.db, 'pool_revenue', 'BHD');
    for (const o of owners) await f.devnet.withdrawPoint(o.record.txid);
    await f.mine();
    const ids = owners.map((o) => o.record.id).sort((a, b) => Number(a) - Number(b));

    // The third record is held (as by a racing transaction) so the child settles two and waits on it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = f.db.transaction().execute(async (trx) => {
      await trx.selectFrom('point_records').select('id').where('id', '=', ids[2]!).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;

    const child = spawnScript(`
      const { createDb } = await import(${url('../db/database.ts')});
      const { pocDevnet } = await import(${url('../chain/poc-devnet.ts')});
      const { default: job } = await import(${url('./pointing.ts')});
      const { db } = createDb(${JSON.stringify(f.url)}, 2);
      const devnet = pocDevnet(db, 'BHD', { secret: ${JSON.stringify(TEST_SECRET)}, blockSeconds: 60, networkNonces: 64, scale: 8 });
      const entry = { coin: 'BHD', chain: devnet, devnet, service: { settings: { address: ${JSON.stringify(f.pool)} } } };
      const logger = { warn: (o) => console.error('warn', o), info() {}, error: (o) => console.error('error', o) };
      console.log('RUNNING');
      await job.handler({ db, poc: [entry], logger });
      console.log('FINISHED');`);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const settled = async () =>
      (await f.db.selectFrom('point_records').select(['id', 'status']).where('id', 'in', ids).execute())
        .filter((r) => r.status === 'POINT_BROKE' || r.status === 'POINT_UNLOCK_DEPOSIT')
        .map((r) => r.id);
    // The child settles the first two records, then waits on the third.
    await expect.poll(settled, { timeout: 60_000, interval: 100 }).toEqual(expect.arrayContaining([ids[0], ids[1]]));
    expect(output).toContain('RUNNING');
    expect((await settled()).sort()).toEqual([ids[0], ids[1]].sort());
    child.kill('SIGKILL');
    await exited;
    expect(output).not.toContain('FINISHED');
    release();
    await holder;

    // Two workers rerun the job.
    const ctx = { db: f.db, poc: [{ coin: 'BHD', chain: f.devnet, devnet: f.devnet, service: { settings: { address: f.pool } } }], logger: console } as unknown as Parameters<
      typeof job.handler
    >[0];
    await Promise.all([job.handler(ctx, {}), job.handler(ctx, {})]);
    await job.handler(ctx, {});

    const records = await f.db.selectFrom('point_records').select(['id', 'status', 'penalty_units', 'margin_held']).where('id', 'in', ids).execute();
    for (const o of owners) {
      const r = records.find((x) => x.id === o.record.id);
      expect(r, o.record.id).toMatchObject({
        status: o.approved ? 'POINT_UNLOCK_DEPOSIT' : 'POINT_BROKE',
        penalty_units: o.approved ? '0' : String(20n * f.BHD),
        margin_held: false,
      });
      // The margin came back (approved) or went to the pool (deducted) — once.
      expect((await userBalances(f.db, o.id, 'BHD')).get('BHD')).toMatchObject({ available: o.approved ? 20n * f.BHD : 0n, point_margin: 0n });
      const kinds = await f.db.selectFrom('ledger_transactions').select('kind').where('reference', '=', `point:${o.record.id}`).orderBy('id').execute();
      expect(kinds.map((k) => k.kind)).toEqual(['point_margin_freeze', o.approved ? 'point_margin_release' : 'point_penalty']);
    }
    expect((await systemBalance(f.db, 'pool_revenue', 'BHD')) - revenueBefore).toBe(3n * 20n * f.BHD);
    expect(await checkLedger(f.db)).toEqual([]);
  }, 180_000);
});
