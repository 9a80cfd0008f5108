// fast-check properties over random fights played by the AI to the end (tft-core invariants):
// no figure in two hexes or two able figures in one (a body may lie under a figure); a figure
// that is down never acts; hits stopped never exceed the damage.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { onMap } from './core.ts';
import type { TftEvent } from './model.ts';
import { tftSystem } from './system.ts';

const WEAPONS = ['broadsword', 'dagger', 'mace', 'spear', 'war-ax', 'shortsword', 'longbow', 'light-crossbow', 'halberd', 'two-handed-sword'];
const ARMOR = [null, 'cloth', 'leather', 'chainmail'];
const ACTING = new Set(['attack', 'move-step', 'move', 'stance', 'ready', 'pick-up', 'stand-up', 'drop', 'disengage', 'pass']);

const figureArb = fc.record({
  st: fc.integer({ min: 9, max: 16 }),
  dx: fc.integer({ min: 9, max: 15 }),
  weapon: fc.constantFrom(...WEAPONS),
  armor: fc.constantFrom(...ARMOR),
  q: fc.integer({ min: 0, max: 7 }),
  r: fc.integer({ min: 0, max: 7 }),
  facing: fc.integer({ min: 0, max: 5 }),
});

const fightArb = fc.record({
  figures: fc.array(figureArb, { minLength: 2, maxLength: 6 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  thread: fc.boolean(),
  ruleset: fc.constantFrom('legacy', 'classic'),
});

interface Fight {
  figures: { st: number; dx: number; weapon: string; armor: string | null; q: number; r: number; facing: number }[];
  seed: number;
  thread: boolean;
  ruleset: string;
}

function buildScenario(f: Fight): Record<string, unknown> | null {
  const seen = new Set<string>();
  const figures = [];
  for (const [i, x] of f.figures.entries()) {
    const q = x.q - Math.floor(x.r / 2) + 2;
    const key = `${q},${x.r}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const w = x.weapon;
    const minST: Record<string, number> = { 'two-handed-sword': 14, halberd: 13, 'light-crossbow': 12, 'war-ax': 12, broadsword: 12, longbow: 11, spear: 11, mace: 11, shortsword: 11 };
    figures.push({
      id: `f${i}`,
      side: i % 2 === 0 ? 'red' : 'blue',
      st: Math.max(x.st, minST[w] ?? 0),
      dx: x.dx,
      weapons: w === 'longbow' || w === 'light-crossbow' ? [w, 'dagger'] : [w],
      ...(x.armor ? { armor: x.armor } : {}),
      at: [q, x.r],
      facing: x.facing,
    });
  }
  if (new Set(figures.map((x) => x.side)).size < 2) return null;
  return { system: 'tft', map: { width: 12, height: 10 }, options: { thread: f.thread ? 'on' : 'off', ruleset: f.ruleset, maxTurns: 40 }, figures };
}

describe('properties of whole fights (fast-check)', () => {
  it('tft-core invariants hold in every command of random AI fights', () => {
    fc.assert(
      fc.property(fightArb, (f) => {
        const sc = buildScenario(f);
        if (!sc) return;
        const s = tftSystem.setup(sc);
        const dice = new SeededDice(seedRng(f.seed));
        const down = new Set<string>(s.figures.filter((x) => !x.woundFx.canAct).map((x) => x.id));
        const problems: string[] = [];
        const emit = (e: TftEvent) => {
          if (e.type === 'state') {
            const to = e.to as string;
            if (to === 'healthy' || to === 'reeling') down.delete(e.figure as string);
            else down.add(e.figure as string);
          }
          if (ACTING.has(e.type) && e.figure && down.has(e.figure)) problems.push(`${e.figure} is down but ${e.type}`);
          if (e.type === 'damage') {
            if ((e.stopped as number) > (e.raw as number)) problems.push(`stopped ${e.stopped} > damage ${e.raw}`);
            if ((e.amount as number) < 0) problems.push('negative damage');
          }
        };
        let steps = 0;
        while (tftSystem.pending(s) !== null && steps < 5000) {
          tftSystem.apply(s, tftSystem.decide(s), dice, emit);
          steps++;
          // Two figures able to act never share a hex; a body may lie under one (tft-core body).
          const hexes = new Set<string>();
          for (const x of s.figures) {
            const k = `${x.pos.q},${x.pos.r}`;
            if (!x.woundFx.canAct) {
              if (!onMap(s, x.pos)) problems.push(`${x.id} off the map`);
              continue;
            }
            if (hexes.has(k)) problems.push(`two figures in ${k}`);
            hexes.add(k);
            if (!onMap(s, x.pos)) problems.push(`${x.id} off the map`);
          }
          if (problems.length) break;
        }
        expect(problems).toEqual([]);
        expect(tftSystem.pending(s)).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
