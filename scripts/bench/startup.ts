import os from 'node:os';
import { spawnPlatter } from '../../e2e/support/platter-process.ts';

/**
 * `BENCH_ONLY=startup`: how promptly a fresh server answers while it starts. A fresh data folder,
 * `main.ts` as `npm start` runs it (embedded PostgreSQL, devnet, the simulator with its history
 * and its Chia farmers); from the moment the port answers, `GET /api/setting/coin` every 50 ms
 * (one request at a time, so a stall shows as one slow answer) for `STARTUP_SECONDS` (15). The
 * baseline is the same server's answers in its last seconds, once the start-up work is done.
 * Standalone: `node --import tsx scripts/bench/startup.ts`.
 */
const WINDOW_S = Number(process.env.STARTUP_SECONDS ?? 15);
const EVERY_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Startup {
  /** Seconds from the process's spawn to its first answer. */
  firstAnswerS: number;
  /** Seconds from the spawn to "Platter is running at". */
  runningS: number | null;
  /** Each answer: seconds since the first answer, and its latency in ms. */
  samples: { at: number; ms: number }[];
  failures: number;
}

export async function measureStartup(): Promise<Startup> {
  const spawned = performance.now();
  const platter = await spawnPlatter({}, 'platter-startup-');
  let runningS: number | null = null;
  platter
    .waitFor((output) => (output.includes('Platter is running at') ? true : undefined), 600_000)
    .then(() => (runningS = (performance.now() - spawned) / 1000))
    .catch(() => undefined);
  const exited = () => platter.child.exitCode !== null || platter.child.signalCode !== null;
  const output = () => platter.output();
  const url = `${platter.baseUrl}/api/setting/coin`;
  const samples: Startup['samples'] = [];
  let failures = 0;
  try {
    // Until the port answers (the database starts first; nothing listens yet).
    let first = 0;
    while (!first) {
      if (exited()) throw new Error(`the server exited during start:\n${output()}`);
      if (performance.now() - spawned > 120_000) throw new Error(`no answer in 120 s:\n${output()}`);
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.ok) first = performance.now();
      } catch {
        await sleep(EVERY_MS);
      }
    }
    const firstAnswerS = (first - spawned) / 1000;
    while (performance.now() - first < WINDOW_S * 1000) {
      const t0 = performance.now();
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) failures++;
      } catch {
        failures++;
      }
      const ms = performance.now() - t0;
      samples.push({ at: (t0 - first) / 1000, ms });
      await sleep(Math.max(0, EVERY_MS - ms));
    }
    return { firstAnswerS, runningS, samples, failures };
  } finally {
    await platter.stop();
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

export async function startupBench(): Promise<void> {
  const run = await measureStartup();
  const ms = run.samples.map((s) => s.ms);
  const settled = run.samples.filter((s) => s.at >= WINDOW_S - 3).map((s) => s.ms);
  const max = Math.max(...ms);
  const at = run.samples.find((s) => s.ms === max)?.at ?? 0;
  const stalls = run.samples.filter((s) => s.ms >= 250);
  console.log(`| Fresh start (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}), GET /api/setting/coin every ${EVERY_MS} ms for ${WINDOW_S} s | value |`);
  console.log('|---|---|');
  console.log(`| first answer after spawn | ${run.firstAnswerS.toFixed(1)} s |`);
  console.log(`| "Platter is running" printed after spawn | ${run.runningS === null ? 'not yet' : `${run.runningS.toFixed(1)} s`} |`);
  console.log(`| answers / failed | ${run.samples.length} / ${run.failures} |`);
  console.log(`| max latency | ${max.toFixed(0)} ms (at ${at.toFixed(1)} s) |`);
  console.log(`| p99 / p50 latency | ${percentile(ms, 99).toFixed(0)} / ${percentile(ms, 50).toFixed(0)} ms |`);
  console.log(`| answers ≥ 250 ms (stalls) | ${stalls.length}${stalls.length ? `: ${stalls.map((s) => `${s.ms.toFixed(0)} ms at ${s.at.toFixed(1)} s`).join(', ')}` : ''} |`);
  console.log(`| p50 in the last 3 s (settled) | ${percentile(settled, 50).toFixed(0)} ms |`);
  console.log(`\nStart-up stall: max latency ÷ settled p50 = ${(max / Math.max(1, percentile(settled, 50))).toFixed(0)}× (goal: no answer ≥ 250 ms)\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await startupBench();
