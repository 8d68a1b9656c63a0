import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DeadlineResult, NonceBackend, Submission } from './deadline.ts';

export interface PocVerifierPoolOptions {
  /** Worker threads; default: the number of cores. */
  size?: number;
  /** Nonce generator each worker uses; default 'wasm' (the fastest). */
  backend?: NonceBackend;
}

interface Task {
  id: number;
  submission: Submission;
  resolve: (result: DeadlineResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

type Reply = { id: number; result: DeadlineResult; error?: undefined } | { id: number; error: string };

const WORKER_URL = new URL('./verify-worker.mjs', import.meta.url);

/**
 * Deadline verification off the event loop (the pattern of packages/chia's BlsVerifierPool):
 * each submitted nonce is rebuilt in full (8,193 Shabal-256 calls over 32 MiB, tens of ms),
 * which must not stall HTTP handling. Bad input (a RangeError in the worker) rejects with a
 * RangeError; a dead worker rejects its task and is replaced.
 */
export class PocVerifierPool {
  readonly size: number;
  readonly backend: NonceBackend;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Worker failures since the last answer; past a limit the pool stops respawning. */
  private failures = 0;
  private broken: Error | null = null;

  constructor(options: PocVerifierPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? os.availableParallelism());
    this.backend = options.backend ?? 'wasm';
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  /** The scoop, hit and deadline the submission really earns. */
  deadline(submission: Submission): Promise<DeadlineResult> {
    if (this.closed) return Promise.reject(new Error('PoC verifier pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, submission, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks waiting for a free worker. */
  get pending(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('PoC verifier pool is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { backend: this.backend } });
    const slot: Slot = { worker, task: null };
    worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      slot.worker.unref();
      this.failures = 0;
      if (reply.error !== undefined) task.reject(new RangeError(reply.error));
      else task.resolve(reply.result);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const task = slot.task;
      slot.task = null;
      task?.reject(error);
      const index = this.slots.indexOf(slot);
      if (this.closed || index < 0) return;
      this.slots[index] = { worker: slot.worker, task: null }; // detached: later events of this worker are ignored
      void slot.worker.terminate();
      if (++this.failures > this.size * 3) {
        this.broken = new Error(`PoC verifier workers keep failing: ${error.message}`);
        for (const queued of this.queue.splice(0)) queued.reject(this.broken);
        return;
      }
      this.slots[index] = this.spawn();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) fail(new Error(`PoC verifier worker exited (${code})`));
    });
    worker.on('messageerror', fail);
    worker.unref();
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.task) continue;
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.worker.ref(); // keep the process alive while a verification is in flight
      slot.worker.postMessage({ id: task.id, submission: task.submission });
    }
  }
}
