// Scatter of a missed grenade (RULINGS R-H12, seed f04d4dae): 1d6 hexes in the direction a
// second 1d6 picks. Pure: the caller rolls both dice and passes the faces.
import { InputError } from '../errors.ts';
import { type Direction, type Hex, hexAdd, hexScale, DIRECTIONS } from './coords.ts';

/**
 * Face -> direction: face 1 is east (direction 0) and the faces go clockwise, so face n is
 * direction n-1: 1 east, 2 south-east, 3 south-west, 4 west, 5 north-west, 6 north-east.
 */
export function scatterDirection(face: number): Direction {
  if (!Number.isInteger(face) || face < 1 || face > 6) {
    throw new InputError([{ path: 'directionFace', message: `must be a d6 face 1..6, got ${face}` }]);
  }
  return (face - 1) as Direction;
}

/** Where a grenade aimed at `from` lands: `distance` hexes from it in the direction of `directionFace`. */
export function scatter(from: Hex, directionFace: number, dist: number): Hex {
  const d = scatterDirection(directionFace);
  if (!Number.isInteger(dist) || dist < 0) {
    throw new InputError([{ path: 'distance', message: `must be a whole number >= 0, got ${dist}` }]);
  }
  return hexAdd(from, hexScale(DIRECTIONS[d], dist));
}
