// A batch that runs in a worker thread of its own, called synchronously, so the harness times it
// like any batch. Its own V8 isolate keeps its own type feedback: loops that share the engine's
// functions (thread on and off, the command layer) no longer slow each other down by making the
// shared call sites polymorphic, and each runs as it would alone in `fray sim`'s process.
// The calls block the main thread on a shared buffer (Atomics.wait) while the worker runs.
import { Worker } from 'node:worker_threads';

/**
 * States of the control word (bench/isolate-worker.mjs reads them from here): the worker says
 * READY once built; the main thread asks (RUN) and the worker answers (DONE) or FAILED; STOP ends it.
 */
export const STATE = { IDLE: 0, RUN: 1, DONE: 2, READY: 3, FAILED: 4, STOP: 5 } as const;
const { IDLE, RUN, FAILED, STOP } = STATE;

export interface IsolatedBatch {
  /** Runs `n` operations in the worker; returns the worker's result (a number). */
  batch(n: number): number;
  close(): void;
}

/**
 * `module` exports `name`, a function of `args` that returns a batch `(n) => number` (built once in
 * the worker: the setup is not timed).
 */
export function isolatedBatch(module: URL, name: string, args: unknown[] = [], timeoutMs = 120_000): IsolatedBatch {
  const shared = new SharedArrayBuffer(24);
  const ctl = new Int32Array(shared, 0, 2);
  const num = new Float64Array(shared, 8, 2);
  const worker = new Worker(new URL('./isolate-worker.mjs', import.meta.url), { workerData: { shared, module: module.href, name, args } });
  worker.unref();
  const wait = (from: number, what: string) => {
    if (Atomics.wait(ctl, 0, from, timeoutMs) === 'timed-out') throw new Error(`isolated batch ${name}: no answer ${what} within ${timeoutMs} ms`);
    if (Atomics.load(ctl, 0) === FAILED) throw new Error(`isolated batch ${name} failed in its worker (see its error above)`);
  };
  wait(IDLE, 'to start');
  Atomics.store(ctl, 0, IDLE);
  return {
    batch(n: number): number {
      num[0] = n;
      Atomics.store(ctl, 0, RUN);
      Atomics.notify(ctl, 0);
      wait(RUN, `to a batch of ${n}`);
      const result = num[1];
      Atomics.store(ctl, 0, IDLE);
      Atomics.notify(ctl, 0);
      return result;
    },
    close() {
      Atomics.store(ctl, 0, STOP);
      Atomics.notify(ctl, 0);
    },
  };
}
