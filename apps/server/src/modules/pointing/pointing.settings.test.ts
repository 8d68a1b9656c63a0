import { ERR } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import type { Db } from '../../db/database.ts';

/**
 * /admin/point_settings over HTTP (issue 22): every pointing coin's settings seeded with the
 * spec's values, a save validated by the shared schema (bad input answers its code, never a
 * 5xx), audited with before and after, the back office's only; the coin owners' settings call
 * shows the new values.
 */

interface Settings {
  coin: string;
  count_share: string;
  margin_share: string;
  noterm_lock_days: number;
  min_point: string;
  verify_window_blocks: number;
  updated_at: string | null;
}

let db: Db;
let admin: Browser;
let user: Browser;

beforeAll(async () => {
  ({ db } = await testDatabase());
  const app = await testApp(db);
  admin = await signedInAs(app, db, 'point-settings-admin@example.com', 'admin');
  user = await signedInAs(app, db, 'point-settings-user@example.com', 'user');
});

const good = { coin: 'LHD', count_share: '75', margin_share: '25', noterm_lock_days: 5, min_point: '1.5', verify_window_blocks: 30 };

describe('the per-coin pointing settings', () => {
  it('lists every pointing coin with the spec’s values (80 % / 20 %, XHD 100 % / 0 %, Noterm a week, 20 blocks)', async () => {
    const answer = await admin.get<{ list: Settings[] }>('/api/admin/point/settings');
    expect(answer.code).toBe(200);
    expect(answer.data.list.map((s) => s.coin)).toEqual(['BHD', 'LHD', 'HDD', 'XHD', 'DEPINC']);
    expect(answer.data.list.find((s) => s.coin === 'BHD')).toMatchObject({ count_share: '80', margin_share: '20', noterm_lock_days: 7, min_point: '0', verify_window_blocks: 20 });
    expect(answer.data.list.find((s) => s.coin === 'XHD')).toMatchObject({ count_share: '100', margin_share: '0' });
  });

  it('saves one coin’s settings, audited with before and after, and the coin owners see them', async () => {
    const saved = await admin.post<Settings>('/api/admin/point/settings', good);
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ coin: 'LHD', count_share: '75', margin_share: '25', noterm_lock_days: 5, min_point: '1.5', verify_window_blocks: 30 });
    expect((await user.get<Settings>('/api/point/settings?coin=LHD')).data).toMatchObject({ count_share: '75', margin_share: '25', verify_window_blocks: 30 });
    const audit = await db.selectFrom('admin_audit').select(['action', 'before', 'after']).where('target', '=', 'point_settings:LHD').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'point.settings',
      before: expect.objectContaining({ count_bp: 8000 }),
      after: expect.objectContaining({ count_bp: 7500, margin_bp: 2500 }),
    });
    // The other coins are untouched.
    expect((await user.get<Settings>('/api/point/settings?coin=BHD')).data).toMatchObject({ count_share: '80', verify_window_blocks: 20 });
  });

  it('refuses shares over 100 %, a bad number, an unknown coin and a user’s call, each with its code', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ ...good, count_share: '90', margin_share: '20' }, ERR.INVALID_PARAMETER],
      [{ ...good, count_share: '101' }, ERR.INVALID_PARAMETER],
      [{ ...good, margin_share: '-1' }, ERR.INVALID_PARAMETER],
      [{ ...good, verify_window_blocks: 1 }, ERR.INVALID_PARAMETER],
      [{ ...good, noterm_lock_days: 0 }, ERR.INVALID_PARAMETER],
      [{ ...good, min_point: 'lots' }, ERR.AMOUNT_INVALID],
      [{ ...good, coin: 'CHIA' }, ERR.COIN_NOT_FOUND],
    ];
    for (const [body, code] of cases) expect((await admin.post('/api/admin/point/settings', body)).code, JSON.stringify(body)).toBe(code);
    expect((await user.post('/api/admin/point/settings', good)).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await user.get('/api/admin/point/settings')).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect(await db.selectFrom('admin_audit').select('id').where('action', '=', 'point.settings').execute()).toHaveLength(1);
  });
});
