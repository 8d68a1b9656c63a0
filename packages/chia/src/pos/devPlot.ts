import { F1, Fx, K_B, K_BC, K_C, K_EXTRA_BITS, VECTOR_LENS, type Y } from './fx.ts';
import { chacha8Block } from './chacha8.ts';
import { bytesFromWords, getBits, putWide, wordsFromBytes } from './bits.ts';
import { qualityString } from './chiapos.ts';

/**
 * A small in-memory chiapos plot for the devnet simulator, so simulated farmers answer
 * challenges with real proofs. It runs the forward propagation of the chiapos plotter
 * (phase 1: F1 over every x, then F2..F7 over every matching pair of adjacent BC buckets)
 * with typed arrays and keeps each entry's back-pointers; no compression, no disk. Only for
 * 18 <= k <= 21: consensus needs k >= 32, so these proofs verify with `allowSmallK` only.
 */
export interface DevPlotProof {
  /** 64 x values of k bits in proof ordering, k · 8 bytes */
  proof: Uint8Array;
  quality: Uint8Array;
}

export interface DevPlot {
  k: number;
  plotId: Uint8Array;
  /** Every proof of this plot for a pos challenge (usually none or one), in table-7 order. */
  proofsFor(challenge: Uint8Array): DevPlotProof[];
}

export const DEV_PLOT_MIN_K = 18;
export const DEV_PLOT_MAX_K = 21;

/** L_targets of chiapos: for parity, left remainder r and m < 64, the right remainder that matches. */
let leftTargets: Uint16Array | null = null;
function targets(): Uint16Array {
  if (leftTargets) return leftTargets;
  const table = new Uint16Array(2 * K_BC * 64);
  for (let parity = 0; parity < 2; parity++) {
    for (let r = 0; r < K_BC; r++) {
      const indJ = Math.floor(r / K_C);
      for (let m = 0; m < 64; m++) {
        const c = 2 * m + parity;
        table[(parity * K_BC + r) * 64 + m] = ((indJ + m) % K_B) * K_C + ((c * c + r) % K_C);
      }
    }
  }
  leftTargets = table;
  return table;
}

/** Indices of `y[0..n)` in ascending y order (ties by index). y < 2^28, n < 2^25. */
function sortedOrder(y: Uint32Array, n: number): Uint32Array {
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = y[i]! * 0x200_0000 + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i]! % 0x200_0000;
  return order;
}

interface Table {
  n: number;
  y: Uint32Array;
  /** metadata carried to the next table, `stride` words per entry, left-aligned */
  meta: Uint32Array;
  stride: number;
  /** back-pointers into the previous (sorted) table; for table 1, `left` holds x */
  left: Uint32Array;
  right: Uint32Array;
}

function permute(table: Table, order: Uint32Array): Table {
  const { n, stride } = table;
  const y = new Uint32Array(n);
  const left = new Uint32Array(n);
  const right = new Uint32Array(n);
  const meta = new Uint32Array(n * stride + 1);
  for (let i = 0; i < n; i++) {
    const from = order[i]!;
    y[i] = table.y[from]!;
    left[i] = table.left[from]!;
    right[i] = table.right[from]!;
    for (let w = 0; w < stride; w++) meta[i * stride + w] = table.meta[from * stride + w]!;
  }
  return { n, y, meta, stride, left, right };
}

function table1(k: number, plotId: Uint8Array): Table {
  const n = 2 ** k;
  const f1 = new F1(k, plotId);
  const blocks = Math.ceil((n * k) / 512);
  const stream = new Uint32Array(blocks * 16 + 1);
  for (let b = 0; b < blocks; b++) chacha8Block(f1.state, b, 0, stream, b * 16);
  const y = new Uint32Array(n);
  const meta = new Uint32Array(n + 1);
  const xs = new Uint32Array(n);
  const shift = k - K_EXTRA_BITS;
  for (let x = 0; x < n; x++) {
    y[x] = ((getBits(stream, x * k, k) << K_EXTRA_BITS) | (x >>> shift)) >>> 0;
    meta[x] = (x << (32 - k)) >>> 0;
    xs[x] = x;
  }
  return permute({ n, y, meta, stride: 1, left: xs, right: new Uint32Array(n) }, sortedOrder(y, n));
}

