import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { devnetRegistry } from '../../chain/devnet.ts';
import { applyListExport, listExportFile, listExportStatus, runPendingExports } from '../exports/exports.service.ts';
import { pointingFixture } from './pointing.fixture.ts';

/**
 * /admin/point_info through the export centre (issue 22): ApplyForDownload with the page's
 * filters, the file built by the exports run, and DownloadExcel's file holding exactly the rows
 * the list shows with those filters (read through the chain for the heights).
 */

let f: Awaited<ReturnType<typeof pointingFixture>>;
let admin: { id: string };
const emails: string[] = [];
const records: { id: string; txid: string }[] = [];

beforeAll(async () => {
  f = await pointingFixture();
  admin = await buildUser(f.db, { role: 'admin' });
  for (const name of ['export-a', 'export-b']) {
    const user = await buildUser(f.db, { balance: { BHD: 100n * f.BHD } });
    emails.push(user.email);
    records.push(await f.validRecord(user.id, name, 100n));
  }
});

/** Exports are allowed once every ten minutes per list: each application here is made eleven minutes after the one before. */
let clock = Date.now();
async function exported(filters: Record<string, unknown>) {
  clock += 11 * 60_000;
  const job = await applyListExport(f.db, { userId: admin.id, scope: 'admin', list: 'point_info', format: 'csv', filters }, new Date(clock));
  await runPendingExports({ db: f.db, chains: devnetRegistry(f.db, TEST_SECRET), pointing: f.chains });
  expect(await listExportStatus(f.db, admin.id, 'admin', job.id)).toMatchObject({ status: 'ready' });
  const file = await listExportFile(f.db, admin.id, 'admin', job.id);
  return {
    job,
    name: file.name,
    lines: file.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  };
}

describe('/admin/point_info’s export', () => {
  it('writes the list as filtered (user and status), with the columns an operator reads, and audits the application', async () => {
    const { job, name, lines } = await exported({ user: emails[0], status: 'POINT_VALID', page: '2', count: '1' });
    expect(name).toMatch(/point-info-\d+\.csv$/);
    expect(lines[0]).toBe(
      'id,user,coin,source_address,pool_address,confirm_address,txid,type,term,amount,actual_pledge,counted,deposit,penalty,status,height,expiry_height,residual_value,cancellation,created_at',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 3)).toEqual([records[0]!.id, emails[0], 'BHD']);
    expect(cells.slice(9, 15)).toEqual(['100', '8', '80', '20', '0', 'POINT_VALID']);
    const audit = await f.db.selectFrom('admin_audit').select(['action']).where('target', '=', `export:${job.id}`).execute();
    expect(audit.map((a) => a.action)).toContain('ApplyForDownload');
  });

  it('an unfiltered export holds every record; a filter nothing matches gives the header alone', async () => {
    const all = await exported({});
    expect(
      all.lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(records.map((r) => r.id).sort());
    const none = await exported({ status: 'POINT_BROKE' });
    expect(none.lines).toHaveLength(1);
  });

  it('refuses a filter the list does not take', async () => {
    await expect(applyListExport(f.db, { userId: admin.id, scope: 'admin', list: 'point_info', format: 'csv', filters: { status: 'SOMETHING' } })).rejects.toMatchObject({
      code: 216,
    });
  });
});
