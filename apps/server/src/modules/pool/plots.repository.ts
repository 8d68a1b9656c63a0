import type { PostStatus } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';
import type { BindStatus, PlotFlag } from './pool.schema.ts';

/** SQL of plots and their bindings (plots.ts holds the rules). */

/** The binding states that hold a plot for its user. */
const ACTIVE: BindStatus[] = ['BIND_SENT', 'CONFIRMED', 'UNBIND_AUDITING', 'UNBIND_SENT'];
const FLAGS = ['TIMEOUT', 'UNBOUND', 'NOTJOIN', 'NOTBURN', 'DOUBLE'];

export type PlotRow = {
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

export type PlotBinding = {
  bind_address: string;
  bind_status: 'BIND_SENT';
  flag: null;
  bind_height: number;
  bind_sent_at: Date;
  confirmed_at: null;
  updated_at: Date;
  review: 'pending' | 'approved';
  review_reason: null;
  reviewed_by: null;
  reviewed_at: Date | null;
};

/** Locks the user's row: serialises a user's bindings. */
export async function lockUser(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** Whether a plot of the pool is held by an active binding. */
export async function plotBound(trx: Db, pool: string, plotId: string): Promise<boolean> {
  const taken = await trx.selectFrom('plots').select(['user_id']).where('pool', '=', pool).where('plot_id', '=', plotId).where('bind_status', 'in', ACTIVE).executeTakeFirst();
  return taken !== undefined;
}

/** The user's active bindings in a pool. */
export async function activeBindingCount(trx: Db, userId: string, pool: string): Promise<number> {
  const { n } = await trx
    .selectFrom('plots')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('bind_status', 'in', ACTIVE)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Writes a binding: onto the plot the proxy tool already reported (unbound), else a new plot row. */
export async function writeBinding(trx: Db, userId: string, pool: string, plotId: string, binding: PlotBinding): Promise<string> {
  const seen = await trx
    .updateTable('plots')
    .set(binding)
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('plot_id', '=', plotId)
    .where('bind_status', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (seen) return seen.id;
  const row = await trx
    .insertInto('plots')
    .values({ user_id: userId, pool, plot_id: plotId, ...binding })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userPlotStatus(db: Db, userId: string, id: string) {
  return db.selectFrom('plots').select(['bind_status']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Moves a confirmed binding to the unbinding review; whether it was confirmed. */
export async function markUnbindAuditing(db: Db, id: string, now: Date): Promise<boolean> {
  const changed = await db
    .updateTable('plots')
    .set({ bind_status: 'UNBIND_AUDITING', updated_at: now })
    .where('id', '=', id)
    .where('bind_status', '=', 'CONFIRMED')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** Bindings and unbindings sent to the chain and not waiting for the back office, with their coin's confirmations. */
export async function sentBindings(db: Db) {
  return (
    db
      .selectFrom('plots as p')
      .innerJoin('pools as o', 'o.type', 'p.pool')
      .innerJoin('coins as c', 'c.type', 'o.coin')
      .select(['p.id', 'p.bind_status', 'p.bind_height', 'p.bind_sent_at', 'o.coin', 'c.confirmation'])
      .where('p.bind_status', 'in', ['BIND_SENT', 'UNBIND_SENT'])
      // A BHD-family plotter is confirmed when its chain shows it bound to the pool (protocols/poc).
      .where('o.protocol', '<>', 'poc-burst')
      // A binding waiting for the back office's review is not confirmed (nor timed out) yet.
      .where((eb) => eb.or([eb('p.review', 'is', null), eb('p.review', '<>', 'pending')]))
      .execute()
  );
}

/** Moves a sent binding on (confirmed, or unbound) if it is still in `from`; the rows changed. */
export async function settleBinding(
  db: Db,
  id: string,
  from: BindStatus | null,
  next: { bind_status: 'CONFIRMED'; confirmed_at: Date; flag: null } | { bind_status: 'UNBIND' },
  now: Date,
): Promise<number> {
  const done = await db
    .updateTable('plots')
    .set({ ...next, updated_at: now })
    .where('id', '=', id)
    .where('bind_status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export async function flagTimeout(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('plots').set({ flag: 'TIMEOUT', updated_at: now }).where('id', '=', id).where('flag', 'is', null).execute();
}

/** Of `plotIds`, those another user holds by an active binding in the pool. */
export async function plotsBoundByOthers(trx: Db, owner: { userId: string; pool: string }, plotIds: string[]): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('plots')
    .select('plot_id')
    .where('pool', '=', owner.pool)
    .where('plot_id', 'in', plotIds)
    .where('user_id', '<>', owner.userId)
    .where('bind_status', 'in', ACTIVE)
    .execute();
  return new Set(rows.map((p) => p.plot_id));
}

export interface PlotFigures {
  launcher_id: string | null;
  fingerprint: string | null;
  filename_prefix: string;
  size_bytes: string;
  file_count: number;
  last_seen_at: Date;
  updated_at: Date;
}

/** Records one reported plot: its figures, signing and flag on the user's row, or a new (unbound) row. */
export async function upsertReportedPlot(
  trx: Db,
  owner: { userId: string; pool: string },
  plotId: string,
  figures: PlotFigures,
  signed: boolean,
  flag: PlotFlag | null,
): Promise<void> {
  const updated = await trx
    .updateTable('plots')
    .set({
      ...figures,
      // The back office's BANNED stays; otherwise the tool says whether the plot is signed.
      signing: sql<'signed' | 'UNSIGNED' | 'BANNED'>`CASE WHEN signing = 'BANNED' THEN 'BANNED' ELSE ${signed ? 'signed' : 'UNSIGNED'} END`,
      flag: sql<PlotFlag | null>`CASE WHEN bind_status IS NULL THEN ${flag ?? 'UNBOUND'} ELSE ${flag}::text END`,
    })
    .where('user_id', '=', owner.userId)
    .where('pool', '=', owner.pool)
    .where('plot_id', '=', plotId)
    .where((eb) => eb.or([eb('bind_status', 'is', null), eb('bind_status', '<>', 'UNBIND')]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('plots')
      .values({ user_id: owner.userId, pool: owner.pool, plot_id: plotId, ...figures, signing: signed ? 'signed' : 'UNSIGNED', flag: flag ?? 'UNBOUND' })
      .execute();
  }
}

/**
 * Every user's plots for the back office; `bindings`: the binding records of every state
 * including finished unbindings and refused bindings; `bind` / `unbind`: what waits for review,
 * oldest first.
 */
export type AdminPlotView = 'plots' | 'bindings' | 'bind' | 'unbind';

export async function adminPlotsPage(
  db: Db,
  query: PageQuery & { pool?: string | undefined; uid?: string | undefined; plot_id?: string | undefined; status?: string | undefined },
  view: AdminPlotView,
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
  else if (query.status && FLAGS.includes(query.status)) base = base.where('p.flag', '=', query.status as PlotFlag);
  else if (query.status) base = base.where('p.bind_status', '=', query.status as BindStatus);
  const waiting = view === 'bind' || view === 'unbind';
  return paginate(base, query, (from) =>
    from
      .selectAll('p')
      .select(['u.uid', 'u.email'])
      .orderBy('p.updated_at', waiting ? 'asc' : 'desc')
      .orderBy('p.id', waiting ? 'asc' : 'desc'),
  );
}

/** The user's live plots (not unbound): the plots page's counters and a page of them. */
export async function userPlotsPage(db: Db, userId: string, query: PageQuery & { pool?: string; status?: string; id?: string }) {
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
  else if (query.status && FLAGS.includes(query.status)) filtered = filtered.where('flag', '=', query.status as PlotFlag);
  else if (query.status) filtered = filtered.where('bind_status', '=', query.status as BindStatus);
  const { rows, total } = await paginate(filtered, query, (from) => from.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'));
  return { rows, total, counters };
}

/** The plot files BHD-family miners named (X-Plotfile) for these (pool, plotter id) pairs, by start nonce. */
export async function pocPlotFiles(db: Db, plots: readonly { pool: string; plot_id: string }[]) {
  const numeric = plots.filter((p) => /^\d{1,20}$/.test(p.plot_id));
  if (numeric.length === 0) return [];
  return db
    .selectFrom('poc_plot_files')
    .select([
      'pool',
      sql<string>`plotter_id::text`.as('plotter_id'),
      'file',
      sql<string>`start_nonce::text`.as('start_nonce'),
      sql<string>`nonces::text`.as('nonces'),
      'last_seen_at',
    ])
    .where((eb) => eb.or(numeric.map((p) => eb.and([eb('pool', '=', p.pool), eb('plotter_id', '=', p.plot_id)]))))
    .orderBy('pool')
    .orderBy('plotter_id')
    .orderBy('start_nonce')
    .execute();
}
