import { sql } from 'kysely';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/accounts.ts';
import { testApp } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { devnetRegistry } from '../chain/devnet.ts';
import type { Db } from '../db/database.ts';
import type { ZodApp } from '../http/types.ts';
import { parseSchedule } from '../modules/withdraw/withdraw.service.ts';
import { startWorker } from '../worker.ts';
import poolSamples from './pool-samples.ts';

let db: Db;
let app: ZodApp;

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  // A worker has run once: the jobs and their schedules are recorded.
  const worker = await startWorker({
    jobs: [poolSamples],
    db,
    chains: devnetRegistry(db, 'x'),
    schedule: parseSchedule('17:00', '+00:00', 0),
    autoPayHourUtc: 1,
    intervalMs: 3600_000,
    devnetBlockMs: 3600_000,
    logger: pino({ level: 'silent' }),
  });
  await worker.stop();
});

describe('/admin/jobs', () => {
  it('lists the jobs for admins, queues one on retry with an audit entry, and refuses support staff and unknown names', async () => {
    const admin = await signedInAs(app, db, 'ops@example.com', 'admin');
    const support = await signedInAs(app, db, 'desk@example.com', 'support');
    const list = await admin.get<{ name: string; schedule: string; next_run_at: string | null }[]>('/api/admin/getjobs');
    expect(list.code).toBe(200);
    expect(list.data.find((j) => j.name === 'pool-samples')).toMatchObject({ schedule: 'cron 0 * * * *', next_run_at: expect.any(String) });
    expect((await support.get('/api/admin/getjobs')).code).toBe(218);

    const run = await admin.post<{ queued: boolean }>('/api/admin/runjob', { name: 'pool-samples' });
    expect(run).toMatchObject({ code: 200, data: { queued: true } });
    const queued = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'pool-samples' AND state = 'created'`.execute(db);
    expect(queued.rows[0]?.n).toBeGreaterThanOrEqual(1);
    const audit = await db.selectFrom('admin_audit').select(['action', 'target']).where('action', '=', 'runjob').execute();
    expect(audit).toEqual([{ action: 'runjob', target: 'pool-samples' }]);

    expect(await admin.post('/api/admin/runjob', { name: 'no-such-job' })).toMatchObject({ code: 216, data: { field: 'name' } });
    expect((await support.post('/api/admin/runjob', { name: 'pool-samples' })).code).toBe(218);
  });
});
