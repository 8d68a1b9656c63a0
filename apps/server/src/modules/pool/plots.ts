import { addressValid, AppError, parseU64, type BindBody, type Plot, type PostStatus, type ReportBody } from '@platter/domain';
import { sql } from 'kysely';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { coinRules } from '../coins/coins.ts';
import type { BindStatus, PlotFlag } from './pool.schema.ts';

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
const ACTIVE: BindStatus[] = ['BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT'];

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
  const row = await db.selectFrom('pools').select(['coin', 'enabled', 'protocol']).where('type', '=', pool).executeTakeFirst();
  if (!row) throw new AppError('POOL_NOT_FOUND');
  if (!row.enabled) throw new AppError('POOL_NOT_OPEN');
  // A BHD-family plotter id is the numeric account id of its key (issue 21).
  if (row.protocol === 'poc-burst' && plotId !== undefined && parseU64(plotId) === undefined) throw new AppError('INVALID_PARAMETER', { field: 'plot_id' });
  return coinRules(db, row.coin);
}

async function uidOf(db: Db, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid;
}

/** The message the binding address's wallet must sign, valid for 24 hours. */
export async function bindData(db: Db, userId: string, input: { pool: string; plot_id: string; address: string }, now = new Date()) {
  const coin = await poolCoin(db, input.pool, input.plot_id);
  if (!addressValid(coin, input.address)) throw new AppError('WALLET_ADDRESS_INVALID');
  const expiresAt = Math.floor(now.getTime() / 1000) + BIND_DATA_SECONDS;
  return { message: bindMessage({ pool: input.pool, plotId: input.plot_id, uid: await uidOf(db, userId), address: input.address, expiresAt }), expires_at: expiresAt };
}

/** Binds a plot: the signed message checked, limits and uniqueness held under a lock. */
export async function bindPlot(db: Db, chains: ChainRegistry, userId: string, body: BindBody, now = new Date(), options: { review: boolean } = { review: true }): Promise<Plot> {
  const coin = await poolCoin(db, body.pool, body.plot_id);
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
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const taken = await trx
      .selectFrom('plots')
      .select(['user_id'])
      .where('pool', '=', body.pool)
      .where('plot_id', '=', body.plot_id)
      .where('bind_status', 'in', ACTIVE)
      .executeTakeFirst();
    if (taken) throw new AppError('BIND_EXISTS');
    const { n } = await trx
      .selectFrom('plots')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('pool', '=', body.pool)
      .where('bind_status', 'in', ACTIVE)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_BINDINGS_PER_POOL) throw new AppError('BIND_LIMIT_REACHED');
    const binding = {
      bind_address: body.address,
      bind_status: 'BIND_SENT' as const,
      flag: null,
      bind_height: height,
      bind_sent_at: now,
      confirmed_at: null,
      updated_at: now,
      // Waits for the back office (capacity_review) unless reviews are switched off.
      review: options.review ? ('pending' as const) : ('approved' as const),
      review_reason: null,
      reviewed_by: null,
      reviewed_at: options.review ? null : now,
    };
    // A plot the proxy tool already reported (unbound) becomes this binding.
    const seen = await trx
      .updateTable('plots')
      .set(binding)
      .where('user_id', '=', userId)
      .where('pool', '=', body.pool)
      .where('plot_id', '=', body.plot_id)
      .where('bind_status', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (seen) return seen.id;
    const row = await trx
      .insertInto('plots')
      .values({ user_id: userId, pool: body.pool, plot_id: body.plot_id, ...binding })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await listPlots(db, userId, { page: 1, count: 1, id })).list[0] as Plot;
}

/** Asks to unbind a confirmed plot: it waits for the back office's review. */
export async function unbindPlot(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const row = await db.selectFrom('plots').select(['bind_status']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row?.bind_status || row.bind_status === 'UNBIND') throw new AppError('BIND_NOT_FOUND');
  if (row.bind_status === 'UNBIND_AUDITING' || row.bind_status === 'UNBIND_SENT') throw new AppError('BIND_AUDITING');
  if (row.bind_status !== 'CONFIRMED') throw new AppError('UNBIND_NOT_ALLOWED');
  const changed = await db
    .updateTable('plots')
    .set({ bind_status: 'UNBIND_AUDITING', updated_at: now })
    .where('id', '=', id)
    .where('bind_status', '=', 'CONFIRMED')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new AppError('UNBIND_NOT_ALLOWED');
}

