// The seed's autofire and grenade examples (f04d4dae; RULINGS R-H10, R-H12) as a scenario played
// through the whole TFT system with the scenario's scripted dice: examples/tft/hitech-burst-grenade.yaml.
import { describe, expect, it } from 'vitest';
import type { TftEvent } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { playExample } from './harness.test-util.ts';

type Dmg = { figure: string; amount: number; faces: number[] };
type Roll = { adjDX: number; roll: number; outcome: string; ledger: { source: string; delta: number; rule: string }[] };

describe('the autofire and TL 12 grenade examples (seed f04d4dae) through the TFT system', () => {
  const { state, events, dice, r } = playExample('hitech-burst-grenade');
  const dmg = (who: string) => (events.filter((e) => e.type === 'damage' && e.figure === who) as unknown as Dmg[]).map((d) => [d.faces, d.amount]);

  it('R-H10 [f04d4dae]: the log says how the hits add up in words: 1 for the hit + 1 for every 3 the roll 9 is under adjDX 13', () => {
    const hits = events.find((e) => e.type === 'hits' && e.figure === 'biff') as TftEvent;
    expect(tftSystem.describe(hits)).toContain('(1 for the hit + 1 for every 3 the roll 9 is under adjDX 13)');
  });

  it('plays to the end using exactly the scripted dice, every script entry used', () => {
    expect(r.ended).toBe(true);
    expect(dice.remaining).toBe(0);
    expect(state.scriptUsed.every((u) => u)).toBe(true);
  });

  it('R-H10 [f04d4dae]: "his AdjDX is 13. He rolls a nine ... the target is hit twice": the 4-shot burst adds the +1 autofire bonus, each hit rolls its own 2 dice', () => {
    const fire = events.find((e) => e.type === 'fire' && e.figure === 'biff') as unknown as Roll;
    expect([fire.adjDX, fire.roll, fire.outcome]).toEqual([13, 9, 'hit']);
    expect(fire.ledger.filter((e) => e.rule === 'R-H10').map((e) => e.delta)).toEqual([1]);
    expect(events.find((e) => e.type === 'hits' && e.figure === 'biff')).toMatchObject({ target: 'target', hits: 2 });
    expect(dmg('target')).toEqual([
      [[6, 2], 8],
      [[4, 1], 5],
    ]);
    expect(events.find((e) => e.type === 'fire' && e.figure === 'biff')).toMatchObject({ burst: 'four', rounds: 4, loadedLeft: 16 });
  });

  it('R-H12 [f04d4dae]: the TL 12 grenade (8 dice) hits its hex: 8 dice there, 4 adjacent, 2 at two hexes (the rule, not the example\'s 1), 1 at three', () => {
    const blast = events.find((e) => e.type === 'blast') as unknown as { at: { q: number; r: number }; dice: number; victims: { figure: string; ring: number; dice: number }[] };
    expect([blast.at, blast.dice]).toEqual([{ q: 5, r: 6 }, 8]);
    expect(blast.victims.map((v) => [v.figure, v.ring, v.dice])).toEqual([
      ['ring0', 0, 8],
      ['ring1', 1, 4],
      ['ring2', 2, 2],
      ['ring3', 3, 1],
    ]);
    expect(events.some((e) => e.type === 'scatter')).toBe(false);
  });

  it('R-H12 [f04d4dae]: "a figure in the target hex ... has his armor halved": combat TL12 stops 2 per die (5 halved, round down) in the impact hex; the rings take their dice in full', () => {
    expect(dmg('ring0')).toEqual([[[6, 6, 6, 6, 1, 1, 1, 1], 16]]);
    expect(dmg('ring1')).toEqual([[[6, 5, 4, 3], 18]]);
    expect(dmg('ring2')).toEqual([[[2, 1], 3]]);
    expect(dmg('ring3')).toEqual([[[5], 5]]);
    const thrown = events.find((e) => e.type === 'throw-grenade') as unknown as Roll;
    expect([thrown.adjDX, thrown.roll, thrown.ledger.find((e) => e.rule === 'R-H3')?.delta]).toEqual([10, 10, -5]);
  });
});
