// Files the commands write: where each went is said on stderr; stdout keeps the report alone.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fray } from './testing.ts';

describe('writeOutput', () => {
  it('--report and --svg say on stderr which file they wrote (sim, compare, odds); --json on stdout stays one object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-out-'));
    const [html, svg, odds] = ['sim.html', 'sim.svg', 'odds.svg'].map((f) => join(dir, f));
    const sim = await fray(['sim', 'examples/tft/duel.yaml', '-n', '20', '--no-progress', '--json', '--report', html, '--svg', svg]);
    expect(sim.code).toBe(0);
    expect(sim.err.split('\n')).toEqual([`fray: wrote ${svg} (--svg)`, `fray: wrote ${html} (--report)`]);
    expect(JSON.parse(sim.out).fights).toBe(20);
    const grid = join(dir, 'grid.svg');
    const compare = await fray(['compare', 'examples/tft/duel.yaml', '--vary', 'figures.bjorn.dx=11..12', '-n', '20', '--no-progress', '--svg', grid]);
    expect(compare.err).toBe(`fray: wrote ${grid} (--svg)`);
    expect((await fray(['odds', '3d6', '--svg', odds])).err).toBe(`fray: wrote ${odds} (--svg)`);
    expect([html, svg, grid, odds].every((f) => existsSync(f))).toBe(true);
  });
});
