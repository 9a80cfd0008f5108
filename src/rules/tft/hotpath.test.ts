// The lab's hot path (clone + runToEnd with emit null, the AI on every side) must give the same
// fights as before it was made fast, and the same fights with logging on and off.
//
// GOLDEN below was computed from the code as it was BEFORE the speed work (commit 0247300), so
// a change that alters any die consumed, any AI choice or any rule outcome fails here. If a rule
// or AI change is MEANT to change fights, regenerate: `GOLDEN_PRINT=1 npx vitest run
// src/rules/tft/hotpath.test.ts` prints the new values (say why in the commit).
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import type { TftEvent, TftState } from './model.ts';
import { tftSystem } from './system.ts';

/** examples/tft/duel.yaml (copied so an edit to the example does not move the golden values). */
const duel = {
  system: 'tft',
  name: 'Duel at the ford',
  map: { width: 10, height: 8 },
  options: { ruleset: 'legacy' },
  figures: [
    { id: 'bjorn', name: 'Bjorn', side: 'north', st: 12, dx: 12, iq: 8, weapons: ['broadsword', 'dagger'], armor: 'leather', shield: 'small-shield', at: [2, 3], facing: 0 },
    { id: 'cedric', name: 'Cedric', side: 'south', st: 13, dx: 11, iq: 8, weapons: ['war-ax'], armor: 'leather', shield: 'small-shield', at: [5, 3], facing: 3 },
  ],
};

const duelThreadOff = { ...duel, options: { ruleset: 'legacy', thread: 'off' } };
const duelClassic = { ...duel, options: { ruleset: 'classic', thread: 'off', sweep: 'classic' } };

/** examples/tft/skirmish.yaml: archers, a halberd, a spear, rough ground and water. */
const skirmish = {
  system: 'tft',
  name: 'Skirmish at the mill',
  map: {
    width: 14,
    height: 10,
    terrain: [
      { q: 5, r: 4, kind: 'rough' },
      { q: 6, r: 4, kind: 'rough' },
      { q: 4, r: 6, kind: 'water' },
      { q: 5, r: 6, kind: 'water' },
    ],
  },
  options: { ruleset: 'legacy' },
  figures: [
    { id: 'ada', name: 'Ada', side: 'red', st: 11, dx: 14, iq: 9, weapons: ['longbow', 'dagger'], armor: 'cloth', at: [1, 2], facing: 0 },
    { id: 'hal', name: 'Hal', side: 'red', st: 13, dx: 11, iq: 8, weapons: ['halberd'], armor: 'leather', at: [1, 4], facing: 0 },
    { id: 'rolf', name: 'Rolf', side: 'red', st: 12, dx: 12, iq: 8, weapons: ['broadsword'], armor: 'leather', shield: 'small-shield', at: [0, 6], facing: 0 },
    { id: 'bryn', name: 'Bryn', side: 'blue', st: 11, dx: 13, iq: 9, weapons: ['longbow', 'dagger'], armor: 'cloth', at: [9, 2], facing: 3 },
    { id: 'pike', name: 'Pia', side: 'blue', st: 12, dx: 12, iq: 8, weapons: [{ weapon: 'spear', twoHanded: true }], armor: 'leather', at: [8, 4], facing: 3 },
    { id: 'grim', name: 'Grim', side: 'blue', st: 13, dx: 11, iq: 8, weapons: ['war-ax'], armor: 'leather', shield: 'small-shield', at: [7, 6], facing: 3 },
  ],
};

/** A strong sweeper against three goblins (sweep 'new' by default; thread on). */
const sweepers = {
  system: 'tft',
  name: 'One against three',
  map: { width: 12, height: 10 },
  figures: [
    { id: 'hero', name: 'Hero', side: 'a', st: 16, dx: 15, iq: 10, weapons: ['greatsword'], armor: 'leather', at: [3, 4], facing: 0 },
    { id: 'g1', name: 'G1', race: 'goblin', side: 'b', st: 10, dx: 11, weapons: ['club'], armor: 'leather', at: [7, 3], facing: 3 },
    { id: 'g2', name: 'G2', race: 'goblin', side: 'b', st: 10, dx: 11, weapons: ['club'], armor: 'leather', at: [7, 4], facing: 3 },
    { id: 'g3', name: 'G3', race: 'goblin', side: 'b', st: 10, dx: 11, weapons: ['club'], armor: 'leather', at: [7, 5], facing: 3 },
  ],
};

/** FNV-1a over a string, continuing from `h`. */
function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

interface Golden {
  fights: number;
  wins: Record<string, number>;
  turns: number;
  steps: number;
  wounds: number;
  hash: number;
}

