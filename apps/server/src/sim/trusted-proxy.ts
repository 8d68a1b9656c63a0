import type { Db } from '../db/database.ts';
import { simulatorRepository } from './simulator.repository.ts';
import { issueProxyKey } from '../modules/pool/proxy-keys.ts';

/**
 * The devnet's trusted proxies (issue 18): on a pool with protocol `trusted-proxy`, the
 * simulated farms report through keys issued as the operator issues them from the back office
 * (actor: the operator's CLI), with the pool's trusted-proxy mode on — so a fresh `npm start`
 * shows live MASS, AR and Aleo pools whose shares count. Earlier runs' simulator keys are revoked.
 */
export const SIMULATOR_PROXY_LABEL = 'devnet simulator';

export async function simulatorProxyKey(db: Db, userId: string, pool: string): Promise<string> {
  await simulatorRepository.trustProxy(db, pool);
  await simulatorRepository.revokeProxyKeys(db, userId, pool, SIMULATOR_PROXY_LABEL);
  const uid = await simulatorRepository.uidOf(db, userId);
  const issued = await issueProxyKey(db, 'cli', { pool, uid, label: SIMULATOR_PROXY_LABEL });
  return issued.key ?? '';
}
