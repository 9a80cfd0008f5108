// explain's option labels name figures by the names it is given (engine/names.ts displayNames,
// as the server passes each viewer's and `fray explain` passes every figure's): two figures
// called "Orc" read "Orc (orc1)" and "Orc (orc2)". Without names, each figure's own name, as
// labels always read.
import { describe, expect, it } from 'vitest';
import { displayNames } from '../../engine/names.ts';
import type { TftState } from './model.ts';
import { attackOptions } from './options.ts';
import { tftSystem } from './system.ts';
import { fig, setup } from './testing.ts';

/** The labels of `id`'s options in explain (with `names` when given). */
function labels(s: TftState, id: string, names?: ReadonlyMap<string, string>): string[] {
  const f = tftSystem.explain(s, names).figures.find((x) => x.id === id)!;
  return (f.options as { label: string }[]).map((o) => o.label);
}

// A hero with two orcs in front of it, and a friend behind it.
const figures = [
  { id: 'hero', name: 'Hero', side: 'a', at: [5, 5] as [number, number], facing: 0 },
  { id: 'pal', name: 'Pal', side: 'a', at: [4, 5] as [number, number], facing: 0 },
  { id: 'orc1', name: 'Orc', side: 'b', at: [6, 5] as [number, number], facing: 3 },
  { id: 'orc2', name: 'Orc', side: 'b', at: [5, 6] as [number, number], facing: 3 },
];

describe('explain labels name figures by the names given', () => {
  it('two figures called Orc: "melee attack on Orc (orc2)" with names, "on Orc" as before without', () => {
    const s = setup(figures);
    const names = displayNames(s.figures);
    const withNames = labels(s, 'hero', names);
    expect(withNames).toContain('melee attack on Orc (orc1) with Broadsword');
    expect(withNames).toContain('melee attack on Orc (orc2) with Broadsword');
    const plain = labels(s, 'hero');
    expect(plain.filter((l) => l === 'melee attack on Orc with Broadsword')).toHaveLength(2);
    expect(plain.some((l) => l.includes('(orc'))).toBe(false);
    // Only the labels differ: the same options, the same commands, in the same order.
    const commands = (ls: ReturnType<typeof tftSystem.explain>) => ls.figures.map((f) => (f.options as { command: unknown }[]).map((o) => o.command));
    expect(commands(tftSystem.explain(s, names))).toEqual(commands(tftSystem.explain(s)));
  });

  it("the AI's attack options (never shown) name the target by its name too, not by its id", () => {
    const s = setup(figures);
    expect(attackOptions(s, fig(s, 'hero'), 'ai').map((o) => o.label)).toEqual(['attack Orc', 'attack Orc']);
  });

  it('sweep: the plan names its targets by the names given, by id without them (as before)', () => {
    const s = setup(
      figures.map((f) => (f.id === 'hero' ? { ...f, st: 16, dx: 16, weapons: ['greatsword'] } : f)),
      { sweep: 'new' },
    );
    const sweep = (names?: ReadonlyMap<string, string>) => labels(s, 'hero', names).find((l) => l.startsWith('sweep'))!;
    expect(sweep(displayNames(s.figures))).toMatch(/: Orc \(orc\d\) adjDX .*; Orc \(orc\d\) adjDX /);
    expect(sweep()).toMatch(/: orc\d adjDX .*; orc\d adjDX /);
  });

  it('HiTech fire and thread first aid name the target by the names given', () => {
    const gun = { id: 'gun', name: 'Gun', side: 'a', st: 12, dx: 12, iq: 11, talents: ['rifle', 'physicker'], at: [2, 2] as [number, number], facing: 0, weapons: ['assault-rifle'] };
    const s = setup(
      [gun, { id: 'pal', name: 'Orc', side: 'a', at: [2, 3], facing: 3 }, { id: 'orc1', name: 'Orc', side: 'b', at: [8, 2], facing: 3 }],
      { hitech: true, thread: 'on' },
    );
    fig(s, 'pal').wounds = 2; // a wounded friend beside the medic
    const names = displayNames(s.figures);
    expect(labels(s, 'gun', names)).toContain('first aid to Orc (pal)');
    expect(labels(s, 'gun', names).some((l) => /^fire .* at Orc \(orc1\)$/.test(l))).toBe(true);
    expect(labels(s, 'gun')).toContain('first aid to Orc');
    expect(labels(s, 'gun').some((l) => /^fire .* at Orc$/.test(l))).toBe(true);
  });
});
