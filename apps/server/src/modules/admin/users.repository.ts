import type { FindUsersQuery, UserRole } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate } from '../../db/paginate.ts';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's reads and writes of user accounts (SQL only here). */
export function adminUsersRepository(db: Db) {
  return {
    /** findusers: e-mail or account (part, any case), uid (exact), phone (digits, part). */
    async find(q: FindUsersQuery) {
      const keyword = q.keyword.trim();
      const digits = keyword.replace(/\D/g, '');
      let base = db.selectFrom('users as u');
      base = base.where((eb) => {
        const byEmail = eb('u.email', 'ilike', like(keyword));
        const byAccount = eb('u.account', 'ilike', like(keyword));
        const byUid = eb('u.uid', '=', keyword);
        const byPhone = digits.length >= 3 ? eb(sql<string>`coalesce(u.phone_code, '') || coalesce(u.phone, '')`, 'like', like(digits)) : eb.val(false);
        switch (q.by) {
          case 'email':
            return byEmail;
          case 'account':
            return byAccount;
          case 'uid':
            return byUid;
          case 'phone':
            return digits.length >= 3 ? byPhone : eb.val(false);
          default:
            return eb.or([byEmail, byAccount, byUid, byPhone]);
        }
      });
      return paginate(base, q, (from) =>
        from
          .select([
            'u.id',
            'u.uid',
            'u.email',
            'u.account',
            'u.nickname',
            'u.role',
            'u.status',
            'u.phone_code',
            'u.phone',
            sql<boolean>`u.google_secret IS NOT NULL`.as('google'),
            sql<boolean>`EXISTS (SELECT 1 FROM social_bindings s WHERE s.user_id = u.id AND s.provider = 'wechat')`.as('wechat'),
            sql<boolean>`EXISTS (SELECT 1 FROM social_bindings s WHERE s.user_id = u.id AND s.provider = 'telegram')`.as('telegram'),
            'u.created_at',
            'u.last_login_at',
          ])
          .orderBy('u.id'),
      );
    },

    /** Available balances of these users, per coin (non-zero only). */
    async availableBalances(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('ledger_accounts as a')
        .innerJoin('coins as c', 'c.type', 'a.coin')
        .select(['a.user_id', 'a.coin', 'a.balance', 'c.scale'])
        .where('a.user_id', 'in', userIds)
        .where('a.bucket', '=', 'available')
        .where('a.balance', '<>', '0')
        .orderBy('c.sort')
        .execute();
    },

    /** Locks the user's row (by uid, or by e-mail in any case) for a change decided on what it holds. */
    async lock(by: { uid: string } | { email: string }) {
      return db
        .selectFrom('users')
        .select(['id', 'uid', 'email', 'role', 'status', 'phone_code', 'phone', 'nationality', sql<boolean>`google_secret IS NOT NULL`.as('google')])
        .where((eb) => ('uid' in by ? eb('uid', '=', by.uid) : eb(sql`lower(email)`, '=', by.email.toLowerCase())))
        .forUpdate()
        .executeTakeFirst();
    },

    async setStatus(userId: string, status: 'active' | 'banned') {
      await db.updateTable('users').set({ status }).where('id', '=', userId).execute();
    },
    async revokeSessions(userId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async clearPhone(userId: string) {
      await db
        .updateTable('users')
        .set({ phone: null, phone_code: null, nationality: null, security_changed_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
    async clearGoogle(userId: string) {
      await db
        .updateTable('users')
        .set({ google_secret: null, google_last_step: null, google_pending_secret: null, google_pending_expires_at: null, security_changed_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
    /** Removes a messenger binding; the removed binding, or undefined when there was none. */
    async removeSocial(userId: string, provider: 'wechat' | 'telegram') {
      const removed = await db
        .deleteFrom('social_bindings')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .returning(['subject', 'display_name'])
        .executeTakeFirst();
      if (removed)
        await db
          .updateTable('users')
          .set({ security_changed_at: sql`now()` })
          .where('id', '=', userId)
          .execute();
      return removed;
    },

    async setRole(userId: string, role: UserRole) {
      await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
    },
    /** Admins who can sign in (a banned admin does not count). */
    async countActiveAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('n'))
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Serialises role changes (and the first admin's creation) so the last admin stays. */
    async lockRoles() {
      await sql`SELECT pg_advisory_xact_lock(hashtext('platter:first-admin'))`.execute(db);
    },
    async staff() {
      return db.selectFrom('users').select(['uid', 'email', 'role', 'status']).where('role', 'in', ['admin', 'support']).orderBy('role').orderBy('id').execute();
    },
  };
}
