import { AppError, defaultCooperationSettings, percentBp, percentOfRatio, validDealShares, type CooperationSettingsBody } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { cooperationRepository as repo } from './cooperation.repository.ts';
import { cooperationSettings, type CooperationCoinSettings } from './cooperation.service.ts';

/**
 * The back office's per-coin cooperation settings (/admin/cooperation_settings; issue 22): the
 * least cooperation amount in whole coins (XHD: the spec's 8000 by default, the other text's 1
 * by setting it), a deal's owner and miner shares, margin and term. The cooperation service
 * reads them at each call (cooperationSettings): a change applies to the next open, deposit,
 * return and deal offer; deals already made keep the shares and margin they were made with.
 */

function view(coin: string, s: CooperationCoinSettings) {
  return {
    coin,
    min_whole: s.minWhole.toString(),
    owner_share: percentOfRatio(s.ownerBp),
    miner_share: percentOfRatio(s.minerBp),
    deal_margin: percentOfRatio(s.dealMarginBp),
    deal_term_days: s.dealTermDays,
  };
}

/** Every cooperation coin's settings: its row, or the spec's defaults when it has none. */
export async function listCooperationSettings(db: Db) {
  const [coins, rows] = await Promise.all([repo.cooperationCoins(db), repo.allSettings(db)]);
  const updated = new Map(rows.map((r) => [r.coin, r.updated_at]));
  const list = [];
  for (const { coin, unit } of coins) {
    list.push({
      ...view(coin, await cooperationSettings(db, coin)),
      unit,
      spec_min_whole: defaultCooperationSettings(coin).minWhole.toString(),
      updated_at: updated.get(coin)?.toISOString() ?? null,
    });
  }
  return { list };
}

/** Sets one coin's settings, audited (`cooperation.settings`, before and after) in the same transaction. */
export async function updateCooperationSettings(db: Db, by: AuditBy, body: CooperationSettingsBody) {
  if (!(await repo.cooperationCoins(db)).some((c) => c.coin === body.coin)) throw new AppError('COIN_NOT_FOUND');
  const ownerBp = percentBp(body.owner_share);
  const minerBp = percentBp(body.miner_share);
  if (!validDealShares(ownerBp, minerBp)) throw new AppError('INVALID_PARAMETER', { field: 'miner_share' });
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockSettings(trx, body.coin);
    const after = await repo.saveSettings(trx, {
      coin: body.coin,
      min_whole: BigInt(body.min_whole),
      owner_bp: ownerBp,
      miner_bp: minerBp,
      deal_margin_bp: percentBp(body.deal_margin),
      deal_term_days: body.deal_term_days,
    });
    await recordAudit(trx, by, { action: 'cooperation.settings', target: `cooperation_settings:${body.coin}`, before: before ?? null, after });
  });
  return view(body.coin, await cooperationSettings(db, body.coin));
}
