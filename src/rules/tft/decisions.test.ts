// Explain's `decision` (decisions.ts): at every decision of every example fight, each choice's
// command and each move's path, sent as JSON as a bot or the table sends it, is accepted by
// apply() as is (tft-core turn; R-T3 for the Thread's any-moment 5 minutes). Each figure's
// `options` stay the action phase's preview, which the engine refuses before that phase
// ("not the action phase"): a bot that sent one at the initiative or movement was refused.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { type Decision, movePath } from './decisions.ts';
import { attributeChoices } from './house/thread/module.ts';
import type { TftState } from './model.ts';
import { anyMomentOptions } from './options.ts';
import { tftSystem } from './system.ts';

const DIR = new URL('../../../examples/tft/', import.meta.url);
const EXAMPLES = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const load = (file: string) => parse(readFileSync(new URL(file, DIR), 'utf8')) as Record<string, unknown>;
/** The phases and command types met in the choices (phase, asked or not, command type). */
const met = new Set<string>();
const decisionAt = (state: TftState) => tftSystem.explain(state).decision as Decision;

/** Whether apply() takes `command` (a JSON copy, parsed as the server parses it) now: null, or why not. */
function refusal(state: TftState, command: unknown, seed: string): string | null {
  try {
    tftSystem.apply(tftSystem.clone(state), tftSystem.parseCommand(JSON.parse(JSON.stringify(command))), new SeededDice(seedRng(seed)), null);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Every choice and move listed at this decision that apply() refuses, as "figure: label: why". */
function refused(state: TftState, seed: string): string[] {
  const out: string[] = [];
  for (const d of decisionAt(state).figures) {
    for (const c of d.choices) {
      met.add(`${state.phase} ${d.asked ? 'asked' : 'not asked'} ${c.command.type}`);
      const why = refusal(state, c.command, seed);
      if (why !== null) out.push(`${d.figure}: ${c.label}: ${why}`);
    }
    (d.moves ?? []).forEach((m, i) => {
      if (m.via < -1 || m.via >= (d.moves ?? []).length) out.push(`${d.figure}: move ${i}: via ${m.via} is no move of the list`);
      const path = movePath(d.moves ?? [], i);
      const end = path.at(-1);
      if (end?.q !== m.to.q || end.r !== m.to.r) out.push(`${d.figure}: move ${i}: the path ends elsewhere than ${m.to.q},${m.to.r}`);
      const why = refusal(state, { type: 'move', figure: d.figure, path }, seed);
      if (why !== null) out.push(`${d.figure}: move to ${m.to.q},${m.to.r}: ${why}`);
    });
  }
  return out;
}

/** Plays the fight step by step (at most `steps`), checking every decision on the way and its end; the decisions' kinds met. */
function check(state: TftState, dice: ScriptedDice | SeededDice, name: string, steps: number): Set<string> {
  const kinds = new Set<string>();
  for (let step = 0; step <= steps; step++) {
    const p = tftSystem.pending(state);
    kinds.add(decisionAt(state).kind);
    expect(refused(state, `${name} ${step}`), `${name}, step ${step} (${state.phase} phase, turn ${state.turn})`).toEqual([]);
    if (!p || step === steps || (dice instanceof ScriptedDice && dice.remaining === 0)) break;
    tftSystem.apply(state, tftSystem.decide(state), dice, null);
  }
  return kinds;
}

describe("explain's decision: what each figure may send now, each accepted by apply() as is (tft-core turn, R-T3) (property)", () => {
  it('every choice and move listed at every decision of every example fight (examples/tft, scripted as written, then the AI with seeded dice) is accepted by apply() as is', () => {
    const kinds = new Set<string>();
    for (const file of EXAMPLES) {
      const raw = load(file);
      if (Array.isArray(raw.dice)) {
        for (const k of check(tftSystem.setup(raw), new ScriptedDice(raw.dice as number[]), file, 300)) kinds.add(k);
      }
      const { dice: _d, script: _s, ...ai } = raw;
      for (const k of check(tftSystem.setup(ai), new SeededDice(seedRng(file, 1)), file, 60)) kinds.add(k);
    }
    expect(EXAMPLES.length).toBeGreaterThan(10);
    expect([...kinds].sort()).toEqual(['action', 'begin', 'initiative', 'move', 'over']);
    // Each kind of choice was met: the Thread's 5 minutes (R-T3) by a figure not asked, the fight
    // over too; a dying figure's ST or IQ for its thread rolls (R-T2), though it cannot act.
    for (const m of ['initiative asked initiative', 'move asked move', 'action asked attack', 'action asked sweep', 'action not asked finish-stabilization', 'over not asked finish-stabilization', 'move not asked thread-attribute', 'action not asked thread-attribute']) expect(met).toContain(m);
  }, 120_000);

  it("initiative: the winner's side moves first or last; movement: stay put and the moves; action: the actor's options, the same entries; options stay the action phase's preview", () => {
    const state = tftSystem.setup(load('skirmish.yaml'));
    const dice = new SeededDice(seedRng('decisions', 1));
    const upTo = (phase: TftState['phase']) => {
      while (state.phase !== phase) tftSystem.apply(state, tftSystem.decide(state), dice, null);
    };
    upTo('initiative');
    const winners = tftSystem.pending(state)!.figures;
    const initiative = decisionAt(state);
    expect(initiative.kind).toBe('initiative');
    expect(initiative.figures.map((d) => d.figure)).toEqual(winners);
    expect(initiative.figures[0].choices.map((c) => c.command)).toEqual([
      { type: 'initiative', figure: winners[0], choice: 'first' },
      { type: 'initiative', figure: winners[0], choice: 'last' },
    ]);
    tftSystem.apply(state, tftSystem.decide(state), dice, null);
    const movers = tftSystem.pending(state)!.figures;
    const report = tftSystem.explain(state);
    const move = report.decision as Decision;
    expect(move.kind).toBe('move');
    // Only the moving side's figures are listed (no any-moment action in this fight).
    expect(move.figures.map((d) => d.figure)).toEqual(movers);
    const first = move.figures[0];
    expect(first.choices.map((c) => c.command)).toEqual([{ type: 'move', figure: movers[0], path: [] }]);
    expect(first.moves!.length).toBeGreaterThan(6);
    expect(first.moves!.some((m) => m.via >= 0)).toBe(true);
    // The mover's options are still its action to come (the table's preview), not its moves.
    const options = report.figures.find((f) => f.id === movers[0])!.options as { command: { type: string } }[];
    expect(options.some((o) => o.command.type === 'defend')).toBe(true);
    expect(options.some((o) => o.command.type === 'move')).toBe(false);
    upTo('action');
    const actor = tftSystem.pending(state)!.figures[0];
    const at = tftSystem.explain(state);
    expect((at.decision as Decision).figures).toEqual([{ figure: actor, asked: true, choices: at.figures.find((f) => f.id === actor)!.options }]);
  });

  it('R-T2 [82345e2a]: a dying figure cannot act, yet its decision lists the other choices of ST or IQ for its thread rolls, each accepted by apply(); the AI is offered none', () => {
    const raw = load('thread-malken-dying.yaml');
    const state = tftSystem.setup(raw);
    const dice = new ScriptedDice(raw.dice as number[]);
    while (state.figures.find((f) => f.id === 'malken')!.state !== 'dying') tftSystem.apply(state, tftSystem.decide(state), dice, null);
    expect(state.phase).toBe('action');
    const malken = state.figures.find((f) => f.id === 'malken')!;
    expect(malken.woundFx.canAct).toBe(false);
    const mine = (decisionAt(state).figures.find((d) => d.figure === 'malken')?.choices ?? []).filter((c) => c.command.type === 'thread-attribute');
    expect(mine.map((c) => [c.command, c.label])).toEqual(attributeChoices(malken).map((c) => [c.command, c.label]));
    expect(mine.map((c) => (c.command as unknown as { attribute: string }).attribute).sort()).toEqual(['iq', 'st']);
    expect(mine.every((c) => c.rule === 'R-T2')).toBe(true);
    for (const c of mine) expect(refusal(state, c.command, 'R-T2')).toBeNull();
    expect(anyMomentOptions(state, malken, 'ai')).toEqual([]);
  });
});
