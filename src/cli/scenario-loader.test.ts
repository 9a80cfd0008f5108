// Reading a scenario file: an experiment file handed to `fray run` is named as such, not
// reported as "unknown system undefined".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.ts';
import { FORBIDDEN_WHY } from '../core/forbidden.ts';
import { parseScenarioText } from '../server/scenario-text.ts';
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

  it('a field named "__proto__", or a "constructor" holding "prototype", in scenario text is refused naming it and why, in YAML and JSON (it was read as plain data)', async () => {
    const duel = readFileSync('examples/tft/duel.yaml', 'utf8');
    const yaml = duel.replace('    name: Cedric\n', '    name: Cedric\n    __proto__: { st: 99 }\n');
    refused(await fray(['validate', 'x.yaml'], { 'x.yaml': yaml }), `fray: invalid scenario: figures[1].__proto__: ${FORBIDDEN_WHY}`);
    const json = JSON.stringify({ system: 'tft', map: { width: 10, height: 8, constructor: { prototype: { x: 1 } } }, figures: [] });
    refused(await fray(['run', 'x.json'], { 'x.json': json }), `fray: invalid scenario: map.constructor.prototype: ${FORBIDDEN_WHY}`);
    // The server reads an upload's text with the same reader, the paths under its field.
    expect(() => parseScenarioText(yaml, 'scenario.yaml', 'scenario', 'scenario')).toThrow(expect.objectContaining({ issues: [{ path: 'scenario.figures[1].__proto__', message: FORBIDDEN_WHY }] }));
    // Such names as plain texts, and a "constructor" or "prototype" field holding no prototype, are data.
    const names = duel.replace('name: Bjorn', 'name: __proto__').replace('name: Cedric', 'name: constructor\n    constructor: prototype\n    prototype: {}');
    const [a, b] = parseScenarioText(names, 'x.yaml').figures as Record<string, unknown>[];
    expect([a.name, b.name, b.constructor, b.prototype]).toEqual(['__proto__', 'constructor', 'prototype', {}]);
  });

  it('a real scenario loads', () => {
    expect(loadScenario(io, 'examples/adnd/melee.yaml').system.id).toBe('adnd');
  });
});
