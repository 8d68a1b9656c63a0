import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, TEST_SECRET } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { buildUser, buildWithdrawal, runWorkerRound } from '../../test/factories.ts';
import { chiaDevnet } from '../chain/chia-devnet.ts';
import { runCli } from '../cli/run.ts';
import { loadConfig } from '../config.ts';
import { fromRoot } from '../paths.ts';
import type { Db } from '../db/database.ts';
import type { ZodApp } from '../http/types.ts';
import { bindLauncher } from '../modules/chiapp/chiapp.repository.ts';
import { rotateKey } from '../modules/pool/keys.ts';
import { httpSender, simulatedFarmer } from '../protocols/chia/farmer.ts';
import { chiaPrimitives } from '../protocols/chia/primitives.impl.ts';
import { chiaPools, devnetTargetPuzzleHash } from '../protocols/chia/setup.ts';

/**
 * GET /metrics on a real server (a socket, not inject), parsed as Prometheus parses the text
 * format: it needs the bearer token, and each metric moves after the real thing it counts.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
const K = 18;
const FACTOR = 10_052_721_566_054n;
const chiaOverrides = { chiaPoolSignagePointRetryMs: 0, devnetChiaMinK: K, devnetChiaPlotFilterBits: 0, devnetChiaDifficultyConstantFactor: FACTOR.toString() };

let db: Db;
let url: string;
let app: ZodApp;
let base: string;

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  app = await testApp(db, { metricsToken: TOKEN, ...chiaOverrides });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text exposition format, version 0.0.4: one sample a line, comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parseExposition(await res.text());
}

/** The value of one sample (0 when absent: a counter not yet incremented). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

describe('GET /metrics', () => {
  it('answers only the bearer token, and does not exist without METRICS_TOKEN', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token-0000' } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    const { db: other } = await testDatabase();
    const closed = await testApp(other);
    // No such route: the path falls to the web app like any unknown page.
    const res = await closed.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).not.toBe(401);
    expect(res.body).not.toContain('platter_');
  });

  it('times requests by the routed pattern and status, never the raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/user/checkRegister', status_code: '200' };
    for (const q of ['a', 'b', 'c']) expect((await fetch(`${base}/api/user/checkRegister?probe=${q}`)).status).toBe(200);
    expect((await fetch(`${base}/api/no/such/path-${Date.now()}`)).status).toBe(404);
    const after = await scrape();
    expect(value(after, 'platter_http_request_duration_seconds_count', route) - value(before, 'platter_http_request_duration_seconds_count', route)).toBe(3);
    expect(value(after, 'platter_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBeGreaterThan(
      value(before, 'platter_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' }),
    );
    const routes = new Set(after.filter((s) => s.name === 'platter_http_request_duration_seconds_count').map((s) => s.labels.route ?? ''));
    expect([...routes].some((r) => r.includes('?') || r.includes('probe') || r.includes('path-'))).toBe(false);
  });

  it('counts withdrawals by status from the database, and reports the database pool', async () => {
    const before = await scrape();
    const user = await buildUser(db, { balance: { CHIA: 5_000_000_000_000n } });
    await buildWithdrawal(db, user.id, { amount: '1' });
    await buildWithdrawal(db, user.id, { amount: '2' });
    const after = await scrape();
    expect(value(after, 'platter_withdrawals', { status: 'AUDITING' }) - value(before, 'platter_withdrawals', { status: 'AUDITING' })).toBe(2);
    expect(after.some((s) => s.name === 'platter_withdrawals' && s.labels.status === 'SENT' && s.value === 0)).toBe(true);
    expect(value(after, 'platter_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => s.name === 'platter_db_pool_connections' && s.labels.state === 'waiting')).toBe(true);
  });

  it('reports the last `ledger check` with its time, whichever process ran it', async () => {
    expect(value(await scrape(), 'platter_ledger_check_timestamp_seconds')).toBe(0); // never ran
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    try {
      expect(await runCli(['ledger', 'check'], () => undefined)).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
    const after = await scrape();
    expect(value(after, 'platter_ledger_check_problems')).toBe(0);
    expect(Math.abs(value(after, 'platter_ledger_check_timestamp_seconds') - Date.now() / 1000)).toBeLessThan(60);
  });

  it('counts the proxy tool’s shares only as they are stored: a user’s own key’s shares earn nothing and are not counted (issue 18)', async () => {
    const before = await scrape();
    const user = await buildUser(db);
    const { key } = await rotateKey(db, user.id, 'chia');
    const now = Math.floor(Date.now() / 1000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/miner/report',
      headers: { 'x-api-key': key },
      payload: {
        miners: [],
        shares: [
          { miner: 'rig', difficulty: 10, at: now },
          { miner: 'rig', difficulty: 12, at: now },
        ],
      },
    });
    expect(res.json()).toMatchObject({ code: 200, data: { shares: 0, unverified: 2 } });
    const after = await scrape();
    const labels = { pool: 'chia', source: 'report' };
    expect(value(after, 'platter_shares_ingested_total', labels) - value(before, 'platter_shares_ingested_total', labels)).toBe(0);
  });

  it('counts Chia partials accepted and refused by the protocol’s error code, and the confirmed ones as shares', async () => {
    const crypto = await chiaPrimitives({ blsThreads: 1 });
    afterAll(() => crypto.close());
    const node = chiaDevnet(db, 'CHIA');
    const poolUrl = `${base}/chia/chiapp`;
    const farmer = (seed: string) =>
      simulatedFarmer({
        seed,
        crypto,
        node,
        targetPuzzleHash: devnetTargetPuzzleHash(TEST_SECRET, 'chiapp'),
        poolUrl,
        send: httpSender(poolUrl),
        k: K,
        difficultyConstantFactor: FACTOR,
      });
    const before = await scrape();

    const stranger = farmer('metrics-stranger');
    await stranger.setSingleton();
    const member = farmer('metrics-member');
    await member.setSingleton();
    expect((await member.postFarmer()).body).toMatchObject({ welcome_message: expect.any(String) });
    let proof: { sp: Awaited<ReturnType<typeof node.signagePoint>>; pos: ReturnType<typeof member.proofsFor>[number]['pos'] } | undefined;
    for (let i = 0; i < 50 && !proof; i++) {
      const sp = await node.signagePoint();
      const good = member.proofsFor(sp, 10n).find((p) => p.good);
      if (good) proof = { sp, pos: good.pos };
    }
    if (!proof) throw new Error('no proof in 50 signage points');
    const refused = (await stranger.sendPartial(stranger.partialBody(proof.sp, proof.pos))).body as { error_code: number };
    expect(refused.error_code).toEqual(expect.any(Number));
    expect((await member.sendPartial(member.partialBody(proof.sp, proof.pos))).body).toEqual({ new_difficulty: 10 });

    let after = await scrape();
    expect(value(after, 'platter_chia_partials_accepted_total', { pool: 'chiapp' }) - value(before, 'platter_chia_partials_accepted_total', { pool: 'chiapp' })).toBe(1);
    const code = { pool: 'chiapp', error_code: String(refused.error_code) };
    expect(value(after, 'platter_chia_partials_rejected_total', code) - value(before, 'platter_chia_partials_rejected_total', code)).toBe(1);

    // The confirmation, after the delay: the partial's points become a share of its owner.
    const owner = await buildUser(db);
    await bindLauncher(db, { launcherId: member.launcherId, pool: 'chiapp', userId: owner.id, now: new Date() });
    const config = loadConfig({}, { nodeEnv: 'test', ...chiaOverrides });
    const later = chiaPools({ config, db, secret: TEST_SECRET, crypto, now: () => Date.now() + 3600_000 }).get('chiapp');
    expect((await later?.service.confirmDue())?.confirmed).toBe(1);
    after = await scrape();
    const shares = { pool: 'chiapp', source: 'chia' };
    expect(value(after, 'platter_shares_ingested_total', shares) - value(before, 'platter_shares_ingested_total', shares)).toBe(1);
  });

  it('records the worker’s job runs, their lag and the daily settlement’s duration', async () => {
    const before = await scrape();
    await runWorkerRound(db);
    const after = await scrape();
    for (const job of ['deposits', 'send-withdrawals', 'settlement', 'autopay', 'notices']) {
      expect(value(after, 'platter_job_runs_total', { job }) - value(before, 'platter_job_runs_total', { job }), job).toBeGreaterThanOrEqual(1);
      expect(value(after, 'platter_job_duration_seconds_count', { job }) - value(before, 'platter_job_duration_seconds_count', { job }), job).toBeGreaterThanOrEqual(1);
      expect(value(after, 'platter_job_failures_total', { job })).toBe(value(before, 'platter_job_failures_total', { job }));
    }
    expect(after.some((s) => s.name === 'platter_job_lag_seconds' && s.labels.job === 'settlement' && s.value >= 0)).toBe(true);
    // The first round settles yesterday for every pool (nothing was due before).
    expect(value(after, 'platter_settlement_duration_seconds_count') - value(before, 'platter_settlement_duration_seconds_count')).toBe(1);
  });

  it('ships a Grafana dashboard over metrics that exist, and a scrape example with the bearer token, named in the README', async () => {
    // Every metric the process declares (its # TYPE line), sampled yet or not.
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const dashboard = await fs.readFile(fromRoot('deploy/grafana-dashboard.json'), 'utf8');
    const used = new Set([...dashboard.matchAll(/platter_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')));
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(exposed, name).toContain(name);
    const prometheus = await fs.readFile(fromRoot('deploy/prometheus.yml'), 'utf8');
    expect(prometheus).toMatch(/metrics_path: \/metrics/);
    expect(prometheus).toMatch(/type: Bearer/);
    const readme = await fs.readFile(fromRoot('README.md'), 'utf8');
    expect(readme).toContain('deploy/prometheus.yml');
    expect(readme).toContain('deploy/grafana-dashboard.json');
  });
});
