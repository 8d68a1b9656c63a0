import { addressValid, AppError, POC_NONCE_BYTES, signumAccountId, type BindBody, type Plot, type ReportBody } from '@platter/domain';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { coinRules } from '../coins/coins.ts';
import {
  activeBindingCount,
  adminPlotsPage,
  flagTimeout,
  lockUser,
  markUnbindAuditing,
  plotBound,
  plotsBoundByOthers,
  pocPlotFiles,
  sentBindings,
  settleBinding,
  upsertReportedPlot,
  userPlotsPage,
  userPlotStatus,
  writeBinding,
  type AdminPlotView,
  type PlotBinding,
  type PlotRow,
} from './plots.repository.ts';
import { poolRow, uidOf } from './pool.repository.ts';
import type { PlotFlag } from './pool.schema.ts';

export type { AdminPlotView } from './plots.repository.ts';

/**
 * Plots and their binding (spec doc 1 §3 'Plot', §4 'Plots and miners', §4 'Signature and
 * binding data'; the 11101-11108 codes). A user binds a plot identifier to their account with
 * a message signed by the wallet of the binding address; the message comes from the pool and
 * is valid 24 hours. The binding is sent (BIND_SENT) and confirmed after the coin's
 * confirmations; unbinding waits for review (UNBIND_AUDITING → UNBIND_SENT → UNBIND). The proxy
 * tool's plot inventory fills in sizes and signing, and flags plots not bound (UNBOUND), bound
 * by someone else (DOUBLE), not joined to this pool (NOTJOIN) or not burned to it (NOTBURN).
 */

export const BIND_DATA_SECONDS = 24 * 3600;
/** Active bindings a user may hold in one pool (11101 beyond). */
export const MAX_BINDINGS_PER_POOL = 1000;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function bindMessage(input: { pool: string; plotId: string; uid: string; address: string; expiresAt: number }): string {
  return [
    'Platter plot binding',
    `pool: ${input.pool}`,
    `plot: ${input.plotId}`,
    `account: ${input.uid}`,
    `address: ${input.address}`,
    `expires: ${new Date(input.expiresAt * 1000).toISOString()}`,
  ].join('\n');
}

async function poolCoin(db: Db, pool: string, plotId?: string) {
  const row = await poolRow(db, pool);
  if (!row) throw new AppError('POOL_NOT_FOUND');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  // A BHD-family plotter id is the numeric account id of its key (issue 21), also accepted as
  // its Signum address (`S-…`, `BURST-…`) and stored as the number.
  if (row.protocol === 'poc-burst' && plotId !== undefined) {
    const id = signumAccountId(plotId);
    if (id === undefined) throw new AppError('INVALID_PARAMETER', { field: 'plot_id' });
    return { coin: await coinRules(db, row.coin), plotId: id.toString() };
  }
  return { coin: await coinRules(db, row.coin), plotId };
}

/** The message the binding address's wallet must sign, valid for 24 hours. */
export async function bindData(db: Db, userId: string, input: { pool: string; plot_id: string; address: string }, now = new Date()) {
  const { coin } = await poolCoin(db, input.pool, input.plot_id);
  if (!addressValid(coin, input.address)) throw new AppError('WALLET_ADDRESS_INVALID');
  const expiresAt = Math.floor(now.getTime() / 1000) + BIND_DATA_SECONDS;
  return { message: bindMessage({ pool: input.pool, plotId: input.plot_id, uid: await uidOf(db, userId), address: input.address, expiresAt }), expires_at: expiresAt };
}

