import { z } from 'zod';
import { POINT_STATUSES, POINTING_COINS } from '../pointing.ts';
import { text, msg, idField } from './text.ts';
import { amountField } from './wallet.ts';

/**
 * Coin owners, second part (issue 22): a pointing committed to a finance holding
 * (POINT_LOCKED_MARKET), and the back office's per-coin pointing settings.
 */

export const pointFinanceLockBody = z.object({ record_id: idField, holding_id: idField });
export const pointFinanceLockResult = z.object({ id: text(), status: z.enum(POINT_STATUSES), holding_id: text() });

/** A share in percent with at most 2 decimals (basis points): "80", "12.5". */
export const shareField = text({ error: msg('INVALID_PARAMETER') })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, msg('INVALID_PARAMETER'))
  .refine((v) => Number(v) <= 100, msg('INVALID_PARAMETER'))
  .meta({ description: 'Percent, at most 2 decimals', example: '80' });

export const intIn = (min: number, max: number) =>
  z.coerce.number(msg('INVALID_PARAMETER')).int(msg('INVALID_PARAMETER')).min(min, msg('INVALID_PARAMETER')).max(max, msg('INVALID_PARAMETER'));

/** One coin's pointing settings, as the back office reads and writes them. */
export const pointCoinSettingsSchema = z.object({
  coin: z.enum(POINTING_COINS, { error: msg('COIN_NOT_FOUND') }),
  /** Percent of a pointed amount the pool counts (spec: 80; XHD 100). */
  count_share: shareField,
  /** Percent frozen as the margin (spec: 20; XHD 0). */
  margin_share: shareField,
  /** Noterm's lock in days: the spec's 7, or the DePINC chain's 5. */
  noterm_lock_days: intIn(1, 365),
  /** The least amount a verification or a pointing may carry, in whole coins ("0": any). */
  min_point: amountField,
  /** The blocks a source-address verification may take (spec: 20). */
  verify_window_blocks: intIn(2, 10_000),
});

/** A save: both shares together at most 100 %. */
export const pointSettingsBody = pointCoinSettingsSchema.refine((v) => Math.round(Number(v.count_share) * 100) + Math.round(Number(v.margin_share) * 100) <= 10_000, {
  message: msg('INVALID_PARAMETER'),
  path: ['margin_share'],
});
export type PointSettingsBody = z.infer<typeof pointSettingsBody>;

export const pointSettingsList = z.object({ list: z.array(pointCoinSettingsSchema.extend({ updated_at: text().nullable() })) });
