import type { LoginMethod, LoginResult } from '@platter/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paginate, type PageQuery } from '../../db/paginate.ts';

/** Results that count as failed sign-ins (the per-account limit). */
const FAILURES: LoginResult[] = ['wrong_password', 'second_factor_failed'];

export function loginLogRepository(db: Db) {
  return {
    async record(entry: {
      userId: string | null;
      identifierHash: string;
      method: LoginMethod;
      ip: string;
      country: string;
      userAgent: string;
      result: LoginResult;
    }): Promise<string> {
      const row = await db
        .insertInto('login_attempts')
        .values({
          user_id: entry.userId,
          identifier_hash: entry.identifierHash,
          method: entry.method,
          ip: entry.ip,
          country: entry.country,
          user_agent: entry.userAgent.slice(0, 512),
          result: entry.result,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Serialises one account's sign-in attempts (until the transaction ends). */
    async lockAccount(key: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`platter:sign-in:${key}`}))`.execute(db);
    },
    async setResult(id: string, result: LoginResult) {
      return db.updateTable('login_attempts').set({ result }).where('id', '=', id).returning(['user_id', 'ip', 'country', 'user_agent']).executeTakeFirst();
    },
    /** Whether the user has signed in before (other than `except`), yet never from this User-Agent. */
    async isNewDevice(userId: string, userAgent: string, except: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_attempts')
        .select([sql<boolean>`bool_or(user_agent = ${userAgent})`.as('seen'), sql<string>`count(*)`.as('before')])
        .where('user_id', '=', userId)
        .where('result', '=', 'success')
        .where('id', '<>', except)
        .executeTakeFirstOrThrow();
      return Number(row.before) > 0 && row.seen !== true;
    },
    async remove(id: string) {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },
    /** Failed sign-ins in the last `seconds` against the account or, for unknown ones, the identifier. */
    async countFailures(userId: string | null, identifierHash: string, seconds: number): Promise<number> {
      const row = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .where('result', 'in', FAILURES)
        .where((eb) => (userId === null ? eb('identifier_hash', '=', identifierHash) : eb.or([eb('user_id', '=', userId), eb('identifier_hash', '=', identifierHash)])))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The user's sign-ins, newest first: one page and the count of all. */
    async page(userId: string, paging: PageQuery) {
      return paginate(db.selectFrom('login_attempts').where('user_id', '=', userId), paging, (from) =>
        from.select(['created_at', 'ip', 'country', 'user_agent', 'method', 'result']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      );
    },
    /** The successful sign-in before the latest one. */
    async previousSuccess(userId: string) {
      return db
        .selectFrom('login_attempts')
        .select(['created_at', 'ip', 'country', 'user_agent'])
        .where('user_id', '=', userId)
        .where('result', '=', 'success')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(1)
        .limit(1)
        .executeTakeFirst();
    },
  };
}
