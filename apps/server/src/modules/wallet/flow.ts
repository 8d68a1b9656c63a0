import { adminFlowPage, adminFlowQuery, envelopeSchema, type AssetLogQuery } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { scaleMap, toLogItem } from './ledger-views.ts';

/**
 * The back office's flow (/admin/flow; spec doc 2 §7 admin GET asset): every change to every
 * user's balances, newest first, filtered by uid, coin, kind and time.
 */
export async function adminFlow(db: Db, q: Pick<AssetLogQuery, 'coin' | 'kind' | 'start' | 'end'> & { uid?: string | undefined; page: number; count: number }) {
  let base = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .innerJoin('users as u', 'u.id', 'a.user_id');
  if (q.uid) base = base.where('u.uid', '=', q.uid);
  if (q.coin) base = base.where('p.coin', '=', q.coin);
  if (q.kind) base = base.where('t.kind', '=', q.kind);
  if (q.start !== undefined) base = base.where('t.created_at', '>=', new Date(q.start * 1000));
  if (q.end !== undefined) base = base.where('t.created_at', '<', new Date(q.end * 1000));
  const { rows, total } = await paginate(base, q, (from) =>
    from
      .select(['p.id', 'p.coin', 'p.amount', 'a.bucket', 't.kind', 't.reference', 't.memo', 't.created_at', 'u.uid', 'u.email'])
      .orderBy('p.id', 'desc'),
  );
  const scales = await scaleMap(db);
  return { total, list: rows.map((r) => ({ ...toLogItem(r, scales), uid: r.uid, email: r.email })) };
}

export function adminFlowRoutes(app: ZodApp, deps: { db: Db }): void {
  app.get(
    '/api/admin/asset',
    { config: { role: 'support' }, schema: { tags: ['admin'], summary: 'Every user’s bill (the flow), newest first, filtered by uid, coin, kind and time', querystring: adminFlowQuery, response: { 200: envelopeSchema(adminFlowPage) } } },
    // Support staff read it too; the back-office guard checks the role.
    async (request) => ok(request, await adminFlow(deps.db, request.query)),
  );
}
