import { INVITE_REBATE_DEFAULT_BP, inviteRebate, memberFee, parseAmount } from '@platter/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, signedInUser, type Mailbox } from '../../../test/accounts.ts';
import { browser } from '../../../test/browser.ts';
import { buildUser, mailedApp } from '../../../test/factories.ts';
import { tokenIn } from '../../../test/mail.ts';
import { k32FarmDay } from '../../../test/shares.ts';
import { testDatabase } from '../../../test/db.ts';
import { createDb, type Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { recordBlock } from '../pool/blocks.ts';
import { settleDay } from '../settlement/settlement.service.ts';
import { INVITE_USER_EXPORT_LIST } from './invite.exports.ts';
import { rebateDay, rebateDue, recordInvitation, setPoolShare } from './invite.service.ts';
import { spawnScript } from '../../../test/child.ts';

const XCH = (text: string) => parseAmount(text, 12);

const farm = (db: Db, userId: string, pool: string, plots: number, day: string) => k32FarmDay(db, { userId, pool, plots, at: new Date(`${day}T12:00:00Z`) });

const nextDayOf = (day: string) => new Date(new Date(`${day}T00:10:00Z`).getTime() + 86_400_000);

async function available(db: Db, userId: string, coin = 'CHIA') {
  return (await userBalances(db, userId, coin)).get(coin)?.available ?? 0n;
}

const feesBalance = async (db: Db, coin = 'CHIA') =>
  BigInt((await db.selectFrom('ledger_accounts').select('balance').where('system_code', '=', 'fees').where('coin', '=', coin).executeTakeFirst())?.balance ?? 0);

/** What the domain rule says an invitee's inviter gets for a settled day (points from the day's records). */
async function expectedRebate(db: Db, pool: string, day: string, inviteeId: string, shareBp = INVITE_REBATE_DEFAULT_BP) {
  const s = await db.selectFrom('settlements').select('fee_units').where('pool', '=', pool).where('day', '=', day).executeTakeFirstOrThrow();
  const credits = await db.selectFrom('settlement_credits').select(['user_id', 'points', 'capacity_bytes']).where('pool', '=', pool).where('day', '=', day).execute();
  const shared = credits.filter((c) => BigInt(c.points) > 0n && BigInt(c.capacity_bytes) >= 2n * 10n ** 12n);
  const total = shared.reduce((sum, c) => sum + BigInt(c.points), 0n);
  const mine = shared.find((c) => c.user_id === inviteeId);
  return inviteRebate(memberFee(BigInt(s.fee_units), mine ? BigInt(mine.points) : 0n, total), shareBp);
}

describe('invitations through the registration link', () => {
  let db: Db;
  let app: ZodApp;
  let mail: Mailbox;

  beforeAll(async () => {
    ({ db, app, mail } = await mailedApp());
  });

  it('gives every user an invite id and link; a registration through it records the inviter, kept through activation', async () => {
    const alice = await signedInUser(app, db, mail, 'alice-inviter@example.com');
    const info = await alice.get<{ invite_id: string; link: string; invited: number; rebates: unknown[]; invited_by: string | null }>('/api/invite/info');
    expect(info.code).toBe(200);
    const aliceRow = await db.selectFrom('users').select(['id', 'uid']).where('email', '=', 'alice-inviter@example.com').executeTakeFirstOrThrow();
    expect(info.data).toEqual({ invite_id: aliceRow.uid, link: `http://localhost:8080/register?invite=${aliceRow.uid}`, invited: 0, rebates: [], invited_by: null });
    expect((await browser(app).get<{ valid: boolean }>(`/api/invite/check?invite=${aliceRow.uid}`)).data).toEqual({ valid: true });

    // Bob registers through Alice's link, then activates from the e-mail.
    const b = browser(app);
    expect((await register(b, 'bob-invitee@example.com', { invite: aliceRow.uid })).code).toBe(200);
    const bob = await db.selectFrom('users').select(['id', 'status']).where('email', '=', 'bob-invitee@example.com').executeTakeFirstOrThrow();
    expect(bob.status).toBe('pending');
    expect((await b.post('/api/user/activate', { token: tokenIn(mail.last('bob-invitee@example.com'), '/register/activate') })).code).toBe(200);
    const invitation = await db.selectFrom('invitations').selectAll().where('invitee_id', '=', bob.id).executeTakeFirstOrThrow();
    expect(invitation.inviter_id).toBe(aliceRow.id);

    const after = await alice.get<{ invited: number }>('/api/invite/info');
    expect(after.data.invited).toBe(1);
    const invitees = await alice.get<{ list: { invitee: string; active: boolean }[]; total: number }>('/api/invite/invitees');
    expect(invitees.data.total).toBe(1);
    expect(invitees.data.list[0]).toMatchObject({ active: true });
    expect(invitees.data.list[0]?.invitee).not.toContain('bob-invitee@');
    await b.post('/api/user/login', { method: 'email', email: 'bob-invitee@example.com', password: PASSWORD, ...(await b.captcha()) });
    expect((await b.get<{ invited_by: string | null }>('/api/invite/info')).data.invited_by).toBe(aliceRow.uid);
  });

  it('refuses an unknown or malformed invite id with 216 (field invite) and makes no account; the check says so', async () => {
    const b = browser(app);
    const unknown = await register(b, 'nobody-invited@example.com', { invite: '00000001' });
    expect(unknown.code).toBe(216);
    expect(unknown.data).toMatchObject({ field: 'invite' });
    const malformed = await register(b, 'nobody-invited@example.com', { invite: 'abc' });
    expect(malformed.code).toBe(216);
    expect(await db.selectFrom('users').select('id').where('email', '=', 'nobody-invited@example.com').executeTakeFirst()).toBeUndefined();
    expect((await b.get<{ valid: boolean }>('/api/invite/check?invite=00000001')).data).toEqual({ valid: false });
    expect((await b.get('/api/invite/check?invite=x')).code).toBe(216);
    // Signed out: the user's own invitation is not shown.
    expect((await b.get('/api/invite/info')).code).toBe(202);
  });

  it('never changes the inviter later (an update or a delete is refused) and never records a self-invitation', async () => {
    const first = await buildUser(db);
    const second = await buildUser(db);
    const firstUid = (await db.selectFrom('users').select('uid').where('id', '=', first.id).executeTakeFirstOrThrow()).uid;
    const b = browser(app);
    expect((await register(b, 'carol-invitee@example.com', { invite: firstUid })).code).toBe(200);
    const carol = await db.selectFrom('users').select('id').where('email', '=', 'carol-invitee@example.com').executeTakeFirstOrThrow();
    const rows = await db.selectFrom('invitations').select('inviter_id').where('invitee_id', '=', carol.id).execute();
    expect(rows).toEqual([{ inviter_id: first.id }]);
    await expect(db.updateTable('invitations').set({ inviter_id: second.id }).where('invitee_id', '=', carol.id).execute()).rejects.toThrow(/fixed/);
    await expect(db.deleteFrom('invitations').where('invitee_id', '=', carol.id).execute()).rejects.toThrow(/fixed/);
    // No self-invitation, by the rule and by the database.
    await expect(db.transaction().execute((trx) => recordInvitation(trx, first.id, first.id))).rejects.toMatchObject({ name: 'AppError' });
    await expect(db.insertInto('invitations').values({ invitee_id: second.id, inviter_id: second.id }).execute()).rejects.toThrow(/check/);
  });
});

describe('the rebate after each settled day', () => {
  let db: Db;
  let url: string;

  beforeAll(async () => {
    ({ db, url } = await testDatabase());
  });

  it('pays the inviter the share of the fee taken from the invitee’s income, once, as a balanced invite_rebate; the bills show it', async () => {
    const day = '2026-11-10';
    const inviter = await buildUser(db);
    const invitee = await buildUser(db);
    const stranger = await buildUser(db);
    const poor = await buildUser(db); // an invitee below Chia's 2 T: no income, no rebate
    await db.transaction().execute(async (trx) => {
      await recordInvitation(trx, invitee.id, inviter.id);
      await recordInvitation(trx, poor.id, inviter.id);
    });
    await farm(db, invitee.id, 'chia', 40, day);
    await farm(db, stranger.id, 'chia', 70, day);
    await farm(db, poor.id, 'chia', 5, day);
    await recordBlock(db, { pool: 'chia', height: 5001, foundAt: new Date(`${day}T12:00:00Z`), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chia', day, nextDayOf(day));

    const before = await available(db, inviter.id);
    const feesBefore = await feesBalance(db);
    const expected = await expectedRebate(db, 'chia', day, invitee.id);
    expect(expected).toBeGreaterThan(0n);
    const outcome = await rebateDay(db, 'chia', day);
    expect(outcome).toEqual({ ran: true, invitees: 2, rebate: expected });
    expect((await available(db, inviter.id)) - before).toBe(expected);
    expect(feesBefore - (await feesBalance(db))).toBe(expected);
    const rows = await db.selectFrom('invite_rebates').selectAll().where('pool', '=', 'chia').where('day', '=', day).execute();
    expect(rows.map((r) => [r.invitee_id, r.rebate_units])).toEqual([[invitee.id, expected.toString()]]);
    const tx = await db.selectFrom('ledger_transactions').select(['id', 'kind']).where('reference', '=', `invite-rebate:chia:${day}`).execute();
    expect(tx).toEqual([{ id: rows[0]?.transaction_id, kind: 'invite_rebate' }]);

    // The day settled twice, the rebate run again: nothing more.
    expect((await settleDay(db, 'chia', day, nextDayOf(day))).ran).toBe(false);
    expect((await rebateDay(db, 'chia', day)).ran).toBe(false);
    expect((await rebateDue(db)).rebates).toBe(0n);
    expect((await available(db, inviter.id)) - before).toBe(expected);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('pays nothing on a pool without a fee, or at a share of 0, and still closes the day', async () => {
    const day = '2026-11-11';
    const inviter = await buildUser(db);
    const invitee = await buildUser(db);
    await db.transaction().execute((trx) => recordInvitation(trx, invitee.id, inviter.id));
    await db.updateTable('pool_configs').set({ fee_bp: 0 }).where('pool', '=', 'chiavip').execute();
    await farm(db, invitee.id, 'chiavip', 40, day);
    await recordBlock(db, { pool: 'chiavip', height: 71, foundAt: new Date(`${day}T12:00:00Z`), finderUserId: null, finderMinerId: null, reward: XCH('1') });
    await settleDay(db, 'chiavip', day, nextDayOf(day));
    expect(await rebateDay(db, 'chiavip', day)).toEqual({ ran: true, invitees: 0, rebate: 0n });

    await setPoolShare(db, 'cli', { pool: 'chiapp', share_bp: 0 });
    await farm(db, invitee.id, 'chiapp', 40, day);
    await recordBlock(db, { pool: 'chiapp', height: 72, foundAt: new Date(`${day}T12:00:00Z`), finderUserId: null, finderMinerId: null, reward: XCH('1') });
    await settleDay(db, 'chiapp', day, nextDayOf(day));
    expect(await rebateDay(db, 'chiapp', day)).toEqual({ ran: true, invitees: 0, rebate: 0n });
    expect(await available(db, inviter.id)).toBe(0n);
    const days = await db.selectFrom('invite_rebate_days').select(['pool', 'done_at']).where('day', '=', day).orderBy('pool').execute();
    expect(days.map((d) => [d.pool, d.done_at !== null])).toEqual([
      ['chiapp', true],
      ['chiavip', true],
    ]);
    await db.updateTable('pool_configs').set({ fee_bp: 300 }).where('pool', '=', 'chiavip').execute();
    await setPoolShare(db, 'cli', { pool: 'chiapp', share_bp: INVITE_REBATE_DEFAULT_BP });
  });

  it('waits for a day whose credits are still moving', async () => {
    const day = '2026-11-12';
    await db.insertInto('settlements').values({ pool: 'chia', day, status: 'SETTLEMENT_PENDING' }).execute();
    expect((await rebateDay(db, 'chia', day)).ran).toBe(false);
    const row = await db.selectFrom('invite_rebate_days').select('done_at').where('pool', '=', 'chia').where('day', '=', day).executeTakeFirstOrThrow();
    expect(row.done_at).toBeNull();
  });

  it('pays each (invitee, pool, day) once when three workers race, and after a worker killed mid-way', async () => {
    const day = '2026-11-13';
    const inviter = await buildUser(db);
    const invitees = await Promise.all(Array.from({ length: 4 }, () => buildUser(db)));
    await db.transaction().execute(async (trx) => {
      for (const i of invitees) await recordInvitation(trx, i.id, inviter.id);
    });
    for (const [n, i] of invitees.entries()) await farm(db, i.id, 'chia', 30 + n, day);
    await recordBlock(db, { pool: 'chia', height: 5101, foundAt: new Date(`${day}T12:00:00Z`), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chia', day, nextDayOf(day));
    let expected = 0n;
    for (const i of invitees) expected += await expectedRebate(db, 'chia', day, i.id);
    const before = await available(db, inviter.id);

    // A worker killed with the day's lock held and part of its rows written: its transaction rolls back.
    const child = spawnScript(`
      const { createDb } = await import(${JSON.stringify(new URL('../../db/database.ts', import.meta.url).pathname)});
      const { db } = createDb(${JSON.stringify(url)}, 1);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('invite_rebate_days').values({ pool: 'chia', day: '${day}' }).execute();
        await trx.insertInto('invite_rebates').values({ invitee_id: '${invitees[0]?.id}', pool: 'chia', day: '${day}', inviter_id: '${inviter.id}', coin: 'CHIA', income_units: '1', fee_units: '1', share_bp: 10000, rebate_units: '1' }).execute();
        console.log('LOCKED');
        await new Promise(() => {});
      });`);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('LOCKED') && resolve());
      child.on('exit', (code) => reject(new Error(`the child exited early (${code})`)));
    });
    // Three workers, each its own connection pool as separate processes have, race for the day.
    const workers = [createDb(url, 2), createDb(url, 2), createDb(url, 2)];
    const racing = Promise.all(workers.map((w) => rebateDay(w.db, 'chia', day)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    const outcomes = await racing;
    await Promise.all(workers.map((w) => w.db.destroy()));
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => o.ran)?.rebate).toBe(expected);
    expect((await available(db, inviter.id)) - before).toBe(expected);
    const rows = await db.selectFrom('invite_rebates').select(['invitee_id', 'rebate_units']).where('pool', '=', 'chia').where('day', '=', day).orderBy('invitee_id').execute();
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, r) => sum + BigInt(r.rebate_units), 0n)).toBe(expected);
    const txs = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`invite-rebate:chia:${day}`}`.execute(db);
    expect(txs.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });

  afterAll(async () => {
    await db.destroy();
  });
});

describe('the rebate as users and the back office see it', () => {
  let db: Db;
  let app: ZodApp;
  let mail: Mailbox;

  beforeAll(async () => {
    ({ db, app, mail } = await mailedApp());
  });

  it('lists the rebate in the inviter’s records, totals and bill, the invitee’s side, and the back office; exports it', async () => {
    const day = '2026-11-14';
    const inviterBrowser = await signedInUser(app, db, mail, 'dora-inviter@example.com');
    const dora = await db.selectFrom('users').select(['id', 'uid']).where('email', '=', 'dora-inviter@example.com').executeTakeFirstOrThrow();
    const b = browser(app);
    expect((await register(b, 'eve-invitee@example.com', { invite: dora.uid })).code).toBe(200);
    const eveId = await (async () => {
      await b.post('/api/user/activate', { token: tokenIn(mail.last('eve-invitee@example.com'), '/register/activate') });
      return (await db.selectFrom('users').select('id').where('email', '=', 'eve-invitee@example.com').executeTakeFirstOrThrow()).id;
    })();
    const other = await buildUser(db);
    await farm(db, eveId, 'chia', 50, day);
    await farm(db, other.id, 'chia', 50, day);
    await recordBlock(db, { pool: 'chia', height: 6001, foundAt: new Date(`${day}T12:00:00Z`), finderUserId: null, finderMinerId: null, reward: XCH('2') });
    await settleDay(db, 'chia', day, nextDayOf(day));
    await rebateDue(db);
    const expected = await expectedRebate(db, 'chia', day, eveId);
    const shown = (parseAmount('0', 12) + expected).toString();

    const records = await inviterBrowser.get<{ list: Record<string, string>[]; total: number }>('/api/invite/rebates');
    expect(records.data.total).toBe(1);
    expect(records.data.list[0]).toMatchObject({ day, pool: 'chia', coin: 'CHIA', share: '20' });
    expect(parseAmount(records.data.list[0]?.rebate ?? '0', 12).toString()).toBe(shown);
    expect(records.data.list[0]?.invitee).not.toContain('eve-invitee@');
    const info = await inviterBrowser.get<{ rebates: { coin: string; total: string }[] }>('/api/invite/info');
    expect(info.data.rebates).toEqual([{ coin: 'CHIA', unit: 'XCH', total: records.data.list[0]?.rebate }]);
    const bill = await inviterBrowser.get<{ list: { kind: string; amount: string }[] }>('/api/log/asset?page=1&count=20');
    expect(bill.data.list.find((e) => e.kind === 'invite_rebate')?.amount).toContain(records.data.list[0]?.rebate);

    // The invitee sees what their mining earned their inviter.
    await b.post('/api/user/login', { method: 'email', email: 'eve-invitee@example.com', password: PASSWORD, ...(await b.captcha()) });
    const mine = await b.get<{ list: Record<string, string>[]; total: number }>('/api/invite/rebates?side=invitee');
    expect(mine.data.total).toBe(1);
    expect(mine.data.list[0]?.rebate).toBe(records.data.list[0]?.rebate);
    expect((await b.get<{ total: number }>('/api/invite/rebates')).data.total).toBe(0);

    // The back office: the invitation, the rebate with both sides, the pools' shares.
    const admin = await signedInUser(app, db, mail, 'invite-admin@example.com', 'admin');
    const invitations = await admin.get<{ list: Record<string, string>[]; total: number }>(`/api/admin/invite/invitations?uid=${dora.uid}`);
    expect(invitations.data.list).toEqual([expect.objectContaining({ inviter_uid: dora.uid, invitee_email: 'eve-invitee@example.com' })]);
    const adminRebates = await admin.get<{ list: Record<string, string>[]; total: number }>(`/api/admin/invite/rebates?day=${day}`);
    expect(adminRebates.data.list).toEqual([expect.objectContaining({ inviter_uid: dora.uid, invitee_email: 'eve-invitee@example.com', rebate: records.data.list[0]?.rebate })]);
    const pools = await admin.get<{ list: { pool: string; share_bp: number }[] }>('/api/admin/invite/pools');
    expect(pools.data.list.find((p) => p.pool === 'chia')?.share_bp).toBe(INVITE_REBATE_DEFAULT_BP);
    expect((await admin.post('/api/admin/invite/pool', { pool: 'chia', share_bp: 10_001 })).code).toBe(216);
    expect((await admin.post('/api/admin/invite/pool', { pool: 'chia', share_bp: 1500 })).data).toMatchObject({ pool: 'chia', share_bp: 1500 });
    expect((await inviterBrowser.get('/api/admin/invite/rebates')).code).not.toBe(200);

    // The user's export of the rebate records.
    const applied = await inviterBrowser.post<{ id: string }>('/api/pool/ApplyForDownload', { list: 'inviterebates', format: 'csv' });
    expect(applied.code).toBe(200);
    const exported: Record<string, unknown>[] = [];
    for await (const chunk of INVITE_USER_EXPORT_LIST.read({ db, chains: undefined as never }, dora.id, {} as never)) exported.push(...chunk.rows);
    expect(exported).toEqual([expect.objectContaining({ day, pool: 'chia', rebate: records.data.list[0]?.rebate })]);
    expect(await checkLedger(db)).toEqual([]);
  });
});
