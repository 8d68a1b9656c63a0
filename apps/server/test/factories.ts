import { transfer } from '@platter/domain';
import { randomBytes, randomInt } from 'node:crypto';
import { chiaWalletAdapter } from '../src/chain/chia-wallet.ts';
import { devnetAddress, devnetRegistry } from '../src/chain/devnet.ts';
import type { Db } from '../src/db/database.ts';
import { postTransaction } from '../src/ledger/ledger.service.ts';
import type { ZodApp } from '../src/http/types.ts';
import { recordBlock } from '../src/modules/pool/blocks.ts';
import { ingestReport } from '../src/modules/pool/report.ts';
import type { ChainRegistry } from '../src/chain/chain.ts';
import type { AuditBy } from '../src/modules/admin/audit.ts';
import { walletService } from '../src/modules/wallet/wallet.service.ts';
import { trackSent } from '../src/modules/withdraw/sending.ts';
import { auditWithdrawals, createWithdrawal, operatorCancel, parseSchedule, revokeWithdrawal, sendDue, type ReviewSchedule } from '../src/modules/withdraw/withdraw.service.ts';
import { startWorker } from '../src/worker.ts';
import { onJobFinished } from '../src/jobs/engine.ts';
import { JOBS } from '../src/jobs/index.ts';
import pino from 'pino';
import { testApp, TEST_SECRET } from './app.ts';
import { testDatabase } from './db.ts';
import { testMailServer } from './mail.ts';
import { startFakeWallet } from './chia-wallet-fake.ts';

/**
 * Factories that insert real rows through the code that owns them, with overrides (Outline's
 * `buildUser({ email })`): a user (with a balance), a withdrawal address, a withdrawal, a pool
 * day. Each test file still gets its own database (test/db.ts).
 */

/** Inserts a real user row, active unless told (password hash is a placeholder: not for sign-in tests). */
export async function buildUser(db: Db, overrides: { email?: string; role?: 'user' | 'support' | 'admin'; status?: 'active' | 'pending'; balance?: Record<string, bigint> } = {}) {
  const tag = randomBytes(4).toString('hex');
  const user = await db
    .insertInto('users')
    .values({
      uid: String(randomInt(10_000_000, 100_000_000)),
      email: overrides.email ?? `user-${tag}@example.com`,
      password_hash: '$argon2id$placeholder',
      role: overrides.role ?? 'user',
      status: overrides.status ?? 'active',
    })
    .returning(['id', 'uid', 'email'])
    .executeTakeFirstOrThrow();
  for (const [coin, amount] of Object.entries(overrides.balance ?? {})) await credit(db, user.id, coin, amount);
  return user;
}

/** Credits a user's available balance from the chain (a balanced ledger transaction, as a deposit does). */
export async function credit(db: Db, userId: string, coin: string, amount: bigint): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      postTransaction(trx, { kind: 'deposit', postings: transfer({ kind: 'system', code: 'chain', coin }, { kind: 'user', userId, coin, bucket: 'available' }, amount) }),
    );
}

/** A saved withdrawal address of the user (a devnet address unless given). */
export async function buildAddress(db: Db, userId: string, overrides: { coin?: string; address?: string; remark?: string; activated?: boolean } = {}) {
  const coin = overrides.coin ?? 'CHIA';
  return db
    .insertInto('withdraw_addresses')
    .values({
      user_id: userId,
      coin,
      address: overrides.address ?? devnetAddress(TEST_SECRET, coin, `address:${randomBytes(4).toString('hex')}`),
      ...(overrides.remark !== undefined ? { remark: overrides.remark } : {}),
      ...(overrides.activated !== undefined ? { activated: overrides.activated } : {}),
    })
    .returning(['id', 'address', 'coin'])
    .executeTakeFirstOrThrow();
}

/** A withdrawal waiting for review (AUDITING), its amount held, made as the user's request makes it. */
export async function buildWithdrawal(db: Db, userId: string, input: { coin?: string; amount: string; addressId?: string }) {
  const coin = input.coin ?? 'CHIA';
  const addressId = input.addressId ?? (await buildAddress(db, userId, { coin })).id;
  return db.transaction().execute((trx) => createWithdrawal(trx, parseSchedule('17:00', '+00:00', 24), userId, { coin, addressId, amount: input.amount }));
}

/**
 * The steps of a withdrawal's life as the wallet's and the withdrawals' tests set them up, so
 * neither module's tests import the other's: the review schedule (the 17:00 UTC batch; approved
 * withdrawals sent after `sendDelayHours`), the user's request as the wallet takes it (with a
 * plain transaction for the security verification, which the security centre's tests cover),
 * the review, the user's and the operator's cancelling, the sending and its confirmation.
 */
export const testSchedule = (sendDelayHours = 0): ReviewSchedule => parseSchedule('17:00', '+00:00', sendDelayHours);

export function testWallet(db: Db, chains: ChainRegistry, schedule: ReviewSchedule = testSchedule()) {
  return walletService({ db, chains, schedule, verify: (_user, _action, _codes, work) => db.transaction().execute(work) });
}