/** Binds a plot: the signed message checked, limits and uniqueness held under a lock. */
export async function bindPlot(db: Db, chains: ChainRegistry, userId: string, body: BindBody, now = new Date(), options: { review: boolean } = { review: true }): Promise<Plot> {
  const { coin, plotId = body.plot_id } = await poolCoin(db, body.pool, body.plot_id);
  if (!addressValid(coin, body.address)) throw new AppError('WALLET_ADDRESS_INVALID');
  const expires = /\nexpires: (\S+)$/.exec(body.message)?.[1];
  const expiresAt = expires ? Math.floor(Date.parse(expires) / 1000) : NaN;
  const expected = Number.isFinite(expiresAt) ? bindMessage({ pool: body.pool, plotId: body.plot_id, uid: await uidOf(db, userId), address: body.address, expiresAt }) : '';
  if (body.message !== expected) throw new AppError('BIND_SIGNATURE_INVALID');
  if (expiresAt * 1000 < now.getTime()) throw new AppError('BIND_DATA_EXPIRED');
  const chain = chains.adapter(coin.type);
  if (!(await chain.verifyMessage(body.address, body.message, body.signature))) throw new AppError('BIND_SIGNATURE_INVALID');
  const height = await chain.height();

  const id = await db.transaction().execute(async (trx) => {
    // Serialise a user's bindings so the limit holds under concurrent requests.
    await lockUser(trx, userId);
    if (await plotBound(trx, body.pool, plotId)) throw new AppError('BIND_EXISTS');
    if ((await activeBindingCount(trx, userId, body.pool)) >= MAX_BINDINGS_PER_POOL) throw new AppError('BIND_LIMIT_REACHED');
    const binding: PlotBinding = {
      bind_address: body.address,
      bind_status: 'BIND_SENT',
      flag: null,
      bind_height: height,
      bind_sent_at: now,
      confirmed_at: null,
      updated_at: now,
      // Waits for the back office (capacity_review) unless reviews are switched off.
      review: options.review ? 'pending' : 'approved',
      review_reason: null,
      reviewed_by: null,
      reviewed_at: options.review ? null : now,
    };
    // A plot the proxy tool already reported (unbound) becomes this binding.
    return writeBinding(trx, userId, body.pool, plotId, binding);
  });
  return (await listPlots(db, userId, { page: 1, count: 1, id })).list[0] as Plot;
}

/** Asks to unbind a confirmed plot: it waits for the back office's review. */
export async function unbindPlot(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const row = await userPlotStatus(db, userId, id);
  if (!row?.bind_status || row.bind_status === 'UNBIND') throw new AppError('BIND_NOT_FOUND');
  if (row.bind_status === 'UNBIND_AUDITING' || row.bind_status === 'UNBIND_SENT') throw new AppError('BIND_AUDITING');
  if (row.bind_status !== 'CONFIRMED') throw new AppError('UNBIND_NOT_ALLOWED');
  if (!(await markUnbindAuditing(db, id, now))) throw new AppError('UNBIND_NOT_ALLOWED');
}

/**
 * The worker's step: bindings (and unbindings) sent to the chain are confirmed after the
 * coin's confirmations; a binding not confirmed within 24 hours is marked TIMEOUT.
 */
export async function confirmBindings(db: Db, chains: ChainRegistry, now = new Date()): Promise<number> {
  const pending = await sentBindings(db);
  let changed = 0;
  const heights = new Map<string, number>();
  for (const row of pending) {
    const height = heights.get(row.coin) ?? (await chains.adapter(row.coin).height());
    heights.set(row.coin, height);
    if (height >= Number(row.bind_height ?? 0) + row.confirmation) {
      const next = row.bind_status === 'BIND_SENT' ? { bind_status: 'CONFIRMED' as const, confirmed_at: now, flag: null } : { bind_status: 'UNBIND' as const };
      changed += await settleBinding(db, row.id, row.bind_status, next, now);
    } else if (row.bind_status === 'BIND_SENT' && row.bind_sent_at && now.getTime() - row.bind_sent_at.getTime() > BIND_DATA_SECONDS * 1000) {
      await flagTimeout(db, row.id, now);
    }
  }
  return changed;
}

