// The worker of bench/isolate.ts: registers tsx (as src/lab/worker-boot.mjs does), builds the
// batch, then answers the main thread's requests on the shared control word until told to stop.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { STATE } = await import('./isolate.ts');
const { IDLE, RUN, DONE, READY, FAILED, STOP } = STATE;
const ctl = new Int32Array(workerData.shared, 0, 2);
const num = new Float64Array(workerData.shared, 8, 2);
let batch;
try {
  const mod = await import(workerData.module);
  batch = await mod[workerData.name](...workerData.args);
} catch (e) {
  console.error(e);
  Atomics.store(ctl, 0, FAILED);
  Atomics.notify(ctl, 0);
  process.exit(1);
}
Atomics.store(ctl, 0, READY);
Atomics.notify(ctl, 0);
for (;;) {
  Atomics.wait(ctl, 0, READY);
  Atomics.wait(ctl, 0, IDLE);
  const s = Atomics.load(ctl, 0);
  if (s === STOP) break;
  if (s !== RUN) continue;
  try {
    num[1] = Number(batch(num[0])) || 0;
    Atomics.store(ctl, 0, DONE);
  } catch (e) {
    console.error(e);
    Atomics.store(ctl, 0, FAILED);
  }
  Atomics.notify(ctl, 0);
  Atomics.wait(ctl, 0, DONE);
}