export function reviewWithdrawals(db: Db, by: AuditBy, ids: readonly string[], decision: { approve: boolean; reason?: string; schedule?: ReviewSchedule }) {
  return auditWithdrawals(db, decision.schedule ?? testSchedule(), by, ids, decision.approve, decision.reason ?? '');
}

export const cancelWithdrawal = (db: Db, userId: string, id: string) => revokeWithdrawal(db, userId, id);
export const operatorCancelWithdrawals = (db: Db, by: AuditBy, ids: readonly string[], reason: string) => operatorCancel(db, by, ids, reason);
/** The worker's sending step: every approved withdrawal that is due goes to its chain. */
export const sendWithdrawals = (db: Db, chains: ChainRegistry, now?: Date) => sendDue(db, chains, now);
/** The worker's tracking step: sent withdrawals the chain confirmed become SENT (or failed ones are returned). */
export const trackWithdrawals = (db: Db, chains: ChainRegistry) => trackSent(db, chains);

/**
 * A pool day: each farm's points as one share through the proxy tool's report path, and the
 * day's blocks found — what the daily settlement then splits.
 */
export async function buildPoolDay(
  db: Db,
  input: { pool: string; day: string; farms: { userId: string; points: number }[]; blocks?: { height: number; reward: bigint; finderUserId?: string }[] },
): Promise<void> {
  const noon = new Date(`${input.day}T12:00:00Z`);
  for (const f of input.farms) {
    const miner = `rig-${f.userId}`;
    await ingestReport(
      db,
      { userId: f.userId, pool: input.pool },
      { miners: [{ name: miner, version: '1.0', capacity: '0', hashrate: '0' }], shares: [{ miner, difficulty: f.points, at: Math.floor(noon.getTime() / 1000) }] },
      noon,
    );
  }
  for (const b of input.blocks ?? []) {
    await recordBlock(db, { pool: input.pool, height: b.height, foundAt: noon, finderUserId: b.finderUserId ?? null, finderMinerId: null, reward: b.reward });
  }
}

/**
 * The usual set-up of an HTTP test file: its own database, a mail catcher the app sends through
 * (codes and links are read from it), and the application with `overrides`.
 */
export async function mailedApp(overrides: Parameters<typeof testApp>[1] = {}): Promise<{ db: Db; app: ZodApp; mail: Awaited<ReturnType<typeof testMailServer>> }> {
  const { db } = await testDatabase();
  const mail = await testMailServer();
  const app = await testApp(db, { smtpUrl: mail.url, ...overrides });
  return { db, app, mail };
}

/**
 * One round of the background jobs on the devnet chains, as a restarted worker runs it first:
 * each named job (default: every job) queued on the real job engine and awaited. Jobs that run
 * only in a given process (the simulator's, where it simulates) are not in the default round:
 * queued here they would never run, and the settlement waits for the simulator's history while
 * it is queued.
 */
export async function runWorkerRound(db: Db, names: string[] = JOBS.filter((j) => !j.runsHere).map((j) => j.name)): Promise<void> {
  const waiting = new Set(names);
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const off = onJobFinished((run) => {
    waiting.delete(run.name);
    if (waiting.size === 0) done();
  });
  const worker = await startWorker({
    db,
    chains: devnetRegistry(db, TEST_SECRET),
    schedule: parseSchedule('17:00', '+00:00', 24),
    autoPayHourUtc: 8,
    intervalMs: 3600_000,
    devnetBlockMs: 3600_000,
    logger: pino({ level: 'silent' }),
    jobs: JOBS.filter((j) => names.includes(j.name)),
  });
  try {
    for (const name of names) await worker.engine.run(name);
    await Promise.race([finished, new Promise((_, reject) => setTimeout(() => reject(new Error(`jobs not finished: ${[...waiting].join(', ')}`)), 60_000))]);
  } finally {
    off();
    await worker.stop();
  }
}

/**
 * Custody against a wallet that behaves like Chia's (test/chia-wallet-fake.ts, holding 1,000
 * XCH): CHIA goes through the real wallet adapter to the fake (sends time out after 300 ms, a
 * chain fee of `feeMojos`), the other coins to the devnet; CHIA needs 3 confirmations.
 */
export async function chiaCustody(db: Db, feeMojos: bigint) {
  const fake = await startFakeWallet();
  fake.confirmedBalance = 1000n * 10n ** 12n;
  const node = fake.node;
  const chia = chiaWalletAdapter('CHIA', { url: node.url, certPath: node.file('pool.crt'), keyPath: node.file('pool.key'), caPath: node.file('ca.crt'), feeMojos, timeoutMs: 300 });
  const devnet = devnetRegistry(db, 'custody');
  const chains: ChainRegistry = { adapter: (coin) => (coin === 'CHIA' ? chia : devnet.adapter(coin)) };
  await db.updateTable('coins').set({ confirmation: 3 }).where('type', '=', 'CHIA').execute();
  return {
    fake,
    chains,
    close: async () => {
      chia.close();
      await fake.close();
    },
  };
}
