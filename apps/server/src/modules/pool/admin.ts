import { AppError, MINER_ONLINE_SECONDS, type PoolConfigView, type UpdatePoolConfigBody } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { coinRules, show, units } from '../coins/coins.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { creditsPage, ledgerDailyPage, minersPage, openedPage, poolConfigRows, settlementsPage, writePoolConfig } from './admin.repository.ts';
import { minerView } from './miners.ts';
import { incomeRecordOf } from './views.ts';

/**
 * The pool's back office (spec doc 2 §2 'Admin routes', §7 'Admin'): pool configuration,
 * mining and assets daily reports, every user's miners and income records.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function poolConfigs(db: Db): Promise<PoolConfigView[]> {
  const rows = await poolConfigRows(db);
  return rows.map((r) => ({
    pool: r.type,
    coin: r.coin,
    name: r.name,
    pool_type: r.pool_type,
    enabled: r.enabled,
    mode: r.mode,
    fee_bp: r.fee_bp,
    coop_ratio_bp: r.coop_ratio_bp,
    burn_coefficient_bp: r.burn_coefficient_bp,
    payment_time: r.payment_time,
    payout_threshold: show(BigInt(r.min_payout_units), r.scale),
    withdraw_fee: show(BigInt(r.withdraw_fee_units), r.scale),
    withdraw_audit: r.withdraw_audit,
    pledge_per_tb: r.pledge_per_tb_units === null ? null : show(BigInt(r.pledge_per_tb_units), r.scale),
    protocol: r.protocol,
    trusted_proxy: r.trusted_proxy,
    plausibility_tolerance_bp: r.plausibility_tolerance_bp,
  }));
}

/** Edits a pool's configuration; the audit log keeps the values before and after. */
export async function updatePoolConfig(db: Db, by: AuditBy, body: UpdatePoolConfigBody): Promise<PoolConfigView> {
  const before = (await poolConfigs(db)).find((p) => p.pool === body.pool);
  if (!before) throw new AppError('POOL_NOT_FOUND');
  // Trusted-proxy mode is for pools with nothing the pool can verify (issue 18), never a way round a proof.
  if (body.trusted_proxy === true && before.protocol !== 'trusted-proxy') throw new AppError('INVALID_PARAMETER', { field: 'trusted_proxy' });
  const coin = await coinRules(db, before.coin);
  // Only a coin whose settlement secures capacity (an unsecured share, the BHD family) has a pledge per TB.
  if (body.pledge_per_tb !== undefined && before.pledge_per_tb === null) throw new AppError('INVALID_PARAMETER', { field: 'pledge_per_tb' });
  await db.transaction().execute(async (trx) => {
    const changes = {
      ...(body.mode !== undefined ? { mode: body.mode } : {}),
      ...(body.fee_bp !== undefined ? { fee_bp: body.fee_bp } : {}),
      ...(body.coop_ratio_bp !== undefined ? { coop_ratio_bp: body.coop_ratio_bp } : {}),
      ...(body.burn_coefficient_bp !== undefined ? { burn_coefficient_bp: body.burn_coefficient_bp } : {}),
      ...(body.payment_time !== undefined ? { payment_time: body.payment_time } : {}),
      ...(body.withdraw_audit !== undefined ? { withdraw_audit: body.withdraw_audit } : {}),
      ...(body.trusted_proxy !== undefined ? { trusted_proxy: body.trusted_proxy } : {}),
      ...(body.plausibility_tolerance_bp !== undefined ? { plausibility_tolerance_bp: body.plausibility_tolerance_bp } : {}),
    };
    // The payout threshold, withdrawal fee and pledge per TB are the coin's (one figure each, shared by its
    // pools, charged by withdrawals and Auto Pay): editing them here edits the coin's.
    const coinChanges = {
      ...(body.payout_threshold !== undefined ? { min_payout_units: units(body.payout_threshold, coin.scale) } : {}),
      ...(body.withdraw_fee !== undefined ? { withdraw_fee_units: units(body.withdraw_fee, coin.scale) } : {}),
      ...(body.pledge_per_tb !== undefined ? { pledge_per_tb_units: units(body.pledge_per_tb, coin.scale) } : {}),
    };
    await writePoolConfig(trx, { pool: body.pool, coin: coin.type }, { coin: coinChanges, config: changes, ...(body.enabled !== undefined ? { enabled: body.enabled } : {}) });
  });
  const after = (await poolConfigs(db)).find((p) => p.pool === body.pool) as PoolConfigView;
  await recordAudit(db, by, { action: 'updatepoolconfig', target: `pool:${body.pool}`, before, after });
  return after;
}

