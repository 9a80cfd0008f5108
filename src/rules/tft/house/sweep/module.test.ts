// The sweep module inside the real TFT core: the seed's two examples from
// examples/tft/sweeping-blows.yaml with scripted dice, and every rule through the engine.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { type DiceSource, RecordingDice, SeededDice } from '../../../../core/dice/source.ts';
import { CommandRejected, InputError } from '../../../../core/errors.ts';
import { seedRng } from '../../../../core/rng.ts';
import { applyCommand, pendingOf } from '../../flow.ts';
import type { TftCommand, TftEvent, TftState } from '../../model.ts';
import { setupTft } from '../../scenario.ts';

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
  const state = setupTft(scenario);
  const feed = new Feed(new SeededDice(seedRng(seed)));
  const dice = new RecordingDice(feed);
  const events: TftEvent[] = [];
  let k = 0;
  for (let n = 0; n < 500; n++) {
    const cmd = nextCommand(state);
    if (!cmd) break;
    if (cmd.type === 'sweep') feed.queue.push(...(sweepDice[k++] ?? []));
    applyCommand(state, cmd, dice, (e) => events.push(e));
    expect(feed.queue).toEqual([]); // the sweep used exactly its scripted faces
  }
  return { state, events, faces: dice.faces };
}

const example = () => parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
const total = (l: { delta: number }[]) => l.reduce((t, e) => t + e.delta, 0);
type Ev = TftEvent & Record<string, never>;
const byTurn = (events: TftEvent[], turn: number, type: string) => events.filter((e) => e.turn === turn && e.type === type) as Ev[];

// Turn 1 (adjDX 17 - 12 = 5): g1 rolls 4 (double) for 2+2+3+1, g2 5 (automatic hit) for 2+2+2+1,
// g3 9 (miss), g4 3 (triple) for 1+1+2+1.
const TURN1 = [1, 1, 2, 2, 2, 3, 2, 2, 1, 2, 2, 2, 3, 3, 3, 1, 1, 1, 1, 1, 2];
// Turn 2 (adjDX 17 - 4 = 13): g5 rolls 12 (hit) for 5+5+5+1; Bobjo's roll 14 fails, 3+4+5+1; g1 rolls 9 for 1+2+3+1.
const TURN2 = [4, 4, 4, 5, 5, 5, 6, 6, 2, 3, 4, 5, 2, 3, 4, 1, 2, 3];

describe('the seed examples (examples/tft/sweeping-blows.yaml) [931c742c]', () => {
  const { state, events } = play(example(), [TURN1, TURN2]);
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
  });

  it('the wounds at the end of the two turns', () => {
    expect(['g1', 'g2', 'g3', 'g4', 'g5', 'bobjo', 'jemmueb'].map((id) => fig(id).wounds)).toEqual([7, 1, 0, 5, 6, 3, 0]);
  });
});
