import {
  adminIncomeQuery,
  adminMinerQuery,
  adminOpenedQuery,
  adminPlotQuery,
  adminFlowQuery,
  adminWithdrawQuery,
  assetLogQuery,
  assetsReportQuery,
  bindReviewQuery,
  dailyReportQuery,
  depositLogQuery,
  incomeQuery,
  blockIncomeQuery,
  minerQuery,
  shareSeriesQuery,
  withdrawLogQuery,
  type AdminExportList,
  type UserExportList,
} from '@platter/domain';
import { z } from 'zod';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { adminIncome, adminMiners, adminOpened, assetsReports, dailyReports } from '../pool/admin.ts';
import { listMiners } from '../pool/miners.ts';
import { adminPlots } from '../pool/plots.ts';
import { blockIncome } from '../pool/revenue.service.ts';
import { incomeRecords, shareSeries } from '../pool/views.ts';
import { depositLog } from '../wallet/deposits.ts';
import { adminFlow } from '../wallet/flow.ts';
import { assetLogAll, countAssetLog, totalAssets } from '../wallet/ledger-views.ts';
import { adminWithdrawals, withdrawLog } from '../withdraw/withdraw.service.ts';
import { pagedExport } from './paged.ts';
import { FINANCE_EXPORT_LISTS } from '../finance/finance.exports.ts';
import { INVITE_ADMIN_EXPORT_LISTS, INVITE_USER_EXPORT_LIST } from '../invite/invite.exports.ts';
import { POINTING_EXPORT_LISTS } from '../pointing/pointing.exports.ts';
import type { PointingChains } from '../pointing/pointing.service.ts';

/**
 * The lists an export can be made of: each one's filters (its list query without paging, so
 * the file holds what the list shows) and how its rows are read, page by page, through the
 * same functions the list's page calls.
 */

export interface ExportContext {
  db: Db;
  chains: ChainRegistry;
  /** The PoC coins' chains, for the pointing records' heights (issue 22). */
  pointing?: PointingChains;
}

type Row = Record<string, unknown>;

export interface ExportList {
  filters: z.ZodType;
  /** Columns: header and how to read it; default: every field of the first row. */
  columns?: readonly { header: string; value: (row: Row) => unknown }[];
  /** Reads the rows in chunks, with the total for progress. */
  read: (ctx: ExportContext, ownerId: string, filters: never) => AsyncGenerator<{ rows: Row[]; total: number }>;
  /** The file's name stem. */
  stem: string;
}

const withoutPaging = <T extends z.ZodObject>(query: T) => query.omit({ page: true, count: true } as never);

/** A list that is one array (no paging). */
function whole(reader: (ctx: ExportContext, ownerId: string, filters: never) => Promise<Row[]>): ExportList['read'] {
  return async function* (ctx, ownerId, filters) {
    const rows = await reader(ctx, ownerId, filters);
    yield { rows, total: rows.length };
  };
}

const iso = (s: unknown) => (typeof s === 'number' ? new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19) : '');
const col = (header: string, key = header) => ({ header, value: (r: Row) => r[key] });
const time = (header: string, key: string) => ({ header, value: (r: Row) => iso(r[key]) });

const BILL_COLUMNS = [time('time_utc', 'created_at'), col('coin'), col('kind'), col('bucket'), col('amount'), col('counterparty'), col('reference'), col('memo')];
const WITHDRAW_COLUMNS = [
  time('time_utc', 'created_at'),
  col('coin'),
  col('amount'),
  col('fee'),
  col('received'),
  col('address'),
  col('memo'),
  col('status'),
  col('reason'),
  col('txid'),
  col('batch'),
];
const PLOT_COLUMNS = [
  col('uid'),
  col('email'),
  col('pool'),
  col('plot_id'),
  col('launcher_id'),
  col('fingerprint'),
  col('filename_prefix'),
  col('size_bytes', 'size'),
  col('file_count'),
  col('signing'),
  col('bind_address'),
  col('bind_status'),
  col('flag'),
  col('review'),
  col('review_reason'),
  time('bind_sent_utc', 'bind_sent_at'),
  time('confirmed_utc', 'confirmed_at'),
  time('last_seen_utc', 'last_seen'),
];
const MINER_COLUMNS = [
  col('pool'),
  col('name'),
  col('version'),
  col('capacity_bytes', 'capacity'),
  col('hashrate'),
  col('line'),
  col('online'),
  time('last_seen_utc', 'last_seen'),
  col('shares_24h'),
];
const INCOME_COLUMNS = [col('day'), col('pool'), col('coin'), col('points'), col('capacity_bytes', 'capacity'), col('amount'), col('status')];

const plotsOf = (view: 'plots' | 'bindings' | 'bind' | 'unbind'): ExportList => ({
  filters: withoutPaging(view === 'bind' || view === 'unbind' ? bindReviewQuery : adminPlotQuery),
  columns: PLOT_COLUMNS,
  read: pagedExport((ctx, _owner, f: Parameters<typeof adminPlots>[1], page, count) =>
    adminPlots(ctx.db, { ...f, page, count }, view === 'bind' || view === 'unbind' ? (((f as { type?: string }).type ?? view) as 'bind' | 'unbind') : view),
  ),
  stem: view === 'plots' ? 'plots' : view === 'bindings' ? 'bind-info' : view === 'bind' ? 'capacity-review' : 'capacity-unbind',
});

const adminIncomeList = (stem: string): ExportList => ({
  filters: withoutPaging(adminIncomeQuery),
  columns: [col('uid'), col('email'), ...INCOME_COLUMNS],
  read: pagedExport((ctx, _owner, f: Parameters<typeof adminIncome>[1], page, count) => adminIncome(ctx.db, { ...f, page, count })),
  stem,
});

