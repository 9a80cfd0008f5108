// Runs arena jobs on K threads: this one and K-1 worker threads (node:worker_threads; the
// TypeScript sources through tsx, the library's build as plain JavaScript), handing out chunk
// indices as threads free up and merging the results in chunk order: the result for a seed is
// the same with 1, 2 or K. This thread plays chunks from the start, so a job too small to repay
// starting workers (a worker takes about 0.4 s to load the engine through tsx) is no slower
// than with one. A pool keeps its workers for several jobs (a compare grid runs one job per point).
import { Worker } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { type ArenaJob, type ArenaResult, type ChunkResult, chunkCount, mergeChunks, prepareJob, runChunk, runInline } from './arena.ts';

export interface PoolOptions {
  workers: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * This module runs from the TypeScript sources (tsx, vitest), not from the library's build
 * (dist/, docs/LIBRARY.md): its workers then need tsx, which worker-boot.mjs registers.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** What a worker sends back (worker.ts). */
type WorkerMessage = { ready?: true; result?: ChunkResult; error?: { name?: string; message: string; issues?: InputError['issues'] } };

/**
 * Chunks a ready worker holds, so it does not wait while this thread plays a chunk. None is
 * handed to a worker still loading: this thread may finish a small job meanwhile.
 */
const AHEAD = 2;

/** K threads: this one and K-1 workers, started on the first job that needs them, kept until close(). */
export class ArenaPool {
  private workers: Worker[] = [];
  /** Chunks of the last job played by this thread (index 0) and by each worker. */
  played: number[] = [];

  /**
   * @param size threads in all (`--workers K`).
   * @param here this thread plays chunks too (default); false leaves them all to the workers,
   *   for a caller whose event loop must stay free (and for tests of the workers alone).
   */
  constructor(
    readonly size: number,
    readonly here = true,
  ) {}

  /** Plays `job` (inline when one thread is enough); the same result for any pool size. */
  async run(job: ArenaJob, onProgress?: (done: number, total: number) => void): Promise<ArenaResult> {
    // Prepared here too: bad scenarios fail fast with the system's own InputError, the merge
    // needs each variant's keys, and this thread plays from them.
    const prepared = prepareJob(job);
    const total = chunkCount(job.fights);
    const helpers = Math.min(this.here ? this.size - 1 : this.size, total);
    if (helpers <= 0 || (this.here && total <= 1)) {
      this.played = [total];
      return runInline(job, onProgress);
    }
    while (this.workers.length < helpers) this.workers.push(new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { tsx: FROM_SOURCES } }));
    const active = this.workers.slice(0, helpers);
    const played = new Array<number>(helpers + 1).fill(0);
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
      const record = (r: ChunkResult, thread: number) => {
        results.push(r);
        played[thread]++;
        done++;
        onProgress?.(done, total);
        if (done === total) {
          finished = true;
          detach();
          resolve();
        }
      };
      const feed = (w: Worker) => {
        if (next < total) w.postMessage({ chunk: next++ });
      };
      active.forEach((w, i) => {
        w.on('message', (m: WorkerMessage) => {
          if (finished) return;
          if (m.error) {
            fail(m.error.issues ? new InputError(m.error.issues, 'scenario') : new Error(m.error.message));
            return;
          }
          if (m.ready) for (let a = 0; a < AHEAD; a++) feed(w);
          if (!m.result) return;
          record(m.result, i + 1);
          if (!finished) feed(w);
        });
        w.on('error', fail);
        w.postMessage({ job });
      });
      // This thread plays one chunk at a time, letting the workers' messages in between.
      const playHere = () => {
        if (finished || next >= total) return;
        try {
          record(runChunk(prepared, job, next++), 0);
        } catch (e) {
          fail(e);
          return;
        }
        setImmediate(playHere);
      };
      if (this.here) setImmediate(playHere);
    });
    this.played = played;
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
