// The contract every game system (TFT with its house rules, AD&D on the segment clock)
// fulfils, and that the driver, the CLI, the lab and the server rely on.
//
// Systems are pure: no I/O, no platform randomness, no clock. Dice come from the DiceSource handed in.
// A system owns its state shape; the driver only stores it, clones it and replays commands.
import type { DiceSource } from '../core/dice/source.ts';

/** Every event has at least a type and the turn (TFT) or round (AD&D) it happened in. */
export interface GameEvent {
  type: string;
  turn: number;
}

/** Where events go; null when logging is off (the lab's hot loop). */
export type Emit<E extends GameEvent = GameEvent> = ((event: E) => void) | null;

/** The five end states the summary reports for a figure. */
export type FigureState = 'healthy' | 'reeling' | 'unconscious' | 'dying' | 'dead';

export interface FigureSummary {
  id: string;
  name: string;
  side: string;
  state: FigureState;
  /** TFT: basic ST, wounds and fatigue. AD&D: hp (current) and maxHp instead. */
  st?: number;
  wounds?: number;
  fatigue?: number;
  hp?: number;
  maxHp?: number;
  [extra: string]: unknown;
}

export interface Summary {
  type: 'summary';
  /** The winning side, or null for a draw / no winner yet. */
  winner: string | null;
  /** Turns (TFT) or rounds (AD&D) played. */
  turns: number;
  /** The figures in the fight, then those the GM took out of it (`leave`), each with `left`: why it left. */
  figures: FigureSummary[];
}

/** Who must decide now, and of what kind the decision is (for the table, the AI and explain). */
export interface Pending {
  /** The figures one of which the next command must come from; empty for a system step (begin). */
  figures: string[];
  /** What is being decided: "begin", "move", "action", "initiative-choice", ... (system-specific). */
  kind: string;
}

export interface GameSystem<S, C, E extends GameEvent = GameEvent> {
  readonly id: string;
  /**
   * Builds the start state from a raw scenario object (parsed YAML/JSON). Throws InputError
   * naming every bad field. The start state's first pending decision is a "begin" command.
   */
  setup(scenario: unknown): S;
  /** Checks a raw command's shape; throws InputError naming the field. */
  parseCommand(raw: unknown): C;
  /**
   * Applies one command IN PLACE, then advances through every automatic step (rolls, phase
   * changes, end-of-turn effects) up to the next decision or the end. Throws CommandRejected
   * with the reason when the command is not legal now; it checks before it changes anything.
   * Callers that need the old state keep a clone (see engine/encounter.ts).
   */
  apply(state: S, command: C, dice: DiceSource, emit: Emit<E>): void;
  /** The decision the game waits for, or null when the encounter is over. */
  pending(state: S): Pending | null;
  /** The command for the pending decision from the scenario's script, if it has one, else the AI's. */
  decide(state: S): C;
  /** Deep copy; plain data, so structuredClone works, but systems may do it faster. */
  clone(state: S): S;
  summary(state: S): Summary;
  /**
   * Every legal option of every figure at this point, with its ledger and exact odds
   * (`fray explain`, the table's action panel). Plain JSON-able data. `names`: as for describe,
   * the names its labels and texts show for figures (the server passes those of the figures a
   * viewer may see); without it, the system's default (AD&D: engine/names.ts displayNames of
   * every figure; TFT: each figure's own name, as its labels read before names existed).
   */
  explain(state: S, names?: ReadonlyMap<string, string>): ExplainReport;
  /**
   * One line of narration for an event (`fray run` without --json, the table's log). `names`:
   * figure id -> the name to show (engine/names.ts displayNames, built from the state the
   * events come from); an id without an entry is shown as the id. The event keeps its ids.
   */
  describe(event: E, names?: ReadonlyMap<string, string>): string;
  /**
   * Optional: whether the pending decision comes from the scenario's script (not the AI), so
   * `fray explain` can play a scenario "up to the end of its script".
   */
  scripted?(state: S): boolean;
  /** Optional: the JSON Schema of this system's scenario format (`fray schema`). */
  scenarioJsonSchema?(): unknown;
  /**
   * Optional: each figure's running totals (in summary().figures order), kept by the rules
   * whatever emit is, so the lab's fast sims report damage dealt without an event tap (TFT:
   * Figure.tally). Damage after armor, on the same scale as the summary's wounds.
   */
  tallies?(state: S): FigureTally[];
  /**
   * Optional: plays `state` to its end in place with the AI taking every decision and no
   * events, exactly as a loop of pending/decide/apply would (same dice, same choices, same end
   * state, the same number of steps), only faster: the lab's Monte Carlo path. runToEnd uses it
   * when there is no event tap and no record.
   */
  playOut?(state: S, dice: DiceSource, maxSteps: number): { steps: number; ended: boolean };
  /**
   * Command types only the GM may send, whatever figure they name: the GM's adjustment of a
   * figure (`adjust`: damage, healing, fatigue from what the rules do not model, such as a
   * spell) and the end of the fight (`end`: a rout or a surrender, with the winning side or
   * none and the reason). The AI never sends them; the server refuses them from players.
   */
  readonly gmCommands?: readonly string[];
}

/** A figure's running totals for the whole encounter (see GameSystem.tallies). */
export interface FigureTally {
  /** Damage it did to others. */
  dealt: number;
  /** Damage it took. */
  taken: number;
  /** Attack rolls it made. */
  attacks: number;
  /** Attack rolls of its that hit. */
  hits: number;
}

export interface ExplainReport {
  system: string;
  turn: number;
  pending: Pending | null;
  /**
   * Per figure: its state and the options open to it; each option's shape is system-specific.
   * TFT adds `notNow` (rules/tft/hooks.ts NotNow): what the figure's gear and state would offer
   * but it cannot take now, each with the engine's reason (docs/ARCHITECTURE.md, explain).
   */
  figures: { id: string; name: string; side: string; state: FigureState; options: unknown[]; [extra: string]: unknown }[];
  /** System-specific extras (TFT: phase). */
  [extra: string]: unknown;
}
