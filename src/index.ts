// The library: `import { ... } from 'fray'`. Re-exports only, no logic of its own: what a
// program needs to read a scenario, play it step by step or to its end with the dice it
// chooses, ask for explain and the exact odds, and run the Monte Carlo arena. What is not
// listed here is internal and may change (docs/LIBRARY.md, "What is not public").

// Errors: every one names the field and the reason.
export { CommandRejected, InputError, type Issue } from './core/errors.ts';

// Scenarios: text (YAML or JSON) to a mapping, the systems by the mapping's `system` field.
// system.setup(raw) checks every field and builds the start state.
export { parseScenarioText } from './server/scenario-text.ts';
export { getSystem, systems } from './rules/index.ts';
export type { Emit, ExplainReport, FigureState, FigureSummary, FigureTally, GameEvent, GameSystem, Pending, Summary } from './engine/types.ts';
export { displayNames } from './engine/names.ts';

// Dice sources: seeded, scripted, entered by hand, recorded; a scenario's `dice:` list then a generator.
export { type DiceSource, DiceExhausted, RecordingDice, ScriptedDice, SeededDice, rollWithEnteredDice } from './core/dice/source.ts';
export { ChainedDice } from './engine/dice.ts';
export { scenarioDice, scenarioSeed } from './engine/scenario-dice.ts';
export { MAX_SEED, type RngState, seedRng } from './core/rng.ts';

// Playing: to the end (the run loop of `fray run`), the scenario's script (`fray explain`), or
// one command at a time with a log that replays exactly.
export { playScript } from './engine/play-script.ts';
export { type RunOptions, type RunResult, runScenario, runToEnd } from './engine/run.ts';
export {
  type Encounter,
  type RecordedCommand,
  ReplayMismatch,
  type StepResult,
  diceForSeq,
  replay,
  rewind,
  startEncounter,
  step,
  submit,
} from './engine/encounter.ts';

// The lab: exact odds, and the Monte Carlo arena with the report `fray sim --json` prints.
export {
  type AdndAttackInput,
  type AdndAttackResult,
  type DiceOddsResult,
  type TftAttackInput,
  type TftAttackResult,
  adndAttackOdds,
  diceOdds,
  tftAttackOdds,
} from './lab/odds.ts';
export type { ArenaJob, ArenaResult } from './lab/arena.ts';
export { ArenaPool, type PoolOptions, runArena } from './lab/pool.ts';
export { type SimReport, summarize } from './lab/summary.ts';
