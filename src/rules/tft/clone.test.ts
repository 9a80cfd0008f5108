// cloneTft copies field by field (the lab clones once per fight): the copy must equal the state
// byte for byte (same keys in the same order, so a saved copy is the same text) and share no
// mutable part with it, at every point of a fight.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import type { TftState } from './model.ts';
import { cloneTft, tftSystem } from './system.ts';

const EXAMPLES = ['duel', 'skirmish', 'hitech-firefight', 'sweeping-blows', 'hanging-by-a-thread', 'hitech-biff'];

/** Every object and array reachable from `v` that a command may change (tables excluded). */
function mutableParts(v: unknown, out: Set<unknown>, path = ''): Set<unknown> {
  if (typeof v !== 'object' || v === null) return out;
  // Shared on purpose (never mutated after setup): table rows, a weapon's parsed damage (a
  // change of grip replaces it), the options, the map, the script, the module list and the sides' names.
  if (/\.(def|dmg)$/.test(path) || /^\.(options|map|script|modules|sideNames)\b/.test(path)) return out;
  out.add(v);
  for (const [k, x] of Object.entries(v)) mutableParts(x, out, `${path}.${k}`);
  return out;
}

describe('cloneTft', () => {
  for (const name of EXAMPLES) {
    it(`${name}: the copy is the same text and shares nothing mutable, all through a fight`, () => {
      const raw = parse(readFileSync(new URL(`../../../examples/tft/${name}.yaml`, import.meta.url), 'utf8')) as Record<string, unknown>;
      const { dice: _d, script: _s, ...rest } = raw; // the AI plays (a script expects its own dice)
      const s = tftSystem.setup(rest) as TftState;
      const dice = new SeededDice(seedRng(name, 1));
      for (let step = 0; step < 400 && tftSystem.pending(s) !== null; step++) {
        if (step % 7 === 0) {
          const c = cloneTft(s);
          expect(JSON.stringify(c)).toBe(JSON.stringify(s));
          const mine = mutableParts(s, new Set());
          for (const part of mutableParts(c, new Set())) expect(mine.has(part)).toBe(false);
        }
        tftSystem.apply(s, tftSystem.decide(s), dice, null);
      }
    });
  }

  it('nothing gone: every copy has the same frozen empty `gone`, no list of its own (the lab clones once per fight); a leave on a copy writes a new list, leaving the state and the other copies as they were', () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const s = tftSystem.setup(raw) as TftState;
    const dice = new SeededDice(seedRng('gone', 1));
    while (s.phase === 'begin') tftSystem.apply(s, tftSystem.decide(s), dice, null);
    const [a, b] = [cloneTft(s), cloneTft(s)];
    expect(a.gone).toEqual([]);
    expect(a.gone).toBe(b.gone);
    expect(Object.isFrozen(a.gone)).toBe(true);
    tftSystem.apply(a, tftSystem.parseCommand({ type: 'leave', figure: 'bjorn', reason: 'flees' }), new ScriptedDice([]), null);
    expect(a.gone?.map((g) => g.id)).toEqual(['bjorn']);
    expect([s.gone, b.gone]).toEqual([[], []]);
    // One gone: the copy has its own list, and its own copy of the figure.
    const c = cloneTft(a);
    expect(c.gone).not.toBe(a.gone);
    expect(c.gone?.[0]).not.toBe(a.gone?.[0]);
    expect(JSON.stringify(c)).toBe(JSON.stringify(a));
  });
});
