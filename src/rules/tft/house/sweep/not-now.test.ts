// Explain's "Not now" for a sweep (sweepAction.notNow): checkSweep's own reason, the one apply
// refuses the sweep with (R-S1, R-S2, tft-core).
import { describe, expect, it } from 'vitest';
import { displayNames } from '../../../../engine/names.ts';
import type { NotNow } from '../../hooks.ts';
import type { TftState } from '../../model.ts';
import { explainTft } from '../../system.ts';
import { type FigureSpec, acting, fig, notNowOf, refusal, setup } from '../../testing.ts';

/** The sweep's "Not now" entries of `id`, for the GM (no names) or a viewer seeing only `names`. */
const sweeps = (state: TftState, id: string, names?: ReadonlyMap<string, string>): NotNow[] =>
  notNowOf(state, id, names).filter((e) => e.action === 'sweep');

// a faces east (facing 0): its front hexes are 3,1 (NE), 3,2 (E) and 2,3 (SE).
const sweeper = (weapons: string[]): FigureSpec => ({ id: 'a', side: 'x', st: 16, at: [2, 2], facing: 0, weapons });
const TWO_IN_FRONT: FigureSpec[] = [
  { id: 'b', side: 'y', at: [3, 1] },
  { id: 'c', side: 'y', at: [3, 2] },
];

