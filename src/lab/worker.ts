// A worker thread of the arena (pool.ts): prepares each job it is sent, then plays the chunks
// the main thread sends for it once it says it is ready, one message per chunk (started by worker-boot.mjs: through tsx from the sources).
import { parentPort } from 'node:worker_threads';
import { type ArenaJob, type Prepared, prepareJob, runChunk } from './arena.ts';

const port = parentPort;
if (!port) throw new Error('lab/worker.ts runs as a worker thread');
let job: ArenaJob | null = null;
let prepared: Prepared[] | null = null;
port.on('message', (m: { job: ArenaJob } | { chunk: number }) => {
  try {
    if ('job' in m) {
      job = m.job;
      prepared = null;
      prepared = prepareJob(job);
      port.postMessage({ ready: true }); // chunks are handed out from now on (pool.ts)
      return;
    }
    if (!job || !prepared) return; // its job failed to prepare: the error has been sent
    port.postMessage({ result: runChunk(prepared, job, m.chunk) });
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? { name: e.name, message: e.message, issues: (e as { issues?: unknown }).issues } : { message: String(e) } });
  }
});