/**
 * The worker's step: bindings (and unbindings) sent to the chain are confirmed after the
 * coin's confirmations; a binding not confirmed within 24 hours is marked TIMEOUT.
 */
export async function confirmBindings(db: Db, chains: ChainRegistry, now = new Date()): Promise<number> {
  const pending = await db
    .selectFrom('plots as p')
    .innerJoin('pools as o', 'o.type', 'p.pool')
    .innerJoin('coins as c', 'c.type', 'o.coin')
    .select(['p.id', 'p.bind_status', 'p.bind_height', 'p.bind_sent_at', 'o.coin', 'c.confirmation'])
    .where('p.bind_status', 'in', ['BIND_SENT', 'UNBIND_SENT'])
    // A BHD-family plotter is confirmed when its chain shows it bound to the pool (protocols/poc).
    .where('o.protocol', '<>', 'poc-burst')
    // A binding waiting for the back office's review is not confirmed (nor timed out) yet.
    .where((eb) => eb.or([eb('p.review', 'is', null), eb('p.review', '<>', 'pending')]))
    .execute();
  let changed = 0;
  const heights = new Map<string, number>();
  for (const row of pending) {
    const height = heights.get(row.coin) ?? (await chains.adapter(row.coin).height());
    heights.set(row.coin, height);
    if (height >= Number(row.bind_height ?? 0) + row.confirmation) {
      const next = row.bind_status === 'BIND_SENT' ? { bind_status: 'CONFIRMED' as const, confirmed_at: now, flag: null } : { bind_status: 'UNBIND' as const };
      const done = await db
        .updateTable('plots')
        .set({ ...next, updated_at: now })
        .where('id', '=', row.id)
        .where('bind_status', '=', row.bind_status)
        .executeTakeFirst();
      changed += Number(done.numUpdatedRows);
    } else if (row.bind_status === 'BIND_SENT' && row.bind_sent_at && now.getTime() - row.bind_sent_at.getTime() > BIND_DATA_SECONDS * 1000) {
      await db.updateTable('plots').set({ flag: 'TIMEOUT', updated_at: now }).where('id', '=', row.id).where('flag', 'is', null).execute();
    }
  }
  return changed;
}

/** The proxy tool's plot inventory: sizes and signing of the user's plots, and the flags. */
export async function recordPlotInventory(trx: Db, owner: { userId: string; pool: string }, plots: NonNullable<ReportBody['plots']>, now: Date): Promise<number> {
  if (plots.length === 0) return 0;
  const ids = plots.map((p) => p.plot_id);
  const others = new Set(
    (
      await trx
        .selectFrom('plots')
        .select('plot_id')
        .where('pool', '=', owner.pool)
        .where('plot_id', 'in', ids)
        .where('user_id', '<>', owner.userId)
        .where('bind_status', 'in', ACTIVE)
        .execute()
    ).map((p) => p.plot_id),
  );
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
    const updated = await trx
      .updateTable('plots')
      .set({
        ...figures,
        // The back office's BANNED stays; otherwise the tool says whether the plot is signed.
        signing: sql<'signed' | 'UNSIGNED' | 'BANNED'>`CASE WHEN signing = 'BANNED' THEN 'BANNED' ELSE ${plot.signed ? 'signed' : 'UNSIGNED'} END`,
        flag: sql<PlotFlag | null>`CASE WHEN bind_status IS NULL THEN ${flag ?? 'UNBOUND'} ELSE ${flag}::text END`,
      })
      .where('user_id', '=', owner.userId)
      .where('pool', '=', owner.pool)
      .where('plot_id', '=', plot.plot_id)
      .where((eb) => eb.or([eb('bind_status', 'is', null), eb('bind_status', '<>', 'UNBIND')]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('plots')
        .values({ user_id: owner.userId, pool: owner.pool, plot_id: plot.plot_id, ...figures, signing: plot.signed ? 'signed' : 'UNSIGNED', flag: flag ?? 'UNBOUND' })
        .execute();
    }
  }
  return plots.length;
}

type PlotRow = {
  id: string;
  pool: string;
  plot_id: string;
  launcher_id: string | null;
  fingerprint: string | null;
  filename_prefix: string;
  size_bytes: string;
  file_count: number;
  signing: 'signed' | 'UNSIGNED' | 'BANNED';
  bind_address: string | null;
  bind_status: BindStatus | null;
  flag: PlotFlag | null;
  bind_sent_at: Date | null;
  confirmed_at: Date | null;
  last_seen_at: Date | null;
  review: 'pending' | 'approved' | 'rejected' | 'canceled' | null;
  review_reason: string | null;
  post_status: PostStatus | null;
};

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
export type AdminPlotView = 'plots' | 'bindings' | 'bind' | 'unbind';

