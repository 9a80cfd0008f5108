import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../../core/errors.ts';
import { lineOfSight } from '../../core/hex/line.ts';
import { attackOutcome, hitThresholds, lineOfFire, lineOfView, rangeDX, relation, standardWoundState } from './core.ts';
import type { TftEvent, TftState } from './model.ts';
import { beginTurn, fig, play, setup } from './testing.ts';

// a at (2,3) facing east, b at (3,3) facing west: adjacent, each in the other's front hex.
function duel(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const s = setup(
    [
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, ...a },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3, ...b },
    ],
    options,
  );
  beginTurn(s, 'A');
  play(s, [
    { type: 'move', figure: 'a', path: [] },
    { type: 'move', figure: 'b', path: [] },
  ]);
  return s;
}

const of = (ev: TftEvent[], type: string) => ev.filter((e) => e.type === type);

describe('to hit (tft-core "To hit")', () => {
  it('tft-core: 3d6 3 triple, 4 double, 5 automatic hit whatever the adjDX', () => {
    expect(attackOutcome(3, 0, 3, false)).toBe('triple');
    expect(attackOutcome(4, 0, 3, false)).toBe('double');
    expect(attackOutcome(5, 0, 3, false)).toBe('auto-hit');
  });
  it('tft-core: 16 automatic miss, 17 drop, 18 break whatever the adjDX', () => {
    expect(attackOutcome(16, 30, 3, false)).toBe('auto-miss');
    expect(attackOutcome(17, 30, 3, false)).toBe('drop');
    expect(attackOutcome(18, 30, 3, false)).toBe('break');
  });
  it('tft-core: otherwise a total <= adjDX hits', () => {
    for (let r = 6; r <= 15; r++) {
      expect(attackOutcome(r, 10, 3, false)).toBe(r <= 10 ? 'hit' : 'miss');
    }
  });
  it('tft-core: 4d6 Legacy keeps 4 double and 5 automatic hit, treats 20+ as a miss', () => {
    expect(attackOutcome(4, 0, 4, false)).toBe('double');
    expect(attackOutcome(5, 0, 4, false)).toBe('auto-hit');
    for (const r of [20, 21, 22, 23, 24]) expect(attackOutcome(r, 30, 4, false)).toBe('auto-miss');
    expect(attackOutcome(19, 19, 4, false)).toBe('hit');
  });
  it('tft-core classic: no criticals on 4d6; 20 misses, 21-22 drop, 23-24 break', () => {
    expect(attackOutcome(4, 3, 4, true)).toBe('miss');
    expect(attackOutcome(20, 30, 4, true)).toBe('auto-miss');
    expect(attackOutcome(21, 30, 4, true)).toBe('drop');
    expect(attackOutcome(22, 30, 4, true)).toBe('drop');
    expect(attackOutcome(23, 30, 4, true)).toBe('break');
    expect(attackOutcome(24, 30, 4, true)).toBe('break');
  });
  it('R-S5: noCriticals compares the total only', () => {
    expect(attackOutcome(3, 2, 3, false, true)).toBe('miss');
    expect(attackOutcome(17, 17, 3, false, true)).toBe('hit');
  });
});

