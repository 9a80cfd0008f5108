import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { hex, neighbor } from './coords.ts';
import {
  adjacentByRelation,
  attackerRelation,
  directionToward,
  frontDirections,
  isFrontHex,
  relationOfDirection,
  sectorsOf,
  turn,
  turnSteps,
} from './facing.ts';

const o = hex(0, 0);

describe('front directions', () => {
  it('tft-core: a human has 3 front hexes f-1, f, f+1', () => {
    expect(frontDirections(0, 3)).toEqual([5, 0, 1]);
    expect(frontDirections(3, 3)).toEqual([2, 3, 4]);
  });
  it('R-S4: Eyes Behind gives 6 front hexes', () => {
    expect(frontDirections(2, 6).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('odd counts are centred on f; even counts put the extra hex clockwise', () => {
    expect(frontDirections(0, 5)).toEqual([4, 5, 0, 1, 2]);
    expect(frontDirections(0, 4)).toEqual([5, 0, 1, 2]);
    expect(frontDirections(0, 1)).toEqual([0]);
  });
  it('rejects a front count outside 1..6, naming the field', () => {
    expect(() => frontDirections(0, 7)).toThrow(InputError);
    expect(() => frontDirections(0, 0)).toThrow(/frontCount/);
    expect(() => frontDirections(0, 2.5)).toThrow(/frontCount/);
  });
});

describe('front, side and rear hexes', () => {
  it('tft-core: 3 front, 2 side, 1 rear for a human', () => {
    const a = adjacentByRelation(o, 0, 3);
    expect(a.front).toHaveLength(3);
    expect(a.side).toHaveLength(2);
    expect(a.rear).toEqual([neighbor(o, 3)]);
    expect(a.side).toEqual([neighbor(o, 2), neighbor(o, 4)]);
  });
  it('Eyes Behind: every adjacent hex is front, no side or rear', () => {
    const a = adjacentByRelation(hex(2, -1), 4, 6);
    expect(a.front).toHaveLength(6);
    expect(a.side).toHaveLength(0);
    expect(a.rear).toHaveLength(0);
  });
  it('property: front + side + rear are the six neighbours, front count as asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 6 }), (f, n) => {
        const a = adjacentByRelation(o, f, n);
        expect(a.front.length).toBe(n);
        expect(a.front.length + a.side.length + a.rear.length).toBe(6);
        expect(a.rear.length).toBe(n === 6 ? 0 : 1);
        for (const h of a.front) expect(isFrontHex(o, f, h, n)).toBe(true);
        for (const h of [...a.side, ...a.rear]) expect(isFrontHex(o, f, h, n)).toBe(false);
      }),
    );
  });
  it('relation of a direction', () => {
    expect(relationOfDirection(1, 0)).toBe('front');
    expect(relationOfDirection(1, 3)).toBe('side');
    expect(relationOfDirection(1, 4)).toBe('rear');
  });
});

describe('sectors and attacker relation', () => {
  it('an adjacent hex lies in its own sector only', () => {
    for (let d = 0; d < 6; d++) expect(sectorsOf(o, neighbor(o, d))).toEqual([d]);
  });
  it('a hex on a sector boundary returns both sectors, counter-clockwise first', () => {
    expect(sectorsOf(o, hex(1, 1))).toEqual([0, 1]); // between east and south-east
    expect(sectorsOf(o, hex(2, -1))).toEqual([5, 0]); // between north-east and east
    expect(sectorsOf(o, hex(3, 0))).toEqual([0]);
    expect(sectorsOf(o, hex(3, 1))).toEqual([0]); // closer to east than to south-east
  });
  it('same hex has no direction', () => {
    expect(() => sectorsOf(o, o)).toThrow(InputError);
  });
  it('tft-core facing: adjacent attackers in front, side and rear hexes', () => {
    expect(attackerRelation(o, 0, hex(1, 0))).toBe('front');
    expect(attackerRelation(o, 0, hex(-1, 1))).toBe('side');
    expect(attackerRelation(o, 0, hex(-1, 0))).toBe('rear');
  });
  it('distant attacker: the sector containing it decides', () => {
    expect(attackerRelation(o, 0, hex(-5, 0))).toBe('rear');
    expect(attackerRelation(o, 0, hex(5, -1))).toBe('front');
    expect(attackerRelation(o, 0, hex(-3, 4))).toBe('side'); // sector 2 (south-west)
    expect(attackerRelation(o, 0, hex(-1, 4))).toBe('front'); // sector 1 (south-east), 74 degrees
  });
  it('tie rule: on a boundary the more frontal relation wins', () => {
    // (1,1) lies between sectors 0 and 1. Facing 3: 0 is rear, 1 is side -> side.
    expect(attackerRelation(o, 3, hex(1, 1))).toBe('side');
    // Facing 5: front is 4,5,0; 1 is side -> front.
    expect(attackerRelation(o, 5, hex(1, 1))).toBe('front');
  });
  it('Eyes Behind: every attacker is in front', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: 0, max: 5 }), (q, r, f) => {
        fc.pre(q !== 0 || r !== 0);
        expect(attackerRelation(o, f, hex(q, r), 6)).toBe('front');
      }),
    );
  });
  it('directionToward faces a distant hex', () => {
    expect(directionToward(o, hex(0, 5))).toBe(1);
    expect(directionToward(o, hex(1, 1))).toBe(0);
  });
});

describe('turning', () => {
  it('turn wraps around', () => {
    expect(turn(5, 1)).toBe(0);
    expect(turn(0, -1)).toBe(5);
    expect(turn(2, 9)).toBe(5);
  });
  it('turnSteps is the shortest signed turn', () => {
    expect(turnSteps(0, 1)).toBe(1);
    expect(turnSteps(0, 5)).toBe(-1);
    expect(turnSteps(1, 4)).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (a, b) => {
        const s = turnSteps(a, b);
        expect(turn(a, s)).toBe(b);
        expect(Math.abs(s)).toBeLessThanOrEqual(3);
      }),
    );
  });
});