export async function adminPlots(
  db: Db,
  query: { pool?: string | undefined; uid?: string | undefined; plot_id?: string | undefined; status?: string | undefined; page: number; count: number },
  view: AdminPlotView = 'plots',
) {
  let base = db.selectFrom('plots as p').innerJoin('users as u', 'u.id', 'p.user_id');
  if (view === 'bindings') base = base.where((eb) => eb.or([eb('p.bind_status', 'is not', null), eb('p.review', 'in', ['rejected', 'canceled'])]));
  else if (view === 'bind') base = base.where('p.bind_status', '=', 'BIND_SENT').where('p.review', '=', 'pending');
  else if (view === 'unbind') base = base.where('p.bind_status', '=', 'UNBIND_AUDITING');
  else base = base.where((eb) => eb.or([eb('p.bind_status', 'is', null), eb('p.bind_status', '<>', 'UNBIND')]));
  if (query.pool) base = base.where('p.pool', '=', query.pool);
  if (query.uid) base = base.where('u.uid', '=', query.uid);
  if (query.plot_id) base = base.where('p.plot_id', '=', query.plot_id);
  if (query.status === 'UNSIGNED') base = base.where('p.signing', '=', 'UNSIGNED');
  else if (query.status && ['TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE'].includes(query.status)) base = base.where('p.flag', '=', query.status as PlotFlag);
  else if (query.status) base = base.where('p.bind_status', '=', query.status as BindStatus);
  const waiting = view === 'bind' || view === 'unbind';
  const { rows, total } = await paginate(base, query, (from) =>
    from
      .selectAll('p')
      .select(['u.uid', 'u.email'])
      .orderBy('p.updated_at', waiting ? 'asc' : 'desc')
      .orderBy('p.id', waiting ? 'asc' : 'desc'),
  );
  return { list: rows.map((r) => ({ ...plotView(r), uid: r.uid, email: r.email })), total };
}

/** The user's plots (GET /api/pool/GetPlots) with the counters of the plots page. */
export async function listPlots(db: Db, userId: string, query: { pool?: string; status?: string; page: number; count: number; id?: string }) {
  let base = db
    .selectFrom('plots')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('bind_status', 'is', null), eb('bind_status', '<>', 'UNBIND')]));
  if (query.pool) base = base.where('pool', '=', query.pool);
  const counters = await base
    .select([
      sql<string>`count(*) FILTER (WHERE bind_status = 'CONFIRMED')`.as('bound'),
      sql<string>`count(*) FILTER (WHERE bind_status = 'BIND_SENT')`.as('BIND_SENT'),
      sql<string>`count(*) FILTER (WHERE bind_status = 'UNBIND_AUDITING')`.as('UNBIND_AUDITING'),
      sql<string>`count(*) FILTER (WHERE flag = 'TIMEOUT')`.as('TIMEOUT'),
      sql<string>`count(*) FILTER (WHERE flag = 'UNBOUND')`.as('UNBOUND'),
      sql<string>`count(*) FILTER (WHERE flag = 'NOTJOIN')`.as('NOTJOIN'),
      sql<string>`count(*) FILTER (WHERE flag = 'NOTBURN')`.as('NOTBURN'),
      sql<string>`count(*) FILTER (WHERE flag = 'DOUBLE')`.as('DOUBLE'),
      sql<string>`count(*) FILTER (WHERE signing = 'UNSIGNED')`.as('UNSIGNED'),
      sql<string>`coalesce(sum(size_bytes) FILTER (WHERE bind_status = 'CONFIRMED'), 0)`.as('size'),
      sql<string>`count(*)`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  let filtered = base;
  if (query.id) filtered = filtered.where('id', '=', query.id);
  if (query.status === 'UNSIGNED') filtered = filtered.where('signing', '=', 'UNSIGNED');
  else if (query.status && ['TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE'].includes(query.status)) filtered = filtered.where('flag', '=', query.status as PlotFlag);
  else if (query.status) filtered = filtered.where('bind_status', '=', query.status as BindStatus);
  const { rows, total } = await paginate(filtered, query, (from) => from.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'));
  return {
    list: rows.map(plotView),
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
