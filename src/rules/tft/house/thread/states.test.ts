import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../core/errors.ts';
import { dyST, maOf, remST, threadStateOf, threadStatus } from './states.ts';

describe('thread wound states [82345e2a]', () => {
  it('R-T1: remST subtracts wounds and fatigue from basic ST; dyST only wounds', () => {
    const v = { st: 8, wounds: 7, fatigue: 6 };
    expect(remST(v).total).toBe(-5);
    expect(dyST(v).total).toBe(1);
    expect(remST(v).entries.map((e) => e.rule)).toEqual(['tft-core', 'R-T1', 'R-T1']);
  });

  it('R-T1 fatigue rules off: dyST equals remST [82345e2a fatigue house rules]', () => {
    const v = { st: 8, wounds: 7, fatigue: 6 };
    expect(dyST(v, { separateFatigue: false }).total).toBe(-5);
    expect(threadStatus(v, { separateFatigue: false }).state).toBe('dying');
  });

  it('R-T1: healthy at remST 4 or more, no penalty', () => {
    const s = threadStatus({ st: 12, wounds: 8, fatigue: 0 });
    expect(s.state).toBe('healthy');
    expect(s.dx).toEqual([]);
    expect(s.maFactor).toBe(1);
    expect(s.canAct).toBe(true);
  });

  it('R-T1: reeling at remST 2 or 3: -3 adjDX and MA halved', () => {
    for (const wounds of [9, 10]) {
      const s = threadStatus({ st: 12, wounds, fatigue: 0 });
      expect(s.state).toBe('reeling');
      expect(s.dx.reduce((t, e) => t + e.delta, 0)).toBe(-3);
      expect(s.dx[0].rule).toBe('R-T1');
      expect(maOf(10, s)).toBe(5);
      expect(maOf(7, s)).toBe(3);
      expect(s.canAct).toBe(true);
    }
  });

  it('R-T1: unconscious at remST 1 or less with dyST 1 or more; it does nothing', () => {
    const lenny = threadStatus({ st: 14, wounds: 13, fatigue: 0 });
    expect(lenny.state).toBe('unconscious');
    expect(lenny.canAct).toBe(false);
    expect(lenny.remST.total).toBe(1);
    expect(lenny.dyST.total).toBe(1);
  });

  it('R-T1: dying from dyST 0 down to -ST (Claudio: ST 8, 10 wounds, dyST -2)', () => {
    const claudio = threadStatus({ st: 8, wounds: 10, fatigue: 0 });
    expect(claudio.state).toBe('dying');
    expect(claudio.dyST.total).toBe(-2);
    expect(claudio.canAct).toBe(false);
    expect(threadStatus({ st: 8, wounds: 8, fatigue: 0 }).state).toBe('dying');
    expect(threadStatus({ st: 8, wounds: 16, fatigue: 0 }).state).toBe('dying');
  });

  it('R-T1: dead below -ST, and dead is final', () => {
    expect(threadStatus({ st: 8, wounds: 17, fatigue: 0 }).state).toBe('dead');
    expect(threadStatus({ st: 8, wounds: 0, fatigue: 0 }, undefined, true).state).toBe('dead');
  });

  it('Malken (ST 8, 6 fatigue): 7 wounds unconscious and stable, 9 wounds dying [82345e2a fatigue]', () => {
    const seven = threadStatus({ st: 8, wounds: 7, fatigue: 6 });
    expect(seven.state).toBe('unconscious');
    expect([seven.remST.total, seven.dyST.total]).toEqual([-5, 1]);
    const nine = threadStatus({ st: 8, wounds: 9, fatigue: 6 });
    expect(nine.state).toBe('dying');
    expect([nine.remST.total, nine.dyST.total]).toEqual([-7, -1]);
  });

  it('R-T1: the state is a function of remST and dyST exactly as the ruling bands say (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(90), fc.nat(30), fc.boolean(), (st, wounds, fatigue, sep) => {
        const s = threadStatus({ st, wounds, fatigue }, { separateFatigue: sep });
        const rem = st - wounds - fatigue;
        const dy = sep ? st - wounds : rem;
        const expected = dy < -st ? 'dead' : dy <= 0 ? 'dying' : rem <= 1 ? 'unconscious' : rem <= 3 ? 'reeling' : 'healthy';
        expect(s.state).toBe(expected);
        expect(s.remST.total).toBe(rem);
        expect(s.dyST.total).toBe(dy);
        expect(s.canAct).toBe(expected === 'healthy' || expected === 'reeling');
        expect(threadStateOf(st, wounds, fatigue, sep, false)).toBe(expected);
      }),
    );
  });

  it('R-T1: fatigue never kills: with the fatigue rules more fatigue never worsens dyST (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(60), fc.nat(30), (st, wounds, fatigue) => {
        const a = threadStatus({ st, wounds, fatigue: 0 });
        const b = threadStatus({ st, wounds, fatigue });
        expect(b.dyST.total).toBe(a.dyST.total);
        expect(b.state === 'dead').toBe(a.state === 'dead');
        expect(b.state === 'dying').toBe(a.state === 'dying');
      }),
    );
  });

  it('rejects impossible vitals naming the field', () => {
    expect(() => threadStatus({ st: 0, wounds: 0, fatigue: 0 })).toThrow(InputError);
    expect(() => threadStatus({ st: 8, wounds: -1, fatigue: 0 })).toThrow(/wounds/);
    expect(() => threadStatus({ st: 8, wounds: 0, fatigue: 1.5 })).toThrow(/fatigue/);
  });
});