describe('an attack through the engine', () => {
  it('tft-core: rolls 3d6 against adjDX (DX - armor), damage dice minus armor, every number in a ledger', () => {
    const s = duel({ armor: 'leather' }, { armor: 'chainmail' });
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 2, 5]);
    const [atk] = of(ev, 'attack');
    expect(atk.adjDX).toBe(13 - 2);
    expect(atk.ledger).toEqual([
      { source: 'DX', delta: 13, rule: 'tft-core' },
      { source: 'Leather armor', delta: -2, rule: 'tft-core armor' },
    ]);
    expect(atk.roll).toBe(10);
    expect(atk.outcome).toBe('hit');
    const [dmg] = of(ev, 'damage');
    expect(dmg.raw).toBe(7);
    expect(dmg.stopped).toBe(3);
    expect(dmg.amount).toBe(4);
    expect(fig(s, 'b').wounds).toBe(4);
  });
  it('tft-core: a miss does no damage', () => {
    const s = duel();
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 6, 2]);
    expect(of(ev, 'attack')[0].outcome).toBe('miss');
    expect(of(ev, 'damage')).toHaveLength(0);
    expect(fig(s, 'b').wounds).toBe(0);
  });
  it('tft-core: a roll of 4 doubles the damage, 3 triples it, before armor', () => {
    let s = duel({}, { armor: 'leather' });
    let ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [1, 1, 2, 3, 4]);
    expect(of(ev, 'damage')[0].raw).toBe(14);
    expect(of(ev, 'damage')[0].amount).toBe(12);
    s = duel({}, { armor: 'leather' });
    ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [1, 1, 1, 3, 4]);
    expect(of(ev, 'damage')[0].raw).toBe(21);
    expect(fig(s, 'b').wounds).toBe(19);
  });
  it('tft-core: damage never goes below 0 after armor', () => {
    const s = duel({ weapons: ['dagger'] }, { armor: 'plate' });
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 1]);
    const [d] = of(ev, 'damage');
    expect(d.raw).toBe(0);
    expect(d.amount).toBe(0);
    expect(d.stopped).toBe(0);
    // 1d-1 = 4 - 1 = 3 against plate's 5: the armor stops the 3, no wound (not -2).
    const t = duel({ weapons: ['dagger'] }, { armor: 'plate' });
    const [e] = of(play(t, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 4]), 'damage');
    expect([e.raw, e.stopped, e.amount]).toEqual([3, 3, 0]);
    expect(fig(t, 'b').wounds).toBe(0);
  });
  it('tft-core shields: a ready shield adds its hits stopped and its DX', () => {
    const s = duel({ shield: 'large-shield' }, { shield: 'large-shield' });
    expect(fig(s, 'a').shield?.ready).toBe(true);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 2, 2]);
    expect(of(ev, 'attack')[0].adjDX).toBe(12);
    expect(of(ev, 'damage')[0].stopped).toBe(2);
  });
  it('tft-core shields: a two-handed weapon leaves the shield unready', () => {
    const s = duel({ weapons: ['two-handed-sword'], st: 14, shield: 'small-shield' });
    expect(fig(s, 'a').shield?.ready).toBe(false);
  });
  it('tft-core: 17 drops the weapon into the attacker\'s hex, 18 breaks it', () => {
    let s = duel();
    let ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 6, 5]);
    expect(of(ev, 'weapon-dropped')).toHaveLength(1);
    expect(fig(s, 'a').ready).toBeNull();
    expect(s.items).toHaveLength(1);
    expect(s.items[0].pos).toEqual({ q: 2, r: 3 });
    s = duel();
    ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 6, 6]);
    expect(of(ev, 'weapon-broken')).toHaveLength(1);
    expect(fig(s, 'a').weapons).toHaveLength(0);
    expect(s.items).toHaveLength(0);
  });
  it('tft-core: only figures in the attacker\'s front hexes can be attacked in melee', () => {
    const s = duel({ facing: 3 });
    expect(() => play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 6, 6])).toThrow(/front hexes/);
  });
});

describe('facing (tft-core "Facing")', () => {
  it('tft-core: attacking from the side hex +2 DX, from the rear +4', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [4, 3], facing: 3 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3 },
    ]);
    const b = fig(s, 'b');
    expect(relation(b, { q: 4, r: 3 })).toBe('rear');
    expect(relation(b, { q: 3, r: 4 })).toBe('side');
    expect(relation(b, { q: 4, r: 2 })).toBe('side');
    expect(relation(b, { q: 2, r: 3 })).toBe('front');
    expect(relation(b, { q: 2, r: 4 })).toBe('front');
  });
  it('tft-core: a rear attack shows +4 in the ledger', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [4, 3], facing: 3 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [
      { type: 'move', figure: 'a', path: [] },
      { type: 'move', figure: 'b', path: [] },
    ]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
    const [atk] = of(ev, 'attack');
    expect(atk.adjDX).toBe(17);
    expect((atk.ledger as { source: string; delta: number }[]).find((e) => e.delta === 4)?.source).toBe("target's rear hex");
    expect(atk.outcome).toBe('auto-miss');
  });
  it('tft-core: a fallen (prone) target counts as rear from every side', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3, prone: true },
    ]);
    // from each of its six neighbours, its front hexes included
    for (const [q, r] of [[4, 3], [3, 4], [2, 4], [2, 3], [3, 2], [4, 2]]) expect(relation(fig(s, 'b'), { q, r })).toBe('rear');
  });
});