/** Table t from the sorted table t − 1: every match between adjacent buckets, then sorted by y. */
function nextTable(k: number, t: number, prev: Table): Table {
  const fx = new Fx(k, t);
  const lt = targets();
  const stride = t < 7 ? Math.max(1, Math.ceil((VECTOR_LENS[t + 1]! * k) / 32)) : 1;
  let capacity = Math.ceil(prev.n * 1.1) + 1024;
  let y = new Uint32Array(capacity);
  let meta = new Uint32Array(capacity * stride + 1);
  let left = new Uint32Array(capacity);
  let right = new Uint32Array(capacity);
  let n = 0;
  const out: Y = { hi: 0, lo: 0 };
  const count = new Uint16Array(K_BC);
  const first = new Uint32Array(K_BC);
  const py = prev.y;

  const emit = (l: number, r: number): void => {
    if (n === capacity) {
      capacity = Math.ceil(capacity * 1.5);
      y = grow(y, capacity);
      meta = grow(meta, capacity * stride + 1);
      left = grow(left, capacity);
      right = grow(right, capacity);
    }
    fx.evaluate(0, py[l]!, prev.meta, l * prev.stride, r * prev.stride, out, t < 7 ? meta : null, n * stride);
    y[n] = out.lo;
    left[n] = l;
    right[n] = r;
    n++;
  };

  const total = prev.n;
  let lStart = 0;
  let lBucket = Math.floor(py[0]! / K_BC);
  let lEnd = groupEnd(py, 0, lBucket, total);
  while (lEnd < total) {
    const rStart = lEnd;
    const rBucket = Math.floor(py[rStart]! / K_BC);
    const rEnd = groupEnd(py, rStart, rBucket, total);
    if (rBucket === lBucket + 1) {
      const base = rBucket * K_BC;
      for (let r = rStart; r < rEnd; r++) {
        const key = py[r]! - base;
        if (count[key] === 0) first[key] = r;
        count[key]!++;
      }
      const parityBase = (lBucket & 1) * K_BC;
      const leftBase = base - K_BC;
      for (let l = lStart; l < lEnd; l++) {
        const offset = (parityBase + py[l]! - leftBase) * 64;
        for (let m = 0; m < 64; m++) {
          const target = lt[offset + m]!;
          const c = count[target]!;
          for (let j = 0; j < c; j++) emit(l, first[target]! + j);
        }
      }
      for (let r = rStart; r < rEnd; r++) count[py[r]! - base] = 0;
    }
    lStart = rStart;
    lEnd = rEnd;
    lBucket = rBucket;
  }
  const table: Table = { n, y: y.subarray(0, n), meta, stride, left: left.subarray(0, n), right: right.subarray(0, n) };
  return permute(table, sortedOrder(table.y, n));
}

function groupEnd(y: Uint32Array, start: number, bucket: number, total: number): number {
  const limit = (bucket + 1) * K_BC;
  let end = start + 1;
  while (end < total && y[end]! < limit) end++;
  return end;
}

function grow(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(length);
  bigger.set(array.subarray(0, Math.min(array.length, length)));
  return bigger;
}

/**
 * What a dev plot keeps after plotting: each table's back-pointers (table 1's `left` holds x)
 * and table 7's sorted y. Plain typed arrays, so they can cross a worker thread's boundary.
 */
export interface DevPlotTables {
  k: number;
  plotId: Uint8Array;
  /** Index t (1..7): the table's entry count and back-pointers; index 0 unused. */
  left: Uint32Array[];
  right: Uint32Array[];
  y7: Uint32Array;
  n7: number;
}

