// The sweep module inside the real TFT core: the seed's two examples from
// examples/tft/sweeping-blows.yaml with scripted dice, and every rule through the engine.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { type DiceSource, RecordingDice, SeededDice } from '../../../../core/dice/source.ts';
import { CommandRejected, InputError } from '../../../../core/errors.ts';
import { seedRng } from '../../../../core/rng.ts';
import { displayNames } from '../../../../engine/names.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { applyCommand, makeCtx, pendingOf } from '../../flow.ts';
import type { TftCommand, TftEvent, TftState } from '../../model.ts';
import { setupTft } from '../../scenario.ts';
import { tftSystem } from '../../system.ts';
import { core } from '../../core.ts';
import type { ActionOption } from '../../hooks.ts';
import { attackOdds as coreAttackOdds } from '../../odds.ts';
import { attackOptions } from '../../options.ts';
import { cloneTft } from '../../system.ts';
import { sweepAction } from './module.ts';

const EXAMPLE = new URL('../../../../../examples/tft/sweeping-blows.yaml', import.meta.url);

/** Faces queued for the next command first, then the seeded generator. */
class Feed implements DiceSource {
  queue: number[] = [];
  constructor(private readonly fallback: DiceSource) {}
  face(sides: number): number {
    const f = this.queue.shift();
    return f === undefined ? this.fallback.face(sides) : f;
  }
}

/** The command for the pending decision: the scenario's script entry when one fits, else stay / pass / first. */
function nextCommand(state: TftState): TftCommand | null {
  const p = pendingOf(state);
  if (!p) return null;
  if (p.kind === 'begin') return { type: 'begin' };
  if (p.kind === 'initiative') return { type: 'initiative', figure: p.figures[0], choice: 'first' };
  const wantMove = p.kind === 'move';
  for (let i = 0; i < state.script.length; i++) {
    const e = state.script[i];
    if (state.scriptUsed[i] || (e.turn !== undefined && e.turn !== state.turn)) continue;
    const c = e.command as { type: string; figure?: string };
    if (c.figure && p.figures.includes(c.figure) && (c.type === 'move') === wantMove) return { ...e.command, script: i } as TftCommand;
  }
  return wantMove ? { type: 'move', figure: p.figures[0], path: [] } : { type: 'pass', figure: p.figures[0] };
}

/**
 * Plays `scenario` to its end; before each sweep by `who`, queues sweepDice[k] (k-th sweep).
 * Returns the state, the events and every face used.
 */
function play(scenario: unknown, sweepDice: number[][], seed = 7) {
  const state = tftSystem.setup(scenario);
  const feed = new Feed(new SeededDice(seedRng(seed)));
  const dice = new RecordingDice(feed);
  const events: TftEvent[] = [];
  let k = 0;
  for (let n = 0; n < 500; n++) {
    if (!tftSystem.pending(state)) break;
    const cmd = tftSystem.decide(state); // the scenario's script (the real driver's choice)
    expect((cmd as { script?: number }).script ?? (cmd.type === 'begin' || cmd.type === 'initiative' ? 0 : undefined)).toBeDefined();
    if (cmd.type === 'sweep') feed.queue.push(...(sweepDice[k++] ?? []));
    tftSystem.apply(state, cmd, dice, (e) => events.push(e));
    expect(feed.queue).toEqual([]); // the sweep used exactly its scripted faces
  }
  expect(tftSystem.pending(state)).toBeNull();
  return { state, events, faces: dice.faces };
}

const example = () => parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
const total = (l: { delta: number }[]) => l.reduce((t, e) => t + e.delta, 0);
// biome-ignore lint/suspicious/noExplicitAny: the tests read each event type's own fields
type Ev = TftEvent & Record<string, any>;
const byTurn = (events: TftEvent[], turn: number, type: string) => events.filter((e) => e.turn === turn && e.type === type) as Ev[];

// Turn 1 (adjDX 17 - 12 = 5): g1 rolls 4 (double) for 2+2+3+1, g2 5 (automatic hit) for 2+2+2+1,
// g3 9 (miss), g4 3 (triple) for 1+1+2+1.
const TURN1 = [1, 1, 2, 2, 2, 3, 2, 2, 1, 2, 2, 2, 3, 3, 3, 1, 1, 1, 1, 1, 2];
// Turn 2 (adjDX 17 - 4 = 13): g5 rolls 12 (hit) for 5+5+5+1; Bobjo's roll 14 fails, 3+4+5+1; g1 rolls 9 for 1+2+3+1.
const TURN2 = [4, 4, 4, 5, 5, 5, 6, 6, 2, 3, 4, 5, 2, 3, 4, 1, 2, 3];

