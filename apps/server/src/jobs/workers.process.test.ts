import { parseAmount } from '@platter/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import { devnetAddress, devnetRegistry } from '../chain/devnet.ts';
import type { Db } from '../db/database.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { resendWithdrawal } from '../modules/withdraw/sending.ts';
import { walletService } from '../modules/wallet/wallet.service.ts';
import { auditWithdrawals, parseSchedule } from '../modules/withdraw/withdraw.service.ts';
import { listJobStatus } from './jobs.repository.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const SECRET = 'workers-process-test-secret-0123456789abcdef';

let db: Db;
let url: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-workers-'));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm start`'s entry point as PLATTER_ROLE=worker on the test database; resolves once it runs its jobs. */
function startWorkerProcess(name: string): Promise<{ child: ChildProcess; output: () => string }> {
  const target = new URL(url);
  target.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PLATTER_ROLE: 'worker',
      DATABASE_URL: target.toString(),
      DB_POOL_SIZE: '6',
      SESSION_SECRET: SECRET,
      PLATTER_DATA_DIR: dataDir,
      SIMULATOR: 'false',
      WORKER_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (process.env.WORKERS_TEST_LOG) child.on('exit', () => void fs.writeFile(`${process.env.WORKERS_TEST_LOG}-${name}.log`, output));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('worker is running')) {
        clearInterval(timer);
        resolve({ child, output: () => output });
      }
    }, 50);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      reject(new Error(`worker ${name} exited (${code ?? signal}):\n${output}`));
    });
  });
}

/** The application_name of the database session holding `job`'s lock (the worker running it), if any. */
async function runningIn(job: string): Promise<string | undefined> {
  const rows = await sql<{ application_name: string }>`
    SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.classid = 7204113 AND l.objid = hashtext(${job})::oid AND l.granted`.execute(db);
  return rows.rows[0]?.application_name;
}

describe('three worker processes on one database', () => {
  it('send every approved withdrawal exactly once, also when the one sending is killed with SIGKILL mid-batch, and the ledger balances', async () => {
    const admin = await buildUser(db, { role: 'admin' });
    const schedule = parseSchedule('17:00', '+00:00', 0);
    const chains = devnetRegistry(db, SECRET);
    const wallet = walletService({ db, chains, schedule, verify: (_u, _a, _c, work) => db.transaction().execute(work) });
    const ids: string[] = [];
    for (let u = 0; u < 4; u++) {
      const user = await buildUser(db);
      await db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'deposit',
          postings: [
            { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -parseAmount('100', 12) },
            { account: { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, amount: parseAmount('100', 12) },
          ],
        }),
      );
      const { id: addressId } = await wallet.addAddress(user.id, { coin: 'CHIA', address: devnetAddress('workers', 'CHIA', `u${u}`), remark: '', memo: '' });
      for (let i = 0; i < 10; i++) ids.push((await wallet.withdraw(user.id, { coin: 'CHIA', address_id: addressId, amount: `${i + 1}`, request_id: `workers-${u}-${i}` })).id);
    }

    const workers = new Map<string, ChildProcess>();
    for (const [name, started] of await Promise.all(['w1', 'w2', 'w3'].map(async (n) => [n, await startWorkerProcess(n)] as const))) workers.set(name, started.child);

    // The batch is approved; whichever worker takes the send job is killed once some have been paid.
    await auditWithdrawals(db, schedule, admin.id, ids, true, '');
    const paid = () =>
      db
        .selectFrom('devnet_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client_id', 'is not', null)
        .executeTakeFirstOrThrow();
    let killed: string | undefined;
    let paidAtKill = 0;
    for (let i = 0; i < 2000 && !killed; i++) {
      const n = Number((await paid()).n);
      const holder = n >= 3 ? await runningIn('send-withdrawals') : undefined;
      if (holder && workers.has(holder)) {
        workers.get(holder)?.kill('SIGKILL');
        killed = holder;
        paidAtKill = n;
      } else await sleep(5);
    }
    expect(killed).toBeDefined();
    expect(paidAtKill).toBeLessThan(ids.length); // killed mid-batch

    // The other two finish the batch. A send cut between the wallet and the database is found by
    // reconcile-unknown; one cut before its payment left waits for the operator, who resends it.
    for (let i = 0; i < 300; i++) {
      const left = await db
        .selectFrom('withdrawals')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('status', '=', 'SEND_UNKNOWN'), eb.and([eb('status', '=', 'SENT_PENDING'), eb('txid', '=', '')])]))
        .execute();
      if (left.length === 0) break;
      if (i > 50) for (const w of left.filter((w) => w.status === 'SEND_UNKNOWN')) await resendWithdrawal(db, chains, admin.id, w.id);
      await sleep(100);
    }
    const rows = await db.selectFrom('withdrawals').select(['id', 'status', 'txid', 'received', 'payment_id']).where('id', 'in', ids).execute();
    expect(rows.filter((w) => w.status !== 'SENT_PENDING' && w.status !== 'SENT')).toEqual([]);
    const payments = await db.selectFrom('devnet_transactions').select(['client_id', 'txid', 'amount']).where('client_id', 'is not', null).execute();
    expect(payments).toHaveLength(ids.length); // nothing doubled, nothing lost
    const byPayment = new Map(payments.map((p) => [p.client_id, p]));
    for (const w of rows) expect(byPayment.get(w.payment_id)?.txid).toBe(w.txid);
    expect(await checkLedger(db)).toEqual([]);

    // Each job is queued once per period whatever the number of workers: one settlement queued at
    // start (not three), and the job table shows the runs.
    const settlementJobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'settlement'`.execute(db);
    expect(settlementJobs.rows[0]?.n).toBeLessThanOrEqual(2);
    // A job cut by the kill (whatever it was) is retried by the others, not left active: the
    // settlement queued at start has run, once per pool day (the settlements' key).
    let status = new Map<string, Awaited<ReturnType<typeof listJobStatus>>[number]>();
    for (let i = 0; i < 300 && status.get('settlement')?.last_ok !== true; i++) {
      status = new Map((await listJobStatus(db)).map((s) => [s.name, s]));
      await sleep(100);
    }
    expect(Number(status.get('send-withdrawals')?.runs)).toBeGreaterThan(0);
    expect(status.get('settlement')?.last_ok).toBe(true);
    const active = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active' AND started_on < now() - interval '30 seconds'`.execute(db);
    expect(active.rows[0]?.n).toBe(0);

    for (const [name, child] of workers) if (name !== killed) child.kill('SIGTERM');
    await Promise.all([...workers].filter(([name]) => name !== killed).map(([, child]) => new Promise((r) => child.once('exit', r))));
  }, 240_000);
});