describe('range (tft-core)', () => {
  it('tft-core: missile 0 at 1-2 megahexes, -1 at 3-4, -2 at 5-6', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((mh) => rangeDX('missile', 99, mh))).toEqual([0, 0, -1, -1, -2, -2, -3]);
  });
  it('tft-core: thrown -1 per hex', () => {
    expect([1, 2, 5].map((h) => rangeDX('thrown', h))).toEqual([-1, -2, -5]);
  });
  it('tft-core: melee has no range modifier', () => {
    expect(rangeDX('melee', 1)).toBe(0);
  });
});

describe('damage effects (tft-core "Damage and wounds")', () => {
  it('tft-core 5-hit: 5+ hits in a turn give -2 DX on the next action (Legacy)', () => {
    const s = duel({ dx: 13 }, { st: 16 });
    // a hits b for 6 (2d: 3+3) after b's no armor.
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 3, 3]);
    expect(of(ev, 'hit-penalty')).toHaveLength(1);
    // b's own action now: adjDX 12 - 2.
    const ev2 = play(s, [{ type: 'attack', figure: 'b', target: 'a' }], [6, 5, 5, 6, 1]);
    expect(of(ev2, 'attack')[0].adjDX).toBe(10);
    expect(fig(s, 'b').dxPenalty.amount).toBe(0);
  });
  it('tft-core 5-hit: fewer than 5 hits give no penalty', () => {
    const s = duel({}, { st: 16 });
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 2, 2]);
    expect(of(ev, 'hit-penalty')).toHaveLength(0);
  });
  it('tft-core classic 5-hit: the -2 DX lasts through the next turn', () => {
    const s = duel({}, { st: 16 }, { ruleset: 'classic' });
    play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 3, 3]);
    expect(fig(s, 'b').dxPenalty).toEqual({ amount: -2, turnsLeft: 2, actionsLeft: 0 });
    // b passes this turn: in classic the penalty is for next turn, not this action.
    const ev = play(s, [{ type: 'pass', figure: 'b' }], [6, 1]);
    expect(s.turn).toBe(2);
    expect(fig(s, 'b').dxPenalty.turnsLeft).toBe(1);
    void ev;
  });
  it('tft-core classic 5-hit: 5+ hits in turn 2, while the -2 from turn 1 runs, give -2 again in turn 3', () => {
    const s = duel({}, { st: 16 }, { ruleset: 'classic' });
    const attacks = (ev: TftEvent[]) => of(ev, 'attack').filter((e) => e.figure === 'b');
    // Turn 1: a hits b for 6 (2d: 3+3); b passes. Turn 2 (initiative 6, 1): b owes -2.
    play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 3, 3]);
    play(s, [{ type: 'pass', figure: 'b' }], [6, 1]);
    const stay = [
      { type: 'initiative', figure: 'a', choice: 'first' },
      { type: 'move', figure: 'a', path: [] },
      { type: 'move', figure: 'b', path: [] },
    ];
    // Turn 2: a hits b for 6 again, then b strikes at 12 - 2 (a 16 misses); turn 3 begins.
    const ev2 = play(s, [...stay, { type: 'attack', figure: 'a', target: 'b' }, { type: 'attack', figure: 'b', target: 'a' }], [3, 3, 4, 3, 3, 6, 5, 5, 6, 1]);
    expect(of(ev2, 'hit-penalty')).toHaveLength(1);
    expect(attacks(ev2)[0].adjDX).toBe(10);
    expect(s.turn).toBe(3);
    // Turn 3: the penalty earned in turn 2 (it was not swallowed by turn 1's).
    const ev3 = play(s, [...stay, { type: 'pass', figure: 'a' }, { type: 'attack', figure: 'b', target: 'a' }], [6, 5, 5, 6, 1]);
    expect(attacks(ev3)[0].adjDX).toBe(10);
    expect(attacks(ev3)[0].ledger).toContainEqual(expect.objectContaining({ delta: -2, rule: 'tft-core classic 5-hit' }));
    // Turn 4: nothing owed.
    expect(fig(s, 'b').dxPenalty).toEqual({ amount: 0, turnsLeft: 0, actionsLeft: 0 });
  });
  it('tft-core 5-hit (Legacy): hit again before the owed action, it is one -2 on that action, then spent', () => {
    // b (DX 14) acts first and passes; a hits it for 6: b owes -2 on its next action.
    const s = duel({}, { st: 16, dx: 14 });
    play(s, [{ type: 'pass', figure: 'b' }, { type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 3, 3, 6, 1]);
    expect(fig(s, 'b').dxPenalty).toEqual({ amount: -2, turnsLeft: 0, actionsLeft: 1 });
    // Turn 2: b (14 - 2 = 12) now acts after a (13); a hits it for 6 again, then b strikes at 12.
    const ev = play(
      s,
      [
        { type: 'initiative', figure: 'a', choice: 'first' },
        { type: 'move', figure: 'a', path: [] },
        { type: 'move', figure: 'b', path: [] },
        { type: 'attack', figure: 'a', target: 'b' },
        { type: 'attack', figure: 'b', target: 'a' },
      ],
      [3, 3, 4, 3, 3, 6, 5, 5, 6, 1],
    );
    expect(of(ev, 'hit-penalty')).toHaveLength(0);
    expect(of(ev, 'attack').find((e) => e.figure === 'b')?.adjDX).toBe(12);
    expect(fig(s, 'b').dxPenalty.amount).toBe(0);
  });
  it('tft-core 5-hit (Legacy): a defend declared with the move is the next action: it spends the -2', () => {
    const s = duel({}, { st: 16, dx: 14 });
    play(s, [{ type: 'pass', figure: 'b' }, { type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 3, 3, 6, 1]);
    expect(fig(s, 'b').dxPenalty.actionsLeft).toBe(1);
    // Turn 2: b defends with its move (its action); a's 4d6 misses on 24; turn 3 begins.
    play(
      s,
      [
        { type: 'initiative', figure: 'a', choice: 'first' },
        { type: 'move', figure: 'a', path: [] },
        { type: 'move', figure: 'b', path: [], stance: 'defend' },
        { type: 'attack', figure: 'a', target: 'b' },
      ],
      [6, 6, 6, 6, 6, 1],
    );
    expect(fig(s, 'b').dxPenalty.amount).toBe(0);
    // Turn 3: b strikes at its full 14.
    const ev = play(
      s,
      [
        { type: 'initiative', figure: 'a', choice: 'first' },
        { type: 'move', figure: 'a', path: [] },
        { type: 'move', figure: 'b', path: [] },
        { type: 'attack', figure: 'b', target: 'a' },
      ],
      [6, 5, 5],
    );
    expect(of(ev, 'attack')[0]).toMatchObject({ figure: 'b', adjDX: 14 });
  });
  it('tft-core 8-hit: 8+ hits in a turn and the figure falls and loses its action', () => {
    const s = duel({}, { st: 16 });
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 4, 4, 6, 1]);
    const [falls] = of(ev, 'falls');
    expect(falls.figure).toBe('b');
    expect(falls.lostAction).toBe(true);
    expect(fig(s, 'b').prone).toBe(true);
    // b lost its action: the turn ended and the next began (initiative rolled with 6, 1).
    expect(s.turn).toBe(2);
  });
  it('tft-core: ST 30+ creatures use 9 and 16 hits; ST 50+ use 15 and 25', () => {
    expect(hitThresholds(12)).toEqual([5, 8]);
    expect(hitThresholds(30)).toEqual([9, 16]);
    expect(hitThresholds(50)).toEqual([15, 25]);
  });
});

