import { z } from 'zod';
import { validDealShares } from '../cooperation.ts';
import { cooperationAmountField } from './cooperation.ts';
import { msg, text } from './text.ts';
import { intIn, shareField } from './pointingSettings.ts';
import { coinField } from './wallet.ts';

/**
 * The back office's per-coin cooperation settings (issue 22; spec doc 1 §5, §6, §9): the least
 * cooperation amount in whole coins (XHD: the spec's 8000, or the other text's 1), a deal's coin
 * owner and miner shares (94 % / 3 %), the miner's margin (20 %) and the deal's term.
 */

/** A percent text of the shares ("94", "2.5") in basis points. */
export const percentBp = (percent: string): number => Math.round(Number(percent) * 100);

export const cooperationCoinSettingsSchema = z.object({
  coin: coinField,
  /** The least cooperation amount (open, deal), whole coins, at least 1. */
  min_whole: cooperationAmountField.refine((v) => !/^\d+$/.test(v) || BigInt(v) >= 1n, msg('MORTGAGE_AMOUNT_TOO_SMALL')),
  /** In a deal, the coin owner's share of the secured yield, percent (spec: 94). */
  owner_share: shareField,
  /** In a deal, the miner's share of the secured yield, percent (spec: 3). */
  miner_share: shareField,
  /** The miner's margin of a deal, percent of the lent amount (20 by default). */
  deal_margin: shareField,
  /** A deal's term in days (30 by default). */
  deal_term_days: intIn(1, 3650),
});

/** A save: the owner's and the miner's shares together at most 100 % (validDealShares). */
export const cooperationSettingsBody = cooperationCoinSettingsSchema.refine((v) => validDealShares(percentBp(v.owner_share), percentBp(v.miner_share)), {
  message: msg('INVALID_PARAMETER'),
  path: ['miner_share'],
});
export type CooperationSettingsBody = z.infer<typeof cooperationSettingsBody>;

export const cooperationSettingsList = z.object({
  list: z.array(
    cooperationCoinSettingsSchema.extend({
      unit: text(),
      /** The spec's least amount for the coin (XHD 8000, others 1): shown beside the setting. */
      spec_min_whole: text(),
      updated_at: text().nullable(),
    }),
  ),
});
