import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewUser } from '../../db/schema.ts';

export function accountRepository(db: Db) {
  return {
    async insertUser(user: NewUser) {
      return db.insertInto('users').values(user).returning(['id', 'uid', 'email', 'role']).executeTakeFirstOrThrow();
    },
    async uidExists(uid: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
      return row !== undefined;
    },
    /** Serialises the making of the first admin (a transaction-scoped advisory lock). */
    async lockFirstAdmin(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('platter:first-admin'))`.execute(db);
    },
    async countByRole(role: 'admin' | 'support' | 'user'): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async findByEmail(email: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },
    async findByAccount(account: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
        .executeTakeFirst();
    },
    async findByPhone(phoneCode: string, phone: string) {
      return db.selectFrom('users').selectAll().where('phone_code', '=', phoneCode).where('phone', '=', phone).executeTakeFirst();
    },
    async findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async setRoleAndPassword(id: string, role: 'admin' | 'support' | 'user', passwordHash: string) {
      await db.updateTable('users').set({ role, password_hash: passwordHash, status: 'active' }).where('id', '=', id).execute();
    },
    async setStatus(id: string, status: 'pending' | 'active' | 'banned') {
      await db.updateTable('users').set({ status }).where('id', '=', id).execute();
    },
    /** Activation: pending → active, with the password of the registration whose link was used. */
    async activate(id: string, passwordHash: string | null) {
      await db
        .updateTable('users')
        .set({ status: 'active', activated_at: sql`now()`, ...(passwordHash ? { password_hash: passwordHash } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
    /** A password reset: new password, the withdrawal lock, and a pending account becomes active (its e-mail is proven). */
    async resetPassword(id: string, passwordHash: string) {
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          security_changed_at: sql`now()`,
          status: sql<'pending' | 'active' | 'banned'>`CASE WHEN status = 'pending' THEN 'active' ELSE status END`,
          activated_at: sql<Date>`coalesce(activated_at, now())`,
        })
        .where('id', '=', id)
        .execute();
    },
    async setLanguage(id: string, language: string) {
      await db.updateTable('users').set({ language }).where('id', '=', id).execute();
    },
    /** False when another user has that account name. */
    async setAccountName(id: string, account: string): Promise<boolean> {
      try {
        await db.updateTable('users').set({ account }).where('id', '=', id).execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },
    async setNickname(id: string, nickname: string) {
      await db.updateTable('users').set({ nickname }).where('id', '=', id).execute();
    },
    async setLastLogin(id: string) {
      await db
        .updateTable('users')
        .set({ last_login_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    // --- e-mailed one-time links ---
    async insertToken(token: { token_hash: string; user_id: string; purpose: 'activate' | 'reset'; expires_at: Date; password_hash?: string | null }) {
      await db.insertInto('account_tokens').values(token).execute();
    },
    async takeToken(tokenHash: string, purpose: 'activate' | 'reset') {
      return db.selectFrom('account_tokens').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).forUpdate().executeTakeFirst();
    },
    /** Marks the user's live links of a purpose used (the one just used, and any older ones). */
    async useTokens(userId: string, purpose: 'activate' | 'reset') {
      await db
        .updateTable('account_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    // --- second-factor challenges of a sign-in ---
    async insertChallenge(challenge: { challenge_hash: string; user_id: string; method: string; identifier_hash: string; expires_at: Date }) {
      await db.insertInto('login_challenges').values(challenge).execute();
    },
    /** Spends one try of a live challenge (unused, unexpired, tries left) in one statement; undefined when none is left. */
    async spendChallengeTry(challengeHash: string, maxAttempts: number) {
      return db
        .updateTable('login_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('challenge_hash', '=', challengeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .executeTakeFirst();
    },
    /** False when it was used meanwhile. */
    async useChallenge(challengeHash: string): Promise<boolean> {
      const result = await db
        .updateTable('login_challenges')
        .set({ used_at: sql`now()` })
        .where('challenge_hash', '=', challengeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
