// Reading a scenario file: an experiment file handed to `fray run` is named as such, not
// reported as "unknown system undefined".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.ts';
import type { CliIO } from './io.ts';
import { main } from './main.ts';
import { loadScenario } from './scenario-loader.ts';
import { fray, refused } from './testing.ts';

const io = { out: () => {}, err: () => {}, readFile: (p: string) => readFileSync(p, 'utf8') } as unknown as CliIO;

describe('loadScenario', () => {
  it('an experiment file (examples/lab) is refused as one, pointing at `fray compare`', () => {
    let e: unknown;
    try {
      loadScenario(io, 'examples/lab/two-weapons.yaml');
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(InputError);
    const msg = (e as Error).message;
    expect(msg).toMatch(/experiment file for `fray compare`/);
    expect(msg).toMatch(/two-weapons-duel\.yaml/);
    expect(msg).not.toMatch(/unknown system/);
  });

  it('`fray run` on an experiment file exits 1 with that message', async () => {
    const err: string[] = [];
    const code = await main(['node', 'fray', 'run', 'examples/lab/two-weapons.yaml'], { out: () => {}, err: (t) => err.push(t), readFile: (p) => readFileSync(p, 'utf8') });
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/experiment file for `fray compare`/);
    expect(err.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('a scenario without `system` is told the field is required, with the systems known (it said "unknown system undefined")', () => {
    const bad = { ...io, readFile: () => 'figures: []\n' } as unknown as CliIO;
    expect(() => loadScenario(bad, 'x.yaml')).toThrow(expect.objectContaining({ issues: [{ path: 'system', message: 'required: the game system, one of tft, adnd' }] }));
  });

  it('what is wrong with a file as a whole names the file, not "(file)": compare reads an experiment and the scenario it points at', async () => {
    refused(await fray(['run', 'bad.yaml'], { 'bad.yaml': 'system: tft\nfigures:\n  - id: a\n   st: 12\n' }), /^fray: invalid scenario: bad\.yaml: YAML syntax: .* at line 4, column 1$/);
    refused(await fray(['validate', 'list.yaml'], { 'list.yaml': '- a\n' }), /^fray: invalid scenario: list\.yaml: a scenario is a mapping/);
    const experiment = { 'lab/e.yaml': 'name: x\nscenario: arena.yaml\nvariants: [{ name: a }]\n', [resolve('lab/arena.yaml')]: 'system: tft\nfigures: [\n' };
    refused(await fray(['compare', 'lab/e.yaml', '-n', '5', '--no-progress'], experiment), new RegExp(`^fray: invalid scenario: ${resolve('lab/arena.yaml')}: YAML syntax: `));
  });

  it('a real scenario loads', () => {
    expect(loadScenario(io, 'examples/adnd/melee.yaml').system.id).toBe('adnd');
  });
});
