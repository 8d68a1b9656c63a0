import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SETTINGS, configTable } from '../config.ts';
import { fromRoot } from '../paths.ts';
import { runCli } from './run.ts';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { transfer } from '@platter/domain';
import { sql } from 'kysely';
import { recordVerifiedShares } from '../modules/pool/shares.repository.ts';

describe('README configuration table', () => {
  it('lists every setting with its variable and default, as `platter config` prints it', async () => {
    const readme = await fs.readFile(fromRoot('README.md'), 'utf8');
    for (const line of configTable().split('\n')) expect(readme, line).toContain(line);
    for (const doc of Object.values(SETTINGS)) expect(readme).toContain(`\`${doc.env}\``);
  });

  it('keeps the two set-up commands and the test command', async () => {
    const readme = await fs.readFile(fromRoot('README.md'), 'utf8');
    expect(readme).toContain('npm install\nnpm start');
    expect(readme).toContain('npm test');
  });
});

describe('operator CLI', () => {
  it('prints the configuration table and refuses unknown commands', async () => {
    let out = '';
    expect(await runCli(['config'], (t) => (out += t))).toBe(0);
    expect(out).toContain('`DATABASE_URL`');
    // Refusals go to stderr: a script reading the results never takes one for a result.
    out = '';
    let err = '';
    expect(
      await runCli(
        ['frobnicate'],
        (t) => (out += t),
        (t) => (err += t),
      ),
    ).toBe(2);
    expect(err).toContain('unknown command');
    expect(out).toBe('');
    err = '';
    expect(
      await runCli(
        ['create-admin', 'not-an-email'],
        (t) => (out += t),
        (t) => (err += t),
      ),
    ).toBe(2);
    expect(err).toContain('create-admin needs an e-mail address');
    expect(out).toBe('');
  });
});

/** Runs `fn` with DATABASE_URL naming the test's database, as an operator's shell would. */
async function onDatabase(url: string, fn: () => Promise<void>): Promise<void> {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    await fn();
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

describe('operator CLI on a database', () => {
  it('creates a back-office account that can then be found, and reports migrations up to date', async () => {
    const { db, url } = await testDatabase();
    await onDatabase(url, async () => {
      let out = '';
      expect(await runCli(['create-admin', 'ops@example.com', '--role', 'support'], (t) => (out += t))).toBe(0);
      expect(out).toMatch(/created support ops@example.com\npassword: \S{16}/);
      out = '';
      expect(await runCli(['migrate', '--status'], (t) => (out += t))).toBe(0);
      expect(out).toBe('up to date\n');
      out = '';
      expect(await runCli(['ledger', 'check'], (t) => (out += t))).toBe(0);
      expect(out).toContain('ledger check: OK');
      // a projected balance edited behind the ledger's back is found, and the exit code says so
      const user = await buildUser(db);
      await db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'deposit',
          postings: transfer({ kind: 'system', code: 'chain', coin: 'CHIA' }, { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'available' }, 5n),
        }),
      );
      await sql`UPDATE ledger_accounts SET balance = 6 WHERE user_id = ${user.id}`.execute(db);
      out = '';
      expect(await runCli(['ledger', 'check'], (t) => (out += t))).toBe(1);
      expect(out).toMatch(/balance-mismatch: account \d+ \(\d+ CHIA available\): balance 6, postings sum to 5/);
    });
    const row = await db.selectFrom('users').select(['role', 'status']).where('email', '=', 'ops@example.com').executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'support', status: 'active' });
  });

  it('removes the authenticator of a sole admin who lost it, audited as the CLI; refuses an unknown account or one without', async () => {
    const { db, url } = await testDatabase();
    await onDatabase(url, async () => {
      let out = '';
      const collect = (t: string) => void (out += t);
      expect(await runCli(['create-admin', 'boss@example.com'], (t) => (out += t))).toBe(0);
      await db.updateTable('users').set({ google_secret: 'sealed' }).where('email', '=', 'boss@example.com').execute();
      out = '';
      expect(await runCli(['admin', 'unbind-authenticator', 'BOSS@example.com'], (t) => (out += t))).toBe(0);
      expect(out).toMatch(/^boss@example\.com \(uid \d+\): authenticator removed/);
      const row = await db.selectFrom('users').select(['google_secret']).where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
      expect(row.google_secret).toBeNull();
      const audit = await db.selectFrom('admin_audit').select(['actor', 'action']).where('action', '=', 'UnBindGoogle').execute();
      expect(audit).toEqual([{ actor: 'cli', action: 'UnBindGoogle' }]);
      out = '';
      expect(await runCli(['admin', 'unbind-authenticator', 'boss@example.com'], collect, collect)).toBe(1);
      expect(out).toBe('boss@example.com has no authenticator bound\n');
      out = '';
      expect(await runCli(['admin', 'unbind-authenticator', 'nobody@example.com'], collect, collect)).toBe(1);
      expect(out).toBe('no account with the e-mail nobody@example.com\n');
    });
  });
});