function fingerprint(state: TftState, steps: number): string {
  const s = tftSystem.summary(state);
  return JSON.stringify({ w: s.winner, t: s.turns, steps, f: s.figures });
}

/** Fight i of `scenario` on seedRng(seed, i), as the lab plays it (clone of one setup). */
function playAll(scenario: unknown, seed: number, fights: number, withEvents: boolean): Golden {
  const base = tftSystem.setup(scenario);
  const out: Golden = { fights, wins: {}, turns: 0, steps: 0, wounds: 0, hash: 2166136261 };
  for (let i = 0; i < fights; i++) {
    const state = tftSystem.clone(base);
    const events: TftEvent[] = [];
    const r = runToEnd(tftSystem, state, new SeededDice(seedRng(seed, i)), withEvents ? (e) => events.push(e) : null, { maxSteps: 20_000 });
    const w = state.winner ?? 'draw';
    out.wins[w] = (out.wins[w] ?? 0) + 1;
    out.turns += state.turn;
    out.steps += r.steps;
    for (const f of state.figures) out.wounds += f.wounds;
    out.hash = fnv(out.hash, fingerprint(state, r.steps));
    if (withEvents && events.length === 0) throw new Error('no events with emit on');
  }
  return out;
}

const CASES: { name: string; scenario: unknown; seed: number; fights: number }[] = [
  { name: 'duel (thread on, default options)', scenario: duel, seed: 1, fights: 400 },
  { name: 'duel, thread off', scenario: duelThreadOff, seed: 2, fights: 200 },
  { name: 'duel, classic ruleset and sweep', scenario: duelClassic, seed: 3, fights: 200 },
  { name: 'skirmish 3 v 3 with bows and terrain', scenario: skirmish, seed: 4, fights: 60 },
  { name: 'one sweeper against three goblins', scenario: sweepers, seed: 5, fights: 100 },
];

/**
 * Computed from the code before the speed work (see the head of this file), then regenerated
 * for changes meant to change fights: the AI (shooters move to a firing position; the last able
 * figure of a side fights on, neither running nor defending to the turn limit) and the rules
 * (pole weapon set against a charger: double damage; one last shot; a body may be stood on;
 * a move's half MA is fixed when it is made, so a figure made reeling after its move keeps
 * its action: the skirmish and the sweeper changed with that, and only with it), and the data
 * (the goblins' club is 1d, not 1d+1, as the Melee weapon table gives it: the sweeper changed
 * with that, and only with it). The AI's measure of a blow (the damage that counts toward
 * downing the target, and a weight on downing it: odds.ts blowValue) changed the skirmish and the
 * sweeper, where a figure chooses between foes; the duels, with one foe, did not change. So
 * did the AI's facing among several adjacent foes (as many in front as it can, the best target
 * among them: ai.ts facingWithMostInFront): the skirmish and the sweeper again, not the duels.
 */
const GOLDEN: Record<string, Golden> = {
  'duel (thread on, default options)': { fights: 400, wins: { north: 239, south: 161 }, turns: 2376, steps: 11841, wounds: 7015, hash: 2852792283 },
  'duel, thread off': { fights: 200, wins: { north: 123, south: 76, draw: 1 }, turns: 1204, steps: 6012, wounds: 3558, hash: 3962035211 },
  'duel, classic ruleset and sweep': { fights: 200, wins: { north: 109, south: 91 }, turns: 1171, steps: 5849, wounds: 3541, hash: 491716707 },
  'skirmish 3 v 3 with bows and terrain': { fights: 60, wins: { red: 35, blue: 25 }, turns: 461, steps: 4224, wounds: 3389, hash: 1976156672 },
  'one sweeper against three goblins': { fights: 100, wins: { a: 94, b: 6 }, turns: 507, steps: 3316, wounds: 4284, hash: 3922790732 },
};

describe('TFT hot path: same fights before and after the speed work', () => {
  const print = process.env.GOLDEN_PRINT === '1';
  for (const c of CASES) {
    it(`golden summary: ${c.name}`, () => {
      const got = playAll(c.scenario, c.seed, c.fights, false);
      if (print) console.log(`  ${JSON.stringify(c.name)}: ${JSON.stringify(got)},`);
      else expect(got).toEqual(GOLDEN[c.name]);
    });
    it(`emit on and off play the same fights: ${c.name}`, () => {
      const n = Math.min(c.fights, 40);
      expect(playAll(c.scenario, c.seed, n, true)).toEqual(playAll(c.scenario, c.seed, n, false));
    });
  }
});
