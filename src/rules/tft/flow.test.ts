import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import type { TftCommand, TftEvent } from './model.ts';
import { tftSystem } from './system.ts';
import { attackDX, baseAdjDX, isEngaged, occupant } from './core.ts';
import { commandProblem, overNow } from './flow.ts';
import { attackOdds } from './odds.ts';
import { actionOptions } from './options.ts';
import { beginTurn, fig, play, refusal, setup } from './testing.ts';

const of = (ev: TftEvent[], type: string) => ev.filter((e) => e.type === type);

describe('initiative (tft-core "Turn sequence" 1)', () => {
  it('tft-core: the first pending decision is begin; each side rolls 1d6 and the higher wins', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3] },
      { id: 'b', side: 'B', at: [8, 3] },
    ]);
    expect(tftSystem.pending(s)).toEqual({ figures: [], kind: 'begin' });
    const ev = play(s, [{ type: 'begin' }], [2, 5]);
    expect(of(ev, 'initiative')[0]).toMatchObject({ winner: 'B', rolls: [{ side: 'A', faces: [2] }, { side: 'B', faces: [5] }] });
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'initiative' });
  });
  it('tft-core: ties are rerolled', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3] },
      { id: 'b', side: 'B', at: [8, 3] },
    ]);
    const ev = play(s, [{ type: 'begin' }], [4, 4, 3, 1]);
    expect(of(ev, 'initiative')[0]).toMatchObject({ winner: 'A', rolls: [{ side: 'A', faces: [4, 3] }, { side: 'B', faces: [4, 1] }] });
  });
  it('tft-core: the winner chooses to move first or last', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3] },
      { id: 'b', side: 'B', at: [8, 3] },
    ]);
    play(s, [{ type: 'begin' }], [6, 1]);
    expect(() => play(s, [{ type: 'initiative', figure: 'b', choice: 'first' }])).toThrow(/did not win initiative/);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'last' }]);
    expect(s.moveOrder).toEqual(['B', 'A']);
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'move' });
  });
});

describe('movement (tft-core "Turn sequence" 2)', () => {
  const two = () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    return s;
  };
  it('tft-core: a figure walks its path hex by hex (each step an event), within its MA', () => {
    const s = two();
    const ev = play(s, [{ type: 'move', figure: 'a', path: [[3, 3], [4, 3], [5, 3]], facing: 0 }]);
    expect(of(ev, 'move-step').map((e) => e.to)).toEqual([
      { q: 3, r: 3 },
      { q: 4, r: 3 },
      { q: 5, r: 3 },
    ]);
    expect(fig(s, 'a').pos).toEqual({ q: 5, r: 3 });
    expect(fig(s, 'a').turn.hexes).toBe(3);
  });
  it('tft-core: a path longer than MA is rejected (MA 10, leather armor MA 8)', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [0, 0], facing: 0, armor: 'leather' },
      { id: 'b', side: 'B', at: [10, 10], facing: 3 },
    ]);
    beginTurn(s, 'A');
    const path = Array.from({ length: 9 }, (_, i) => [i + 1, 0]);
    expect(() => play(s, [{ type: 'move', figure: 'a', path }])).toThrow(/needs 9 MA; a has MA 8/);
    play(s, [{ type: 'move', figure: 'a', path: path.slice(0, 8) }]);
    expect(fig(s, 'a').pos).toEqual({ q: 8, r: 0 });
  });
  it('tft-core: a path must be a chain of adjacent, free hexes on the map', () => {
    const s = two();
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[4, 3]] }])).toThrow(/not adjacent/);
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[2, 2], [2, 1], [2, 0], [2, -1]] }])).toThrow(/off the map/);
  });
  it('tft-core: rough terrain costs 2 MA per hex', () => {
    const s = setup(
      [
        { id: 'a', side: 'A', at: [0, 0], facing: 0 },
        { id: 'b', side: 'B', at: [10, 10], facing: 3 },
      ],
      {},
      { map: { width: 16, height: 12, terrain: [{ q: 1, r: 0, kind: 'rough' }] } },
    );
    beginTurn(s, 'A');
    const path = Array.from({ length: 10 }, (_, i) => [i + 1, 0]);
    expect(() => play(s, [{ type: 'move', figure: 'a', path }])).toThrow(/needs 11 MA/);
  });
  it('tft-core: moving into an enemy\'s front hex engages and ends the move', () => {
    const s = two();
    // (8,3) is in b's front; going on to (8,4) is not allowed.
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[3, 3], [4, 3], [5, 3], [6, 3], [7, 3], [8, 3], [8, 4]] }])).toThrow(/must stop there/);
    play(s, [{ type: 'move', figure: 'a', path: [[3, 3], [4, 3], [5, 3], [6, 3], [7, 3], [8, 3]] }]);
    expect(fig(s, 'a').pos).toEqual({ q: 8, r: 3 });
  });
  it('tft-core: an engaged figure may only shift 1 hex and must stay adjacent', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[2, 2], [2, 1]] }])).toThrow(/only shift 1 hex/);
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[1, 3]] }])).toThrow(/stay adjacent/);
    play(s, [{ type: 'move', figure: 'a', path: [[3, 2]], facing: 1 }]);
    expect(fig(s, 'a').pos).toEqual({ q: 3, r: 2 });
    expect(fig(s, 'a').facing).toBe(1);
  });
  it('tft-core reference shift: an engaged figure stays adjacent to every enemy engaging it; a hex next to another enemy is no way out', () => {
    // a is engaged by b (a stands in b's front hex). c is an enemy two hexes away: (1,3) is next
    // to c but not to b, so shifting there would leave b without the disengage option.
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3 },
      { id: 'c', side: 'B', at: [0, 3], facing: 0 },
    ]);
    beginTurn(s, 'A');
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[1, 3]] }])).toThrow(/stay adjacent to every enemy engaging it \(\w+\); use disengage/);
    play(s, [{ type: 'move', figure: 'a', path: [[2, 4]], facing: 0 }]);
    expect(fig(s, 'a').pos).toEqual({ q: 2, r: 4 });
  });
  it('tft-core reference shift: engaged by two, a figure may shift only to a hex next to both', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3 },
      { id: 'd', side: 'B', at: [2, 2], facing: 1 },
    ]);
    beginTurn(s, 'A');
    // (2,4) is next to b but not to d.
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[2, 4]] }])).toThrow(/every enemy engaging it \(\w+\); use disengage/);
    play(s, [{ type: 'move', figure: 'a', path: [[3, 2]], facing: 0 }]);
    expect(fig(s, 'a').pos).toEqual({ q: 3, r: 2 });
  });
  it('tft-core: facing may change freely at the end of a move', () => {
    const s = two();
    play(s, [{ type: 'move', figure: 'a', path: [], facing: 4 }]);
    expect(fig(s, 'a').facing).toBe(4);
  });
  it('a figure of the side not moving now is rejected', () => {
    const s = two();
    expect(() => play(s, [{ type: 'move', figure: 'b', path: [] }])).toThrow(/side A is moving now/);
  });
});