describe('shares check from the CLI', () => {
  it("passes while the miners' kept totals equal their shares, names a share written past them, and refuses bad arguments", async () => {
    const { db, url } = await testDatabase();
    await onDatabase(url, async () => {
      let out = '';
      const collect = (t: string) => void (out += t);
      const user = await buildUser(db);
      const miner = await db
        .insertInto('miners')
        .values({ user_id: user.id, pool: 'chia', name: 'rig', capacity_bytes: 0n, last_seen_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = new Date('2026-04-02T10:00:00Z');
      await recordVerifiedShares(
        db,
        [1n, 2n, 3n].map((difficulty) => ({ pool: 'chia', userId: user.id, minerId: miner.id, difficulty, at })),
      );
      expect(await runCli(['shares', 'check'], collect, collect)).toBe(0);
      expect(out).toBe("shares check: OK (every day: every miner's kept total equals its shares)\n");
      // A share written straight into the day's partition passes the trigger on shares by.
      await sql`INSERT INTO shares_20260402 (day, pool, user_id, miner_id, difficulty, created_at) VALUES ('2026-04-02', 'chia', ${user.id}, ${miner.id}, 10, ${at})`.execute(db);
      out = '';
      expect(await runCli(['shares', 'check', '--day', '2026-04-02'], collect, collect)).toBe(1);
      expect(out).toBe(`shares check: 1 miner-day(s) of 2026-04-02 differ from their shares\n  chia 2026-04-02 user ${user.id} miner ${miner.id}: shares sum to 16, totals to 6\n`);
      out = '';
      expect(await runCli(['shares', 'check', '--day', '2026-04-03'], collect, collect)).toBe(0);
      for (const args of [['shares'], ['shares', 'check', '--day'], ['shares', 'check', '--day', '2026-13-01'], ['shares', 'check', '--since', '2026-04-02']]) {
        out = '';
        expect(await runCli(args, collect, collect)).toBe(2);
        expect(out).toBe('usage: npm run platter -- shares check [--day YYYY-MM-DD]\n');
      }
    });
  });
});

describe('settle from the CLI', () => {
  it('settles a day for one pool once, and refuses a malformed day', async () => {
    const { db, url } = await testDatabase();
    await onDatabase(url, async () => {
      let out = '';
      const collect = (t: string) => void (out += t);
      expect(await runCli(['settle', '--day', '2026-02-30'], collect, collect)).toBe(2);
      const farmer = await buildUser(db);
      const { recordBlock } = await import('../modules/pool/blocks.ts');
      const { verifiedWork } = await import('../../test/shares.ts');
      const at = new Date('2026-10-05T09:00:00Z');
      await verifiedWork(db, { userId: farmer.id, pool: 'bhd', miner: 'rig', difficulty: 1000, at });
      await recordBlock(db, { pool: 'bhd', height: 9, foundAt: at, finderUserId: farmer.id, finderMinerId: null, reward: 1_000_000_000n });
      out = '';
      expect(await runCli(['settle', '--day', '2026-10-05', '--pool', 'bhd'], (t) => (out += t))).toBe(0);
      expect(out).toBe('bhd 2026-10-05: SETTLEMENT revenue 10, credited 5.335 to 1, fee 0.3, withheld 4.365, remainder 0\n');
      out = '';
      expect(await runCli(['settle', '--day', '2026-10-05', '--pool', 'bhd'], (t) => (out += t))).toBe(0);
      expect(out).toContain('SETTLEMENT (already)');
    });
  });
});
