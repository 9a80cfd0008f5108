// Entry of an arena worker thread (pool.ts), then runs worker.ts. From the sources the worker is
// TypeScript: tsx is registered in this thread first (`--import tsx` in execArgv is not honoured
// by worker threads on Node 20), as bin/fray.js does for the main thread. From the library's
// build (dist/, where this import names worker.js) it is JavaScript: no tsx, no time to load it.
import { workerData } from 'node:worker_threads';

if (workerData?.tsx) (await import('tsx/esm/api')).register();
await import('./worker.ts');
