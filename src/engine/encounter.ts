// The encounter driver: commands in, events out, state as plain data.
//
// An Encounter record is everything needed to rebuild a fight exactly: the system id, the raw
// scenario (with its options and rules modules), the seed, and every command with the die faces
// it consumed. Replay feeds those faces back through ScriptedDice, so a replay is exact whatever
// produced them (the seeded generator, a --dice list, physical dice typed in at the table).
//
// Where the RNG lives: NOT in the game state. For live play (`submit`) the dice of command
// number `seq` come from their own stream, seedRng(seed, seq + 1), so nothing but the seed
// and the sequence number is needed to continue after a restart; `runToEnd` (run.ts) takes
// any DiceSource instead (one generator for a whole run: the lab's hot loop, `fray run`).
// Either way the faces are recorded, and replay never consults a generator.
import { DiceExhausted, type DiceSource, RecordingDice, ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { seedRng } from '../core/rng.ts';
import type { GameEvent, GameSystem } from './types.ts';

export interface RecordedCommand<C = unknown> {
  /** 0-based position in the log. */
  seq: number;
  command: C;
  /** Every die face the command consumed, in order. */
  faces: number[];
}

export interface Encounter<C = unknown> {
  system: string;
  /** The raw scenario object setup() was given (options and modules included). */
  scenario: unknown;
  seed: number | string;
  commands: RecordedCommand<C>[];
}

export interface StepResult<S, E extends GameEvent = GameEvent> {
  state: S;
  events: E[];
}

/** A replayed command used a different number of faces than recorded: the log does not fit. */
export class ReplayMismatch extends Error {
  constructor(
    readonly seq: number,
    message: string,
  ) {
    super(`replay: command ${seq}: ${message}`);
    this.name = 'ReplayMismatch';
  }
}

/** The dice for live command number `seq` of an encounter seeded with `seed`. */
export function diceForSeq(seed: number | string, seq: number): DiceSource {
  return new SeededDice(seedRng(seed, seq + 1));
}

/**
 * Pure step: clone `state`, apply `command` to the clone, return it with the events. When the
 * command is rejected (CommandRejected) the exception propagates and `state` is unchanged.
 */
export function step<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  state: S,
  command: C,
  dice: DiceSource,
): StepResult<S, E> {
  const next = system.clone(state);
  const events: E[] = [];
  system.apply(next, command, dice, (e) => events.push(e));
  return { state: next, events };
}

/** Sets a scenario up as a new encounter with no commands yet. */
export function startEncounter<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  scenario: unknown,
  seed: number | string,
): { encounter: Encounter<C>; state: S } {
  const state = system.setup(scenario);
  return { encounter: { system: system.id, scenario, seed, commands: [] }, state };
}

/**
 * Applies a (raw or parsed) command to a live encounter: parse, step with recorded dice (the
 * encounter's own stream for this seq unless `dice` is given), and return the new encounter
 * (a new object with the command appended), the new state, the events and the log entry.
 * On rejection nothing changes and the error propagates.
 */
export function submit<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  encounter: Encounter<C>,
  state: S,
  raw: unknown,
  dice?: DiceSource,
): { encounter: Encounter<C>; state: S; events: E[]; entry: RecordedCommand<C> } {
  const command = system.parseCommand(raw);
  const seq = encounter.commands.length;
  const rec = new RecordingDice(dice ?? diceForSeq(encounter.seed, seq));
  const { state: next, events } = step(system, state, command, rec);
  const entry: RecordedCommand<C> = { seq, command, faces: rec.faces };
  return { encounter: { ...encounter, commands: [...encounter.commands, entry] }, state: next, events, entry };
}

/**
 * Rebuilds the state after the first `toSeq` commands (all by default) from the scenario and the
 * recorded faces. Every command must consume exactly its recorded faces.
 */
export function replay<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  encounter: Encounter<C>,
  toSeq: number = encounter.commands.length,
  emit: ((e: E) => void) | null = null,
): S {
  if (encounter.system !== system.id) {
    throw new InputError([{ path: 'system', message: `encounter is for '${encounter.system}', not '${system.id}'` }]);
  }
  if (!Number.isInteger(toSeq) || toSeq < 0 || toSeq > encounter.commands.length) {
    throw new InputError([{ path: 'toSeq', message: `must be a whole number from 0 to ${encounter.commands.length}, got ${toSeq}` }]);
  }
  const state = system.setup(encounter.scenario);
  for (let i = 0; i < toSeq; i++) {
    const { command, faces } = encounter.commands[i];
    const dice = new ScriptedDice(faces);
    try {
      system.apply(state, command, dice, emit);
    } catch (e) {
      if (e instanceof DiceExhausted) throw new ReplayMismatch(i, `needed more than its ${faces.length} recorded faces`);
      throw e;
    }
    if (dice.remaining !== 0) throw new ReplayMismatch(i, `used ${dice.consumed} of its ${faces.length} recorded faces`);
  }
  return state;
}

/** Undo: the encounter cut back to its first `toSeq` commands, and the state there. */
export function rewind<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  encounter: Encounter<C>,
  toSeq: number,
): { encounter: Encounter<C>; state: S } {
  const state = replay(system, encounter, toSeq);
  return { encounter: { ...encounter, commands: encounter.commands.slice(0, toSeq) }, state };
}
