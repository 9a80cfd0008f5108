// The per-figure bookkeeping of Hanging by a Thread [82345e2a]: state changes (R-T1), the thread
// roll schedule (R-T2), stabilization in progress and its interruption (R-T3), first aid (R-T4).
// It works on a small view of a figure (ThreadSubject) and keeps its own data in the figure's
// `house.thread` bag, plain JSON, so the encounter state clones and replays exactly.
import type { DiceSource } from '../../../../core/dice/source.ts';
import { rollFaces, sum } from '../../../../core/dice/source.ts';
import { rollNd6Sum } from '../../../../core/dice/roll.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { type Ledger, type LedgerEntry, fromBase } from '../../../../core/ledger.ts';
import type { Emit, FigureState } from '../../../../engine/types.ts';
import {
  STABILIZATION_TURNS,
  firstAidWounds,
  stabilizationDice,
  stabilizationSucceeds,
  woundsWhenStabilized,
} from './medic.ts';
import { FIRST_THREAD_DICE, diceAfterInterruption, type ThreadChoice, rollThread, threadAttribute, threadTarget } from './roll.ts';
import { type ThreadStateOptions, type ThreadStatus, threadStateOf, threadStatus } from './states.ts';
import { count } from '../../../words.ts';

/** What the tracker needs of a figure. `wounds` is written by stabilization and first aid. */
export interface ThreadSubject {
  readonly id: string;
  readonly name: string;
  readonly st: number;
  readonly iq: number;
  wounds: number;
  readonly fatigue: number;
  readonly talents: readonly string[];
  house: Record<string, unknown>;
}

export interface DyingRecord {
  /** The turn it began dying. */
  since: number;
  /** Where the dice count starts: 1 when it began dying (R-T2) or ceil(last/2) after an interruption (R-T3). */
  base: number;
  baseSource: string;
  baseRule: string;
  /** Thread rolls made since `base` was set. */
  steps: number;
  /** Dice of the last roll made, null before the first. */
  lastDice: number | null;
}

export interface StabilizationRecord {
  medic: string;
  started: number;
  /** Turns of work done so far, out of STABILIZATION_TURNS. */
  turnsDone: number;
  potion: boolean;
  /** The medic worked on the patient this turn; cleared at the end of each turn. */
  workedThisTurn: boolean;
}

export interface ThreadBag {
  /** The last state the tracker announced (for state-change events). */
  state: FigureState | null;
  dying: DyingRecord | null;
  stabilization: StabilizationRecord | null;
  /** Medics whose stabilization roll failed on this figure (R-T3). */
  failedMedics: string[];
  /** First aid or stabilization already received: one takes the place of the other (R-T4). */
  treated: boolean;
  /** Dead is final (R-T1). */
  dead: boolean;
  /** The player's standing choice for thread rolls (R-T2); default `best`. */
  attribute: ThreadChoice;
  /** Healing Potions carried, for stabilization (R-T3). */
  potions: number;
}

export function newBag(): ThreadBag {
  return {
    state: null,
    dying: null,
    stabilization: null,
    failedMedics: [],
    treated: false,
    dead: false,
    attribute: 'best',
    potions: 0,
  };
}

/**
 * What the tracker's steps need: the turn, options, dice, where events go, and how a changed
 * figure gets its state recomputed and announced (the TFT core's refreshState in the engine;
 * `observe` in pure use).
 */
export interface ThreadEnv {
  turn: number;
  opts: ThreadStateOptions;
  dice: DiceSource;
  emit: Emit<ThreadEvent>;
  refresh(fig: ThreadSubject, cause: string): void;
  /**
   * One turn of time run at once has passed (R-T3): the encounter's other per-turn countdowns
   * tick (the TFT core's turnPasses: reload, 5-hit, modules'). Absent in pure use: none to tick.
   */
  turnPassed?(): void;
}

/** An env that announces state changes itself with `thread-state` events (no TFT core). */
export function pureEnv(turn: number, opts: ThreadStateOptions, dice: DiceSource, emit: Emit<ThreadEvent>): ThreadEnv {
  const env: ThreadEnv = { turn, opts, dice, emit, refresh: (fig, cause) => observe(fig, env.turn, opts, emit, cause) };
  return env;
}

/** The figure's thread bag, created on first use. */
export function bagOf(fig: { house: Record<string, unknown> }): ThreadBag {
  let b = fig.house.thread as ThreadBag | undefined;
  if (!b) {
    b = newBag();
    fig.house.thread = b;
  }
  return b;
}