describe('the action phase (tft-core "Turn sequence" 3 and options)', () => {
  it('tft-core: figures act in adjDX order, highest first', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 11, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 14, at: [9, 3], facing: 3, armor: 'cloth' },
      { id: 'c', side: 'B', dx: 12, at: [9, 5], facing: 3 },
    ]);
    beginTurn(s, 'A');
    const ev = play(s, [
      { type: 'move', figure: 'a', path: [] },
      { type: 'move', figure: 'b', path: [] },
      { type: 'move', figure: 'c', path: [] },
    ]);
    expect(of(ev, 'action-order')[0].order).toMatchObject([
      { figure: 'b', adjDX: 13 },
      { figure: 'c', adjDX: 12 },
      { figure: 'a', adjDX: 11 },
    ]);
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'action' });
  });
  it('tft-core: ties in adjDX are rolled off (and rolled again while they tie)', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }]);
    const ev = play(s, [{ type: 'move', figure: 'b', path: [] }], [3, 3, 2, 5]);
    expect(s.actionOrder).toEqual(['b', 'a']);
    expect(of(ev, 'action-order')[0].order).toMatchObject([
      { figure: 'b', rolls: [3, 5] },
      { figure: 'a', rolls: [3, 2] },
    ]);
  });
  it('tft-core: a figure that moved more than half its MA takes no action', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [0, 3], facing: 0 },
      { id: 'b', side: 'B', at: [7, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3], [5, 3], [6, 3]] }]);
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    // a moved 6 > 5: b is the only one to act.
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'action' });
  });
  it('tft-core: charge attack: moving up to half MA still allows a melee attack', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [0, 3], facing: 0 },
      { id: 'b', side: 'B', at: [6, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3], [5, 3]] }]);
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
    expect(of(ev, 'attack')).toHaveLength(1);
  });
  it('tft-core options by movement, R-T1 [82345e2a]: made reeling after a charge of 4 (MA 10), a figure keeps the attack its move allowed', () => {
    const s = setup(
      [
        { id: 'a', side: 'A', st: 12, wounds: 6, dx: 11, at: [0, 3], facing: 0 },
        { id: 'b', side: 'B', st: 30, dx: 16, weapons: ['dagger'], at: [5, 3], facing: 3 },
      ],
      { thread: 'on' },
    );
    beginTurn(s, 'B');
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3]] }]);
    // b strikes first: 9 hits, dagger 1d-1 = 5 - 1: a has remST 2, reeling (R-T1: MA 10 -> 5).
    const ev = play(s, [{ type: 'attack', figure: 'b', target: 'a' }], [3, 3, 3, 5]);
    expect(of(ev, 'state')).toContainEqual(expect.objectContaining({ figure: 'a', to: 'reeling' }));
    // Its move of 4 was within half of the MA it moved with (5): the attack is still its own.
    expect(tftSystem.pending(s)).toEqual({ figures: ['a'], kind: 'action' });
    expect(actionOptions(s, fig(s, 'a'), 'explain').map((o) => o.command.type)).toContain('attack');
    expect(tftSystem.decide(s)).toMatchObject({ type: 'attack', figure: 'a', target: 'b' });
    const hit = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [2, 2, 2, 3, 3, 6, 1]);
    expect(of(hit, 'attack')).toContainEqual(expect.objectContaining({ figure: 'a', adjDX: 8 }));
  });
  it('tft-core pole: +2 DX for a pole weapon set against a charger', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 11, at: [0, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [5, 3], facing: 3, weapons: [{ weapon: 'spear', twoHanded: true }] },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3]] }]);
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'b', target: 'a' }], [6, 5, 5]);
    const atk = of(ev, 'attack')[0];
    expect(atk.adjDX).toBe(14);
    expect((atk.ledger as { rule: string }[]).some((e) => e.rule === 'tft-core pole')).toBe(true);
  });
  it('tft-core pole: double damage for a pole weapon set against a charger (x2 in the damage ledger)', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 11, at: [0, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [5, 3], facing: 3, weapons: [{ weapon: 'spear', twoHanded: true }] },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3]] }]);
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    // 3+3+4 = 10 hits (adjDX 14); the spear (two hands, 1d+1) rolls 4: 5, doubled 10.
    const ev = play(s, [{ type: 'attack', figure: 'b', target: 'a' }], [3, 3, 4, 4, 6, 1]);
    const dmg = of(ev, 'damage')[0];
    expect(dmg).toMatchObject({ raw: 10, amount: 10, multiplier: 2 });
    expect((dmg.ledger as { rule: string; delta: number }[]).filter((e) => e.rule === 'tft-core pole')).toEqual([
      { source: 'pole weapon set against a charge: double damage', delta: 5, rule: 'tft-core pole' },
    ]);
    expect(fig(s, 'a').wounds).toBe(10);
  });
  it('explain offers attacks on foes first and an attack on a friend last, before doing nothing; the AI never one on a friend', () => {
    // The friend stands first in the scenario, so the figures' order alone would list it first.
    const s = setup([
      { id: 'pal', side: 'A', dx: 9, at: [4, 2], facing: 4 },
      { id: 'a', side: 'A', dx: 13, at: [3, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 11, at: [4, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'pal', path: [] }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const types = (mode: 'explain' | 'ai') => actionOptions(s, fig(s, 'a'), mode).map((o) => (o.command.type === 'attack' ? `attack ${(o.command as { target: string }).target}` : o.command.type));
    const ex = types('explain');
    expect(ex[0]).toBe('attack b');
    expect(ex.slice(-2)).toEqual(['attack pal', 'pass']);
    expect(types('ai')).not.toContain('attack pal');
  });
  it('tft-core pole: explain and the AI count the doubling in the expected damage', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 11, at: [0, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [5, 3], facing: 3, weapons: [{ weapon: 'spear', twoHanded: true }] },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[1, 3], [2, 3], [3, 3], [4, 3]] }, { type: 'move', figure: 'b', path: [] }]);
    const b = fig(s, 'b');
    const plain = attackOdds({ adjDX: 14, dice: 3, damage: b.weapons[0].dmg, armor: 0 }).expected;
    const doubled = attackOdds({ adjDX: 14, dice: 3, damage: b.weapons[0].dmg, armor: 0, transform: (x) => 2 * x }).expected;
    expect(doubled).toBeCloseTo(2 * plain, 10); // no armor: exactly twice
    const ex = actionOptions(s, b, 'explain').find((o) => o.command.type === 'attack');
    const ai = actionOptions(s, b, 'ai').find((o) => o.command.type === 'attack');
    expect(ex?.expectedDamage).toBeCloseTo(doubled, 10);
    expect(ai?.expectedDamage).toBeCloseTo(doubled, 10);
  });
  it('tft-core pole: no double damage when the target did not charge', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 11, at: [4, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [5, 3], facing: 3, weapons: [{ weapon: 'spear', twoHanded: true }] },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'b', target: 'a' }], [3, 3, 4, 4]);
    expect(of(ev, 'damage')[0]).toMatchObject({ raw: 5, multiplier: 1 });
  });
  it('tft-core one last shot: an archer engaged this turn may still shoot the adjacent enemy; engaged since the turn began, it may not', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, st: 11, at: [2, 3], facing: 0, weapons: ['longbow'] },
      { id: 'b', side: 'B', dx: 12, at: [6, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [[5, 3], [4, 3], [3, 3]] }]);
    expect(isEngaged(s, fig(s, 'a'))).toBe(true);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 1]);
    const atk = of(ev, 'attack')[0];
    expect(atk).toMatchObject({ mode: 'missile', outcome: 'hit' });
    expect((atk.ledger as { source: string }[]).some((e) => e.source.startsWith('one last shot'))).toBe(true);
    expect(fig(s, 'b').wounds).toBe(3); // longbow 1d+2: 1 + 2
    play(s, [{ type: 'pass', figure: 'b' }], [6, 1]);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    expect(fig(s, 'a').turn.startedEngaged).toBe(true);
    expect(() => play(s, [{ type: 'attack', figure: 'a', target: 'b' }])).toThrow(/engaged since the start of the turn/);
  });
  it('tft-core: -6 DX against an invisible target or in darkness (one -6, not two), -4 against a flying one', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 12, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3, spells: ['invisible'] },
      { id: 'c', side: 'B', at: [3, 2], facing: 3, spells: ['flying'] },
    ]);
    const a = fig(s, 'a');
    const w = a.weapons[0];
    const ledger: { source: string; delta: number; rule: string }[] = [];
    expect(attackDX(s, a, fig(s, 'b'), w, 'melee', ledger)).toBe(6);
    expect(ledger).toContainEqual({ source: 'target is invisible', delta: -6, rule: 'tft-core vision' });
    expect(attackDX(s, a, fig(s, 'c'), w, 'melee', null)).toBe(8);
    const dark = setup(
      [
        { id: 'a', side: 'A', dx: 12, at: [2, 3], facing: 0 },
        { id: 'b', side: 'B', at: [3, 3], facing: 3, spells: ['invisible'] },
        { id: 'd', side: 'B', at: [3, 2], facing: 3 },
      ],
      { darkness: true },
    );
    const da = fig(dark, 'a');
    expect(attackDX(dark, da, fig(dark, 'd'), da.weapons[0], 'melee', null)).toBe(6);
    expect(attackDX(dark, da, fig(dark, 'b'), da.weapons[0], 'melee', null)).toBe(6);
  });
  it('tft-core body: a figure may step onto a body (a fallen figure that cannot act) and fights there at -2 DX; an able figure still blocks its hex', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 12, at: [2, 3], facing: 0 },
      { id: 'dead', side: 'B', st: 12, wounds: 12, at: [3, 3], facing: 3 },
      { id: 'b', side: 'B', at: [4, 3], facing: 3 },
      { id: 'c', side: 'B', at: [2, 4], facing: 3 },
    ]);
    expect(fig(s, 'dead').state).toBe('dead');
    beginTurn(s, 'A');
    expect(() => play(s, [{ type: 'move', figure: 'a', path: [[2, 4]] }])).toThrow(/hex 2,4 is occupied by \w+$/);
    play(s, [{ type: 'move', figure: 'a', path: [[3, 3]], facing: 0 }]);
    const a = fig(s, 'a');
    expect(a.pos).toEqual({ q: 3, r: 3 });
    expect(occupant(s, { q: 3, r: 3 })?.id).toBe('a');
    const ledger: { source: string; delta: number; rule: string }[] = [];
    expect(baseAdjDX(s, a, ledger)).toBe(10);
    expect(ledger).toContainEqual({ source: 'standing on a body', delta: -2, rule: 'tft-core body' });
    // Stepping off: no penalty.
    s.figures[0].pos = { q: 1, r: 3 };
    expect(baseAdjDX(s, a, null)).toBe(12);
  });
  it('an unknown status in spells is rejected, naming the field', () => {
    expect(() => setup([{ id: 'a', side: 'A', at: [2, 3], spells: ['flyng'] }, { id: 'b', side: 'B', at: [6, 3] }])).toThrow(/figures\[0\]\.spells\[0\].*flyng/);
  });
  it('tft-core defend: a melee attacker rolls 4d6 against a defending figure', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }]);
    play(s, [{ type: 'move', figure: 'b', path: [], stance: 'defend' }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 3, 6, 1, 6, 1]);
    const atk = of(ev, 'attack')[0];
    expect(atk.dice).toBe(4);
    expect(atk.faces).toEqual([3, 3, 3, 3]);
    expect(atk.outcome).toBe('hit');
  });
  it('tft-core dodge: a missile attacker rolls 4d6 against a dodging figure; a dodge does not help in melee', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['longbow'], st: 11 },
      { id: 'c', side: 'A', dx: 11, at: [12, 3], facing: 3 },
      { id: 'b', side: 'B', at: [8, 3], facing: 3 },
    ]);
    beginTurn(s, 'B');
    play(s, [{ type: 'move', figure: 'b', path: [], stance: 'dodge' }]);
    // c charges b after the dodge was declared (b was not engaged then) and strikes in melee.
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'c', path: [[11, 3], [10, 3], [9, 3]], facing: 3 }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [2, 2, 2, 2, 1]);
    expect(of(ev, 'attack')[0]).toMatchObject({ mode: 'missile', dice: 4, roll: 8 });
    const melee = play(s, [{ type: 'attack', figure: 'c', target: 'b' }], [3, 3, 3, 1, 1, 6, 1]);
    expect(of(melee, 'attack')[0]).toMatchObject({ mode: 'melee', dice: 3, faces: [3, 3, 3], outcome: 'hit' });
  });
  it('tft-core: a missile attack is allowed only after moving at most 1 hex, and not while engaged', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['longbow'], st: 11 },
      { id: 'b', side: 'B', at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [[3, 3], [4, 3]] }]);
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    expect(() => play(s, [{ type: 'attack', figure: 'a', target: 'b' }])).toThrow(/at most 1/);
    // One hex is allowed: the shot is taken.
    const t = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['longbow'], st: 11 },
      { id: 'b', side: 'B', at: [9, 3], facing: 3 },
    ]);
    beginTurn(t, 'A');
    play(t, [{ type: 'move', figure: 'a', path: [[3, 3]] }, { type: 'move', figure: 'b', path: [] }]);
    expect(of(play(t, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]), 'attack')[0]).toMatchObject({ figure: 'a', mode: 'missile', roll: 16 });
  });
  it('tft-core reload: a light crossbow fires every other turn', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['light-crossbow'] },
      { id: 'b', side: 'B', dx: 12, at: [12, 3], facing: 3, st: 30 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    play(s, [{ type: 'attack', figure: 'a', target: 'b' }, { type: 'pass', figure: 'b' }], [6, 5, 5, 6, 1]);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    expect(() => play(s, [{ type: 'attack', figure: 'a', target: 'b' }])).toThrow(/reloading/);
    play(s, [{ type: 'pass', figure: 'a' }, { type: 'pass', figure: 'b' }], [6, 1]);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
    expect(of(ev, 'attack')).toHaveLength(1);
  });
  it('tft-core extra row (Melee weapon table, Legacy 3rd ed.): a light crossbow fires every turn at adjDX 14+', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 14, at: [2, 3], facing: 0, weapons: ['light-crossbow'] },
      { id: 'b', side: 'B', dx: 12, at: [12, 3], facing: 3, st: 30 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    play(s, [{ type: 'attack', figure: 'a', target: 'b' }, { type: 'pass', figure: 'b' }], [6, 5, 5, 6, 1]);
    expect(fig(s, 'a').weapons[0].reloadLeft).toBe(0);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
    expect(of(ev, 'attack')).toHaveLength(1);
  });
  it('tft-core reload: a heavy crossbow fires every third turn, every other at adjDX 16+', () => {
    for (const [dx, wait] of [
      [13, 2],
      [16, 1],
    ] as const) {
      const s = setup([
        { id: 'a', side: 'A', dx, at: [2, 3], facing: 0, weapons: ['heavy-crossbow'], st: 15 },
        { id: 'b', side: 'B', dx: 12, at: [12, 3], facing: 3, st: 40 },
      ]);
      beginTurn(s, 'A');
      play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
      play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
      expect(fig(s, 'a').weapons[0].reloadLeft).toBe(wait + 1);
    }
  });
  it('tft-core: a thrown weapon uses -1 DX per hex and lands in the target\'s hex', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['spear'] },
      { id: 'b', side: 'B', dx: 12, at: [5, 3], facing: 3, st: 30 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [6, 5, 5]);
    expect(of(ev, 'attack')[0]).toMatchObject({ mode: 'thrown', adjDX: 10 });
    expect(s.items[0].pos).toEqual({ q: 5, r: 3 });
    expect(fig(s, 'a').ready).toBeNull();
  });
  it('tft-core options: ready another weapon (engaged: the one in hand is dropped), pick it up again', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0, weapons: ['broadsword', 'dagger'] },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'ready', figure: 'a', weapon: 'dagger' }]);
    expect(of(ev, 'weapon-dropped')).toHaveLength(1);
    expect(fig(s, 'a').ready).toBe('a.dagger');
    expect(s.items.map((i) => i.weapon.uid)).toEqual(['a.broadsword']);
    play(s, [{ type: 'pass', figure: 'b' }], [6, 1]);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }, { type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    play(s, [{ type: 'pick-up', figure: 'a', weapon: 'a.broadsword' }]);
    expect(fig(s, 'a').weapons.map((w) => w.uid)).toEqual(['a.dagger', 'a.broadsword']);
  });
  it('tft-core options: dodge and drop are options of a disengaged figure: engaged since the turn began, a figure may defend but not dodge or drop (with its move or as its action), and neither is offered', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    expect(fig(s, 'a').turn.startedEngaged).toBe(true);
    expect(refusal(s, { type: 'move', figure: 'a', path: [], stance: 'dodge' })).toBe(
      'invalid command: command.stance: a has been engaged since the start of the turn: dodging is an option of a disengaged figure (tft-core options)',
    );
    // A shift that stays in b's front keeps it engaged: still no dodge.
    expect(refusal(s, { type: 'move', figure: 'a', path: [{ q: 3, r: 2 }], stance: 'dodge' })).toMatch(/command\.stance: .*dodging is an option of a disengaged figure/);
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const types = actionOptions(s, fig(s, 'a'), 'explain').map((o) => o.command.type);
    expect(types).toContain('defend');
    expect(types).not.toContain('dodge');
    expect(types).not.toContain('drop');
    expect(refusal(s, { type: 'dodge', figure: 'a' })).toMatch(/command\.type: a has been engaged since the start of the turn: dodging is an option of a disengaged figure/);
    expect(refusal(s, { type: 'drop', figure: 'a' })).toMatch(/command\.type: a has been engaged since the start of the turn: dropping to the ground is an option of a disengaged figure/);
    const ev = play(s, [{ type: 'defend', figure: 'a' }]);
    expect(of(ev, 'stance')[0]).toMatchObject({ figure: 'a', stance: 'defend' });
  });
  it('tft-core options (Fray reading, as one last shot): a figure that became engaged this turn may still dodge or drop; one that shifted out of every front may dodge with its move', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [6, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [[5, 3], [4, 3], [3, 3]] }]);
    expect(isEngaged(s, fig(s, 'a'))).toBe(true);
    expect(fig(s, 'a').turn.startedEngaged).toBe(false);
    expect(actionOptions(s, fig(s, 'a'), 'explain').map((o) => o.command.type)).toEqual(expect.arrayContaining(['defend', 'dodge', 'drop']));
    play(s, [{ type: 'drop', figure: 'a' }]);
    expect(fig(s, 'a').prone).toBe(true);
    // Engaged since the start in b's front hex 4,2 (b at 3,3 faces east), a shifts to b's side
    // hex 3,2, still next to b: out of every front, it may dodge with that move.
    const t = setup([
      { id: 'a', side: 'A', dx: 13, at: [4, 2], facing: 2 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 0 },
    ]);
    beginTurn(t, 'A');
    expect(fig(t, 'a').turn.startedEngaged).toBe(true);
    expect(refusal(t, { type: 'move', figure: 'a', path: [], stance: 'dodge' })).toMatch(/dodging is an option of a disengaged figure/);
    play(t, [{ type: 'move', figure: 'a', path: [[3, 2]], stance: 'dodge' }]);
    expect(fig(t, 'a').turn.stance).toBe('dodge');
  });
  it('tft-core options: drop to the ground; a fallen figure may only stand up, taking its turn', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    play(s, [{ type: 'drop', figure: 'a' }, { type: 'pass', figure: 'b' }], [6, 1]);
    expect(fig(s, 'a').prone).toBe(true);
    play(s, [{ type: 'initiative', figure: 'a', choice: 'first' }]);
    // a is down: no movement command is asked of it.
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'move' });
    play(s, [{ type: 'move', figure: 'b', path: [] }]);
    expect(() => play(s, [{ type: 'attack', figure: 'a', target: 'b' }])).toThrow(/may only stand up/);
    play(s, [{ type: 'stand-up', figure: 'a' }]);
    expect(fig(s, 'a').prone).toBe(false);
  });
  it('tft-core options: an engaged figure may disengage 1 hex instead of attacking', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    expect(() => play(s, [{ type: 'disengage', figure: 'a', to: [3, 3] }])).toThrow(/occupied/);
    play(s, [{ type: 'disengage', figure: 'a', to: [1, 3] }]);
    expect(fig(s, 'a').pos).toEqual({ q: 1, r: 3 });
  });
  it('a dead or unconscious figure is skipped: it is never asked to act', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3, wounds: 11 },
      { id: 'c', side: 'B', dx: 12, at: [9, 3], facing: 3 },
    ]);
    expect(fig(s, 'b').state).toBe('unconscious');
    beginTurn(s, 'A');
    expect(tftSystem.pending(s)).toEqual({ figures: ['a'], kind: 'move' });
    play(s, [{ type: 'move', figure: 'a', path: [] }]);
    expect(tftSystem.pending(s)).toEqual({ figures: ['c'], kind: 'move' });
  });
});

