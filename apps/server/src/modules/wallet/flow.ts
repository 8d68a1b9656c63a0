import { adminFlowEndpoints, type AssetLogQuery } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { scaleMap, toLogItem } from './ledger-views.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * The back office's flow (/admin/flow; spec doc 2 §7 admin GET asset): every change to every
 * user's balances, newest first, filtered by uid, coin, kind and time.
 */
export async function adminFlow(db: Db, q: Pick<AssetLogQuery, 'coin' | 'kind' | 'start' | 'end'> & { uid?: string | undefined; page: number; count: number }) {
  const { rows, total } = await walletRepository.adminBillPage(db, q);
  const scales = await scaleMap(db);
  return { total, list: rows.map((r) => ({ ...toLogItem(r, scales), uid: r.uid, email: r.email })) };
}

export function adminFlowRoutes(app: ZodApp, deps: { db: Db }): void {
  // Support staff read it too; the back-office guard checks the role.
  route(app, adminFlowEndpoints.asset, { config: { role: 'support' } }, async (request) => ok(request, await adminFlow(deps.db, request.query)));
}
