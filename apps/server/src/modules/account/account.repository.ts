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
    async setRoleAndPassword(id: string, role: 'admin' | 'support' | 'user', passwordHash: string) {
      await db.updateTable('users').set({ role, password_hash: passwordHash, status: 'active' }).where('id', '=', id).execute();
    },
  };
}
