import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DeadlineOutcome, DeadlineResult, NonceBackend, Submission } from './deadline.ts';

export interface PocVerifierPoolOptions {
  /** Worker threads; default: the number of cores. */
  size?: number;
  /** Nonce generator each worker uses; default 'wasm' (the fastest). */
  backend?: NonceBackend;
  /** Queued submissions a worker takes at once; default 4 with 'wasm' (its 4-lane build), else 1. */
  batch?: number;
}

interface Task {
  submission: Submission;
  resolve: (result: DeadlineResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The batch in flight and its message id. */
  id: number;
  tasks: Task[] | null;
}

interface Reply {
  id: number;
  outcomes: DeadlineOutcome[];
}

const WORKER_URL = new URL('./verify-worker.mjs', import.meta.url);

/**
 * Deadline verification off the event loop (the pattern of packages/chia's BlsVerifierPool):
 * each submitted nonce is rebuilt in full (8,193 Shabal-256 calls over 32 MiB, tens of ms),
 * which must not stall HTTP handling. A free worker takes up to `batch` queued submissions
 * (the WebAssembly build makes four nonces at once for about 1.5× the time of one), so a queue
 * drains faster while a lone submission still takes the one-nonce path. Bad input (a
 * RangeError in the worker) rejects with a RangeError; a dead worker rejects its tasks and is
 * replaced.
 */
export class PocVerifierPool {
  readonly size: number;
  readonly backend: NonceBackend;
  readonly batch: number;
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
    this.batch = Math.max(1, Math.min(4, options.batch ?? (this.backend === 'wasm' ? 4 : 1)));
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  /** The scoop, hit and deadline the submission really earns. */
  deadline(submission: Submission): Promise<DeadlineResult> {
    if (this.closed) return Promise.reject(new Error('PoC verifier pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
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
    const slot: Slot = { worker, id: 0, tasks: null };
    worker.on('message', (reply: Reply) => {
      const tasks = slot.tasks;
      if (!tasks || slot.id !== reply.id) return;
      slot.tasks = null;
      slot.worker.unref();
      this.failures = 0;
      tasks.forEach((task, i) => {
        const outcome = reply.outcomes[i];
        if (outcome?.ok) task.resolve(outcome.result);
        else task.reject(new RangeError(outcome?.error ?? 'no answer from the PoC verifier worker'));
      });
      this.dispatch();
    });
    const fail = (error: Error) => {
      const tasks = slot.tasks;
      slot.tasks = null;
      for (const task of tasks ?? []) task.reject(error);
      const index = this.slots.indexOf(slot);
      if (this.closed || index < 0) return;
      this.slots[index] = { worker: slot.worker, id: 0, tasks: null }; // detached: later events of this worker are ignored
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
      if (slot.tasks) continue;
      const tasks = this.queue.splice(0, this.batch);
      slot.tasks = tasks;
      slot.id = this.nextId++;
      slot.worker.ref(); // keep the process alive while a verification is in flight
      slot.worker.postMessage({ id: slot.id, submissions: tasks.map((t) => t.submission) });
    }
  }
}
