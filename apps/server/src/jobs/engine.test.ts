import pino from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabase } from '../../test/db.ts';
import { devnetRegistry } from '../chain/devnet.ts';
import type { Db } from '../db/database.ts';
import { parseSchedule } from '../modules/withdraw/withdraw.service.ts';
import { defineJob, onJobFinished, startJobEngine, type JobContext, type JobFinished } from './engine.ts';
import { forEachIsolated } from './isolate.ts';
import { listJobStatus } from './jobs.repository.ts';
import { jobsCommand } from '../cli/jobs.ts';
import { sql } from 'kysely';

let db: Db;
let ctx: JobContext;
const logs: { msg: string; job?: string; jobId?: string }[] = [];

beforeAll(async () => {
  ({ db } = await testDatabase());
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) });
  ctx = {
    db,
    chains: devnetRegistry(db, 'engine-test'),
    chia: [],
    schedule: parseSchedule('17:00', '+00:00', 0),
    autoPayHourUtc: 1,
    exportFileHours: 24,
    intervalMs: 200,
    devnetBlockMs: 3600_000,
    devnetChiaSignagePointMs: 3600_000,
    logger: logger as unknown as JobContext['logger'],
  };
});

const finished: JobFinished[] = [];
const off = onJobFinished((run) => finished.push(run));
afterAll(() => off());

describe('the job engine', () => {
  it('keeps running the other jobs while one fails, retries the failing one with its id in the log, and counts its failures', async () => {
    const done: string[] = [];
    let attempts = 0;
    const broken = defineJob({
      name: 'test-broken',
      schedule: () => ({ everyMs: 3600_000 }),
      payload: z.object({}),
      retryLimit: 2,
      retryDelaySeconds: 1,
      async handler() {
        attempts++;
        throw new Error('the chain node is down');
      },
    });
    const coins = defineJob({
      name: 'test-coins',
      schedule: () => ({ everyMs: 200 }),
      payload: z.object({}),
      async handler(c) {
        // One coin's node down: the others are still scanned, then the job fails.
        await forEachIsolated(
          ['A', 'DOWN', 'B'],
          (coin) => `scan ${coin}`,
          async (coin) => {
            if (coin === 'DOWN') throw new Error('connection refused');
            done.push(coin);
          },
          c.logger,
        );
      },
    });
    const healthy = defineJob({ name: 'test-healthy', schedule: () => ({ everyMs: 200 }), payload: z.object({}), handler: async () => void done.push('healthy') });
    const engine = await startJobEngine({ ctx, jobs: [broken, coins, healthy] });
    try {
      for (let i = 0; i < 200 && (attempts < 3 || done.filter((d) => d === 'healthy').length < 3); i++) await sleep(100);
    } finally {
      await engine.stop();
    }
    expect(attempts).toBe(3); // the first run and two retries, with backoff
    expect(done.filter((d) => d === 'healthy').length).toBeGreaterThanOrEqual(3);
    expect(done).toContain('A');
    expect(done).toContain('B');
    const failures = logs.filter((l) => l.msg === 'job test-broken failed');
    expect(failures.length).toBe(3);
    expect(failures.every((l) => typeof l.jobId === 'string' && l.jobId.length > 0)).toBe(true);
    const status = new Map((await listJobStatus(db)).map((s) => [s.name, s]));
    expect(status.get('test-broken')).toMatchObject({ last_ok: false, failures: 3, last_error: 'the chain node is down' });
    expect(status.get('test-healthy')).toMatchObject({ last_ok: true, failures: 0 });
    expect(status.get('test-coins')?.last_error).toContain('DOWN');
    expect(finished.some((f) => f.name === 'test-broken' && !f.ok)).toBe(true);
    expect(finished.some((f) => f.name === 'test-healthy' && f.ok && f.seconds >= 0 && f.lag >= 0)).toBe(true);
  }, 60_000);

  it('queues an interval job once per period however many engines run', async () => {
    let runs = 0;
    const job = defineJob({ name: 'test-once', schedule: () => ({ everyMs: 3_000 }), payload: z.object({}), handler: async () => void runs++ });
    const started = Date.now();
    const engines = await Promise.all([1, 2, 3].map(() => startJobEngine({ ctx, jobs: [job], tickMs: 100 })));
    await sleep(4_500);
    await Promise.all(engines.map((e) => e.stop()));
    // One run per period of 3 s that the time span touched, not one per engine.
    const periods = Math.floor(Date.now() / 3000) - Math.floor(started / 3000) + 1;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(periods);
  }, 60_000);

  it('shows the operator each job (last run, last error, next run, failures) and queues one by hand (CLI jobs, jobs run)', async () => {
    let text = '';
    let errors = '';
    const out = (t: string) => void (text += t);
    const err = (t: string) => void (errors += t);
    expect(await jobsCommand([], db, out, err)).toBe(1); // a job is failing
    const broken = text.split('\n').find((l) => l.startsWith('test-broken'));
    expect(broken).toMatch(/every 3600000 .* NO .* 3 .*the chain node is down/);
    expect(text.split('\n').find((l) => l.startsWith('test-healthy'))).toMatch(/ yes .* 0 /);
    text = '';
    expect(await jobsCommand(['run', 'test-healthy'], db, out, err)).toBe(0);
    expect(text).toMatch(/test-healthy: queued \(job /);
    const queued = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-healthy' AND state = 'created'`.execute(db);
    expect(queued.rows[0]?.n).toBe(1);
    text = '';
    expect(await jobsCommand(['run', 'no-such-job'], db, out, err)).toBe(2);
    expect(errors).toContain('unknown job: no-such-job');
    expect(text).toBe('');
  });
});
