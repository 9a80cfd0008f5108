// Whole-number options: one reading and one message for every command.
import { describe, expect, it } from 'vitest';
import { fray } from './testing.ts';

const DUEL = 'examples/tft/duel.yaml';

describe('whole-number options', () => {
  it('every command refuses 1e3, 0x10, 1.5 and 1_000 in the same words, naming the flag and what it must be (sim -n and --workers took 1e3 and 0x10, which fray odds refused)', async () => {
    const flags: [(x: string) => string[], string, string][] = [
      [(x) => ['sim', DUEL, '--no-progress', '-n', x], '-n', ' from 1 to 1000000000'],
      [(x) => ['sim', DUEL, '--no-progress', '-n', '2', '--workers', x], '--workers', ' from 1 to 64'],
      [(x) => ['compare', DUEL, '--variant', 'a:', '--no-progress', '-n', x], '-n', ' from 1 to 1000000000'],
      [(x) => ['run', DUEL, '--max-steps', x], '--max-steps', ' from 1 to 1000000000'],
      [(x) => ['explain', DUEL, '--turn', x], '--turn', ' from 1 to 999999'],
      // fray odds: the lab checks each number's own range after this, in the same words.
      [(x) => ['odds', '--adjdx', '13', '--damage', '2d', '--armor', x], '--armor', ''],
    ];
    for (const [args, flag, range] of flags) {
      for (const x of ['1e3', '0x10', '1.5', '1_000']) {
        const r = await fray(args(x));
        expect([r.code, r.err], args(x).join(' ')).toEqual([1, `fray: invalid option: ${flag}: must be a whole number${range}, got '${x}'`]);
      }
    }
  });
  it('--port is read the same way (0x10000 was refused as "expected a port")', async () => {
    // Numbers out of range here, so no server starts where they were read as numbers.
    for (const x of ['0x10000', '1e5', '65536']) expect((await fray(['serve', '--port', x])).err).toBe(`fray: invalid option: --port: must be a whole number from 0 to 65535, got '${x}'`);
  });
});
