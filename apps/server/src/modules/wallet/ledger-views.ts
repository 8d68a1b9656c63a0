import { assetFigures, assetLogFilter, assetLogKind, EMPTY_BUCKETS, maskEmail, type AssetLogItem, type AssetLogQuery, type TotalAssets } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { withdrawLockedUntil } from '../security/security.service.ts';
import { allCoinRules, show, type CoinRules } from '../coins/coins.ts';

/** Read models over the ledger: the assets page, mining income, the bill (the withdrawal log: modules/withdraw). */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Total mining income per coin (every mining_income posting into the user's accounts). */
async function earnings(db: Db, userId: string, since?: Date): Promise<Map<string, bigint>> {
  let query = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select(['p.coin', sql<string>`sum(p.amount)`.as('total')])
    .where('a.user_id', '=', userId)
    .where('t.kind', '=', 'mining_income');
  if (since) query = query.where('t.created_at', '>=', since);
  const rows = await query.groupBy('p.coin').execute();
  return new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
}

export async function totalAssets(db: Db, userId: string): Promise<TotalAssets> {
  const [coins, balances, totals, user] = await Promise.all([
    allCoinRules(db),
    userBalances(db, userId),
    earnings(db, userId),
    db.selectFrom('users').select('security_changed_at').where('id', '=', userId).executeTakeFirst(),
  ]);
  const until = withdrawLockedUntil(user?.security_changed_at ?? null);
  return {
    list: coins.map((coin) => {
      const f = assetFigures(balances.get(coin.type) ?? { ...EMPTY_BUCKETS });
      const s = (v: bigint) => show(v, coin.scale);
      return {
        type: coin.type,
        icon: coin.icon,
        unit: coin.unit,
        scale: coin.scale,
        available: s(f.available),
        withdrawing: s(f.withdrawing),
        frozen: s(f.frozen),
        mortgage: s(f.mortgage),
        pending_earnings: s(f.pending_earnings),
        finance: s(f.finance),
        total: s(f.total),
        total_earnings: s(totals.get(coin.type) ?? 0n),
      };
    }),
    currency: coins.map((coin) => currencyEntry(coin)),
    withdraw_locked_until: until ? seconds(until) : null,
  };
}

export function currencyEntry(coin: CoinRules) {
  return {
    type: coin.type,
    unit: coin.unit,
    scale: coin.scale,
    closed: coin.closed,
    testnet: coin.testnet,
    confirmation: coin.confirmation,
    min_withdraw: show(coin.minWithdraw, coin.scale),
    withdraw_fee: show(coin.withdrawFee, coin.scale),
    min_transfer: show(coin.minTransfer, coin.scale),
    memo_supported: coin.memoSupported,
    activation_fee: show(coin.activationFee, coin.scale),
  };
}

export async function miningIncome(db: Db, userId: string, coinFilter?: string) {
  const since = new Date(Date.now() - 24 * 3600_000);
  const [coins, balances, totals, recent, settings] = await Promise.all([
    allCoinRules(db),
    userBalances(db, userId),
    earnings(db, userId),
    earnings(db, userId, since),
    db.selectFrom('auto_pay_settings').select(['coin', 'enabled']).where('user_id', '=', userId).execute(),
  ]);
  const autoPay = new Map(settings.map((s) => [s.coin, s.enabled]));
  return coins
    .filter((c) => !coinFilter || c.type === coinFilter)
    .map((coin) => ({
      type: coin.type,
      unit: coin.unit,
      yesterday: show(recent.get(coin.type) ?? 0n, coin.scale),
      total: show(totals.get(coin.type) ?? 0n, coin.scale),
      pending: show(balances.get(coin.type)?.pending_earnings ?? 0n, coin.scale),
      auto_pay: autoPay.get(coin.type) ?? false,
    }));
}

type LogFilter = Pick<AssetLogQuery, 'coin' | 'kind' | 'start' | 'end'>;

/**
 * Postings of users' accounts with their transaction, and the other user of a transfer (its
 * other posting's owner): the bill, and the back office's flow (`forUser` null: every user).
 */
export function billRows(db: Db, forUser: string | null, filter: LogFilter) {
  let query = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ledger_postings as p2')
          .innerJoin('ledger_accounts as a2', 'a2.id', 'p2.account_id')
          .innerJoin('users as u2', 'u2.id', 'a2.user_id')
          .select(['u2.email as cp_email', 'u2.uid as cp_uid'])
          .whereRef('p2.transaction_id', '=', 'p.transaction_id')
          .whereRef('a2.user_id', '<>', 'a.user_id')
          .where('t.kind', '=', 'transfer')
          .limit(1)
          .as('cp'),
      (join) => join.onTrue(),
    );
  query = forUser === null ? query.where('a.user_id', 'is not', null) : query.where('a.user_id', '=', forUser);
  if (filter.coin) query = query.where('p.coin', '=', filter.coin);
  if (filter.kind) {
    const { kind, sign } = assetLogFilter(filter.kind);
    query = query.where('t.kind', '=', kind);
    if (sign) query = query.where('p.amount', sign === 'in' ? '>' : '<', '0');
  }
  if (filter.start !== undefined) query = query.where('t.created_at', '>=', new Date(filter.start * 1000));
  if (filter.end !== undefined) query = query.where('t.created_at', '<', new Date(filter.end * 1000));
  return query;
}