describe('end of the encounter', () => {
  it('the fight ends at the end of the turn in which one side is left standing; the summary names the winner', () => {
    const s = setup([
      { id: 'a', side: 'A', dx: 13, at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', dx: 12, at: [3, 3], facing: 3, st: 8, weapons: ['dagger'] },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const ev = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 4, 6, 6]);
    expect(of(ev, 'over')[0]).toMatchObject({ winner: 'A' });
    expect(tftSystem.pending(s)).toBeNull();
    const sum = tftSystem.summary(s);
    expect(sum).toMatchObject({ type: 'summary', winner: 'A', turns: 1 });
    expect(sum.figures.map((f) => [f.id, f.state, f.wounds])).toEqual([
      ['a', 'healthy', 0],
      ['b', 'dead', 12],
    ]);
  });
  it('tft-core turn step 4 (Fray reading): a won fight ends though a friend of the winners is dying and being stabilized (R-T3 work does not keep it going) [82345e2a]', () => {
    const s = setup(
      [
        { id: 'medic', side: 'A', at: [2, 3], facing: 0 },
        { id: 'pat', side: 'A', st: 12, wounds: 13, at: [3, 3], facing: 0 },
        { id: 'b', side: 'B', st: 12, wounds: 11, at: [9, 3], facing: 3 },
      ],
      { thread: 'on' },
    );
    expect([fig(s, 'pat').state, fig(s, 'b').state]).toEqual(['dying', 'unconscious']);
    play(s, [{ type: 'begin' }, { type: 'move', figure: 'medic', path: [] }]);
    // The medic starts the 60-turn work; the thread roll is skipped; the turn ends.
    const ev = play(s, [{ type: 'stabilize', figure: 'medic', target: 'pat' }]);
    expect(of(ev, 'over')[0]).toMatchObject({ winner: 'A', reason: 'one side left standing' });
    expect(s.phase).toBe('over');
    expect(fig(s, 'pat').state).toBe('dying');
    // The work can still be finished after the end (an 'any' command).
    play(s, [{ type: 'finish-stabilization', figure: 'medic', target: 'pat' }], new Array(70).fill(1));
    expect(fig(s, 'pat').state).toBe('unconscious');
  });
  it('a module may end a fight early only while two sides can act; otherwise one side left standing decides', () => {
    const s = setup([
      { id: 'a', side: 'A', at: [2, 3], facing: 0 },
      { id: 'b', side: 'B', at: [12, 3], facing: 3 },
    ]);
    expect(overNow(s)).toEqual({ over: false, winner: null, reason: '' });
    fig(s, 'b').woundFx.canAct = false;
    expect(overNow(s)).toEqual({ over: true, winner: 'A', reason: 'one side left standing' });
  });
  it('maxTurns ends the fight as a draw', () => {
    const s = setup(
      [
        { id: 'a', side: 'A', at: [2, 3], facing: 0 },
        { id: 'b', side: 'B', at: [12, 3], facing: 3 },
      ],
      { maxTurns: 1 },
    );
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'b', path: [] }], [1, 2]);
    play(s, [{ type: 'pass', figure: 'b' }, { type: 'pass', figure: 'a' }]);
    expect(s.phase).toBe('over');
    expect(s.winner).toBeNull();
    expect(s.endReason).toBe('max turns');
  });
});

