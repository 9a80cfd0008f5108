// A worker thread of the arena: prepares the job once, then plays the chunks the main thread
// sends, one message per chunk (run through tsx: `new Worker(url, { execArgv: ['--import', 'tsx'] })`).
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaJob, prepareJob, runChunk } from './arena.ts';

const job = workerData as ArenaJob;
const port = parentPort;
if (!port) throw new Error('lab/worker.ts runs as a worker thread');
try {
  const prepared = prepareJob(job);
  port.on('message', (m: { chunk: number } | { stop: true }) => {
    if ('stop' in m) {
      port.close();
      return;
    }
    port.postMessage({ result: runChunk(prepared, job, m.chunk) });
  });
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ error: e instanceof Error ? { name: e.name, message: e.message, issues: (e as { issues?: unknown }).issues } : { message: String(e) } });
}
