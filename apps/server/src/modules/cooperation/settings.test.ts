import { ERR, type CooperationPool, type Deal } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { credit } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { userBalances } from '../../ledger/ledger.service.ts';

/**
 * The back office's per-coin cooperation settings over HTTP (issue 22): the admin reads each
 * cooperation coin's settings (the spec's values until saved), a save is checked by the shared
 * schema and audited, and the cooperation calls use what was saved (XHD's minimum 8000 → 1, a
 * deal's shares and margin).
 */

let db: Db;
let admin: Browser;
let owner: Browser;
let ownerId = '';
const XHD = 100_000_000n;

interface CoinSettings {
  coin: string;
  min_whole: string;
  owner_share: string;
  miner_share: string;
  deal_margin: string;
  deal_term_days: number;
  spec_min_whole: string;
  updated_at: string | null;
}

const settingsOf = async (coin: string) => (await admin.get<{ list: CoinSettings[] }>('/api/admin/cooperation/settings')).data.list.find((s) => s.coin === coin);
const xhd = { coin: 'XHD', min_whole: '1', owner_share: '90', miner_share: '5', deal_margin: '25', deal_term_days: 14 };

beforeAll(async () => {
  ({ db } = await testDatabase());
  const app = await testApp(db);
  admin = await signedInAs(app, db, 'coop-settings-admin@example.com', 'admin');
  owner = await signedInAs(app, db, 'coop-settings-owner@example.com', 'user');
  ownerId = (await db.selectFrom('users').select('id').where('email', '=', 'coop-settings-owner@example.com').executeTakeFirstOrThrow()).id;
  await credit(db, ownerId, 'XHD', 100n * XHD);
});

describe('the back office’s cooperation settings', () => {
  it('lists every cooperation coin with the spec’s values until saved (XHD 8000, 94 % / 3 %, margin 20 %)', async () => {
    const list = (await admin.get<{ list: CoinSettings[] }>('/api/admin/cooperation/settings')).data.list;
    expect(list.map((s) => s.coin)).toEqual(expect.arrayContaining(['BHD', 'LHD', 'HDD', 'XHD']));
    expect(list.some((s) => s.coin === 'CHIA')).toBe(false);
    expect(list.find((s) => s.coin === 'XHD')).toMatchObject({
      min_whole: '8000',
      spec_min_whole: '8000',
      owner_share: '94',
      miner_share: '3',
      deal_margin: '20',
      deal_term_days: 30,
      updated_at: null,
    });
    expect((await settingsOf('BHD'))?.min_whole).toBe('1');
  });

  it('is the admin’s alone, and refuses bad input with the catalogue code, saving nothing', async () => {
    expect((await owner.get('/api/admin/cooperation/settings')).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await owner.post('/api/admin/cooperation/settings', xhd)).code).toBe(ERR.ACCESS_FORBIDDEN);
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, owner_share: '96', miner_share: '5' })).code).toBe(ERR.INVALID_PARAMETER);
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, min_whole: '1.5' })).code).toBe(ERR.MORTGAGE_NOT_INTEGER);
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, min_whole: '0' })).code).toBe(ERR.MORTGAGE_AMOUNT_TOO_SMALL);
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, deal_term_days: 0 })).code).toBe(ERR.INVALID_PARAMETER);
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, coin: 'CHIA' })).code).toBe(ERR.COIN_NOT_FOUND);
    expect(await db.selectFrom('cooperation_settings').selectAll().execute()).toEqual([]);
    // The spec's 8000 holds: 100 XHD cannot open.
    expect((await owner.post('/api/cooperation/open', { pool: 'xhd_co', amount: '100' })).code).toBe(ERR.MORTGAGE_BELOW_MIN);
  });

  it('saves XHD’s other reading (1) and the deal terms, audited, and the cooperation calls use them', async () => {
    const saved = await admin.post<CoinSettings>('/api/admin/cooperation/settings', xhd);
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ min_whole: '1', owner_share: '90', miner_share: '5', deal_margin: '25', deal_term_days: 14 });
    expect(await settingsOf('XHD')).toMatchObject({ min_whole: '1', spec_min_whole: '8000', updated_at: expect.any(String) });
    const audit = await db.selectFrom('admin_audit').selectAll().where('action', '=', 'cooperation.settings').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: 'cooperation_settings:XHD', before: null });
    expect(audit[0]?.after).toMatchObject({ min_whole: '1', owner_bp: 9000, miner_bp: 500, deal_margin_bp: 2500, deal_term_days: 14 });
    // The cooperation service reads the saved settings.
    const pool = (await owner.get<{ list: CooperationPool[] }>('/api/cooperation/pools')).data.list.find((p) => p.pool === 'xhd_co');
    expect(pool).toMatchObject({ min_amount: '1', owner_bp: 9000, miner_bp: 500, deal_margin_bp: 2500 });
    expect((await owner.post<CooperationPool>('/api/cooperation/open', { pool: 'xhd_co', amount: '3' })).data.deposit_mortgage_free_balance).toBe('3');
    const deal = await owner.post<Deal>('/api/cooperation/deal/offer', { pool: 'xhd_co', amount: '40' });
    expect(deal.data).toMatchObject({ owner_bp: 9000, miner_bp: 500, margin: '10', term_days: 14 });
    expect((await userBalances(db, ownerId, 'XHD')).get('XHD')).toMatchObject({ available: 57n * XHD, cooperation: 43n * XHD });
    // A second save keeps the one before in its audit entry.
    expect((await admin.post('/api/admin/cooperation/settings', { ...xhd, min_whole: '8000' })).code).toBe(200);
    const second = await db.selectFrom('admin_audit').selectAll().where('action', '=', 'cooperation.settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(second.before).toMatchObject({ min_whole: '1' });
    expect((await owner.post('/api/cooperation/deposit', { pool: 'xhd_co', amount: '1' })).code).toBe(200);
    expect((await owner.post('/api/cooperation/return', { pool: 'xhd_co', amount: '1' })).code).toBe(ERR.MORTGAGE_BELOW_MIN);
  });
});