export function statusOf(fig: ThreadSubject, opts: ThreadStateOptions): ThreadStatus {
  const b = fig.house.thread as ThreadBag | undefined;
  return threadStatus({ st: fig.st, wounds: fig.wounds, fatigue: fig.fatigue }, opts, b?.dead ?? false);
}

/** The state alone (same bands as statusOf, no ledgers or reason built): for checks in the hot path. */
export function stateOf(fig: ThreadSubject, opts: ThreadStateOptions): FigureState {
  const b = fig.house.thread as ThreadBag | undefined;
  return threadStateOf(fig.st, fig.wounds, fig.fatigue, opts.separateFatigue, b?.dead ?? false);
}

// ---------- events ----------

export interface ThreadStateEvent {
  type: 'thread-state';
  turn: number;
  figure: string;
  from: FigureState | null;
  to: FigureState;
  remST: Ledger;
  dyST: Ledger;
  reason: string;
  /** What led to it: "damage", "thread roll", "stabilized", "first aid"... */
  cause: string;
}

export interface ThreadRollEvent {
  type: 'thread-roll';
  turn: number;
  figure: string;
  dice: Ledger;
  attribute: 'st' | 'iq';
  target: Ledger;
  faces: number[];
  total: number;
  survived: boolean;
}

export interface StabilizeEvent {
  type: 'stabilize';
  turn: number;
  figure: string;
  patient: string;
  phase: 'start' | 'continue';
  turnsDone: number;
  turnsNeeded: number;
  dice: Ledger;
}

export interface StabilizeInterruptedEvent {
  type: 'stabilize-interrupted';
  turn: number;
  figure: string;
  patient: string;
  turnsDone: number;
  /** Dice of the patient's next thread roll (R-T3). */
  resumeDice: Ledger;
}

export interface StabilizeRollEvent {
  type: 'stabilize-roll';
  turn: number;
  figure: string;
  patient: string;
  dice: Ledger;
  target: Ledger;
  faces: number[];
  total: number;
  success: boolean;
  woundsBefore: number;
  woundsAfter: number;
}

export interface FirstAidEvent {
  type: 'first-aid';
  turn: number;
  figure: string;
  patient: string;
  heal: Ledger;
  woundsBefore: number;
  woundsAfter: number;
  replacesStabilization: boolean;
}

export interface ThreadAttributeEvent {
  type: 'thread-attribute';
  turn: number;
  figure: string;
  /** The player's standing choice for the figure's thread rolls (R-T2). */
  choice: ThreadChoice;
  /** What the next roll will be made against under that choice. */
  target: Ledger;
}

export interface ThreadTimeEvent {
  type: 'thread-time';
  turn: number;
  /** Turns run at once out of combat (R-T3: the GM may run the 5 minutes at once). */
  turns: number;
  reason: string;
}

export type ThreadEvent =
  | ThreadStateEvent
  | ThreadRollEvent
  | StabilizeEvent
  | StabilizeInterruptedEvent
  | StabilizeRollEvent
  | FirstAidEvent
  | ThreadAttributeEvent
  | ThreadTimeEvent;

// ---------- state changes ----------

/**
 * Recomputes the figure's state and, when it differs from the last one announced, emits a
 * `thread-state` event with both ledgers and updates the dying record (R-T1, R-T2).
 * Call it after anything that changes wounds or fatigue.
 */
export function observe(
  fig: ThreadSubject,
  turn: number,
  opts: ThreadStateOptions,
  emit: Emit<ThreadEvent>,
  cause: string,
): ThreadStatus {
  const s = statusOf(fig, opts);
  const b = noteState(fig, turn, s.state);
  if (b.state !== s.state) {
    const from = b.state;
    b.state = s.state;
    if (emit) {
      emit({ type: 'thread-state', turn, figure: fig.id, from, to: s.state, remST: s.remST, dyST: s.dyST, reason: s.reason, cause });
    }
  }
  return s;
}

/**
 * Keeps the bag in step with a (new) state: dead is recorded for good; a figure that begins dying
 * starts its thread-roll count at 1 this turn (R-T2); one that stops dying drops it.
 */
export function noteState(fig: ThreadSubject, turn: number, state: FigureState): ThreadBag {
  const b = bagOf(fig);
  if (state === 'dead') b.dead = true;
  if (state === 'dying' && !b.dying) {
    b.dying = {
      since: turn,
      base: FIRST_THREAD_DICE,
      baseSource: 'first turn of dying',
      baseRule: 'R-T2',
      steps: 0,
      lastDice: null,
    };
  }
  if (state !== 'dying') {
    b.dying = null;
    b.stabilization = null;
  }
  return b;
}

