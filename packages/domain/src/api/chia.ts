import { z } from 'zod';
import { msg, text } from './text.ts';

/**
 * The platform's Chia PP calls (issue 6). The pool protocol's own request schemas (the
 * farmer's JSON) live with its messages in packages/chia (protocol/schemas.ts).
 */

// --- the platform's Chia PP calls (spec doc 2 §7 'Chia-style pool app') -----------------------

const launcherField = text()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, msg('INVALID_PARAMETER'))
  .transform((v) => v.replace(/^0x/i, '').toLowerCase())
  .meta({ description: 'Plot NFT launcher id (64 hex digits, 0x optional)' });

const chiaPoolField = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,32}$/, msg('POOL_NOT_FOUND'))
  .default('chiapp')
  .meta({ description: 'A pool of the Chia pool protocol v1: chiapp (default), chiavip, chia_test' });

export const chiappInfoQuery = z.object({ pool: chiaPoolField, launcher_id: launcherField.optional() });

export const chiappLauncherSchema = z.object({
  launcher_id: text(),
  /** Joined: the plot NFT farms to this pool now. */
  joined: z.boolean(),
  is_in_pool: z.boolean(),
  /** Unix seconds when it left the pool, or null. */
  leave_time: z.number().int().nullable(),
  pool_name: text(),
  /** The farmer's wallet: its payout instructions (a puzzle hash). */
  wallet_node: text(),
  /** Points confirmed today (UTC) and since it joined. */
  points: text(),
  total_points: text(),
  /** Estimated plot size in bytes from the last 24 hours' points. */
  estimated_size: text(),
  difficulty: text(),
  /** 'mine': bound to the signed-in user; 'other': to someone else; 'none': unbound. */
  bound: z.enum(['mine', 'other', 'none']),
  /** Points earned while it was bound to nobody: not paid to anyone. */
  unissued: text(),
  last_partial_at: z.number().int().nullable(),
});
export type ChiappLauncher = z.infer<typeof chiappLauncherSchema>;

export const chiappInfoSchema = z.object({
  pool: text(),
  /** The URL farmers enter in their Chia client to join. */
  pool_url: text(),
  testnet: z.boolean(),
  launchers: z.array(chiappLauncherSchema),
  /** With launcher_id: that launcher (when known) and the binding data to sign, valid 24 hours. */
  lookup: chiappLauncherSchema.nullable(),
  bind_data: z.object({ key: text(), message: text(), expires_at: z.number().int() }).nullable(),
});
export type ChiappInfo = z.infer<typeof chiappInfoSchema>;

export const chiappBindQuery = z
  .object({
    pool: chiaPoolField,
    launcher_id: launcherField,
    /** The binding data's key (the form) … */
    key: text().trim().max(64).optional(),
    /** … and the signature of its message by the plot NFT's owner key or the farmer's authentication key. */
    signature: text()
      .trim()
      .regex(/^(0x)?[0-9a-fA-F]{192}$/, msg('BIND_SIGNATURE_INVALID'))
      .transform((v) => v.replace(/^0x/i, '').toLowerCase())
      .optional(),
    /** Or the one-time grant of the farmer's GET /login link. */
    login: text().trim().max(64).optional(),
  })
  .refine((q) => q.login !== undefined || (q.key !== undefined && q.signature !== undefined), { message: msg('INVALID_PARAMETER'), path: ['signature'] });

export const chiappLogoutBody = z.object({ pool: chiaPoolField, launcher_id: launcherField });
