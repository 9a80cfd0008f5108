// Runs an arena job on K worker threads (node:worker_threads, TypeScript through tsx), handing
// out chunk indices as workers free up and merging the results in chunk order: the result for
// a seed is the same with 1, 2 or K workers.
import { Worker } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { type ArenaJob, type ArenaResult, type ChunkResult, chunkCount, mergeChunks, prepareJob, runInline } from './arena.ts';

export interface PoolOptions {
  workers: number;
  onProgress?: (done: number, total: number) => void;
}

export async function runArena(job: ArenaJob, opts: PoolOptions): Promise<ArenaResult> {
  // Prepared here too: bad scenarios fail fast with the system's own InputError, and the merge
  // needs each variant's keys.
  const prepared = prepareJob(job);
  const total = chunkCount(job.fights);
  const k = Math.max(1, Math.min(opts.workers, total));
  if (k <= 1) return runInline(job, opts.onProgress);
  const results: ChunkResult[] = [];
  let next = 0;
  let done = 0;
  // tsx is registered inside the worker by worker-boot.mjs (`--import tsx` in execArgv is not
  // honoured by worker threads on Node 20).
  const url = new URL('./worker-boot.mjs', import.meta.url);
  await new Promise<void>((resolve, reject) => {
    const workers: Worker[] = [];
    let failed = false;
    const stopAll = () => {
      for (const w of workers) void w.terminate();
    };
    for (let i = 0; i < k; i++) {
      const w = new Worker(url, { workerData: job });
      workers.push(w);
      const feed = () => {
        if (next < total) w.postMessage({ chunk: next++ });
        else w.postMessage({ stop: true });
      };
      w.on('message', (m: { ready?: true; result?: ChunkResult; error?: { name?: string; message: string; issues?: InputError['issues'] } }) => {
        if (failed) return;
        if (m.error) {
          failed = true;
          stopAll();
          reject(m.error.issues ? new InputError(m.error.issues, 'scenario') : new Error(m.error.message));
          return;
        }
        if (m.result) {
          results.push(m.result);
          done++;
          opts.onProgress?.(done, total);
          if (done === total) {
            stopAll();
            resolve();
            return;
          }
        }
        feed();
      });
      w.on('error', (e) => {
        if (failed) return;
        failed = true;
        stopAll();
        reject(e);
      });
    }
  });
  return mergeChunks(prepared, job, results);
}