describe('not now: sweep', () => {
  it('a weapon that cannot sweep, with two enemies in front: the weapon reason (R-S1)', () => {
    // With one enemy in front a mace-man expects no sweep: nothing to say.
    const one = setup([sweeper(['mace']), TWO_IN_FRONT[0]], { sweep: 'new' });
    acting(one, 'a');
    expect(sweeps(one, 'a')).toEqual([]);
    const s = setup([sweeper(['mace']), ...TWO_IN_FRONT], { sweep: 'new' });
    acting(s, 'a');
    const reason = 'Mace is not a cutting weapon (R-S1: maces, clubs, hammers, spears cannot sweep)';
    expect(sweeps(s, 'a')).toEqual([{ action: 'sweep', label: 'sweeping blow', reason, rule: 'R-S1' }]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'c'], spin: 'cw' })).toContain(reason);
  });

  it('a one-handed cutting weapon without Multiple Swing: the weapon reason (R-S1, R-S7)', () => {
    const s = setup([sweeper(['broadsword']), ...TWO_IN_FRONT], { sweep: 'new' });
    acting(s, 'a');
    const reason = 'Broadsword is held in one hand: a one-handed sweep needs the Multiple Swing talent (R-S1, R-S7)';
    expect(sweeps(s, 'a')).toEqual([{ action: 'sweep', label: 'sweeping blow', reason, rule: 'R-S1' }]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'c'], spin: 'cw' })).toContain(reason);
  });

  it('a two-handed cutting weapon with one enemy in front: fewer than two targets (R-S2)', () => {
    const s = setup([sweeper(['greatsword']), TWO_IN_FRONT[0], { id: 'd', side: 'y', at: [1, 2] }], { sweep: 'new' });
    acting(s, 'a');
    const reason = 'a sweeping blow needs at least 2 enemy targets, got 1 (R-S2: one target is an ordinary attack)';
    expect(sweeps(s, 'a')).toEqual([{ action: 'sweep', label: 'sweeping blow', reason, rule: 'R-S2' }]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b'], spin: 'cw' })).toContain(reason);
  });

  it('a sweep after moving more than half MA: the melee movement reason (tft-core); an open sweep, or sweeps switched off, is never "not now"', () => {
    const s = setup([sweeper(['greatsword']), ...TWO_IN_FRONT], { sweep: 'new' });
    acting(s, 'a');
    expect(sweeps(s, 'a')).toEqual([]);
    const off = setup([sweeper(['greatsword']), TWO_IN_FRONT[0]], { sweep: 'off' });
    acting(off, 'a', 6);
    expect(sweeps(off, 'a')).toEqual([]);
    acting(s, 'a', 6);
    const reason = 'a moved 6 hexes, more than half its MA (5): no attack (tft-core)';
    expect(sweeps(s, 'a')).toEqual([{ action: 'sweep', label: 'sweeping blow', reason, rule: 'tft-core' }]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'c'], spin: 'cw' })).toContain(reason);
  });

  it('R-S4, R-S5 [931c742c]: the reasons name figures as the table does, by name: the sweeper down or moved too far, a friend named as a target, an enemy left inside the arc', () => {
    const named: FigureSpec[] = [
      { ...sweeper(['greatsword']), name: 'Arn' },
      { id: 'b', name: 'Orc', side: 'y', at: [3, 1] },
      { id: 'p', name: 'Pal', side: 'x', at: [3, 2] },
      { id: 'c', name: 'Gob', side: 'y', at: [2, 3] },
    ];
    const s = setup(named, { sweep: 'new' });
    acting(s, 'a');
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'p'], spin: 'cw' })).toContain('targets[1]: Pal is a friend: friends in the arc are not targets (R-S5)');
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'b'], spin: 'cw' })).toContain('targets[1]: Orc is listed twice');
    fig(s, 'p').side = 'y'; // an enemy now: the arc from Orc to Gob passes it
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'c'], spin: 'cw' })).toContain('enemy Pal stands in the arc: include it as a target or sweep a shorter arc (R-S4)');
    // and the options explain offers label each figure of the arc by the same name
    const labels = ((explainTft(s, displayNames(named)).figures.find((f) => f.id === 'a')?.options ?? []) as { label: string }[])
      .map((o) => o.label)
      .filter((l) => l.startsWith('sweep'));
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels) expect(l).toMatch(/^sweep clockwise \(New Sweeping Blows\): (Orc|Pal|Gob) adjDX \d+ hit [^;]*; (Pal|Gob) adjDX /);
    acting(s, 'a', 6);
    const moved = 'Arn moved 6 hexes, more than half its MA (5): no attack (tft-core)';
    expect(sweeps(s, 'a')).toEqual([{ action: 'sweep', label: 'sweeping blow', reason: moved, rule: 'tft-core' }]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'p', 'c'], spin: 'cw' })).toContain(moved);
    acting(s, 'a');
    fig(s, 'a').prone = true;
    expect(sweeps(s, 'a').map((e) => e.reason)).toEqual(['Arn is down: it may only stand up']);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'p', 'c'], spin: 'cw' })).toContain('Arn is down: it may only stand up');
  });

  it('R-S4 [931c742c]: an enemy hidden from the viewer inside the arc is as if absent: the reason never names it (the GM is told)', () => {
    // Orc (north-east) and Gob (south-east) are seen; the Lurker between them (east) is not.
    const s = setup(
      [
        { ...sweeper(['greatsword']), name: 'Arn' },
        { id: 'b', name: 'Orc', side: 'y', at: [3, 1] },
        { id: 'h', name: 'Lurker', side: 'y', at: [3, 2] },
        { id: 'c', name: 'Gob', side: 'y', at: [2, 3] },
      ],
      { sweep: 'new' },
    );
    const player = displayNames([
      { id: 'a', name: 'Arn' },
      { id: 'b', name: 'Orc' },
      { id: 'c', name: 'Gob' },
    ]);
    acting(s, 'a');
    // The GM is offered the sweep at all three, so no "not now". The player's only arc, Orc to
    // Gob, holds the Lurker it does not see (apply refuses it, R-S4): as if absent, nothing is
    // said that names or counts it.
    expect(sweeps(s, 'a')).toEqual([]);
    const seen = sweeps(s, 'a', player);
    expect(JSON.stringify(seen)).not.toMatch(/\bh\b|Lurker/);
    expect(seen).toEqual([]);
    expect(refusal(s, { type: 'sweep', figure: 'a', targets: ['b', 'c'], spin: 'cw' })).toContain('enemy Lurker stands in the arc');
    // Past half MA the reason is the sweeper's own, for the player too.
    acting(s, 'a', 6);
    expect(sweeps(s, 'a', player).map((e) => e.reason)).toEqual(['Arn moved 6 hexes, more than half its MA (5): no attack (tft-core)']);
  });
});
