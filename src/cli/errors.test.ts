// How `fray` prints a refusal: one problem on one line, several listed under one head.
import { describe, expect, it } from 'vitest';
import { fray, refused } from './testing.ts';

const DUEL = 'examples/tft/duel.yaml';

describe('reportError', () => {
  it('one problem is one line naming the flag and the reason (not a head line and an indented one)', async () => {
    const r = await fray(['sim', DUEL, '-n', '5', '--no-progress', '--seed', '1.5']);
    refused(r);
    expect(r.err).toBe("fray: invalid option: --seed: '1.5' must be a whole number from 0 to 4294967295, or any text");
    const missing = await fray(['run', 'no/such.yaml']);
    refused(missing);
    expect(missing.err).toBe('fray: invalid scenario: no/such.yaml: cannot read the file: no such file');
  });
  it('several problems of a scenario: the head, then one line per field', async () => {
    const text = 'system: tft\nfigures:\n  - { id: a, side: x, st: high, dx: low }\n';
    const r = await fray(['validate', 's.yaml'], { 's.yaml': text });
    refused(r);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe('fray: invalid scenario:');
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines.slice(1)) expect(l).toMatch(/^ {2}figures\[0\]\.\w+: /);
  });
});
