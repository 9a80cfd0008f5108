// The run loop: let the system decide (script, else AI) and apply until the encounter ends.
// Used by `fray run`, the lab (1,000,000 duels: keep this loop allocation-free when `emit` is
// null and `record` is off) and the server's "play the AI figures" step.
import { type DiceSource, RecordingDice } from '../core/dice/source.ts';
import type { Encounter, RecordedCommand } from './encounter.ts';
import type { Emit, GameEvent, GameSystem } from './types.ts';

export interface RunOptions {
  /** Stop after this many commands even if the encounter goes on (default 100000). */
  maxSteps?: number;
  /** Keep every command with the faces it consumed (for an Encounter record / golden replay). */
  record?: boolean;
}

export interface RunResult<C = unknown> {
  /** Commands applied. */
  steps: number;
  /** The encounter ended (pending() returned null), rather than maxSteps being reached. */
  ended: boolean;
  /** With `record`: the commands applied, with their faces. */
  commands: RecordedCommand<C>[];
}

/** Plays `state` to its end in place. */
export function runToEnd<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  state: S,
  dice: DiceSource,
  emit: Emit<E>,
  opts: RunOptions = {},
): RunResult<C> {
  const maxSteps = opts.maxSteps ?? 100_000;
  const commands: RecordedCommand<C>[] = [];
  if (emit === null && !opts.record && system.playOut) {
    const r = system.playOut(state, dice, maxSteps);
    return { steps: r.steps, ended: r.ended, commands };
  }
  let steps = 0;
  while (steps < maxSteps) {
    if (system.pending(state) === null) return { steps, ended: true, commands };
    const command = system.decide(state);
    if (opts.record) {
      const rec = new RecordingDice(dice);
      system.apply(state, command, rec, emit);
      commands.push({ seq: steps, command, faces: rec.faces });
    } else {
      system.apply(state, command, dice, emit);
    }
    steps++;
  }
  return { steps, ended: system.pending(state) === null, commands };
}

/** Sets up and runs a scenario to its end, returning the full Encounter record and the state. */
export function runScenario<S, C, E extends GameEvent>(
  system: GameSystem<S, C, E>,
  scenario: unknown,
  seed: number | string,
  dice: DiceSource,
  emit: Emit<E>,
  opts: Omit<RunOptions, 'record'> = {},
): { encounter: Encounter<C>; state: S; result: RunResult<C> } {
  const state = system.setup(scenario);
  const result = runToEnd(system, state, dice, emit, { ...opts, record: true });
  return { encounter: { system: system.id, scenario, seed, commands: result.commands }, state, result };
}
