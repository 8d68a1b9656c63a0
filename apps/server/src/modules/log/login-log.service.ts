import { AppError, describeDevice, type Lang, type LoginLogItem, type LoginMethod, type LoginResult } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { countryOfIp, locationName } from '../../http/geo.ts';
import { notify } from '../events/events.service.ts';
import { loginLogRepository } from './login-log.repository.ts';

/** The login history (GET /api/log/login): every sign-in attempt against the account. */
export function loginLogService(db: Db) {
  const repo = loginLogRepository(db);
  return {
    async record(entry: { userId: string | null; identifierHash: string; method: LoginMethod; ip: string; userAgent: string; result: LoginResult }) {
      await repo.record({ ...entry, country: countryOfIp(entry.ip) });
    },
    /**
     * Opens a sign-in attempt, recorded at once as the failure it becomes unless `settle`
     * says otherwise: the count of the last hour's failures and this record happen under the
     * account's lock, so parallel attempts cannot all pass the check (TOO_MANY_FAILED_LOGINS
     * after `maxPerHour`, recorded as 'locked'). Returns the attempt's id.
     */
    async begin(
      entry: { userId: string | null; identifierHash: string; method: LoginMethod; ip: string; userAgent: string; result: LoginResult },
      maxPerHour: number,
    ): Promise<string> {
      const country = countryOfIp(entry.ip);
      const outcome = await db.transaction().execute(async (trx) => {
        const tx = loginLogRepository(trx);
        await tx.lockAccount(entry.userId ?? entry.identifierHash);
        if ((await tx.countFailures(entry.userId, entry.identifierHash, 3600)) >= maxPerHour) {
          await tx.record({ ...entry, country, result: 'locked' });
          return { locked: true as const };
        }
        return { id: await tx.record({ ...entry, country }) };
      });
      if ('locked' in outcome) throw new AppError('TOO_MANY_FAILED_LOGINS');
      return outcome.id;
    },
    /**
     * The attempt's real result, once known. A success from a User-Agent the account has never
     * signed in from (and not its first sign-in) tells the user, in the same transaction.
     */
    async settle(id: string, result: LoginResult) {
      if (result !== 'success') return void (await repo.setResult(id, result));
      await db.transaction().execute(async (trx) => {
        const tx = loginLogRepository(trx);
        const attempt = await tx.setResult(id, result);
        if (!attempt?.user_id || !(await tx.isNewDevice(attempt.user_id, attempt.user_agent, id))) return;
        await notify(trx, attempt.user_id, {
          key: 'sign_in_new_device',
          subject: id,
          params: { device: describeDevice(attempt.user_agent), ip: attempt.ip, country: attempt.country },
        });
      });
    },
    /** An attempt that turned out to be no sign-in yet (the second factor follows). */
    async drop(id: string) {
      await repo.remove(id);
    },
    async page(userId: string, paging: { page: number; count: number }, lang: Lang): Promise<{ list: LoginLogItem[]; total: number }> {
      const { rows, total } = await repo.page(userId, paging);
      return {
        total,
        list: rows.map((row) => ({
          time: Math.floor(row.created_at.getTime() / 1000),
          ip: row.ip,
          device: describeDevice(row.user_agent),
          location: locationName(row.ip, row.country, lang),
          country_code: row.country,
          method: row.method as LoginMethod,
          result: row.result,
        })),
      };
    },
  };
}
