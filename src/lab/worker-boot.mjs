// Entry of an arena worker thread: registers tsx in this thread (so the TypeScript sources
// load, as bin/fray.js does for the main thread), then runs worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
