import { describeDevice, type Lang, type LoginLogItem, type LoginMethod, type LoginResult } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { countryOfIp, locationName } from '../../http/geo.ts';
import { loginLogRepository } from './login-log.repository.ts';

/** The login history (GET /api/log/login): every sign-in attempt against the account. */
export function loginLogService(db: Db) {
  const repo = loginLogRepository(db);
  return {
    async record(entry: { userId: string | null; identifierHash: string; method: LoginMethod; ip: string; userAgent: string; result: LoginResult }) {
      await repo.record({ ...entry, country: countryOfIp(entry.ip) });
    },
    /** Failed sign-ins in the last hour against the account or, when unknown, the identifier typed. */
    async countFailuresLastHour(userId: string | null, identifierHash: string): Promise<number> {
      return repo.countFailures(userId, identifierHash, 3600);
    },
    async page(userId: string, paging: { page: number; count: number }, lang: Lang): Promise<{ list: LoginLogItem[]; total: number }> {
      const [rows, total] = await Promise.all([repo.page(userId, paging.page, paging.count), repo.total(userId)]);
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