/** Dice of the dying figure's next thread roll, explained (R-T2, R-T3). */
export function nextThreadDice(d: DyingRecord): Ledger {
  // One die more for each roll made since: "+ 1 thread roll made since", "+ 2 thread rolls ...".
  const mods: LedgerEntry[] = d.steps ? [{ source: `${d.steps === 1 ? 'thread roll' : 'thread rolls'} made since`, delta: d.steps, rule: 'R-T2' }] : [];
  return fromBase(d.baseSource, d.base, d.baseRule, mods);
}

/**
 * Dice of the next thread roll the figure would make (R-T2). Under stabilization it makes none
 * while the work goes on; the next is the one it makes if the attempt is interrupted: half its
 * last roll's dice, rounded up (R-T3; the seed's Claudio resumes at 1 die, not 2).
 */
export function pendingThreadDice(b: ThreadBag): Ledger | null {
  if (!b.dying) return null;
  if (!b.stabilization) return nextThreadDice(b.dying);
  const resumed = { ...b.dying };
  resumeThreadRolls(resumed, 'if the stabilization is interrupted');
  return nextThreadDice(resumed);
}

// ---------- end of turn ----------

/**
 * End of turn for one figure (R-T2, R-T3): a stabilization whose medic did not work this turn is
 * interrupted; a dying figure not under stabilization makes its thread roll.
 */
export function endOfTurnFor(env: ThreadEnv, fig: ThreadSubject): void {
  const b = bagOf(fig);
  if (b.dead || !b.dying || stateOf(fig, env.opts) !== 'dying') return;
  const st = b.stabilization;
  if (st) {
    if (st.workedThisTurn) {
      st.workedThisTurn = false;
      return; // under stabilization: no thread roll (R-T3)
    }
    interrupt(env, fig);
  }
  threadRollFor(env, fig);
}

/** After a stabilization that did not stabilize: half the last roll's dice, rounded up (R-T3). */
function resumeThreadRolls(d: DyingRecord, why: string): void {
  if (d.lastDice === null) return; // no roll made yet: it rolls the N it would have rolled
  d.base = diceAfterInterruption(d.lastDice, d.base + d.steps);
  d.baseSource = `half of the last roll's ${count(d.lastDice, 'die', 'dice')}, rounded up (${why})`;
  d.baseRule = 'R-T3';
  d.steps = 0;
}

/** Ends the patient's stabilization in progress as interrupted (R-T3). */
export function interrupt(env: ThreadEnv, fig: ThreadSubject): void {
  const b = bagOf(fig);
  const st = b.stabilization;
  const d = b.dying;
  if (!st || !d) return;
  b.stabilization = null;
  resumeThreadRolls(d, 'stabilization interrupted');
  if (env.emit) {
    env.emit({
      type: 'stabilize-interrupted',
      turn: env.turn,
      figure: st.medic,
      patient: fig.id,
      turnsDone: st.turnsDone,
      resumeDice: nextThreadDice(d),
    });
  }
}

/** One thread roll for a dying figure (R-T2); a failure makes it dead. Returns whether it lived. */
export function threadRollFor(env: ThreadEnv, fig: ThreadSubject): boolean {
  const b = bagOf(fig);
  const d = b.dying!;
  if (!env.emit) {
    // The same roll without ledgers, faces or event (the lab's hot loop): N = base + rolls made
    // since (nextThreadDice's total), against the chosen attribute (R-T2).
    const dice = d.base + d.steps;
    const value = threadAttribute(fig.st, fig.iq, b.attribute) === 'st' ? fig.st : fig.iq;
    const survived = rollNd6Sum(env.dice, dice) <= value;
    d.lastDice = dice;
    d.steps += 1;
    if (!survived) {
      b.dead = true;
      env.refresh(fig, 'failed thread roll');
    }
    return survived;
  }
  const n = nextThreadDice(d);
  const target = threadTarget(fig.st, fig.iq, b.attribute);
  const r = rollThread(env.dice, n.total, target);
  d.lastDice = n.total;
  d.steps += 1;
  if (env.emit) {
    env.emit({
      type: 'thread-roll',
      turn: env.turn,
      figure: fig.id,
      dice: n,
      attribute: r.attribute,
      target: r.target,
      faces: r.faces,
      total: r.total,
      survived: r.survived,
    });
  }
  if (!r.survived) {
    b.dead = true;
    env.refresh(fig, 'failed thread roll');
  }
  return r.survived;
}

