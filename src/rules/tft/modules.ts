// The TFT house-rule modules, in hook order. Each module's engineer adds one import and one
// entry here (thread, sweep, hitech); see hooks.ts for the interface.
import type { HouseModule } from './hooks.ts';
import { threadModule } from './house/thread/module.ts';
import { sweepModule } from './house/sweep/module.ts';
import { hitechModule } from './house/hitech/module.ts';

export const houseModules: HouseModule[] = [threadModule, sweepModule, hitechModule];
