import { describe, expect, it } from 'vitest';
import { type Hex, distance, hex } from '../../../../core/hex/coords.ts';
import { blastDice, blastVictims, inSplash, scatterLanding, splashHexes } from './blast.ts';
import { grenadeDice } from './data.ts';

describe('grenade blasts [f04d4dae]', () => {
  it('R-H12: a TL 12 grenade does 8, 4, 2, 1 dice in rings 0..3 (the rule over the worked example)', () => {
    const d = grenadeDice(12);
    expect([0, 1, 2, 3, 4].map((r) => blastDice(d, r))).toEqual([8, 4, 2, 1, 0]);
  });

  it('R-H12: dice round down (TL 9 grenade 6 -> 3, 1, 0)', () => {
    expect([0, 1, 2, 3].map((r) => blastDice(6, r))).toEqual([6, 3, 1, 0]);
  });

  it('R-H12: everybody in reach is hit, friends too, nearest first; armor halved only in the impact hex', () => {
    const figs = [
      { id: 'far', side: 'a', at: hex(4, 0) },
      { id: 'friend', side: 'a', at: hex(1, 0) },
      { id: 'foe', side: 'b', at: hex(0, 0) },
      { id: 'ring2', side: 'b', at: hex(0, 2) },
    ];
    const v = blastVictims(hex(0, 0), 8, figs, (f) => f.at);
    expect(v.map((x) => [x.figure.id, x.ring, x.dice, x.impactHex])).toEqual([
      ['foe', 0, 8, true],
      ['friend', 1, 4, false],
      ['ring2', 2, 2, false],
    ]);
  });

  it('R-H12: a miss scatters 1d6 hexes in the direction of 1d6', () => {
    const aimed: Hex = hex(2, 2);
    const l = scatterLanding(aimed, 3, 1);
    expect(l).toEqual(hex(5, 2));
    for (let dist = 1; dist <= 6; dist++) for (let dir = 1; dir <= 6; dir++) expect(distance(aimed, scatterLanding(aimed, dist, dir))).toBe(dist);
  });

  it('R-H9: HE splash reaches the 6 hexes around the target', () => {
    const t = hex(3, -1);
    expect(splashHexes(t)).toHaveLength(6);
    expect(splashHexes(t).every((h) => inSplash(t, h))).toBe(true);
    expect(inSplash(t, t)).toBe(false);
    expect(inSplash(t, hex(5, -1))).toBe(false);
  });
});
