import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type CodeChannel = 'email' | 'sms' | 'telegram';

const SECURITY_COLUMNS = [
  'id',
  'email',
  'language',
  'status',
  'password_hash',
  'nationality',
  'phone_code',
  'phone',
  'google_secret',
  'google_last_step',
  'google_pending_secret',
  'google_pending_expires_at',
  'google_pending_attempts',
  'security_changed_at',
  'security_locked_until',
] as const;

export function securityRepository(db: Db) {
  return {
    async user(userId: string) {
      return db.selectFrom('users').select(SECURITY_COLUMNS).where('id', '=', userId).executeTakeFirst();
    },
    /** The user's row, locked until the transaction ends (serialises verifications per user). */
    async lockUser(userId: string) {
      return db.selectFrom('users').select(SECURITY_COLUMNS).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    },
    async markSecurityChanged(userId: string) {
      await db
        .updateTable('users')
        .set({ security_changed_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
    /** A new password: the withdrawal lock starts, and reset links already mailed stop working. */
    async setPassword(userId: string, passwordHash: string) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, security_changed_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
      await db
        .updateTable('account_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', 'reset')
        .where('used_at', 'is', null)
        .execute();
    },

    // --- failed verifications ---
    /** Counts one failure of the purpose; a window older than `windowMinutes` starts anew. Returns the count. */
    async countFailure(userId: string, purpose: string, windowMinutes: number): Promise<number> {
      const fresh = sql<boolean>`security_failures.window_started_at < now() - make_interval(mins => ${windowMinutes})`;
      const row = await db
        .insertInto('security_failures')
        .values({ user_id: userId, purpose, failures: 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'purpose']).doUpdateSet({
            failures: sql`CASE WHEN ${fresh} THEN 1 ELSE security_failures.failures + 1 END`,
            window_started_at: sql`CASE WHEN ${fresh} THEN now() ELSE security_failures.window_started_at END`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return row.failures;
    },
    async clearFailures(userId: string, purpose: string) {
      await db.deleteFrom('security_failures').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    },
    /** Locks the sensitive actions until `until`: the failure counts restart and every unused code is void. */
    async lockSensitive(userId: string, until: Date) {
      await db.updateTable('users').set({ security_locked_until: until }).where('id', '=', userId).execute();
      await db.deleteFrom('security_failures').where('user_id', '=', userId).execute();
      await db
        .updateTable('verification_codes')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    // --- authenticator ---
    /** Stores the accepted time step only forward: a code of that step or an earlier one is refused. */
    async acceptGoogleStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ google_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('google_last_step', 'is', null), eb('google_last_step', '<', String(step))]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async setPendingGoogle(userId: string, sealedSecret: string, expiresAt: Date) {
      await db
        .updateTable('users')
        .set({ google_pending_secret: sealedSecret, google_pending_expires_at: expiresAt, google_pending_attempts: 0 })
        .where('id', '=', userId)
        .execute();
    },
    async bumpPendingGoogle(userId: string) {
      await db
        .updateTable('users')
        .set((eb) => ({ google_pending_attempts: eb('google_pending_attempts', '+', 1) }))
        .where('id', '=', userId)
        .execute();
    },
    async clearPendingGoogle(userId: string) {
      await db.updateTable('users').set({ google_pending_secret: null, google_pending_expires_at: null, google_pending_attempts: 0 }).where('id', '=', userId).execute();
    },
    /** Binds the authenticator; `lockWithdrawals` starts the 24-hour lock (see locksWithdrawals). */
    async bindGoogle(userId: string, sealedSecret: string, step: number, lockWithdrawals: boolean) {
      await db
        .updateTable('users')
        .set({
          google_secret: sealedSecret,
          google_last_step: step,
          google_pending_secret: null,
          google_pending_expires_at: null,
          google_pending_attempts: 0,
          ...(lockWithdrawals ? { security_changed_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },
    async unbindGoogle(userId: string) {
      await db
        .updateTable('users')
        .set({ google_secret: null, google_last_step: null, security_changed_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },

    // --- phone ---
    async phoneOwner(phoneCode: string, phone: string) {
      return db.selectFrom('users').select('id').where('phone_code', '=', phoneCode).where('phone', '=', phone).executeTakeFirst();
    },
    /** False when another user has the number (unique index). `lockWithdrawals` starts the 24-hour lock. */
    async setPhone(userId: string, phone: { nationality: string; phone_code: string; phone: string }, lockWithdrawals: boolean): Promise<boolean> {
      try {
        await db
          .updateTable('users')
          .set({ ...phone, ...(lockWithdrawals ? { security_changed_at: sql<Date>`now()` } : {}) })
          .where('id', '=', userId)
          .execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },

    // --- one-time codes ---
    /** Retires the user's earlier unused codes for this action and channel: only the newest works. */
    async supersedeCodes(userId: string, action: string, channel: CodeChannel) {
      await db
        .updateTable('verification_codes')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .where('channel', '=', channel)
        .where('used_at', 'is', null)
        .execute();
    },
    async insertCode(code: { user_id: string; channel: CodeChannel; target: string; action: string; code_hash: string; expires_at: Date }) {
      await db.insertInto('verification_codes').values(code).execute();
    },
    /** The newest unused code for the action, channel and target (locked). */
    async unusedCode(userId: string, action: string, channel: CodeChannel, target: string) {
      return db
        .selectFrom('verification_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .where('channel', '=', channel)
        .where('target', '=', target)
        .where('used_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
    },
    async bumpCode(id: string) {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async useCode(id: string) {
      await db
        .updateTable('verification_codes')
        .set({ used_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}