function checkDevPlotInput(plotId: Uint8Array, k: number): void {
  if (!(plotId instanceof Uint8Array) || plotId.length !== 32) throw new RangeError('plot id must be 32 bytes');
  if (!Number.isInteger(k) || k < DEV_PLOT_MIN_K || k > DEV_PLOT_MAX_K) {
    throw new RangeError(`dev plots are ${DEV_PLOT_MIN_K} <= k <= ${DEV_PLOT_MAX_K}, got ${k}`);
  }
}

/** Plots (seconds of CPU at k = 18): the tables a DevPlot answers from (devPlotFrom). */
export function buildDevPlotTables(plotId: Uint8Array, k: number): DevPlotTables {
  checkDevPlotInput(plotId, k);
  const id = plotId.slice();
  const tables: Table[] = [];
  tables[1] = table1(k, id);
  for (let t = 2; t <= 7; t++) {
    tables[t] = nextTable(k, t, tables[t - 1]!);
    // only back-pointers (and table 1's x, table 7's y) are needed from here on
    tables[t - 1]!.meta = new Uint32Array(0);
    tables[t - 1]!.y = new Uint32Array(0);
  }
  const t7 = tables[7]!;
  return {
    k,
    plotId: id,
    left: Array.from(tables, (t) => t?.left ?? new Uint32Array(0)),
    right: Array.from(tables, (t) => t?.right ?? new Uint32Array(0)),
    y7: t7.y,
    n7: t7.n,
  };
}

/** The plot answering challenges from its tables (made here or in a worker thread). */
export function devPlotFrom(tables: DevPlotTables): DevPlot {
  const { k, left, right, y7, n7 } = tables;
  const collect = (t: number, pos: number, xs: number[]): void => {
    if (t === 1) {
      xs.push(left[1]![pos]!);
      return;
    }
    collect(t - 1, left[t]![pos]!, xs);
    collect(t - 1, right[t]![pos]!, xs);
  };

  return {
    k,
    plotId: tables.plotId,
    proofsFor(challenge: Uint8Array): DevPlotProof[] {
      if (!(challenge instanceof Uint8Array) || challenge.length !== 32) throw new RangeError('challenge must be 32 bytes');
      const target = getBits(wordsFromBytes(challenge), 0, k);
      // table 7 is sorted by y; its top k bits must equal the challenge's
      let lo = lowerBound(y7, n7, target * 2 ** K_EXTRA_BITS);
      const end = lowerBound(y7, n7, (target + 1) * 2 ** K_EXTRA_BITS);
      const proofs: DevPlotProof[] = [];
      for (; lo < end; lo++) {
        const xs: number[] = [];
        collect(7, lo, xs);
        const words = new Uint32Array(2 * k + 1);
        xs.forEach((x, i) => putWide(words, i * k, x, k));
        proofs.push({ proof: bytesFromWords(words, 8 * k), quality: qualityString(k, xs, challenge) });
      }
      return proofs;
    },
  };
}

/** Plots on this thread (blocks it for the plotting's seconds; see createDevPlotOffThread). */
export function createDevPlot(plotId: Uint8Array, k: number): DevPlot {
  return devPlotFrom(buildDevPlotTables(plotId, k));
}

const PLOT_WORKER_URL = new URL('./devPlot-worker.mjs', import.meta.url);

/**
 * Plots in a worker thread and answers the plot once made: the caller's event loop stays free
 * for the seconds plotting takes (a server making its simulated farmers' plots keeps answering).
 */
export async function createDevPlotOffThread(plotId: Uint8Array, k: number): Promise<DevPlot> {
  checkDevPlotInput(plotId, k);
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(PLOT_WORKER_URL, { workerData: { plotId: plotId.slice(), k } });
  try {
    const tables = await new Promise<DevPlotTables>((resolve, reject) => {
      worker.once('message', (message: { tables?: DevPlotTables; error?: string }) =>
        message.tables ? resolve(message.tables) : reject(new Error(message.error ?? 'dev plot worker failed')),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`dev plot worker exited with ${code}`)));
    });
    return devPlotFrom(tables);
  } finally {
    await worker.terminate();
  }
}

function lowerBound(sorted: Uint32Array, n: number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
