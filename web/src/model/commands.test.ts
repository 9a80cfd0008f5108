// The AD&D options explain() gives become commands the real AD&D system accepts (parsed and
// applied without rejection), using the seed's surprise example (3380eb42, R-A3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import { buildCommand, expandOptions } from './commands.ts';
import { optionView, optionsOf } from './options.ts';
import { type Obj, isObj } from './view.ts';

const adnd = systems.adnd;

function ctxFor(report: Obj, figure: string) {
  const figs = (report.figures as Obj[]).filter(isObj);
  const me = figs.find((f) => f.id === figure)!;
  const alive = figs.filter((f) => f.state !== 'dead');
  return {
    system: 'adnd',
    figure,
    enemies: alive.filter((f) => f.side !== me.side).map((f) => ({ id: String(f.id), name: String(f.name) })),
    friends: alive.filter((f) => f.side === me.side).map((f) => ({ id: String(f.id), name: String(f.name) })),
    attackers: [],
  };
}

describe('AD&D options to commands', () => {
  const scenario = parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8'));

  it('every option of every pending figure (and each choice) parses as a command', () => {
    const s = adnd.setup(scenario);
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25, ...Array(40).fill(5)]), null);
    const report = adnd.explain(s) as unknown as Obj;
    const pending = adnd.pending(s)!;
    expect(pending.figures.length).toBeGreaterThan(0);
    let n = 0;
    let attacks = 0;
    for (const id of pending.figures) {
      const opts = expandOptions(optionsOf(report, id), ctxFor(report, id));
      attacks += opts.filter((o) => o.kind === 'attack').length;
      for (const o of opts) {
        for (const c of o.choices.length > 0 ? o.choices : [o]) {
          const cmd = buildCommand(c, ctxFor(report, id));
          expect(() => adnd.parseCommand(cmd)).not.toThrow();
          n++;
        }
      }
    }
    expect(attacks).toBeGreaterThan(0);
    expect(n).toBeGreaterThan(pending.figures.length);
  });

  it('an attack option becomes {type, figure, target, weapon} and the engine applies it', () => {
    const s = adnd.setup(scenario);
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25]), null);
    const report = adnd.explain(s) as unknown as Obj;
    const id = adnd.pending(s)!.figures[0];
    const attack = optionsOf(report, id).find((o) => o.kind === 'attack')!;
    const cmd = buildCommand(attack, ctxFor(report, id));
    expect(cmd).toEqual({ type: 'attack', figure: id, target: attack.raw.target, weapon: attack.raw.weapon });
    expect(() => adnd.apply(s, adnd.parseCommand(cmd), new ScriptedDice(Array(200).fill(10)), null)).not.toThrow();
  });

  it('parry needs whom: attackers first, then every enemy', () => {
    const opt = { kind: 'parry', weapon: 'longsword', acImprovement: 1, rule: 'R-A8' };
    const report = { figures: [{ id: 'a', name: 'A', side: 'x', options: [opt] }, { id: 'b', name: 'B', side: 'y' }, { id: 'c', name: 'C', side: 'y' }] };
    const ctx = { ...ctxFor(report, 'a'), attackers: ['c'] };
    const [parry] = expandOptions(optionsOf(report, 'a'), ctx);
    expect(parry.choices.map((c) => buildCommand(c, ctx))).toEqual([
      { type: 'parry', figure: 'a', against: 'c' },
      { type: 'parry', figure: 'a', against: 'b' },
    ]);
  });

  it('adds no pass of its own: every option offered at a real AD&D decision is one the engine takes (a pass added while declaring was refused)', () => {
    const adnd = systems.adnd;
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/melee.yaml', import.meta.url), 'utf8')));
    const dice = new SeededDice(seedRng(5));
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), dice, null);
    let checked = 0;
    for (let step = 0; step < 40 && adnd.pending(s); step++) {
      const report = adnd.explain(s) as unknown as Obj;
      for (const id of adnd.pending(s)?.figures ?? []) {
        const ctx = ctxFor(report, id);
        for (const o of expandOptions(optionsOf(report, id), ctx)) {
          for (const c of o.choices.length > 0 ? o.choices : [o]) {
            const copy = adnd.clone(s);
            expect(() => adnd.apply(copy, adnd.parseCommand(buildCommand(c, ctx)), new SeededDice(seedRng(6)), null), `${c.label} at ${adnd.pending(s)?.kind}`).not.toThrow();
            checked++;
          }
        }
      }
      adnd.apply(s, adnd.decide(s), dice, null);
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('an option with its own command is sent as it is', () => {
    const report = { figures: [{ id: 'a', options: [{ kind: 'sweep', command: { type: 'sweep', figure: 'a', targets: ['x', 'y'] }, pHit: 0.5 }] }] };
    const [o] = optionsOf(report, 'a');
    expect(buildCommand(o, { system: 'tft', figure: 'a', enemies: [], friends: [], attackers: [] })).toEqual({ type: 'sweep', figure: 'a', targets: ['x', 'y'] });
  });
});

describe('commands from options of an unusual shape', () => {
  it('an AD&D option whose type is named like what objects inherit builds a bare command instead of throwing', () => {
    const ctx = { system: 'adnd', figure: 'a', enemies: [], friends: [], attackers: [] };
    const o = optionView({ type: 'constructor', target: 'b' }, 'k', 'a');
    expect(buildCommand(o, ctx)).toEqual({ type: 'constructor', figure: 'a' });
  });
});
