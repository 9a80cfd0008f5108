// The server process's own options (start.ts parseArgs): whole numbers read as every option of
// `fray` reads them, a wrong one refused naming the option.
import { describe, expect, it } from 'vitest';
import { parseArgs } from './start.ts';

describe('parseArgs', () => {
  it('--dice-seed takes a whole number from 0 to 2^32 - 1; 1.5, abc, 1e3, -1 and 2^32 are refused naming it (they were NaN, a fraction or another seed, silently)', () => {
    expect(parseArgs(['--dice-seed', '7']).diceSeed).toBe(7);
    expect(parseArgs(['--dice-seed', ' 4294967295 ']).diceSeed).toBe(4294967295);
    for (const x of ['1.5', 'abc', '', '1e3', '0x10', '-1', '4294967296']) {
      expect(() => parseArgs(['--dice-seed', x]), x).toThrow(`invalid option: --dice-seed: must be a whole number from 0 to 4294967295, got '${x}'`);
    }
  });
  it('--port and --snapshot-every are read the same way (1e3, 0x10 and an empty text were taken)', () => {
    expect(parseArgs(['--port', '0', '--snapshot-every', '4'])).toMatchObject({ port: 0, snapshotEvery: 4 });
    for (const x of ['1e3', '0x10', '', '65536']) expect(() => parseArgs(['--port', x]), x).toThrow(`invalid option: --port: must be a whole number from 0 to 65535, got '${x}'`);
    for (const x of ['1e3', '0x10', '0']) expect(() => parseArgs(['--snapshot-every', x]), x).toThrow(`invalid option: --snapshot-every: must be a whole number from 1 to 1000000000, got '${x}'`);
    expect(() => parseArgs(['--dice-seed'])).toThrow('--dice-seed: missing value');
  });
});
