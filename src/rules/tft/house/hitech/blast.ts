// Grenade and rocket blasts and scatter (seed f04d4dae; RULINGS R-H12), HE round splash (R-H9).
import { type Hex, distance, hexEquals, neighbors } from '../../../../core/hex/coords.ts';
import { scatter } from '../../../../core/hex/scatter.ts';

/** Rings of a blast beyond the impact hex: 1/2, 1/4 and 1/8 of the dice (R-H12). */
export const BLAST_RINGS = 3;

/** Dice of a blast at `ring` hexes from the impact hex: full, then halved per ring, rounded down; 0 past ring 3 (R-H12). */
export function blastDice(dice: number, ring: number): number {
  if (ring < 0 || ring > BLAST_RINGS) return 0;
  return Math.floor(dice / 2 ** ring);
}

export interface BlastVictim<F> {
  figure: F;
  ring: number;
  dice: number;
  /** In the impact hex: armor halved (R-H12). */
  impactHex: boolean;
}

/**
 * Every figure a blast at `at` reaches, nearest first (ties in the given order): friends and
 * foes alike (R-H12). Figures whose ring gets 0 dice are left out.
 */
export function blastVictims<F>(at: Hex, dice: number, figures: readonly F[], posOf: (f: F) => Hex): BlastVictim<F>[] {
  const out: BlastVictim<F>[] = [];
  figures.forEach((figure) => {
    const ring = distance(at, posOf(figure));
    const d = blastDice(dice, ring);
    if (d > 0) out.push({ figure, ring, dice: d, impactHex: ring === 0 });
  });
  return out.sort((a, b) => a.ring - b.ring);
}

/** The hexes an HE round's splash reaches: the 6 around the target (R-H9). */
export function splashHexes(target: Hex): Hex[] {
  return neighbors(target);
}

export function inSplash(target: Hex, h: Hex): boolean {
  return !hexEquals(target, h) && distance(target, h) === 1;
}

/** Where a missed grenade, rifle grenade or rocket lands: 1d6 hexes, direction by 1d6 (R-H12). */
export function scatterLanding(aimed: Hex, distanceFace: number, directionFace: number): Hex {
  return scatter(aimed, directionFace, distanceFace);
}
