// The lab's path (emit null: numbers only, no ledgers) plays the very same fight as the logged
// path: same dice in the same order, same end state (RULINGS R-A1..R-A11 unchanged either way).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import { cloneState } from './clone.ts';
import type { AdndEvent, AdndState } from './model.ts';
import { adndSystem as sys } from './system.ts';

const load = (name: string) => parse(readFileSync(new URL(`../../../examples/adnd/${name}`, import.meta.url), 'utf8'));

type Raw = Record<string, unknown>;
// A mixed fight: fighters with extra attacks, two weapons, a bow, spells (damage, hold, haste,
// heal), a whip (entangle), a disarming sword, natural attacks, a drain, surprise and -10 death.
const mixed = (n: number, deep: boolean): Raw => ({
  system: 'adnd',
  options: { deathAt: deep ? -10 : 0 },
  surprise: [{ side: n % 2 ? 'a' : 'b' }],
  figures: [
    { id: 'f1', side: 'a', class: 'fighter', level: 1 + (n % 7), hp: 30, ac: 3, str: '18/50', dex: 16, twoWeapons: true, proficiencies: { longsword: 1, dagger: 1 }, weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], wield: ['longsword', 'dagger'] },
    { id: 'r1', side: 'a', class: 'ranger', level: 3, hp: 20, ac: 5, dex: 17, wield: [], proficiencies: { longbow: 1 }, weapons: [{ weapon: 'longbow', ammo: 6 }, { weapon: 'short-sword' }] },
    { id: 'c1', side: 'a', class: 'cleric', level: 5, hp: 22, ac: 4, proficiencies: { 'footmans-mace': 1 }, weapons: [{ weapon: 'footmans-mace' }], spells: { 'cure-light-wounds': 1, 'hold-person': 1 } },
    { id: 'm1', side: 'a', class: 'magic-user', level: 6, hp: 12, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { 'lightning-bolt': 1, haste: 1, 'magic-missile': 1 } },
    { id: 'w1', side: 'b', class: 'thief', level: 4, hp: 14, ac: 6, dex: 17, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }] },
    { id: 'o1', side: 'b', hd: '1+1', hp: 9, ac: 6, weapons: [{ id: 'spear', weapon: 'spear' }] },
    { id: 'g1', side: 'b', hd: 6, hp: 35, ac: 4, size: 'L', weapons: [{ id: 'claw', sf: 3, damage: '1d6' }, { id: 'bite', sf: 6, damage: '2-12' }] },
    { id: 'v1', side: 'b', hd: 8, dex: 14, hp: 30, ac: 1, weapons: [{ id: 'touch', sf: 5, damage: '1d6+4', drain: { kind: 'level', amount: 1 } }] },
    { id: 's1', side: 'b', class: 'fighter', level: 3, hp: 20, ac: 4, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: 1 }], script: [{ type: 'attack', target: 'f1', mode: 'disarm' }] },
  ],
});

function play(raw: unknown, seed: number, logged: boolean): { state: string; events: number } {
  const s: AdndState = sys.setup(raw);
  let events = 0;
  const emit = logged
    ? (e: AdndEvent) => {
        JSON.stringify(e);
        events++;
      }
    : null;
  const r = runToEnd(sys, s, new SeededDice(seedRng(seed)), emit);
  expect(r.ended).toBe(true);
  // Nothing in the state may depend on whether the log is on (the server replays with it off).
  return { state: JSON.stringify(s), events };
}

describe('the lab path: emit null plays the same fight [3380eb42]', () => {
  it('same seed, same end state with and without the log (mixed fight, property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 6 }), fc.boolean(), (seed, n, deep) => {
        const raw = mixed(n, deep);
        const lab = play(raw, seed, false);
        const log = play(raw, seed, true);
        expect(log.events).toBeGreaterThan(0);
        expect(lab.state).toBe(log.state);
      }),
      { numRuns: 40 },
    );
  });

  it('same seed, same end state with and without the log (every example scenario)', () => {
    for (const name of ['melee.yaml', 'surprise.yaml', 'frito-parries.yaml', 'frito-and-rocky.yaml', 'speed-factors.yaml', 'vampire.yaml']) {
      for (const seed of [1, 2, 3, 4, 5]) expect(play(load(name), seed, false).state, `${name} seed ${seed}`).toBe(play(load(name), seed, true).state);
    }
  });

  it('the fast copy of the state equals structuredClone and is independent of the original', () => {
    const s: AdndState = sys.setup(mixed(3, true));
    const dice = new SeededDice(seedRng(5));
    for (let k = 0; k < 40 && sys.pending(s); k++) sys.apply(s, sys.decide(s), dice, null);
    const c = cloneState(s);
    expect(c).toEqual(structuredClone(s));
    const before = JSON.stringify(s);
    runToEnd(sys, c, new SeededDice(seedRng(6)), null);
    expect(JSON.stringify(s)).toBe(before);
  });
});
