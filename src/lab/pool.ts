// Runs arena jobs on K worker threads (node:worker_threads, TypeScript through tsx), handing
// out chunk indices as workers free up and merging the results in chunk order: the result for
// a seed is the same with 1, 2 or K workers. A pool keeps its threads for several jobs (a
// compare grid runs one job per point; starting threads and loading the engine in each takes
// far longer than a point's fights).
import { Worker } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { type ArenaJob, type ArenaResult, type ChunkResult, chunkCount, mergeChunks, prepareJob, runInline } from './arena.ts';

export interface PoolOptions {
  workers: number;
  onProgress?: (done: number, total: number) => void;
}

/** What a worker sends back (worker.ts). */
type WorkerMessage = { result?: ChunkResult; error?: { name?: string; message: string; issues?: InputError['issues'] } };

/** K worker threads, started on the first job that needs more than one and kept until close(). */
export class ArenaPool {
  private workers: Worker[] = [];

  constructor(readonly size: number) {}

  /** Plays `job` (inline when one thread is enough); the same result for any pool size. */
  async run(job: ArenaJob, onProgress?: (done: number, total: number) => void): Promise<ArenaResult> {
    // Prepared here too: bad scenarios fail fast with the system's own InputError, and the merge
    // needs each variant's keys.
    const prepared = prepareJob(job);
    const total = chunkCount(job.fights);
    const k = Math.max(1, Math.min(this.size, total));
    if (k <= 1) return runInline(job, onProgress);
    // tsx is registered inside the worker by worker-boot.mjs (`--import tsx` in execArgv is not
    // honoured by worker threads on Node 20).
    while (this.workers.length < k) this.workers.push(new Worker(new URL('./worker-boot.mjs', import.meta.url)));
    const active = this.workers.slice(0, k);
    const results: ChunkResult[] = [];
    let next = 0;
    let done = 0;
    await new Promise<void>((resolve, reject) => {
      let finished = false;
      const detach = () => {
        for (const w of active) {
          w.removeAllListeners('message');
          w.removeAllListeners('error');
        }
      };
      const fail = (e: unknown) => {
        if (finished) return;
        finished = true;
        detach();
        void this.close(); // a failed job leaves its workers mid-chunk: start afresh next time
        reject(e);
      };
      const feed = (w: Worker) => {
        if (next < total) w.postMessage({ chunk: next++ });
      };
      for (const w of active) {
        w.on('message', (m: WorkerMessage) => {
          if (finished) return;
          if (m.error) {
            fail(m.error.issues ? new InputError(m.error.issues, 'scenario') : new Error(m.error.message));
            return;
          }
          if (!m.result) return;
          results.push(m.result);
          done++;
          onProgress?.(done, total);
          if (done === total) {
            finished = true;
            detach();
            resolve();
            return;
          }
          feed(w);
        });
        w.on('error', fail);
        // Messages are handled in order: the job is prepared before its first chunk is played.
        w.postMessage({ job });
        feed(w);
      }
    });
    return mergeChunks(prepared, job, results);
  }

  /** Stops the threads (a later run starts new ones). */
  async close(): Promise<void> {
    const ws = this.workers;
    this.workers = [];
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

/** One job on a pool of its own (`fray sim`). */
export async function runArena(job: ArenaJob, opts: PoolOptions): Promise<ArenaResult> {
  const pool = new ArenaPool(opts.workers);
  try {
    return await pool.run(job, opts.onProgress);
  } finally {
    await pool.close();
  }
}