describe('standard wound states (R-T1 with thread off)', () => {
  const f = (st: number, wounds: number, fatigue = 0) =>
    ({ st, wounds, fatigue }) as unknown as Parameters<typeof standardWoundState>[0];
  it('R-T1 off: ST <= 3 remaining gives -3 DX', () => {
    expect(standardWoundState(f(10, 7), false)).toMatchObject({ state: 'reeling', dx: -3, canAct: true });
    expect(standardWoundState(f(10, 6), false)).toMatchObject({ state: 'healthy', dx: 0 });
  });
  it('R-T1 off: ST 1 unconscious', () => {
    expect(standardWoundState(f(10, 9), false)).toMatchObject({ state: 'unconscious', canAct: false });
  });
  it('R-T1 off: ST 0 or less dead', () => {
    expect(standardWoundState(f(10, 10), false).state).toBe('dead');
    expect(standardWoundState(f(10, 14), false).state).toBe('dead');
  });
  it('R-T1 off: fatigue counts toward unconsciousness, not death', () => {
    expect(standardWoundState(f(8, 7, 6), false).state).toBe('unconscious');
  });
  it('the engine reports the state change as an event with its ledger', () => {
    const s = duel({}, { st: 10, weapons: ['club'] });
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 6, 6]);
    const [st] = of(ev, 'state');
    expect(st).toMatchObject({ figure: 'b', from: 'healthy', to: 'dead' });
    expect(st.ledger).toEqual([
      { source: 'ST', delta: 10, rule: 'tft-core' },
      { source: 'wounds', delta: -12, rule: 'tft-core' },
      { source: 'fatigue', delta: -0, rule: 'tft-core' },
    ]);
  });
});

