// Explain's "Not now" for a sweep (sweepAction.notNow): checkSweep's own reason, the one apply
// refuses the sweep with (R-S1, R-S2, tft-core).
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import type { NotNow } from '../../hooks.ts';
import type { TftCommand, TftState } from '../../model.ts';
import { explainTft, tftSystem } from '../../system.ts';
import { type FigureSpec, fig, setup } from '../../testing.ts';

function acting(state: TftState, id: string, hexes = 0): void {
  state.phase = 'action';
  state.turn = 1;
  state.actionOrder = [id];
  state.actionIndex = 0;
  const f = fig(state, id);
  f.turn.moved = true;
  f.turn.hexes = hexes;
}

const sweeps = (state: TftState, id: string): NotNow[] =>
  ((explainTft(state).figures.find((f) => f.id === id)?.notNow as NotNow[] | undefined) ?? []).filter((e) => e.action === 'sweep');

/** apply's refusal, unparsed (the schema's own minimum of 2 targets is not the module's check). */
function refusal(state: TftState, cmd: Record<string, unknown>): string {
  try {
    tftSystem.apply(state, cmd as unknown as TftCommand, new ScriptedDice([]), null);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

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

});
