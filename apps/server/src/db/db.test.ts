import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ensureFirstAdmin } from '../modules/account/account.service.ts';
import { createDb, ensureDatabase, withDatabase, type Db } from './database.ts';
import { dbFunctions } from './functions.ts';
import { MIGRATION_NAMES, migrateDown, migrateToLatest, migrator, pendingMigrations, upgradeDatabase } from './migrate.ts';
import { seedRegistries } from './seed.ts';
import { buildUser } from '../../test/factories.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { userBalances } from '../ledger/ledger.service.ts';
import { recordBlock } from '../modules/pool/blocks.ts';
import { verifiedWork } from '../../test/shares.ts';
import { applyCredits, decideDay } from '../modules/settlement/settlement.service.ts';

/** A brand-new empty database (not the template): for migration tests. */
async function emptyDatabase(): Promise<{ url: string; open: () => Db }> {
  const serverUrl = inject('pgServerUrl');
  const name = `empty_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(serverUrl, name);
  const handles: Db[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.destroy()));
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = withDatabase(serverUrl, name);
  return {
    url,
    open: () => {
      const { db } = createDb(url, 5);
      handles.push(db);
      return db;
    },
  };
}

const tables = async (db: Db) =>
  (await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db)).rows.map((r) => r.tablename);

describe('migrations', () => {
  it('migrate once when several processes start at the same time', async () => {
    const { open } = await emptyDatabase();
    const runs = await Promise.all([open(), open(), open(), open()].map((db) => migrateToLatest(db)));
    expect(runs.flat()).toEqual(MIGRATION_NAMES);
    const db = open();
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await tables(db)).toEqual(expect.arrayContaining(['coins', 'pools', 'server_lines', 'sessions', 'users']));
  });

  it('go all the way down and up again cleanly', async () => {
    const { open } = await emptyDatabase();
    const db = open();
    await migrateToLatest(db);
    const reverted: string[] = [];
    for (let i = 0; i < MIGRATION_NAMES.length; i++) reverted.push(...(await migrateDown(db)));
    expect(reverted).toEqual([...MIGRATION_NAMES].reverse());
    expect(await tables(db)).not.toContain('coins');
    expect(await pendingMigrations(db)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    expect(await tables(db)).toContain('coins');
  });

  it('carry a settlement day half credited across the batches migration, both ways', async () => {
    const { db, day, users } = await decidedDay(5);
    expect(await applyCredits(db, 'chia', day, { chunks: 1 })).toBe(2);
    // Down past the batches migration (later ones first): the batches left become the credit
    // records the earlier code moved from.
    while (!(await migrateDown(db)).includes('2026_11_24_0018_settlement_batches'));
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM settlement_credits`.execute(db)).rows[0]?.n).toBe('5');
    // Up again: the three members not credited yet are batches once more, and get their money.
    await migrateToLatest(db);
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM settlement_credits`.execute(db)).rows[0]?.n).toBe('2');
    expect(await applyCredits(db, 'chia', day)).toBe(3);
    const records = await db.selectFrom('settlement_credits').select(['user_id', 'amount_units']).orderBy('user_id').execute();
    expect(records.map((r) => r.user_id)).toEqual(users.map((u) => u.id));
    for (const r of records) expect((await userBalances(db, r.user_id, 'CHIA')).get('CHIA')?.available).toBe(BigInt(r.amount_units));
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuse to go down past concurrent crediting while a day is credited out of user order', async () => {
    const { db, day } = await decidedDay(4);
    // The second batch credited while the first is not (another worker still on it).
    await sql`SELECT settlement_credit_batch('chia', ${day}::date, 1, 'CHIA')`.execute(db);
    const downTo = async () => {
      while (!(await migrateDown(db)).includes('2026_11_27_0819_credit_batch_payer_last'));
    };
    await expect(downTo()).rejects.toThrow(/credited out of user order \(chia 2026-11-20\)/);
    // Credited to the end, it goes down (and the day stays whole).
    expect(await applyCredits(db, 'chia', day)).toBe(2);
    await downTo();
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM settlement_credits`.execute(db)).rows[0]?.n).toBe('4');
    await migrateToLatest(db);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('sum the shares already written into share_totals, and keep adding the next ones', async () => {
    const { open } = await emptyDatabase();
    const db = open();
    await migrator(db).migrateTo('2026_11_27_0819_credit_batch_payer_last');
    await seedRegistries(db);
    const user = await buildUser(db);
    const at = new Date('2026-11-20T10:00:00Z');
    await verifiedWork(db, { userId: user.id, pool: 'chia', miner: 'rig', difficulty: 5, at });
    const rig = await verifiedWork(db, { userId: user.id, pool: 'chia', miner: 'rig', difficulty: 7, at });
    const totals = async () => (await sql<{ points: string }>`SELECT sum(points) AS points FROM share_totals WHERE miner_id = ${rig}`.execute(db)).rows.map((r) => r.points);

    await migrateToLatest(db);
    expect(await totals()).toEqual(['12']);
    await verifiedWork(db, { userId: user.id, pool: 'chia', miner: 'rig', difficulty: 30, at });
    expect(await totals()).toEqual(['42']);
    // Down and up again: summed anew from the shares, once.
    while (!(await migrateDown(db)).includes('2026_11_27_1200_share_totals'));
    expect(await tables(db)).not.toContain('share_totals');
    await migrateToLatest(db);
    expect(await totals()).toEqual(['42']);
  });
});

/**
 * A migrated database with a chia pool-day of `members` users' verified work and a block,
 * decided in batches of 2 and not credited yet; its users in id order.
 */
