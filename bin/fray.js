#!/usr/bin/env node
// The `fray` command: runs the TypeScript sources through tsx, so no build step can go stale.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