export const USER_LISTS: Record<UserExportList, ExportList> = {
  miningdetail: {
    filters: withoutPaging(incomeQuery),
    columns: INCOME_COLUMNS,
    read: pagedExport((ctx, owner, f: { pool?: string }, page, count) => incomeRecords(ctx.db, owner, { ...f, page, count })),
    stem: 'mining-detail',
  },
  totalassets: {
    filters: z.object({}),
    columns: ['type', 'unit', 'available', 'withdrawing', 'frozen', 'mortgage', 'pending_earnings', 'finance', 'total', 'total_earnings'].map((k) => col(k)),
    read: whole(async (ctx, owner) => (await totalAssets(ctx.db, owner)).list),
    stem: 'assets',
  },
  asset: {
    filters: withoutPaging(assetLogQuery),
    columns: BILL_COLUMNS,
    read: async function* (ctx, owner, f: Parameters<typeof countAssetLog>[2]) {
      const total = await countAssetLog(ctx.db, owner, f);
      for await (const chunk of assetLogAll(ctx.db, owner, f)) yield { rows: chunk, total };
    },
    stem: 'bill',
  },
  recharge: {
    filters: withoutPaging(depositLogQuery),
    read: pagedExport((ctx, owner, f: { coin?: string }, page, count) => depositLog(ctx.db, ctx.chains, owner, { ...f, page, count })),
    stem: 'deposits',
  },
  withdraw: {
    filters: withoutPaging(withdrawLogQuery),
    columns: WITHDRAW_COLUMNS,
    read: pagedExport((ctx, owner, f: Parameters<typeof withdrawLog>[2], page, count) => withdrawLog(ctx.db, owner, { ...f, page, count })),
    stem: 'withdrawals',
  },
  Share: {
    filters: shareSeriesQuery,
    columns: [time('hour_utc', 'time'), col('points'), col('shares'), col('capacity_bytes', 'capacity')],
    read: whole((ctx, owner, f: { pool: string; hours: number }) => shareSeries(ctx.db, { userId: owner, pool: f.pool }, f.hours)),
    stem: 'shares',
  },
  miner: {
    filters: withoutPaging(minerQuery),
    columns: MINER_COLUMNS,
    read: pagedExport((ctx, owner, f: Parameters<typeof listMiners>[2], page, count) => listMiners(ctx.db, owner, { ...f, page, count })),
    stem: 'miners',
  },
  // The Revenue screen (issue 20): exact amounts, as every export.
  blockincome: {
    filters: withoutPaging(blockIncomeQuery),
    columns: [time('time_utc', 'time'), col('pool'), col('coin'), col('height'), col('day', 'day'), col('reward'), col('share'), col('found')],
    read: pagedExport((ctx, owner, f: { pool?: string }, page, count) => blockIncome(ctx.db, owner, { ...f, page, count })),
    stem: 'revenue',
  },
  inviterebates: INVITE_USER_EXPORT_LIST,
};

export const ADMIN_LISTS: Partial<Record<AdminExportList, ExportList>> = {
  flow: {
    filters: withoutPaging(adminFlowQuery),
    columns: [col('uid'), col('email'), ...BILL_COLUMNS],
    read: pagedExport((ctx, _owner, f: Parameters<typeof adminFlow>[1], page, count) => adminFlow(ctx.db, { ...f, page, count })),
    stem: 'flow',
  },
  deposit_withdrawal: {
    filters: withoutPaging(adminWithdrawQuery),
    columns: [col('uid'), col('email'), ...WITHDRAW_COLUMNS, col('source')],
    read: pagedExport((ctx, _owner, f: Parameters<typeof adminWithdrawals>[1], page, count) => adminWithdrawals(ctx.db, { ...f, page, count })),
    stem: 'withdrawals',
  },
  plots: plotsOf('plots'),
  bind_info: plotsOf('bindings'),
  capacity_review: plotsOf('bind'),
  capacity_unbind: plotsOf('unbind'),
  openned: {
    filters: withoutPaging(adminOpenedQuery),
    read: pagedExport((ctx, _owner, f: Parameters<typeof adminOpened>[1], page, count) => adminOpened(ctx.db, { ...f, page, count })),
    stem: 'opened-pools',
  },
  machines: {
    filters: withoutPaging(adminMinerQuery),
    columns: [col('uid'), col('email'), ...MINER_COLUMNS],
    read: pagedExport((ctx, _owner, f: Parameters<typeof adminMiners>[1], page, count) => adminMiners(ctx.db, { ...f, page, count })),
    stem: 'machines',
  },
  mining_info: adminIncomeList('mining-info'),
  income_info: adminIncomeList('income-info'),
  contribution: adminIncomeList('contribution'),
  mining_daily_reports: {
    filters: withoutPaging(dailyReportQuery),
    read: pagedExport((ctx, _owner, f: Parameters<typeof dailyReports>[1], page, count) => dailyReports(ctx.db, { ...f, page, count })),
    stem: 'mining-daily-reports',
  },
  assets_daily_reports: {
    filters: withoutPaging(assetsReportQuery),
    read: pagedExport((ctx, _owner, f: Parameters<typeof assetsReports>[1], page, count) => assetsReports(ctx.db, { ...f, page, count })),
    stem: 'assets-daily-reports',
  },
  ...FINANCE_EXPORT_LISTS,
  ...INVITE_ADMIN_EXPORT_LISTS,
  ...POINTING_EXPORT_LISTS,
};
