import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../../../../core/errors.ts';
import { hex, neighbor } from '../../../../core/hex/coords.ts';
import { isFrontHex } from '../../../../core/hex/facing.ts';
import { type ArcFigure, type Sweeper, planSweep, possibleSweeps } from './plan.ts';

const o = hex(5, 5);
const at = (d: number) => neighbor(o, d);
const human: Sweeper = { id: 'j', side: 'a', pos: o, facing: 0, frontHexes: 3 };
const eyesBehind: Sweeper = { ...human, frontHexes: 6 };
const enemy = (id: string, d: number): ArcFigure => ({ id, side: 'b', pos: at(d) });
const friend = (id: string, d: number): ArcFigure => ({ id, side: 'a', pos: at(d) });

describe('sweep arcs and order (R-S4, R-S5)', () => {
  it('R-S4: attacks are rolled in arc order, first target to last [931c742c]', () => {
    const figs = [enemy('g1', 5), enemy('g2', 0), enemy('g3', 1)];
    const cw = planSweep(human, figs, ['g1', 'g2', 'g3'], 'cw', 'new');
    expect(cw.targets).toEqual(['g1', 'g2', 'g3']);
    const ccw = planSweep(human, figs, ['g3', 'g2', 'g1'], 'ccw', 'new');
    expect(ccw.targets).toEqual(['g3', 'g2', 'g1']);
  });
  it('R-S5: a friend between two goblins is in the arc but not a target (Bobjo) [931c742c]', () => {
    const plan = planSweep(human, [enemy('g1', 5), friend('bobjo', 0), enemy('g2', 1)], ['g1', 'g2'], 'cw', 'new');
    expect(plan.steps.map((s) => s.kind)).toEqual(['target', 'friend', 'target']);
    expect(plan.targets).toEqual(['g1', 'g2']);
    expect(plan.friends).toEqual(['bobjo']);
  });
  it('R-S4: with Eyes Behind the arc may run through all six hexes and wrap (Jemmueb) [931c742c]', () => {
    const figs = [enemy('e1', 2), enemy('e2', 3), enemy('e3', 4), enemy('e4', 5)];
    // the middle targets may be listed in any order: the arc decides the order of the rolls
    const plan = planSweep(eyesBehind, figs, ['e1', 'e3', 'e2', 'e4'], 'cw', 'new');
    expect(plan.targets).toEqual(['e1', 'e2', 'e3', 'e4']);
    // a human facing east cannot reach its side and rear hexes
    expect(() => planSweep(human, figs, ['e1', 'e2', 'e3', 'e4'], 'cw', 'new')).toThrow(/targets\[0\]/);
  });
  it('R-S2, R-S4 [931c742c]: the blade meets the figure standing in a hex, not a body under it; two named in one hex are refused at targets[i]', () => {
    const body = (f: ArcFigure): ArcFigure => ({ ...f, down: true });
    // A friend's body under an enemy (listed after it or before): the hex holds a target.
    for (const figs of [
      [enemy('g1', 5), body(friend('pal', 0)), enemy('g2', 0)],
      [enemy('g1', 5), enemy('g2', 0), body(friend('pal', 0))],
    ]) {
      expect(possibleSweeps(human, figs, 'new').map((p) => p.targets)).toEqual([['g1', 'g2']]);
      expect(planSweep(human, figs, ['g1', 'g2'], 'cw', 'new').friends).toEqual([]);
    }
    // An enemy's body under a standing enemy: naming both would be two attacks in one hex.
    const figs = [enemy('g1', 5), body(enemy('g2', 0)), enemy('g3', 0)];
    expect(() => planSweep(human, figs, ['g1', 'g2', 'g3'], 'cw', 'new')).toThrow(/targets\[1\].*g2 lies under g3/);
    expect(planSweep(human, figs, ['g1', 'g3'], 'cw', 'new').targets).toEqual(['g1', 'g3']);
  });
  it('R-S2: one target is not a sweep', () => {
    expect(() => planSweep(human, [enemy('g1', 0)], ['g1'], 'cw', 'new')).toThrow(CommandRejected);
  });
  it('R-S4: the declared direction must stay in front', () => {
    expect(() => planSweep(human, [enemy('g1', 5), enemy('g2', 1)], ['g1', 'g2'], 'ccw', 'new')).toThrow(/spin/);
  });
  it('an enemy inside the arc must be a target', () => {
    expect(() => planSweep(human, [enemy('g1', 5), enemy('g2', 0), enemy('g3', 1)], ['g1', 'g3'], 'cw', 'new')).toThrow(/g2/);
  });
  it('R-S5: a friend cannot be named as a target; unknown and repeated ids are rejected', () => {
    expect(() => planSweep(human, [enemy('g1', 5), friend('b', 0)], ['g1', 'b'], 'cw', 'new')).toThrow(/targets\[1\].*friend/);
    expect(() => planSweep(human, [enemy('g1', 5)], ['g1', 'zz'], 'cw', 'new')).toThrow(/targets\[1\]/);
    expect(() => planSweep(human, [enemy('g1', 5), enemy('g2', 0)], ['g1', 'g1'], 'cw', 'new')).toThrow(/twice/);
  });
  it('R-S6: the classic rule reaches at most 3 front hexes', () => {
    const figs = [enemy('e1', 2), enemy('e2', 5)];
    expect(() => planSweep(eyesBehind, figs, ['e1', 'e2'], 'cw', 'classic')).toThrow(/R-S6/);
    expect(planSweep(eyesBehind, figs, ['e1', 'e2'], 'cw', 'new').steps).toHaveLength(4);
  });
});

describe('possible sweeps', () => {
  it('three goblins in front of a human: 3 sets (2 pairs of neighbours and all three)', () => {
    const plans = possibleSweeps(human, [enemy('g1', 5), enemy('g2', 0), enemy('g3', 1)], 'new');
    expect(plans.map((p) => p.targets.join(','))).toEqual(['g1,g2', 'g2,g3', 'g1,g2,g3']);
  });
  it('sweep: off lists none', () => {
    expect(possibleSweeps(human, [enemy('g1', 5), enemy('g2', 0)], 'off')).toEqual([]);
  });
  it('property: every listed sweep has 2+ enemy targets in front hexes, friends never targeted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', ''), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(3, 4, 6),
        (sides, facing, front) => {
          const figs = sides.flatMap((s, d) => (s ? [{ id: `f${d}`, side: s, pos: at(d) }] : []));
          const me: Sweeper = { id: 'me', side: 'a', pos: o, facing, frontHexes: front };
          for (const p of possibleSweeps(me, figs, 'new')) {
            expect(p.targets.length).toBeGreaterThanOrEqual(2);
            for (const s of p.steps) expect(isFrontHex(o, facing, s.hex, front)).toBe(true);
            for (const id of p.targets) expect(figs.find((f) => f.id === id)!.side).toBe('b');
            for (const id of p.friends) expect(figs.find((f) => f.id === id)!.side).toBe('a');
            // the listed sweep is exactly what the command with its first and last target plans
            const again = planSweep(me, figs, p.targets, p.spin, 'new');
            expect(again.steps).toEqual(p.steps);
          }
        },
      ),
    );
  });
});