export const BILL_COLUMNS = ['p.id', 'p.coin', 'p.amount', 'a.bucket', 't.kind', 't.reference', 't.memo', 't.created_at', 'cp.cp_email', 'cp.cp_uid'] as const;

/** The bill: every change to the user's buckets, newest first. */
export async function assetLog(db: Db, userId: string, query: LogFilter & { page: number; count: number }): Promise<{ list: AssetLogItem[]; total: number }> {
  const base = billRows(db, userId, query);
  const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(BILL_COLUMNS)
    .orderBy('p.id', 'desc')
    .limit(query.count)
    .offset((query.page - 1) * query.count)
    .execute();
  const scales = await scaleMap(db);
  return { total, list: rows.map((r) => toLogItem(r, scales)) };
}

export async function* assetLogAll(db: Db, userId: string, filter: LogFilter, chunk = 500): AsyncGenerator<AssetLogItem[]> {
  const scales = await scaleMap(db);
  let before: string | undefined;
  for (;;) {
    let query = billRows(db, userId, filter).select(BILL_COLUMNS);
    if (before) query = query.where('p.id', '<', before);
    const rows = await query.orderBy('p.id', 'desc').limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => toLogItem(r, scales));
    before = rows[rows.length - 1]?.id;
    if (rows.length < chunk) return;
  }
}

export async function countAssetLog(db: Db, userId: string, filter: LogFilter): Promise<number> {
  return Number(
    (
      await billRows(db, userId, filter)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** The other user of a transfer as its counterpart sees them: masked e-mail, else the UID. */
const counterparty = (email: string | null, uid: string | null) => (email ? maskEmail(email) : (uid ?? ''));

export function toLogItem(
  r: {
    id: string;
    coin: string;
    amount: string;
    bucket: string;
    kind: string;
    reference: string | null;
    memo: string;
    created_at: Date;
    cp_email: string | null;
    cp_uid: string | null;
  },
  scales: Map<string, number>,
): AssetLogItem {
  return {
    id: r.id,
    coin: r.coin,
    kind: assetLogKind(r.kind, BigInt(r.amount)),
    amount: show(r.amount, scales.get(r.coin) ?? 0),
    bucket: r.bucket,
    reference: r.reference ?? '',
    memo: r.memo,
    counterparty: counterparty(r.cp_email, r.cp_uid),
    created_at: seconds(r.created_at),
  };
}

export async function scaleMap(db: Db): Promise<Map<string, number>> {
  const coins = await db.selectFrom('coins').select(['type', 'scale', 'unit']).execute();
  return new Map(coins.map((c) => [c.type, c.scale]));
}