describe('rejections', () => {
  it('an attack out of turn is rejected with the reason and changes nothing', () => {
    const s = duel();
    const before = JSON.stringify(s);
    expect(() => play(s, [{ type: 'attack', figure: 'b', target: 'a' }])).toThrow(CommandRejected);
    expect(() => play(s, [{ type: 'attack', figure: 'b', target: 'a' }])).toThrow(/it is a's action, not b's/);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('line of fire (tft-core missile fire; HiTech clear shot)', () => {
  it('walls and standing figures strictly between block; down and dead figures do not; the same as walking the line', () => {
    const hexArb = fc.record({ q: fc.integer({ min: -6, max: 6 }), r: fc.integer({ min: -6, max: 6 }) });
    const figArb = fc.record({ pos: hexArb, prone: fc.boolean(), state: fc.constantFrom('healthy', 'reeling', 'dead') });
    fc.assert(
      fc.property(hexArb, hexArb, fc.array(figArb, { maxLength: 6 }), fc.array(hexArb, { maxLength: 3 }), (a, b, figures, walls) => {
        const state = { map: { width: 20, height: 20, terrain: walls.map((w) => ({ ...w, kind: 'wall' })) }, figures } as unknown as TftState;
        // The reading written out: every hex strictly between on the line, walls and standing figures.
        const want = lineOfSight(a, b, (h) => walls.some((w) => w.q === h.q && w.r === h.r) || figures.some((f) => f.pos.q === h.q && f.pos.r === h.r && !f.prone && f.state !== 'dead'));
        expect(lineOfFire(state, a, b)).toBe(want);
        expect(lineOfView(state, a, b)).toBe(lineOfSight(a, b, (h) => walls.some((w) => w.q === h.q && w.r === h.r)));
      }),
      { numRuns: 500 },
    );
  });
});
