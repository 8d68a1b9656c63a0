import type { Db } from '../../db/database.ts';

export function settingRepository(db: Db) {
  return {
    listCoins: () => db.selectFrom('coins').selectAll().orderBy('sort').orderBy('type').execute(),
    listPools: () => db.selectFrom('pools').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('type').execute(),
    listLines: () => db.selectFrom('server_lines').selectAll().orderBy('sort').execute(),
  };
}
