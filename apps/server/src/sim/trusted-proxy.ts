import type { Db } from '../db/database.ts';
import { issueProxyKey } from '../modules/pool/proxy-keys.ts';

/**
 * The devnet's trusted proxies (issue 18): on a pool with protocol `trusted-proxy`, the
 * simulated farms report through keys issued as the operator issues them from the back office
 * (actor: the operator's CLI), with the pool's trusted-proxy mode on — so a fresh `npm start`
 * shows live MASS, AR and Aleo pools whose shares count. Earlier runs' simulator keys are revoked.
 */
export const SIMULATOR_PROXY_LABEL = 'devnet simulator';

export async function simulatorProxyKey(db: Db, userId: string, pool: string): Promise<string> {
  await db.updateTable('pool_configs').set({ trusted_proxy: true, updated_at: new Date() }).where('pool', '=', pool).where('trusted_proxy', '=', false).execute();
  await db
    .updateTable('miner_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('pool', '=', pool)
    .where('operator_issued', '=', true)
    .where('label', '=', SIMULATOR_PROXY_LABEL)
    .where('revoked_at', 'is', null)
    .execute();
  const { uid } = await db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow();
  const issued = await issueProxyKey(db, 'cli', { pool, uid, label: SIMULATOR_PROXY_LABEL });
  return issued.key ?? '';
}