/** Mining daily reports (getdailyreports): one row per settled pool-day, newest first. */
export async function dailyReports(db: Db, query: { pool?: string; status?: string; page: number; count: number }) {
  const { rows, total } = await settlementsPage(db, query);
  return {
    list: rows.map((r) => ({
      pool: r.pool,
      day: r.day,
      status: r.status,
      revenue: show(BigInt(r.revenue_units), r.scale),
      fee: show(BigInt(r.fee_units), r.scale),
      withheld: show(BigInt(r.withheld_units), r.scale),
      remainder: show(BigInt(r.remainder_units), r.scale),
      credited: show(BigInt(r.credited_units), r.scale),
      carried_in: show(BigInt(r.carried_in_units), r.scale),
      members: r.members,
      settled_at: r.settled_at ? seconds(r.settled_at) : null,
    })),
    total,
  };
}

/**
 * Assets daily reports (getassertdailyreports): per coin and UTC day, what moved through the
 * users' balances by kind, and the users' total at the end of the day — all from the ledger.
 */
export async function assetsReports(db: Db, query: { coin?: string; page: number; count: number }) {
  const days = await ledgerDailyPage(db, query);
  return {
    list: days.map((r) => ({
      day: r.day,
      coin: r.coin,
      unit: r.unit,
      deposits: show(BigInt(r.deposits), r.scale),
      withdrawals: show(BigInt(r.withdrawals), r.scale),
      mining_income: show(BigInt(r.mining_income), r.scale),
      owner_income: show(BigInt(r.owner_income), r.scale),
      fees: show(BigInt(r.fees), r.scale),
      adjustments: show(BigInt(r.adjustments), r.scale),
      user_balance: show(BigInt(r.user_balance), r.scale),
    })),
    total: Number(days[0]?.total ?? 0),
  };
}

/** Every user's miners (/admin/machines), filtered by pool, state, name and uid. */
export async function adminMiners(db: Db, query: { pool?: string; status?: 'online' | 'offline'; name?: string; uid?: string; page: number; count: number }, now = new Date()) {
  const onlineSince = new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
  const { rows, counts } = await minersPage(db, query, onlineSince);
  const online = Number(counts.online);
  const offline = Number(counts.offline);
  return {
    list: rows.map((m) => ({ ...minerView(m, onlineSince), shares_24h: 0, uid: m.uid, email: m.email })),
    total: query.status === 'online' ? online : query.status === 'offline' ? offline : online + offline,
    online,
    offline,
  };
}

/** Every user's income records (/admin/income_info, mining_info, contribution). */
export async function adminIncome(db: Db, query: { pool?: string; uid?: string; day?: string; page: number; count: number }) {
  const { rows, total } = await creditsPage(db, query);
  return {
    list: rows.map((r) => ({ ...incomeRecordOf(r), uid: r.uid, email: r.email })),
    total,
  };
}

/**
 * The pools users have opened (/admin/openned): a pool is open for a user from the first miner
 * API key they made for it or the first miner of theirs that reported, whichever came first.
 */
export async function adminOpened(db: Db, query: { pool?: string; uid?: string; page: number; count: number }, now = new Date()) {
  const onlineSince = new Date(now.getTime() - MINER_ONLINE_SECONDS * 1000);
  const rows = await openedPage(db, query, onlineSince);
  return {
    list: rows.map((r) => ({
      uid: r.uid,
      email: r.email,
      pool: r.pool,
      coin: r.coin,
      opened_at: seconds(r.opened_at),
      key_active: r.key_active,
      miners: Number(r.miners),
      online: Number(r.online),
      last_seen: r.last_seen ? seconds(r.last_seen) : null,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