// ---------- stabilization ----------

export interface MedicView {
  readonly id: string;
  readonly iq: number;
  readonly talents: readonly string[];
  house: Record<string, unknown>;
}

/** Why `medic` may not stabilize `patient` now, or null when it may (adjacency and acting are the caller's). */
export function stabilizeBlocker(
  medic: MedicView,
  patient: ThreadSubject,
  opts: ThreadStateOptions,
  potion = false,
): string | null {
  if (medic.id === patient.id) return 'a figure cannot stabilize itself';
  const state = stateOf(patient, opts);
  if (state !== 'dying') return `${patient.name} is ${state}, not dying (only a dying figure is stabilized, R-T3)`;
  const b = bagOf(patient);
  if (b.failedMedics.includes(medic.id)) return `this medic already failed to stabilize ${patient.name} (R-T3)`;
  const st = b.stabilization;
  if (st && st.medic !== medic.id) return `${patient.name} is already being stabilized by ${st.medic}`;
  if (st?.workedThisTurn) return `already worked on ${patient.name} this turn`;
  if (potion && !st && bagOf(medic).potions < 1) return 'the medic carries no Healing Potion';
  if (potion && st && !st.potion) return 'a Healing Potion is applied when the attempt starts (R-T3)';
  return null;
}

/**
 * The medic's stabilize action for this turn (R-T3): starts an attempt (applying a Healing Potion
 * if asked) or adds one turn of work. When the 60th turn is done the roll is made at once.
 */
export function stabilizeTurn(env: ThreadEnv, medic: MedicView, patient: ThreadSubject, potion = false): void {
  const why = stabilizeBlocker(medic, patient, env.opts, potion);
  if (why) throw new CommandRejected('command.target', why);
  const b = bagOf(patient);
  let phase: 'start' | 'continue' = 'continue';
  if (!b.stabilization) {
    if (potion) bagOf(medic).potions -= 1;
    b.stabilization = { medic: medic.id, started: env.turn, turnsDone: 0, potion, workedThisTurn: false };
    phase = 'start';
  }
  const st = b.stabilization;
  st.turnsDone += 1;
  st.workedThisTurn = true;
  if (env.emit) {
    env.emit({
      type: 'stabilize',
      turn: env.turn,
      figure: medic.id,
      patient: patient.id,
      phase,
      turnsDone: st.turnsDone,
      turnsNeeded: STABILIZATION_TURNS,
      dice: stabilizationDice(medic.talents, st.potion),
    });
  }
  if (st.turnsDone >= STABILIZATION_TURNS) stabilizationRoll(env, medic, patient);
}

/** The roll at the end of the 5 minutes (R-T3): Nd6 <= IQ; success sets wounds to ST - 1. */
export function stabilizationRoll(env: ThreadEnv, medic: MedicView, patient: ThreadSubject): boolean {
  const b = bagOf(patient);
  const st = b.stabilization!;
  const n = stabilizationDice(medic.talents, st.potion);
  const faces = rollFaces(env.dice, Math.max(0, n.total), 6);
  const total = sum(faces);
  const success = stabilizationSucceeds(total, medic.iq);
  const before = patient.wounds;
  b.stabilization = null;
  if (success) {
    patient.wounds = woundsWhenStabilized(patient.st, patient.fatigue, env.opts.separateFatigue);
    b.treated = true;
  } else {
    b.failedMedics.push(medic.id);
    // A failed attempt ends like an interrupted one (project ruling, docs/rules/thread.md).
    if (b.dying) resumeThreadRolls(b.dying, 'stabilization failed');
  }
  if (env.emit) {
    env.emit({
      type: 'stabilize-roll',
      turn: env.turn,
      figure: medic.id,
      patient: patient.id,
      dice: n,
      target: fromBase(`IQ ${medic.iq}`, medic.iq, 'R-T3'),
      faces,
      total,
      success,
      woundsBefore: before,
      woundsAfter: patient.wounds,
    });
  }
  if (success) env.refresh(patient, 'stabilized');
  return success;
}

/**
 * Runs `turns` turns at once out of combat (R-T3: the GM may run the 5 minutes at once), turn by
 * turn: every stabilization in progress whose medic is in `medics` gains them and rolls when
 * done; every other dying figure makes its thread roll each turn.
 */
