import { evidenceEarns, utcDay, type ReportBody } from '@platter/domain';
import { upsertReportedMiners } from './report.repository.ts';
import type { Db } from '../../db/database.ts';
import type { KeyOwner } from './keys.ts';
import { ensureSharePartition, recordVerifiedShares } from './shares.repository.ts';
import { recordPlotInventory } from './plots.ts';
import { recordNodeStatuses } from './register.ts';

/** A share older than this (or more than a minute ahead) is refused: the proxy tool buffers briefly. */
export const SHARE_MAX_AGE_SECONDS = 600;

export { ensureSharePartition } from './shares.repository.ts';

/**
 * The proxy tool's report (issue 5): miner heartbeats (name, version, capacity or hashrate,
 * line), shares and the plot inventory, for the user and pool of its API key. Miners are upserted by name; a
 * share naming an unknown miner makes it. Everything in one transaction, in a few statements.
 *
 * Reported shares are claims, not proofs (issue 18): they are written into `shares` — and split
 * the pool's revenue — only where evidenceEarns allows a proxy's report: a trusted-proxy pool
 * with the mode on and a key the operator issued. Everywhere else they only touch their miners
 * (online state) and are answered as `unverified`; heartbeats, capacity and inventories are
 * kept for display either way.
 */
export async function ingestReport(
  db: Db,
  owner: Pick<KeyOwner, 'userId' | 'pool'> & Partial<Pick<KeyOwner, 'protocol' | 'trustedProxy' | 'operatorIssued'>>,
  body: ReportBody,
  now = new Date(),
): Promise<{ miners: number; shares: number; rejected: number; unverified: number; plots: number; nodes: number }> {
  const nowS = Math.floor(now.getTime() / 1000);
  const inTime = body.shares.filter((s) => s.at === undefined || (s.at >= nowS - SHARE_MAX_AGE_SECONDS && s.at <= nowS + 60));
  const rejected = body.shares.length - inTime.length;
  const earns =
    owner.protocol !== undefined &&
    evidenceEarns('proxy-report', { protocol: owner.protocol, trustedProxy: owner.trustedProxy === true, keyIssuer: owner.operatorIssued ? 'operator' : 'user' });
  const fresh = earns ? inTime : [];
  const unverified = inTime.length - fresh.length;

  // Reported miners carry their figures; names seen only on shares are touched (or made).
  const reported = new Map(body.miners.map((m) => [m.name, m]));
  const names = [...new Set([...reported.keys(), ...inTime.map((s) => s.miner)])];
  const plots = body.plots ?? [];
  const nodes = body.nodes ?? [];
  if (names.length === 0 && plots.length === 0 && nodes.length === 0) return { miners: 0, shares: 0, rejected, unverified, plots: 0, nodes: 0 };
  const rows = names.map((name) => reported.get(name));
  const times = fresh.map((s) => new Date((s.at ?? nowS) * 1000));
  for (const day of new Set(times.map(utcDay))) await ensureSharePartition(db, day);

  return db.transaction().execute(async (trx) => {
    const seenPlots = await recordPlotInventory(trx, owner, plots, now);
    const movedNodes = await recordNodeStatuses(trx, owner, nodes, now);
    if (names.length === 0) return { miners: 0, shares: 0, rejected, unverified, plots: seenPlots, nodes: movedNodes };
    const miners = await upsertReportedMiners(trx, owner, names, rows, now);
    const idOf = new Map(miners.map((m) => [m.name, m.id]));
    // A trusted proxy's shares: the operator vouches for them (and plausibility checks them).
    const verified = fresh.map((s, i) => ({ pool: owner.pool, userId: owner.userId, minerId: idOf.get(s.miner) ?? '', difficulty: s.difficulty, at: times[i] ?? now }));
    await recordVerifiedShares(trx, verified, { partitionsMade: true });
    return { miners: miners.length, shares: fresh.length, rejected, unverified, plots: seenPlots, nodes: movedNodes };
  });
}