/** The proxy tool's plot inventory: sizes and signing of the user's plots, and the flags. */
export async function recordPlotInventory(trx: Db, owner: { userId: string; pool: string }, plots: NonNullable<ReportBody['plots']>, now: Date): Promise<number> {
  if (plots.length === 0) return 0;
  const ids = plots.map((p) => p.plot_id);
  const others = await plotsBoundByOthers(trx, owner, ids);
  for (const plot of plots) {
    const flag: PlotFlag | null = others.has(plot.plot_id) ? 'DOUBLE' : plot.joined === false ? 'NOTJOIN' : plot.burned === false ? 'NOTBURN' : null;
    const figures = {
      launcher_id: plot.launcher_id ?? null,
      fingerprint: plot.fingerprint ?? null,
      filename_prefix: plot.prefix,
      size_bytes: plot.size,
      file_count: plot.files,
      last_seen_at: now,
      updated_at: now,
    };
    await upsertReportedPlot(trx, owner, plot.plot_id, figures, plot.signed, flag);
  }
  return plots.length;
}

function plotView(p: PlotRow): Plot {
  return {
    id: p.id,
    pool: p.pool,
    plot_id: p.plot_id,
    launcher_id: p.launcher_id,
    fingerprint: p.fingerprint,
    filename_prefix: p.filename_prefix,
    size: p.size_bytes,
    file_count: p.file_count,
    signing: p.signing,
    bind_address: p.bind_address,
    bind_status: p.bind_status,
    flag: p.flag,
    bind_sent_at: seconds(p.bind_sent_at),
    confirmed_at: seconds(p.confirmed_at),
    last_seen: seconds(p.last_seen_at),
    review: p.review,
    review_reason: p.review_reason,
    post_status: p.post_status,
  };
}

/**
 * Every user's plots for the back office (/admin/plots); `bindings`: the binding records of
 * every state including finished unbindings and refused bindings (/admin/bind_info); `bind` /
 * `unbind`: what waits for review (/admin/capacity_review, /admin/capacity_unbind), oldest first.
 */
export async function adminPlots(
  db: Db,
  query: { pool?: string | undefined; uid?: string | undefined; plot_id?: string | undefined; status?: string | undefined; page: number; count: number },
  view: AdminPlotView = 'plots',
) {
  const { rows, total } = await adminPlotsPage(db, query, view);
  return { list: rows.map((r) => ({ ...plotView(r), uid: r.uid, email: r.email })), total };
}

/** The user's plots (GET /api/pool/GetPlots) with the counters of the plots page. */
export async function listPlots(db: Db, userId: string, query: { pool?: string; status?: string; page: number; count: number; id?: string }) {
  const { rows, total, counters } = await userPlotsPage(db, userId, query);
  // BHD family: each plotter's plot files as its miner names them (X-Plotfile).
  const files = await pocPlotFiles(db, rows);
  const filesOf = (p: PlotRow) =>
    files
      .filter((f) => f.pool === p.pool && f.plotter_id === p.plot_id)
      .map((f) => ({ file: f.file, start_nonce: f.start_nonce, nonces: f.nonces, size: (BigInt(f.nonces) * POC_NONCE_BYTES).toString(), last_seen: seconds(f.last_seen_at) ?? 0 }));
  return {
    list: rows.map((p) => {
      const own = filesOf(p);
      return own.length ? { ...plotView(p), files: own } : plotView(p);
    }),
    total,
    counters: {
      bound: Number(counters.bound),
      BIND_SENT: Number(counters.BIND_SENT),
      UNBIND_AUDITING: Number(counters.UNBIND_AUDITING),
      TIMEOUT: Number(counters.TIMEOUT),
      UNBOUND: Number(counters.UNBOUND),
      NOTJOIN: Number(counters.NOTJOIN),
      NOTBURN: Number(counters.NOTBURN),
      DOUBLE: Number(counters.DOUBLE),
      UNSIGNED: Number(counters.UNSIGNED),
      size: counters.size,
    },
  };
}