async function decidedDay(members: number) {
  const { open } = await emptyDatabase();
  const db = open();
  await migrateToLatest(db);
  await seedRegistries(db);
  const day = '2026-11-20';
  const at = new Date(`${day}T10:00:00Z`);
  const users = (await Promise.all(Array.from({ length: members }, () => buildUser(db)))).sort((a, b) => Number(a.id) - Number(b.id));
  for (const [i, user] of users.entries()) await verifiedWork(db, { userId: user.id, pool: 'chia', miner: 'rig', difficulty: 800 + i, at });
  await recordBlock(db, { pool: 'chia', height: 1, foundAt: at, finderUserId: null, finderMinerId: null, reward: 2_000_000_000_000n });
  await decideDay(db, 'chia', day, new Date('2026-11-21T00:10:00Z'), { batch: 2 });
  return { db, day, users };
}

/** Every function of the public schema: name → its definition as PostgreSQL prints it. */
const functionDefinitions = async (db: Db) =>
  Object.fromEntries(
    (
      await sql<{ name: string; definition: string }>`
        SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' ORDER BY 1`.execute(db)
    ).rows.map((r) => [r.name, r.definition]),
  );

describe('database functions (db/functions/*.sql)', () => {
  it('are each declared once, and a fresh and an upgraded database end with the same bodies', async () => {
    const fresh = (await emptyDatabase()).open();
    await migrateToLatest(fresh);
    // An install from before the function files, upgraded.
    const upgraded = (await emptyDatabase()).open();
    const before = await migrator(upgraded).migrateTo('2026_11_25_2000_pool_verification_protocols');
    expect(before.error).toBeUndefined();
    expect((await upgradeDatabase(upgraded)).functions).toEqual(dbFunctions().map((f) => f.name));

    const definitions = await functionDefinitions(fresh);
    expect(await functionDefinitions(upgraded)).toEqual(definitions);
    // Every function in the database has its file (one signature each), and runs the file's body.
    const files = dbFunctions();
    expect(Object.keys(definitions).sort()).toEqual(files.map((f) => f.name));
    const bodies = (
      await sql<{ name: string; body: string }>`
      SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`.execute(fresh)
    ).rows;
    expect(bodies).toHaveLength(files.length);
    for (const { name, body } of bodies) expect(files.find((f) => f.name === name)?.sql).toContain(body);
  });

  it('re-applies a changed file at the next start and skips unchanged ones, also when processes start at once', async () => {
    const { open } = await emptyDatabase();
    const db = open();
    expect((await upgradeDatabase(db)).functions).toEqual(dbFunctions().map((f) => f.name));
    expect(await upgradeDatabase(db)).toEqual({ migrations: [], functions: [] });

    const refusal = async () => {
      // TRUNCATE fires the statement trigger even on an empty table.
      return sql`TRUNCATE admin_audit`.execute(db).then(
        () => null,
        (e: unknown) => (e as Error).message,
      );
    };
    expect(await refusal()).toBe('admin_audit is append-only: TRUNCATE refused');
    const changed = dbFunctions().map((f) =>
      f.name === 'admin_audit_append_only' ? { ...f, sql: f.sql.replace("'admin_audit is append-only:", "'admin_audit is append-only, always:") } : f,
    );
    // Four processes start together with the changed file: one applies it, none deadlocks.
    const runs = await Promise.all([open(), open(), open(), open()].map((conn) => upgradeDatabase(conn, { functions: changed })));
    expect(runs.flatMap((r) => r.functions)).toEqual(['admin_audit_append_only']);
    expect(await refusal()).toBe('admin_audit is append-only, always: TRUNCATE refused');
    expect((await upgradeDatabase(db, { functions: changed })).functions).toEqual([]);
    // Back to the file as shipped: applied again.
    expect((await upgradeDatabase(db)).functions).toEqual(['admin_audit_append_only']);
    expect(await refusal()).toBe('admin_audit is append-only: TRUNCATE refused');
  });

  it('are all applied again after migrating down, which may bring back older bodies', async () => {
    const { open } = await emptyDatabase();
    const db = open();
    await migrateToLatest(db);
    const definitions = await functionDefinitions(db);
    while (!(await migrateDown(db)).includes('2026_11_24_0019_lookups_by_index'));
    expect((await upgradeDatabase(db)).functions).toEqual(dbFunctions().map((f) => f.name));
    expect(await functionDefinitions(db)).toEqual(definitions);
  });
});

describe('seeding and the first admin', () => {
  it('seeds the registries once, concurrently, and keeps operator edits on the next start', async () => {
    const { open } = await emptyDatabase();
    const db = open();
    await migrateToLatest(db);
    const results = await Promise.all([seedRegistries(open()), seedRegistries(open()), seedRegistries(open())]);
    const total = results.reduce((n, r) => n + r.coins, 0);
    const coins = await db
      .selectFrom('coins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(coins.n));
    await db.updateTable('coins').set({ full_name: 'Edited by the operator' }).where('type', '=', 'CHIA').execute();
    expect(await seedRegistries(db)).toEqual({ coins: 0, pools: 0, lines: 0 });
    const chia = await db.selectFrom('coins').select('full_name').where('type', '=', 'CHIA').executeTakeFirstOrThrow();
    expect(chia.full_name).toBe('Edited by the operator');
  });

  it('creates exactly one admin however many processes start first, and none later', async () => {
    const { open } = await emptyDatabase();
    await migrateToLatest(open());
    const created = await Promise.all([1, 2, 3, 4].map(() => ensureFirstAdmin(open(), 'root@example.com')));
    const printed = created.filter((c) => c !== null);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.password).toMatch(/^(?=.*\D).{6,17}$/);
    const db = open();
    const admins = await db.selectFrom('users').select(['email', 'role', 'status', 'password_hash']).where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'root@example.com', status: 'active' });
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await ensureFirstAdmin(db, 'root@example.com')).toBeNull();
  });
});
