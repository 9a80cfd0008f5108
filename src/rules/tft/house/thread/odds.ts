// Exact odds for Hanging by a Thread [82345e2a]: surviving the coming thread rolls (R-T2) and a
// medic's chance to stabilize (R-T3), as exact fractions from src/core/dice/exact.ts.
import { Dist } from '../../../../core/dice/exact.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { InputError } from '../../../../core/errors.ts';

const cache = new Map<string, Fraction>();

/** P(Nd6 <= x), exact. N of 0 or less always succeeds (a total of 0). */
export function pAtMost(n: number, x: number): Fraction {
  if (!Number.isInteger(n) || !Number.isInteger(x)) {
    throw new InputError([{ path: Number.isInteger(n) ? 'target' : 'dice', message: 'must be a whole number' }]);
  }
  if (n <= 0) return x >= 0 ? Fraction.ONE : Fraction.ZERO;
  if (x < n) return Fraction.ZERO;
  if (x >= 6 * n) return Fraction.ONE;
  const key = `${n}:${x}`;
  let p = cache.get(key);
  if (!p) {
    p = Dist.dice(n, 6).atMost(x);
    cache.set(key, p);
  }
  return p;
}

export interface ThreadTurnOdds {
  /** Dice of that turn's thread roll. */
  dice: number;
  /** P(that roll succeeds). */
  roll: Fraction;
  /** P(alive after it), the product of every roll so far. */
  alive: Fraction;
}

/**
 * The chance a dying figure lives through its next `turns` thread rolls (R-T2): the product of
 * P(Nd6 <= attribute) for N = nextDice, nextDice + 1, ...
 */
export function survivalOdds(attribute: number, nextDice: number, turns: number): ThreadTurnOdds[] {
  if (!Number.isInteger(turns) || turns < 0) throw new InputError([{ path: 'turns', message: `must be a whole number of 0 or more, got ${turns}` }]);
  if (!Number.isInteger(nextDice) || nextDice < 1) {
    throw new InputError([{ path: 'nextDice', message: `must be a whole number of 1 or more, got ${nextDice}` }]);
  }
  const out: ThreadTurnOdds[] = [];
  let alive = Fraction.ONE;
  for (let i = 0; i < turns; i++) {
    const roll = pAtMost(nextDice + i, attribute);
    alive = alive.mul(roll);
    out.push({ dice: nextDice + i, roll, alive });
  }
  return out;
}

/** P(the medic stabilizes): Nd6 <= IQ with N from the talent and potion (R-T3). */
export function stabilizeOdds(dice: number, iq: number): Fraction {
  return pAtMost(dice, iq);
}