describe('the seed examples (examples/tft/sweeping-blows.yaml) [931c742c]', () => {
  const { state, events, faces } = play(example(), [TURN1, TURN2]);
  const fig = (id: string) => state.figures.find((f) => f.id === id)!;

  it('Jemmueb with Eyes Behind sweeps 4 enemies at -12 DX on each attack (R-S2, R-S4) [931c742c]', () => {
    const attacks = byTurn(events, 1, 'attack').filter((e) => e.figure === 'jemmueb');
    expect(attacks.map((a) => a.target)).toEqual(['g1', 'g2', 'g3', 'g4']); // arc order, R-S4
    for (const a of attacks) {
      expect(a.adjDX).toBe(5);
      expect(total(a.ledger)).toBe(5);
      expect(a.ledger).toContainEqual(expect.objectContaining({ delta: -12, rule: 'R-S2' }));
      expect(a.ledger).toContainEqual(expect.objectContaining({ delta: 17, rule: expect.any(String) }));
    }
    expect(attacks.map((a) => a.outcome)).toEqual(['double', 'auto-hit', 'miss', 'triple']);
    const sweep = byTurn(events, 1, 'sweep')[0];
    expect(sweep.penalty).toEqual([expect.objectContaining({ delta: -12, rule: 'R-S2' })]);
  });

  it('R-S3: each hit is multiplied by its critical, halved rounding down, then armor stops 2 [931c742c]', () => {
    const dmg = byTurn(events, 1, 'damage');
    expect(dmg.map((d) => [d.figure, d.raw, d.stopped, d.amount])).toEqual([
      ['g1', 8, 2, 6], // (2+2+3+1) x2 = 16, half 8, leather 2
      ['g2', 3, 2, 1], // 2+2+2+1 = 7, half 3
      ['g4', 7, 2, 5], // (1+1+2+1) x3 = 15, half 7
    ]);
    // the halving entry in each damage ledger: 16 -> 8, 7 -> 3, 15 -> 7
    expect(dmg.map((d) => d.ledger.find((e: { rule: string }) => e.rule === 'R-S3')?.delta)).toEqual([-8, -4, -8]);
  });

  it('a turn later: two goblins with Bobjo between at -4; Bobjo rolled against at -4 and hit for half damage (R-S5) [931c742c]', () => {
    const sweep = byTurn(events, 2, 'sweep')[0];
    expect((sweep.order as { kind: string; figure?: string }[]).map((s) => `${s.kind}:${s.figure}`)).toEqual(['target:g5', 'friend:bobjo', 'target:g1']);
    expect(sweep.penalty).toEqual([expect.objectContaining({ delta: -4, rule: 'R-S2' })]); // Bobjo does not count
    const attacks = byTurn(events, 2, 'attack').filter((e) => e.figure === 'jemmueb');
    expect(attacks.map((a) => [a.target, a.adjDX, a.outcome])).toEqual([
      ['g5', 13, 'hit'],
      ['g1', 13, 'hit'],
    ]);
    const friend = byTurn(events, 2, 'sweep-friend')[0];
    expect([friend.target, friend.roll, friend.adjDX, friend.spared]).toEqual(['bobjo', 14, 13, false]);
    expect(total(friend.ledger)).toBe(13);
    expect(friend.ledger).toContainEqual(expect.objectContaining({ delta: -4, rule: 'R-S2' }));
    // the order of events follows the arc: g5's damage, then the roll against Bobjo, then g1
    const seq = events.filter((e) => e.turn === 2 && ['attack', 'sweep-friend', 'damage'].includes(e.type)).map((e) => `${e.type}:${(e as Ev).target ?? e.figure}`);
    expect(seq).toEqual(['attack:g5', 'damage:g5', 'sweep-friend:bobjo', 'damage:bobjo', 'attack:g1', 'damage:g1']);
    const dmg = byTurn(events, 2, 'damage');
    expect(dmg.map((d) => [d.figure, d.raw, d.stopped, d.amount])).toEqual([
      ['g5', 8, 2, 6], // 5+5+5+1 = 16, half 8, leather 2
      ['bobjo', 6, 3, 3], // 3+4+5+1 = 13, half 6, chainmail 3
      ['g1', 3, 2, 1], // 1+2+3+1 = 7, half 3
    ]);
    // "Both of the Goblins and Bobjo take 1/2 the normal damage": 16 -> 8, 13 -> 6, 7 -> 3 (R-S3, R-S5)
    expect(dmg.map((d) => d.ledger.find((e: { rule: string }) => e.rule === 'R-S3')?.delta)).toEqual([-8, -7, -4]);
  });

  it("the scenario's dice list is exactly the faces this run used (so `fray run` replays it)", () => {
    expect(example().dice).toEqual(faces);
  });

  it('narration: the sweep, its order and penalty, and the roll against Bobjo', () => {
    const lines = events.filter((e) => e.type.startsWith('sweep')).map((e) => tftSystem.describe(e));
    expect(lines[0]).toBe('[turn 1] jemmueb makes a sweeping blow (New Sweeping Blows, clockwise): g1 -> g2 -> g3 -> g4; -12 DX sweeping blow, 3 extra targets x -4 [R-S2] on every attack.');
    expect(lines[2]).toBe(
      '[turn 2] jemmueb rolls to miss friend bobjo: 3d6 = 6+6+2 = 14 vs adjDX 13 [17 DX - 4 sweeping blow, 1 extra target x -4 [R-S2]] -> failed: bobjo is hit [R-S5].',
    );
  });

  it("narration with the table's names: the sweeper, the arc's figures and the friend by name", () => {
    const names = displayNames(parse(readFileSync(EXAMPLE, 'utf8')).figures);
    const lines = events.filter((e) => e.type.startsWith('sweep')).map((e) => tftSystem.describe(e, names));
    expect(lines[0]).toBe('[turn 1] Jemmueb makes a sweeping blow (New Sweeping Blows, clockwise): Goblin 1 -> Goblin 2 -> Goblin 3 -> Goblin 4; -12 DX sweeping blow, 3 extra targets x -4 [R-S2] on every attack.');
    expect(lines[1]).toMatch(/^\[turn 2\] Jemmueb makes a sweeping blow \(New Sweeping Blows, clockwise\): Goblin 5 -> Bobjo \(friend\) -> Goblin 1;/);
    expect(lines[2]).toBe(
      '[turn 2] Jemmueb rolls to miss friend Bobjo: 3d6 = 6+6+2 = 14 vs adjDX 13 [17 DX - 4 sweeping blow, 1 extra target x -4 [R-S2]] -> failed: Bobjo is hit [R-S5].',
    );
  });

  it('the wounds at the end of the two turns', () => {
    expect(['g1', 'g2', 'g3', 'g4', 'g5', 'bobjo', 'jemmueb'].map((id) => fig(id).wounds)).toEqual([7, 1, 0, 5, 6, 3, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every rule through the engine: a hero at 5,5 facing east, enemies in chosen adjacent hexes.
// ---------------------------------------------------------------------------------------------

const NEIGHBOUR: Record<number, { q: number; r: number }> = {
  0: { q: 6, r: 5 },
  1: { q: 5, r: 6 },
  2: { q: 4, r: 6 },
  3: { q: 4, r: 5 },
  4: { q: 5, r: 4 },
  5: { q: 6, r: 4 },
};

interface HeroSpec {
  st?: number;
  dx?: number;
  iq?: number;
  ma?: number;
  weapons?: unknown[];
  talents?: string[];
  spells?: string[];
  shield?: string;
}

function arena(hero: HeroSpec, foes: Record<string, number>, options: Record<string, unknown> = {}, friends: Record<string, number> = {}) {
  const facingTo = (d: number) => (d + 3) % 6;
  return {
    system: 'tft',
    options,
    figures: [
      { id: 'hero', side: 'a', st: 16, dx: 16, iq: 12, weapons: ['greatsword'], ...hero, at: { q: 5, r: 5 }, facing: 0 },
      ...Object.entries(friends).map(([id, d]) => ({ id, side: 'a', st: 12, dx: 8, weapons: ['club'], at: NEIGHBOUR[d], facing: facingTo(d) })),
      ...Object.entries(foes).map(([id, d]) => ({ id, side: 'b', st: 20, dx: 8, weapons: ['club'], at: NEIGHBOUR[d], facing: facingTo(d) })),
    ],
  };
}

/** Set up and play (everyone stays put) up to the hero's action. */
function heroToAct(scenario: unknown): TftState {
  const state = setupTft(scenario);
  const dice = new SeededDice(seedRng(1));
  for (let n = 0; n < 100; n++) {
    const p = pendingOf(state)!;
    if (p.kind === 'action' && p.figures[0] === 'hero') return state;
    applyCommand(state, nextCommand(state)!, dice, null);
  }
  throw new Error('the hero never got to act');
}

/** A sweep command that should be rejected before any die is rolled. */
function sweepNow(state: TftState, targets: string[], spin: 'cw' | 'ccw') {
  applyCommand(state, { type: 'sweep', figure: 'hero', targets, spin } as TftCommand, new SeededDice(seedRng(2)), null);
}

function sweepWith(state: TftState, targets: string[], spin: 'cw' | 'ccw', faces: number[]) {
  const events: TftEvent[] = [];
  const feed = new Feed(new SeededDice(seedRng(2)));
  feed.queue.push(...faces);
  applyCommand(state, { type: 'sweep', figure: 'hero', targets, spin } as TftCommand, feed, (e) => events.push(e));
  expect(feed.queue).toEqual([]);
  return events as Ev[];
}

describe('sweep rules through the engine [931c742c]', () => {
  it('R-S2: a sweep at one target is rejected: one target is an ordinary attack', () => {
    const s = heroToAct(arena({}, { e1: 0 }));
    expect(() => sweepNow(s, ['e1'], 'cw')).toThrow(CommandRejected);
    expect(() => sweepNow(s, ['e1'], 'cw')).toThrow(/targets.*at least 2/);
  });
  it('R-S1/R-S7: a one-handed sword cannot sweep without the talent', () => {
    const s = heroToAct(arena({ weapons: ['broadsword'] }, { e1: 5, e2: 0 }));
    expect(() => sweepNow(s, ['e1', 'e2'], 'cw')).toThrow(/Multiple Swing/);
  });
  it('R-S1: a mace cannot sweep', () => {
    const s = heroToAct(arena({ weapons: ['mace'] }, { e1: 5, e2: 0 }));
    expect(() => sweepNow(s, ['e1', 'e2'], 'cw')).toThrow(/not a cutting weapon/);
  });
  it('R-S7: with Multiple Swing a one-handed sword sweeps at -2 per extra target', () => {
    const s = heroToAct(arena({ weapons: ['broadsword'], talents: ['multiple-swing'] }, { e1: 5, e2: 0, e3: 1 }));
    // broadsword 2d: three misses on 10s
    const ev = sweepWith(s, ['e1', 'e2', 'e3'], 'cw', [4, 3, 3, 4, 3, 3, 4, 3, 3]);
    const attacks = ev.filter((e) => e.type === 'attack');
    expect(attacks.map((a) => a.adjDX)).toEqual([12, 12, 12]);
    expect(attacks[0].ledger).toContainEqual(expect.objectContaining({ delta: -4, rule: 'R-S7' }));
  });
  it('R-S7: a figure with the talent but IQ 11 or DX 13 fails to load, saying why', () => {
    const low = arena({ iq: 11, talents: ['multiple-swing'] }, { e1: 0 });
    expect(() => setupTft(low)).toThrow(InputError);
    expect(() => setupTft(low)).toThrow(/figures\[0\]\.talents\[0\].*IQ 12/);
    expect(() => setupTft(arena({ dx: 13, talents: ['multiple-swing'] }, { e1: 0 }))).toThrow(/basic DX 14\+/);
    // multipleSwingPrereq: ma reads speed as MA
    expect(() => setupTft(arena({ dx: 13, talents: ['multiple-swing'] }, { e1: 0 }, { multipleSwingPrereq: 'ma' }))).toThrow(/basic MA 14\+/);
    expect(() => setupTft(arena({ dx: 13, ma: 14, talents: ['multiple-swing'] }, { e1: 0 }, { multipleSwingPrereq: 'ma' }))).not.toThrow();
  });
  it('R-S3: half damage rounds down before armor', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 0 }));
    s.figures.find((f) => f.id === 'e2')!.armor = { def: { id: 'plate', name: 'Plate', stops: 5, dx: -5, ma: 6 }, house: {} };
    // e1: roll 10 hit, 3d+1 = 2+2+2+1 = 7 -> 3; e2: roll 10 hit, 6+6+6+1 = 19 -> 9, plate 5 -> 4
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [4, 3, 3, 2, 2, 2, 4, 3, 3, 6, 6, 6]);
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.raw, d.amount])).toEqual([
      ['e1', 3, 3],
      ['e2', 9, 4],
    ]);
  });
  it('R-S5: a friend in the arc does not raise the penalty; a made roll spares it', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 1 }, {}, { pal: 0 }));
    // -4 for one extra target (not -8): adjDX 12. e1 misses (13), pal spared (12 <= 12), e2 misses (13).
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [6, 4, 3, 6, 3, 3, 6, 4, 3]);
    expect(ev.filter((e) => e.type === 'attack').map((a) => a.adjDX)).toEqual([12, 12]);
    const f = ev.find((e) => e.type === 'sweep-friend')!;
    expect([f.target, f.roll, f.adjDX, f.spared]).toEqual(['pal', 12, 12, true]);
    expect(ev.filter((e) => e.type === 'damage')).toEqual([]);
  });
  it("R-S6: classic sweep: the flat -4 with three targets, and full damage", () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 0, e3: 1 }, { sweep: 'classic' }));
    // e1 hit on 10 for 2+2+2+1 = 7 (full); e2, e3 miss on 13
    const ev = sweepWith(s, ['e1', 'e2', 'e3'], 'cw', [4, 3, 3, 2, 2, 2, 6, 4, 3, 6, 4, 3]);
    const attacks = ev.filter((e) => e.type === 'attack');
    expect(attacks.map((a) => a.adjDX)).toEqual([12, 12, 12]);
    expect(attacks[0].ledger).toContainEqual(expect.objectContaining({ delta: -4, rule: 'R-S6' }));
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.raw, d.amount])).toEqual([['e1', 7, 7]]);
  });
  it('931c742c R-S6 (classic): a friend in the arc who fails the roll takes full damage, not half', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 1 }, { sweep: 'classic' }, { pal: 0 }));
    // flat -4: adjDX 12. e1 misses (13); pal's roll 14 fails: greatsword 3d+1 = 2+2+2+1 = 7, full
    // (the new rule would halve it to 3); e2 misses (13).
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [6, 4, 3, 6, 5, 3, 2, 2, 2, 6, 4, 3]);
    const f = ev.find((e) => e.type === 'sweep-friend')!;
    expect([f.target, f.roll, f.adjDX, f.spared]).toEqual(['pal', 14, 12, false]);
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.raw, d.amount])).toEqual([['pal', 7, 7]]);
  });
  it('931c742c R-S7/R-S3: with Multiple Swing the damage on each hit is still halved (broadsword hit for 2d 6+5 = 11 -> 5)', () => {
    const s = heroToAct(arena({ weapons: ['broadsword'], talents: ['multiple-swing'] }, { e1: 5, e2: 0 }));
    // -2 for one extra target: adjDX 14. e1 hit on 10 for 6+5 = 11, halved to 5; e2 misses (15).
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [4, 3, 3, 6, 5, 6, 5, 4]);
    const attacks = ev.filter((e) => e.type === 'attack');
    expect(attacks.map((a) => a.adjDX)).toEqual([14, 14]);
    expect(attacks[0].ledger).toContainEqual(expect.objectContaining({ delta: -2, rule: 'R-S7' }));
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.raw, d.amount])).toEqual([['e1', 5, 5]]);
  });
  it('931c742c R-S3, R-S5, R-S7 with tft-core shields and dodge: the sweeper\'s ready shield is in every attack and the friend roll; a target\'s shield stops hits after the halving (the odds too); a dodge does not help against the blade', () => {
    const sc = arena({ weapons: ['broadsword'], talents: ['multiple-swing'], shield: 'large-shield' }, { e1: 5, e2: 1 }, {}, { pal: 0 });
    const figs = sc.figures as Record<string, unknown>[];
    figs.find((f) => f.id === 'e1')!.shield = 'tower-shield';
    figs.find((f) => f.id === 'pal')!.shield = 'small-shield';
    const s = heroToAct(sc);
    s.figures.find((f) => f.id === 'e2')!.turn.stance = 'dodge'; // against missiles only
    const hero = s.figures.find((f) => f.id === 'hero')!;
    // 16 DX - 1 large shield - 2 (one extra target, Multiple Swing) = 13 on each attack and the friend roll.
    const opt = sweepAction.options({ state: s, core, mode: 'explain' }, hero).find((o) => (o.command as unknown as { targets: string[] }).targets[0] === 'e1') as ActionOption & {
      targets: { id: string; expectedDamage: number }[];
    };
    const halved = coreAttackOdds({ adjDX: 13, dice: 3, damage: hero.weapons[0].dmg, armor: 3, transform: (r) => Math.floor(r / 2) });
    expect(opt.targets[0].expectedDamage).toBeCloseTo(halved.expected, 12); // the tower shield stops 3 after the halving
    // e1: 10 hits, 2d 6+6 = 12, half 6, tower shield 3 -> 3. Pal: 14 fails, 5+4 = 9, half 4, small shield 1 -> 3.
    // e2 (dodging): 3d6, 12 hits, 3+2 = 5, half 2.
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [3, 3, 4, 6, 6, 6, 6, 2, 5, 4, 4, 4, 4, 3, 2]);
    const attacks = ev.filter((e) => e.type === 'attack');
    expect(attacks.map((a) => [a.target, a.adjDX, a.dice, a.outcome])).toEqual([
      ['e1', 13, 3, 'hit'],
      ['e2', 13, 3, 'hit'],
    ]);
    const friend = ev.find((e) => e.type === 'sweep-friend')!;
    expect([friend.adjDX, friend.roll, friend.spared]).toEqual([13, 14, false]);
    for (const ledger of [attacks[0].ledger, attacks[1].ledger, friend.ledger]) {
      expect(ledger).toContainEqual({ source: 'Large shield', delta: -1, rule: 'tft-core shields' });
      expect(ledger).toContainEqual(expect.objectContaining({ delta: -2, rule: 'R-S7' }));
    }
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.raw, d.stopped, d.amount])).toEqual([
      ['e1', 6, 3, 3],
      ['pal', 4, 1, 3],
      ['e2', 2, 0, 2],
    ]);
  });
  it('tft-core options by movement, 931c742c R-S2: a sweep is a melee attack: made after a charge of half MA (5 of MA 10), refused after 6', () => {
    const moved = (hexes: number) => {
      const s = heroToAct(arena({}, { e1: 5, e2: 0 }));
      const hero = s.figures.find((f) => f.id === 'hero')!;
      hero.turn.hexes = hexes; // as if it had charged into place with MA 10
      hero.turn.movedMA = 10;
      return s;
    };
    // 16 - 4 = 12: both miss on 13.
    const ev = sweepWith(moved(5), ['e1', 'e2'], 'cw', [6, 4, 3, 6, 4, 3]);
    expect(ev.filter((e) => e.type === 'attack').map((a) => [a.target, a.adjDX])).toEqual([
      ['e1', 12],
      ['e2', 12],
    ]);
    expect(() => sweepNow(moved(6), ['e1', 'e2'], 'cw')).toThrow(/moved 6 hexes, more than half its MA \(5\): no attack \(tft-core\)/);
  });
  it('R-S6: sweep: off rejects a sweep', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 0 }, { sweep: 'off' }));
    expect(() => sweepNow(s, ['e1', 'e2'], 'cw')).toThrow(/off/);
  });
  it('a rejected sweep changes nothing', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 0 }));
    const before = structuredClone(s);
    expect(() => sweepNow(s, ['e1', 'e2'], 'ccw')).toThrow(/spin/);
    expect(s).toEqual(before);
  });
  it('explain shows the sweep beside single attacks, exact (issue 5 part 4)', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 0, e3: 1 }));
    const hero = s.figures.find((f) => f.id === 'hero')!;
    const opts = sweepAction.options({ state: s, core, mode: 'explain' }, hero);
    expect(opts.map((o) => (o.command as unknown as { targets: string[] }).targets.join(','))).toEqual(['e1,e2', 'e2,e3', 'e1,e2,e3']);
    const all3 = opts[2] as ActionOption & { targets: { adjDX: number; hit: number; ledger: unknown[] }[]; singles: { adjDX: number; expectedDamage: number }[] };
    expect(all3.targets.map((t) => t.adjDX)).toEqual([8, 8, 8]); // DX 16 - 8
    expect(all3.targets[0].hit).toBeCloseTo(56 / 216, 12); // totals 3..8 (3, 4, 5 are automatic hits anyway)
    expect(all3.singles.map((t) => t.adjDX)).toEqual([16, 16, 16]);
    expect(all3.targets[0].ledger).toContainEqual(expect.objectContaining({ delta: -8, rule: 'R-S2' }));
    expect(all3.sweepIsBetter).toBe(false);
    expect(all3.expectedDamage).toBeLessThan(all3.singles[0].expectedDamage);
  });
  it('the AI does not sweep where the sweep downs fewer foes, though its expected damage is higher (classic rule, DX 14)', () => {
    // e2 is down at 9 more hits, e1 (fresh) at 19. The sweep (adjDX 10, R-S6 -4 flat) deals more
    // in all, but the single blow at e2 (adjDX 14) downs it more often: damage past 9 is wasted.
    const sc = arena({ dx: 14 }, { e1: 5, e2: 0 }, { sweep: 'classic' });
    (sc.figures.find((f) => f.id === 'e2') as Record<string, unknown>).wounds = 10;
    const s = heroToAct(sc);
    const hero = s.figures.find((f) => f.id === 'hero')!;
    const [sweep] = sweepAction.options({ state: s, core, mode: 'explain' }, hero) as (ActionOption & { singles: { id: string; expectedDamage: number }[] })[];
    expect(sweep.sweepIsBetter).toBe(true); // by expected damage this turn
    const downAt = (id: string) => {
      const f = s.figures.find((x) => x.id === id)!;
      return f.st - f.wounds - 1;
    };
    const hit = (adjDX: number) => coreAttackOdds({ adjDX, dice: 3, damage: { dice: 3, plus: 1, text: '3d+1' }, armor: 0, downAt: downAt('e2') });
    const sweepDowns = hit(10).downChance! + coreAttackOdds({ adjDX: 10, dice: 3, damage: { dice: 3, plus: 1, text: '3d+1' }, armor: 0, downAt: downAt('e1') }).downChance!;
    expect(sweepDowns).toBeLessThan(hit(14).downChance!);
    expect(sweepAction.options({ state: s, core, mode: 'ai' }, hero)).toEqual([]);
    expect(tftSystem.decide(s)).toEqual({ type: 'attack', figure: 'hero', target: 'e2' });
  });
  it('the AI sweeps only when it is better: never here under the new rule, always under the classic one', () => {
    const fresh = (variant: string) => {
      const s = heroToAct(arena({}, { e1: 5, e2: 0, e3: 1 }, { sweep: variant }));
      return sweepAction.options({ state: s, core, mode: 'ai' }, s.figures.find((f) => f.id === 'hero')!);
    };
    expect(fresh('new')).toEqual([]);
    const classic = fresh('classic');
    expect(classic.length).toBeGreaterThan(0);
    for (const o of classic) expect(o.sweepIsBetter).toBe(true);
    // and the engine's AI policy (decide, no script) follows: a single attack under the new
    // rule, the three-target sweep under the classic one
    const decideFor = (variant: string) => tftSystem.decide(heroToAct(arena({}, { e1: 5, e2: 0, e3: 1 }, { sweep: variant })));
    expect(decideFor('new').type).toBe('attack');
    const c = decideFor('classic') as unknown as { type: string; targets: string[] };
    expect(c.type).toBe('sweep');
    expect([...c.targets].sort()).toEqual(['e1', 'e2', 'e3']);
  });
  it('R-S4 (module decision) [931c742c]: a 17 drops the weapon and ends the sweep; an 18 breaks it and ends it too', () => {
    for (const [faces, reason] of [
      [[6, 6, 5], 'weapon dropped'],
      [[6, 6, 6], 'weapon broken'],
    ] as const) {
      const s = heroToAct(arena({}, { e1: 5, e2: 0 }));
      const ev = sweepWith(s, ['e1', 'e2'], 'cw', [...faces]);
      expect(ev.filter((e) => e.type === 'attack').map((a) => a.target)).toEqual(['e1']);
      expect(ev.find((e) => e.type === 'sweep-end')).toMatchObject({ reason, arcIndex: 1 });
    }
  });
  it('tft-core pole, R-S3 [931c742c]: a halberd set against a charge doubles a sweep hit after the critical, then halves it; the odds double too', () => {
    const s = heroToAct(arena({ weapons: ['halberd'] }, { e1: 5, e2: 0 }));
    // Both goblins charged in this turn (more than 1 hex); the hero stood to receive them.
    for (const id of ['e1', 'e2']) s.figures.find((f) => f.id === id)!.turn.hexes = 3;
    const hero = s.figures.find((f) => f.id === 'hero')!;
    const opt = sweepAction.options({ state: s, core, mode: 'explain' }, hero)[0] as ActionOption & {
      targets: { id: string; adjDX: number; expectedDamage: number }[];
      singles: { id: string; expectedDamage: number }[];
    };
    // e1: 10 hits at 16 + 2 - 4 = 14, 2d = 3+4 = 7, x2 = 14, half 7; e2: a 4 (x2), 6+6 = 12, x2 x2 = 48, half 24.
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [4, 3, 3, 3, 4, 1, 1, 2, 6, 6]);
    expect(ev.filter((e) => e.type === 'attack').map((a) => a.adjDX)).toEqual([14, 14]);
    const dmg = ev.filter((e) => e.type === 'damage');
    expect(dmg.map((d) => [d.figure, d.raw, d.amount])).toEqual([
      ['e1', 7, 7],
      ['e2', 24, 24],
    ]);
    expect(dmg[0].ledger.map((l: { delta: number; rule: string }) => [l.delta, l.rule])).toEqual([
      [7, 'tft-core damage'],
      [7, 'tft-core pole'],
      [-7, 'R-S3'],
    ]);
    // The odds: the best single attack is the core's (options.ts, doubled); each sweep hit is
    // the core's doubled hit, halved.
    const single = attackOptions(s, hero, 'explain').find((o) => o.target === 'e1')!;
    expect(opt.singles[0].expectedDamage).toBeCloseTo(single.expectedDamage!, 12);
    const w = hero.weapons[0];
    const sweepHit = coreAttackOdds({ adjDX: 14, dice: 3, damage: w.dmg, armor: 0, transform: (r) => Math.floor((2 * r) / 2) });
    expect(opt.targets[0].expectedDamage).toBeCloseTo(sweepHit.expected, 12);
  });
  it('R-S5 [931c742c]: the roll to miss a friend is at the same DX adjustment as the attacks: darkness counts, the modifiers of one target do not', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 1 }, { darkness: true }, { pal: 0 }));
    s.figures.find((f) => f.id === 'e1')!.prone = true; // +4 against e1 only (counts as rear)
    // 16 - 4 (one extra target) - 6 (darkness) = 6. e1 (10) and e2 (6) miss on 16; Bobjo's 7 fails: hit for 4 / 2.
    const ev = sweepWith(s, ['e1', 'e2'], 'cw', [6, 5, 5, 3, 2, 2, 1, 1, 1, 6, 5, 5]);
    expect(ev.filter((e) => e.type === 'attack').map((a) => a.adjDX)).toEqual([10, 6]);
    const f = ev.find((e) => e.type === 'sweep-friend')!;
    expect([f.adjDX, f.roll, f.spared]).toEqual([6, 7, false]);
    expect(f.ledger.map((l: { source: string; delta: number }) => [l.source, l.delta])).toEqual([
      ['DX', 16],
      ['darkness', -6],
      ['sweeping blow, 1 extra target x -4', -4],
    ]);
    expect(ev.filter((e) => e.type === 'damage').map((d) => [d.figure, d.amount])).toEqual([['pal', 2]]);
    // explain and the AI weigh the friend at the same adjDX
    const s2 = heroToAct(arena({}, { e1: 5, e2: 1 }, { darkness: true }, { pal: 0 }));
    const opt = sweepAction.options({ state: s2, core, mode: 'explain' }, s2.figures.find((x) => x.id === 'hero')!)[0] as ActionOption & { friends: { adjDX: number; ledger: { delta: number }[] }[] };
    expect(opt.friends[0].adjDX).toBe(6);
    expect(opt.friends[0].ledger.reduce((t, e) => t + e.delta, 0)).toBe(6);
  });
  it('R-S5, R-S6 [931c742c]: a sweep option says its turn and rule in words, and the friend roll\'s adjDX beside the friend, not as the option\'s own adjDX (read as the sweep\'s to-hit)', () => {
    const s = heroToAct(arena({}, { e1: 5, e2: 1 }, { darkness: true }, { pal: 0 }));
    const opt = sweepAction.options({ state: s, core, mode: 'explain' }, s.figures.find((x) => x.id === 'hero')!)[0];
    expect(opt.label).toMatch(/^sweep (counter-)?clockwise \(New Sweeping Blows\): /);
    expect(opt.label).toMatch(/; friend pal \(adjDX 6 to miss\) reach [0-9.]+% hit /);
    expect([opt.adjDX, opt.ledger]).toEqual([undefined, undefined]);
    const classic = heroToAct(arena({}, { e1: 5, e2: 1 }, { sweep: 'classic' }));
    expect(sweepAction.options({ state: classic, core, mode: 'explain' }, classic.figures.find((x) => x.id === 'hero')!)[0].label).toMatch(/^sweep (counter-)?clockwise \(classic rule\): /);
  });
  it('R-S2, R-S4 [931c742c]: a sweep naming a body and the enemy standing on it is refused at targets[i]; through that hex it strikes the one standing', () => {
    const s = heroToAct(arena({}, { e1: 5, g2: 0, g3: 1 }));
    const g2 = s.figures.find((f) => f.id === 'g2')!;
    const g3 = s.figures.find((f) => f.id === 'g3')!;
    g2.wounds = 19; // remST 1: unconscious, a body in its hex (R-T1)
    core.refreshState(makeCtx(s, new SeededDice(seedRng(3)), null), g2);
    g3.pos = { q: g2.pos.q, r: g2.pos.r }; // g3 stands on the body
    expect(() => sweepNow(s, ['e1', 'g2', 'g3'], 'cw')).toThrow(/targets\[1\].*g2 lies under g3/);
    expect(() => sweepNow(s, ['e1', 'g3', 'g2'], 'cw')).toThrow(/targets\[2\]/);
    // Two attacks, two targets: -4 (R-S2); g2 is not struck. e1 and g3 miss on 13.
    const ev = sweepWith(s, ['e1', 'g3'], 'cw', [6, 4, 3, 6, 4, 3]);
    expect(ev.find((e) => e.type === 'sweep')?.penalty).toEqual([expect.objectContaining({ delta: -4 })]);
    expect(ev.filter((e) => e.type === 'attack').map((a) => [a.target, a.adjDX])).toEqual([
      ['e1', 12],
      ['g3', 12],
    ]);
  });
  it('R-S4, R-S5 [931c742c]: the exact sweep odds equal an enumeration of the engine resolving the sweep, a 17 or 18 ending it before later targets and friends', () => {
    // Eyes Behind: the arc e1 (north-east), pal (east), e2 (south-east), e3 (south-west). DX 18
    // - 8 = 10. A fixed damage (9) so that every die the sweep asks for is a 3d6 roll.
    const s = heroToAct(arena({ dx: 18, spells: ['eyes-behind'] }, { e1: 5, e2: 1, e3: 2 }, {}, { pal: 0 }));
    const hero = s.figures.find((f) => f.id === 'hero')!;
    hero.weapons[0].dmg = core.parseDamage('9');
    s.figures.find((f) => f.id === 'e2')!.armor = { def: { id: 'leather', name: 'Leather', stops: 2, dx: -2, ma: 8 }, house: {} };
    const cmd = { type: 'sweep', figure: 'hero', targets: ['e1', 'e2', 'e3'], spin: 'cw' } as unknown as TftCommand;
    const opt = sweepAction.options({ state: s, core, mode: 'explain' }, hero).find((o) => (o.command as unknown as { targets: string[] }).targets.length === 3 && (o as unknown as { friends: unknown[] }).friends.length === 1) as ActionOption & {
      targets: { id: string; exact: { hit: string; expectedDamage: string } }[];
      friends: { id: string; exact: { hit: string; expectedDamage: string } }[];
    };
    expect(opt.targets.map((t) => t.id)).toEqual(['e1', 'e2', 'e3']);
    // Every sequence of roll totals the engine asks for, each total as canonical faces, weighted
    // by its count of 216 (over 216^4: at most four rolls).
    const counts: number[] = [];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) counts[a + b + c] = (counts[a + b + c] ?? 0) + 1;
    const facesOf = (t: number) => {
      const a = Math.min(6, t - 2);
      const b = Math.min(6, t - a - 1);
      return [a, b, t - a - b];
    };
    class More extends Error {}
    const wounds: Record<string, number> = { e1: 0, e2: 0, e3: 0, pal: 0 };
    const hits: Record<string, number> = { e1: 0, e2: 0, e3: 0, pal: 0 };
    let depth = 0;
    const walk = (totals: number[], weight: number) => {
      const state = cloneTft(s);
      const faces = totals.flatMap(facesOf);
      let i = 0;
      const dice = {
        face(sides: number) {
          if (sides !== 6) throw new Error(`a d${sides}`);
          if (i === faces.length) throw new More();
          return faces[i++];
        },
      };
      try {
        sweepAction.resolve(makeCtx(state, dice, null), cmd as never, state.figures.find((f) => f.id === 'hero')!);
      } catch (e) {
        if (!(e instanceof More)) throw e;
        for (let t = 3; t <= 18; t++) walk([...totals, t], weight * counts[t]);
        return;
      }
      if (i !== faces.length) throw new Error('faces left over');
      depth = Math.max(depth, totals.length);
      weight *= 216 ** (4 - totals.length); // a sweep ended early: the rolls it never made
      for (const id of Object.keys(wounds)) {
        const w = state.figures.find((f) => f.id === id)!.wounds;
        wounds[id] += weight * w;
        if (w > 0) hits[id] += weight;
      }
    };
    walk([], 1);
    expect(depth).toBe(4);
    const den = 216 ** 4;
    const exact = (x: string) => Fraction.from(x);
    for (const t of opt.targets) {
      expect(exact(t.exact.expectedDamage).equals(Fraction.of(wounds[t.id], den))).toBe(true);
      expect(exact(t.exact.hit).equals(Fraction.of(hits[t.id], den))).toBe(true);
    }
    expect(exact(opt.friends[0].exact.expectedDamage).equals(Fraction.of(wounds.pal, den))).toBe(true);
    expect(exact(opt.friends[0].exact.hit).equals(Fraction.of(hits.pal, den))).toBe(true);
    expect(exact(opt.expectedDamageExact as string).equals(Fraction.of(wounds.e1 + wounds.e2 + wounds.e3 - wounds.pal, den))).toBe(true);
  }, 60_000);
});