describe('a script the dice have overtaken', () => {
  const read = (f: string) => parse(readFileSync(new URL(`../../../examples/tft/${f}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  it('decide passes over a script entry that is no longer legal (other dice than the script\'s, as at the table): every decision is applied, the entry is dropped at its turn\'s end', () => {
    fc.assert(
      fc.property(fc.constantFrom('hanging-by-a-thread.yaml', 'sweeping-blows.yaml', 'hitech-biff.yaml'), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (file, seed) => {
        const s = tftSystem.setup(read(file));
        const dice = new SeededDice(seedRng(seed));
        const ev: TftEvent[] = [];
        for (let step = 0; step < 400 && tftSystem.pending(s) !== null; step++) tftSystem.apply(s, tftSystem.decide(s), dice, (e) => ev.push(e));
        for (const e of of(ev, 'script-skipped')) expect(e).toMatchObject({ reason: expect.stringMatching(/ended without it|is dead: dead is final/) });
      }),
      { numRuns: 60 },
    );
  });
});

describe('script entries that can no longer be played', () => {
  const trio = () => [
    // Action order a, k, b (no roll-off).
    { id: 'a', side: 'A', dx: 13, at: [2, 3] as [number, number], facing: 0 },
    { id: 'k', side: 'A', dx: 12, at: [2, 6] as [number, number], facing: 0 },
    { id: 'b', side: 'B', dx: 11, at: [12, 3] as [number, number], facing: 3 },
  ];
  const stay = (ids: string[]) => ids.map((id) => ({ type: 'move', figure: id, path: [] }));
  const pass = (ids: string[]) => ids.map((id) => ({ type: 'pass', figure: id }));
  it("an entry left unplayed in its turn is skipped at that turn's end: tagged with its turn, logged before the next turn starts (it was tagged with the next turn, though logged before that turn's header)", () => {
    const s = setup(trio(), {}, { script: [{ turn: 1, commands: [{ type: 'dodge', figure: 'a' }] }] });
    beginTurn(s, 'A');
    play(s, stay(['a', 'k', 'b']));
    const ev = play(s, pass(['a', 'k', 'b']), [6, 1]);
    expect(ev.map((e) => e.type).slice(-4)).toEqual(['turn-end', 'script-skipped', 'turn-start', 'initiative']);
    const skipped = of(ev, 'script-skipped')[0];
    expect(skipped).toMatchObject({ turn: 1, index: 0 });
    expect(tftSystem.describe(skipped)).toBe('[turn 1] (script entry 0 skipped: turn 1 ended without it: its figure never had the decision, or it was no longer legal then)');
  });
  it("a command marked as playing script entry i must be that entry's command: another is refused and the entry stays unused (it used up an enemy's entry)", () => {
    const s = setup(trio(), {}, { script: [{ turn: 1, commands: [{ type: 'move', figure: 'b', path: [] }] }] });
    beginTurn(s, 'A');
    play(s, stay(['a', 'k']));
    // b's own move, marked as the entry, with another path: refused, nothing used.
    expect(refusal(s, tftSystem.parseCommand({ type: 'move', figure: 'b', path: [{ q: 11, r: 3 }], script: 0 }))).toBe('invalid command: command.script: script entry 0 is another command');
    expect(s.scriptUsed).toEqual([false]);
    // decide() plays it, marked: the same command, taken.
    const c = tftSystem.decide(s);
    expect(c).toEqual({ type: 'move', figure: 'b', path: [], script: 0 });
    play(s, [c]);
    expect(s.scriptUsed).toEqual([true]);
  });
  it('every entry of a figure that died is skipped at once, at the end of the turn it died in (dead is final), not one a turn at each later turn', () => {
    const dodge = (turn: number) => ({ turn, type: 'dodge', figure: 'a' });
    const s = setup(trio(), {}, { script: [dodge(2), dodge(3), dodge(4), { type: 'adjust', figure: 'a', heal: 1, reason: 'potion' }] });
    beginTurn(s, 'A');
    play(s, [{ type: 'adjust', figure: 'a', damage: 30, reason: 'lightning' }, ...stay(['k', 'b'])]);
    expect(fig(s, 'a').state).toBe('dead');
    const ev = play(s, pass(['k', 'b']), [6, 1]);
    expect(of(ev, 'script-skipped').map((e) => [e.turn, e.index, e.reason])).toEqual([0, 1, 2, 3].map((i) => [1, i, 'a is dead: dead is final, none of its entries can be played']));
    expect(ev.findIndex((e) => e.type === 'script-skipped')).toBeLessThan(ev.findIndex((e) => e.type === 'turn-start'));
    expect(s.scriptUsed).toEqual([true, true, true, true]);
    expect(s.turn).toBe(2);
  });
  it("an any-moment entry with no turn (the GM's adjust, the thread's thread-attribute) naming a dead figure does not hold the fight open: it ends when one side is left standing, not at the turn limit", () => {
    for (const [cmd, options] of [
      [{ type: 'adjust', figure: 'b', heal: 1, reason: 'potion' }, {}],
      [{ type: 'thread-attribute', figure: 'b', attribute: 'st' }, { thread: 'on' }],
    ] as const) {
      const s = setup(trio(), { ...options, maxTurns: 5 }, { script: [cmd] });
      beginTurn(s, 'A');
      play(s, [{ type: 'adjust', figure: 'b', damage: 40, reason: 'lightning' }, ...stay(['a', 'k'])]);
      expect(fig(s, 'b').state).toBe('dead');
      const ev = play(s, pass(['a', 'k']));
      expect(of(ev, 'over')[0]).toMatchObject({ turn: 1, winner: 'A', reason: 'one side left standing' });
    }
    // Down but not dead, its figure may still be brought round by the GM: the entry holds it open.
    const s = setup(trio(), { maxTurns: 5 }, { script: [{ type: 'adjust', figure: 'b', heal: 1, reason: 'potion' }] });
    beginTurn(s, 'A');
    play(s, [{ type: 'adjust', figure: 'b', damage: 11, reason: 'lightning' }, ...stay(['a', 'k'])]);
    expect(fig(s, 'b').state).toBe('unconscious');
    play(s, pass(['a', 'k']), [6, 1]);
    expect(s.phase).not.toBe('over');
    expect(s.turn).toBe(2);
  });
});

describe('explain once the fight is over', () => {
  it('tft-core: explain lists no options once the fight is over (the Thread example at its end offered "stand up" and an attack on a friend), and every figure while it goes on', () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/hanging-by-a-thread.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const s = tftSystem.setup(raw);
    const dice = new SeededDice(seedRng(1));
    expect(tftSystem.explain(s).figures.every((f) => f.options.length > 0)).toBe(true);
    for (let step = 0; step < 2000 && tftSystem.pending(s) !== null; step++) tftSystem.apply(s, tftSystem.decide(s), dice, null);
    const end = tftSystem.explain(s);
    expect(end.pending).toBeNull();
    expect(end.figures.map((f) => f.options.length)).toEqual(end.figures.map(() => 0));
  });
});

describe('refusals quote long input by its start', () => {
  it('a command naming a 60,000-character figure or type is refused with a short message naming the field (the whole id was echoed back)', () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const s = tftSystem.setup(raw);
    const dice = new SeededDice(seedRng(1));
    tftSystem.apply(s, tftSystem.decide(s), dice, null);
    const long = `z${'q'.repeat(60_000)}`;
    for (const cmd of [{ type: 'attack', figure: long, target: 'bjorn' }, { type: long, figure: 'bjorn' }]) {
      let message = '';
      try {
        tftSystem.apply(s, tftSystem.parseCommand(cmd), dice, null);
      } catch (e) {
        message = `${(e as Error).message} ${JSON.stringify((e as { issues?: unknown }).issues ?? [])}`;
      }
      expect(message).toMatch(/'zqq+\.\.\.'/);
      expect(message.length).toBeLessThan(1000);
    }
  });
});

describe('refusals name figures as the table does', () => {
  /** The refusal of `cmd` (parsed) now: commandProblem, apply's own check; null if legal. */
  const refusal = (s: ReturnType<typeof setup>, cmd: Record<string, unknown>) => commandProblem(s, tftSystem.parseCommand(cmd) as TftCommand);

  it('a missile attack after moving 2 hexes is refused naming the archer by its name, not its id', () => {
    const s = setup([
      { id: 'bjorn', name: 'Bjorn', side: 'A', dx: 14, at: [2, 3], facing: 0, weapons: ['longbow'] },
      { id: 'g2', name: 'Goblin 2', side: 'B', at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'bjorn', path: [[3, 3], [4, 3]] }, { type: 'move', figure: 'g2', path: [] }]);
    expect(refusal(s, { type: 'attack', figure: 'bjorn', target: 'g2' })).toBe('invalid command: command.type: Bjorn moved 2 hexes: a missile attack allows at most 1 (tft-core)');
  });

  it('a melee attack names the attacker and its target by name; down, the figure is named by name', () => {
    const s = setup([
      { id: 'bjorn', name: 'Bjorn', side: 'A', dx: 14, at: [2, 3], facing: 0 },
      { id: 'g2', name: 'Goblin 2', side: 'B', at: [1, 3], facing: 0 },
    ]);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'bjorn', path: [] }, { type: 'move', figure: 'g2', path: [] }]);
    expect(refusal(s, { type: 'attack', figure: 'bjorn', target: 'g2' })).toBe("invalid command: command.target: Goblin 2 is not in Bjorn's front hexes");
    fig(s, 'bjorn').prone = true;
    expect(refusal(s, { type: 'attack', figure: 'bjorn', target: 'g2' })).toBe('invalid command: command.type: Bjorn is down: it may only stand up (or pass)');
  });

  it('a refusal names the other figures it is about by name too: the occupant, the enemy a shift leaves, the figure acting now (the server hides one a player cannot see, room.ts)', () => {
    // Ada is engaged by the Lurker (Ada stands in its front hex); Cat stands two hexes behind Ada.
    const s = setup([
      { id: 'ada', name: 'Ada', side: 'A', at: [2, 3], facing: 0 },
      { id: 'lurker', name: 'Lurker', side: 'B', dx: 14, at: [3, 3], facing: 3 },
      { id: 'cat', name: 'Cat', side: 'B', dx: 10, at: [0, 3], facing: 0 },
    ]);
    beginTurn(s, 'A');
    const why = [
      refusal(s, { type: 'move', figure: 'ada', path: [[3, 3]] }),
      refusal(s, { type: 'move', figure: 'ada', path: [[1, 3]] }),
    ];
    expect(why).toEqual([
      'invalid command: command.path[0]: hex 3,3 is occupied by Lurker',
      'invalid command: command.path[0]: an engaged figure shifting 1 hex must stay adjacent to every enemy engaging it (Lurker); use disengage to break away (tft-core)',
    ]);
    play(s, [{ type: 'move', figure: 'ada', path: [] }, { type: 'move', figure: 'lurker', path: [] }, { type: 'move', figure: 'cat', path: [] }]);
    expect(tftSystem.pending(s)).toEqual({ figures: ['lurker'], kind: 'action' });
    expect(refusal(s, { type: 'pass', figure: 'ada' })).toBe("invalid command: command.figure: it is Lurker's action, not Ada's");
  });
});
