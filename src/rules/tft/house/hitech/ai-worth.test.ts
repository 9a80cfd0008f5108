// The AI's measure of HiTech blasts (seed f04d4dae; R-H12): the core's measure of a blow
// (src/rules/tft/odds.ts blowWorth: E[min(damage, downAt)] + DOWN_WEIGHT x P(down)), so a figure
// with a sword and grenades weighs them alike (ai.ts takes the best score of all its options).
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../../core/hex/coords.ts';
import { core } from '../../core.ts';
import { damageToDown } from '../../odds.ts';
import { grenadeDice } from './data.ts';
import { actionPhase, fig, scenario, spec } from './harness.test-util.ts';
import { blastTargets } from './module.ts';
import { blastExpectation, blastWorth, hitChance } from './odds.ts';

const shooter = (weapons: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'gun', side: 'a', st: 12, dx: 12, iq: 10, talents: ['rifle', 'pistol'], at: [4, 0], facing: 0, weapons, ...extra });

interface Opt {
  command: Record<string, unknown>;
  adjDX: number;
  dice: 3 | 4;
  expectedDamage: number;
  friendlyDamage?: number;
  score: number;
}
const others = [
  { id: 'pal', side: 'a', st: 12, dx: 10, at: [1, 4], facing: 0, weapons: ['dagger'] },
  { id: 'biff', side: 'b', st: 7, dx: 11, at: [6, 0], facing: 3, armor: 'flak-jacket', weapons: ['dagger'] },
  { id: 'mook', side: 'b', st: 10, dx: 10, at: [6, 1], facing: 3, weapons: ['dagger'] },
];
const optionsOf = (type: string, s: ReturnType<typeof scenario>, who: string, mode: 'ai' | 'explain') => spec(type).options({ state: s, core, mode }, fig(s, who)) as unknown as Opt[];

describe("HiTech blasts: the AI's score is the core's measure of a blow [f04d4dae]", () => {
  it("R-H12: a grenade's score is each able foe's blastWorth at its downAt less twice the expected damage to friends and the thrower; expectedDamage and friendlyDamage are still the plain expectations", () => {
    const s = scenario([shooter(['grenade-tl9'], { at: [0, 0] }), ...others]);
    actionPhase(s);
    checkBlastScores(s, optionsOf('throw-grenade', s, 'gun', 'ai'), optionsOf('throw-grenade', s, 'gun', 'explain'), grenadeDice(9), (o) => o.command.at as Hex);
  });

  it("R-H12: a rocket fired at a figure is scored the same way (its blast over the landings, aimed at the target's hex)", () => {
    const s = scenario([shooter(['rocket-launcher'], { st: 16, at: [0, 0] }), ...others]);
    actionPhase(s);
    const ai = optionsOf('fire', s, 'gun', 'ai');
    expect(ai.map((o) => o.command.target).sort()).toEqual(['biff', 'mook']);
    checkBlastScores(s, ai, optionsOf('fire', s, 'gun', 'explain'), 12, (o) => fig(s, String(o.command.target)).pos);
  });
});

/** Each option's numbers against blastExpectation and blastWorth, aimed where `aimOf` says. */
function checkBlastScores(s: ReturnType<typeof scenario>, ai: Opt[], shown: Opt[], dice: number, aimOf: (o: Opt) => Hex) {
  const targets = blastTargets(s);
  expect(ai.length).toBeGreaterThan(1);
  expect(shown.length).toBe(ai.length);
  let differs = 0;
  ai.forEach((o, i) => {
    const at = aimOf(o);
    const label = JSON.stringify(o.command);
    const pHit = hitChance(o.dice, o.adjDX);
    const exp = blastExpectation(at, dice, pHit, targets);
    const e = (id: string) => exp.get(id)?.toNumber() ?? 0;
    const worth = (id: string) => blastWorth(at, dice, pHit.toNumber(), targets.find((t) => t.id === id) as (typeof targets)[number], damageToDown(fig(s, id)));
    const friends = e('gun') + e('pal');
    expect(o.expectedDamage, label).toBeCloseTo(e('biff') + e('mook'), 12);
    expect(o.friendlyDamage, label).toBeCloseTo(friends, 12);
    // explain shows the same plain numbers (only the AI's score is the worth).
    expect(shown[i].command, label).toEqual(o.command);
    expect(shown[i].expectedDamage, label).toBe(o.expectedDamage);
    expect(shown[i].friendlyDamage, label).toBe(o.friendlyDamage);
    expect(o.score, label).toBeCloseTo(worth('biff') + worth('mook') - 2 * friends, 12);
    if (Math.abs(o.score - (o.expectedDamage - 2 * friends)) > 0.5) differs++;
  });
  // The worth is not the plain expectation where a foe may go down.
  expect(differs).toBeGreaterThan(0);
}

describe('HiTech guns: a shot that empties the gun is charged the reload turn [f04d4dae]', () => {
  it('R-H10: a burst that empties the magazine scores its expected damage less a small cost per round and the turn the reload takes, worth the best shot that leaves a round (priceReloads); the others only the cost per round', () => {
    // An assault rifle (clip 20) holding 10: the half-clip burst empties it; single and four do not.
    const s = scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 10 } } }]), ...others]);
    actionPhase(s);
    const ai = optionsOf('fire', s, 'gun', 'ai') as (Opt & { ammoUsed: number })[];
    const plain = (o: (typeof ai)[number]) => o.expectedDamage - 0.15 * (o.ammoUsed - 1);
    const keep = ai.filter((o) => o.command.burst !== 'half');
    const empty = ai.filter((o) => o.command.burst === 'half');
    expect(keep.length).toBeGreaterThan(0);
    expect(empty.length).toBeGreaterThan(0);
    for (const o of keep) expect(o.score, JSON.stringify(o.command)).toBeCloseTo(plain(o), 12);
    const turn = Math.max(...keep.map(plain));
    for (const o of empty) expect(o.score, JSON.stringify(o.command)).toBeCloseTo(plain(o) - turn, 12);
    // With one round left every shot empties the gun: the last one is not charged (the reload comes anyway).
    const last = scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 1 } } }]), ...others]);
    actionPhase(last);
    const one = optionsOf('fire', last, 'gun', 'ai');
    expect(one.length).toBeGreaterThan(0);
    for (const o of one) expect(o.score).toBe(o.expectedDamage);
  });
});