export function passTurnsOutOfCombat(
  env: ThreadEnv,
  figs: readonly ThreadSubject[],
  medics: ReadonlyMap<string, MedicView>,
  turns: number,
  reason: string,
): void {
  if (env.emit) env.emit({ type: 'thread-time', turn: env.turn, turns, reason });
  // A stabilization whose medic is gone (or cannot work) is interrupted before the time runs.
  for (const f of figs) {
    const b = bagOf(f);
    if (b.stabilization && b.dying && !medics.has(b.stabilization.medic)) interrupt(env, f);
  }
  let anyDying = true;
  for (let i = 0; i < turns; i++) {
    // Once no one is dying the rest of the time has nothing of the Thread's left to run.
    if (anyDying) anyDying = threadTurnOutOfCombat(env, figs, medics);
    // Every other per-turn countdown sees each turn of the time too (reading 7).
    env.turnPassed?.();
  }
}

/** One turn of time run at once for the Thread (R-T2, R-T3); whether anyone was dying in it. */
function threadTurnOutOfCombat(env: ThreadEnv, figs: readonly ThreadSubject[], medics: ReadonlyMap<string, MedicView>): boolean {
  let anyDying = false;
  for (const f of figs) {
    const b = bagOf(f);
    if (b.dead || !b.dying || stateOf(f, env.opts) !== 'dying') continue;
    anyDying = true;
    const st = b.stabilization;
    if (st) {
      st.turnsDone += 1;
      // The medic works through the time: the turn's end must not count the attempt as
      // interrupted (R-T3 "substantially uninterrupted"); it is cleared there as usual.
      st.workedThisTurn = true;
      if (st.turnsDone >= STABILIZATION_TURNS) stabilizationRoll(env, medics.get(st.medic)!, f);
    } else {
      threadRollFor(env, f);
    }
  }
  return anyDying;
}

/** Turns of work an attempt on `patient` still needs (R-T3), or null when none is in progress. */
export function turnsLeft(patient: ThreadSubject): number | null {
  const st = bagOf(patient).stabilization;
  return st ? STABILIZATION_TURNS - st.turnsDone : null;
}

// ---------- first aid ----------

/** Why `medic` may not give `patient` first aid now, or null (R-T4; adjacency is the caller's). */
export function firstAidBlocker(medic: MedicView, patient: ThreadSubject, opts: ThreadStateOptions): string | null {
  const heal = firstAidWounds(medic.talents);
  if (!heal) return 'first aid needs the Physicker or Master Physicker talent (R-T4)';
  const state = stateOf(patient, opts);
  if (state === 'dead') return `${patient.name} is dead (R-T1)`;
  if (patient.wounds === 0) return `${patient.name} has no wounds`;
  const b = bagOf(patient);
  if (b.treated) return `${patient.name} was already given first aid or stabilized; one replaces the other (R-T4)`;
  if (state === 'dying') {
    const after = firstAidOutcome(heal, patient, opts).status.remST.total;
    if (after < 1) return `first aid would leave remST at ${after}; it replaces stabilization only if it brings remST to 1 or more (R-T4)`;
  }
  return null;
}

/**
 * What first aid healing `heal` leaves `patient` at (R-T4): its wounds (never below 0) and its
 * state then (R-T1), for the option that offers it (the table shows the result before it is
 * given) and for firstAid itself, so the two cannot differ.
 */
export function firstAidOutcome(heal: Ledger, patient: ThreadSubject, opts: ThreadStateOptions): { wounds: number; status: ThreadStatus } {
  const wounds = Math.max(0, patient.wounds - heal.total);
  const b = patient.house.thread as ThreadBag | undefined;
  return { wounds, status: threadStatus({ st: patient.st, wounds, fatigue: patient.fatigue }, opts, b?.dead ?? false) };
}

/** Standard first aid (R-T4): heals 2 or 3 wounds; on a dying figure it takes the place of stabilization. */
export function firstAid(env: ThreadEnv, medic: MedicView, patient: ThreadSubject): void {
  const why = firstAidBlocker(medic, patient, env.opts);
  if (why) throw new CommandRejected('command.target', why);
  const heal = firstAidWounds(medic.talents)!;
  const b = bagOf(patient);
  const wasDying = stateOf(patient, env.opts) === 'dying';
  const before = patient.wounds;
  patient.wounds = firstAidOutcome(heal, patient, env.opts).wounds;
  b.treated = true;
  if (env.emit) {
    env.emit({
      type: 'first-aid',
      turn: env.turn,
      figure: medic.id,
      patient: patient.id,
      heal,
      woundsBefore: before,
      woundsAfter: patient.wounds,
      replacesStabilization: wasDying,
    });
  }
  env.refresh(patient, 'first aid');
}
