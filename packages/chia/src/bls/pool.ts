import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BlsBackend } from './types.ts';

export interface BlsVerifierPoolOptions {
  /** Worker threads; default: the number of cores. */
  size?: number;
  /** Backend each worker uses; default 'wasm' (the fastest). */
  backend?: BlsBackend['name'];
}

interface Task {
  id: number;
  pks: Uint8Array[];
  messages: Uint8Array[];
  signature: Uint8Array;
  resolve: (ok: boolean) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

const WORKER_URL = new URL('./verify-worker.mjs', import.meta.url);

/**
 * BLS verification off the event loop: a pool of worker threads, each with its own backend
 * instance. A pool verifies a signature per partial (~20 ms of CPU in WASM), which must not
 * stall HTTP handling. Malformed inputs resolve to false; only a dead worker rejects.
 */
export class BlsVerifierPool {
  readonly size: number;
  readonly backend: BlsBackend['name'];
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Worker failures since the last answer; past a limit the pool stops respawning (e.g. a worker that cannot load). */
  private failures = 0;
  private broken: Error | null = null;

  constructor(options: BlsVerifierPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? os.availableParallelism());
    this.backend = options.backend ?? 'wasm';
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  verify(pk: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
    return this.aggregateVerify([pk], [message], signature);
  }

  aggregateVerify(pks: readonly Uint8Array[], messages: readonly Uint8Array[], signature: Uint8Array): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('BLS verifier pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, pks: [...pks], messages: [...messages], signature, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks waiting for a free worker. */
  get pending(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('BLS verifier pool is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { backend: this.backend } });
    const slot: Slot = { worker, task: null };
    worker.on('message', (reply: { id: number; ok: boolean }) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      slot.worker.unref();
      this.failures = 0;
      task.resolve(reply.ok === true);
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
        this.broken = new Error(`BLS verifier workers keep failing: ${error.message}`);
        for (const queued of this.queue.splice(0)) queued.reject(this.broken);
        return;
      }
      this.slots[index] = this.spawn();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) fail(new Error(`BLS verifier worker exited (${code})`));
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
      slot.worker.postMessage({ id: task.id, pks: task.pks, messages: task.messages, signature: task.signature });
    }
  }
}
