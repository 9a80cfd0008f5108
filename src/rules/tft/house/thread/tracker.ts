// The per-figure bookkeeping of Hanging by a Thread [82345e2a]: state changes (R-T1), the thread
// roll schedule (R-T2), stabilization in progress and its interruption (R-T3), first aid (R-T4).
// It works on a small view of a figure (ThreadSubject) and keeps its own data in the figure's
// `house.thread` bag, plain JSON, so the encounter state clones and replays exactly.
import type { DiceSource } from '../../../../core/dice/source.ts';
import { rollFaces, sum } from '../../../../core/dice/source.ts';
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
import { FIRST_THREAD_DICE, diceAfterInterruption, type ThreadChoice, rollThread, threadTarget } from './roll.ts';
import { type ThreadStateOptions, type ThreadStatus, remST, threadStatus } from './states.ts';

/** What the tracker needs of a figure. `wounds` is written by stabilization and first aid. */
export interface ThreadSubject {
  readonly id: string;
  readonly name: string;
  readonly st: number;
  readonly iq: number;
  wounds: number;
  readonly fatigue: number;
  readonly talents: readonly string[];
  /** The player's standing choice for thread rolls (R-T2); default `best`. */
  readonly threadAttribute?: ThreadChoice;
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
}

export function newBag(): ThreadBag {
  return { state: null, dying: null, stabilization: null, failedMedics: [], treated: false, dead: false };
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
  const b = bagOf(fig);
  const s = statusOf(fig, opts);
  if (s.state === 'dead') b.dead = true;
  if (s.state === 'dying' && !b.dying) {
    b.dying = {
      since: turn,
      base: FIRST_THREAD_DICE,
      baseSource: 'first turn of dying',
      baseRule: 'R-T2',
      steps: 0,
      lastDice: null,
    };
  }
  if (s.state !== 'dying') {
    b.dying = null;
    b.stabilization = null;
  }
  if (b.state !== s.state) {
    const from = b.state;
    b.state = s.state;
    if (emit) {
      emit({ type: 'thread-state', turn, figure: fig.id, from, to: s.state, remST: s.remST, dyST: s.dyST, reason: s.reason, cause });
    }
  }
  return s;
}

/** Dice of the dying figure's next thread roll, explained (R-T2, R-T3). */
export function nextThreadDice(d: DyingRecord): Ledger {
  const mods: LedgerEntry[] = d.steps ? [{ source: `${d.steps} thread roll(s) since`, delta: d.steps, rule: 'R-T2' }] : [];
  return fromBase(d.baseSource, d.base, d.baseRule, mods);
}

// ---------- end of turn ----------

/**
 * End of turn for one figure (R-T2, R-T3): a stabilization whose medic did not work this turn is
 * interrupted; a dying figure not under stabilization makes its thread roll.
 */
export function endOfTurnFor(
  fig: ThreadSubject,
  turn: number,
  opts: ThreadStateOptions,
  dice: DiceSource,
  emit: Emit<ThreadEvent>,
): void {
  const s = observe(fig, turn, opts, emit, 'end of turn');
  const b = bagOf(fig);
  if (s.state !== 'dying' || !b.dying) return;
  const st = b.stabilization;
  if (st) {
    if (st.workedThisTurn) {
      st.workedThisTurn = false;
      return; // under stabilization: no thread roll (R-T3)
    }
    interrupt(fig, b, turn, emit);
  }
  threadRollFor(fig, turn, opts, dice, emit);
}

/** After a stabilization that did not stabilize: half the last roll's dice, rounded up (R-T3). */
function resumeThreadRolls(d: DyingRecord, why: string): void {
  if (d.lastDice === null) return; // no roll made yet: it rolls the N it would have rolled
  d.base = diceAfterInterruption(d.lastDice, d.base + d.steps);
  d.baseSource = `half of the last roll's ${d.lastDice} dice, rounded up (${why})`;
  d.baseRule = 'R-T3';
  d.steps = 0;
}

function interrupt(fig: ThreadSubject, b: ThreadBag, turn: number, emit: Emit<ThreadEvent>): void {
  const st = b.stabilization!;
  const d = b.dying!;
  b.stabilization = null;
  resumeThreadRolls(d, 'stabilization interrupted');
  if (emit) {
    emit({
      type: 'stabilize-interrupted',
      turn,
      figure: st.medic,
      patient: fig.id,
      turnsDone: st.turnsDone,
      resumeDice: nextThreadDice(d),
    });
  }
}

/** One thread roll for a dying figure (R-T2); a failure makes it dead. */
export function threadRollFor(
  fig: ThreadSubject,
  turn: number,
  opts: ThreadStateOptions,
  dice: DiceSource,
  emit: Emit<ThreadEvent>,
): boolean {
  const b = bagOf(fig);
  const d = b.dying!;
  const n = nextThreadDice(d);
  const target = threadTarget(fig.st, fig.iq, fig.threadAttribute ?? 'best');
  const r = rollThread(dice, n.total, target);
  d.lastDice = n.total;
  d.steps += 1;
  if (emit) {
    emit({
      type: 'thread-roll',
      turn,
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
    observe(fig, turn, opts, emit, 'failed thread roll');
  }
  return r.survived;
}

// ---------- stabilization ----------

export interface MedicView {
  readonly id: string;
  readonly iq: number;
  readonly talents: readonly string[];
}

/** Why `medic` may not stabilize `patient` now, or null when it may (adjacency and acting are the caller's). */
export function stabilizeBlocker(medic: MedicView, patient: ThreadSubject, opts: ThreadStateOptions): string | null {
  if (medic.id === patient.id) return 'a figure cannot stabilize itself';
  const s = statusOf(patient, opts);
  if (s.state !== 'dying') return `${patient.name} is ${s.state}, not dying (only a dying figure is stabilized, R-T3)`;
  const b = bagOf(patient);
  if (b.failedMedics.includes(medic.id)) return `this medic already failed to stabilize ${patient.name} (R-T3)`;
  if (b.stabilization && b.stabilization.medic !== medic.id) {
    return `${patient.name} is already being stabilized by ${b.stabilization.medic}`;
  }
  if (b.stabilization?.workedThisTurn) return `already worked on ${patient.name} this turn`;
  return null;
}

/**
 * The medic's stabilize action for this turn (R-T3): starts an attempt or adds one turn of work.
 * When the 60th turn is done the roll is made at once. Returns the attempt's record.
 */
export function stabilizeTurn(
  medic: MedicView,
  patient: ThreadSubject,
  turn: number,
  potion: boolean,
  opts: ThreadStateOptions,
  dice: DiceSource,
  emit: Emit<ThreadEvent>,
): void {
  const why = stabilizeBlocker(medic, patient, opts);
  if (why) throw new CommandRejected('command.target', why);
  const b = bagOf(patient);
  let phase: 'start' | 'continue' = 'continue';
  if (!b.stabilization) {
    b.stabilization = { medic: medic.id, started: turn, turnsDone: 0, potion, workedThisTurn: false };
    phase = 'start';
  }
  const st = b.stabilization;
  st.turnsDone += 1;
  st.workedThisTurn = true;
  if (emit) {
    emit({
      type: 'stabilize',
      turn,
      figure: medic.id,
      patient: patient.id,
      phase,
      turnsDone: st.turnsDone,
      turnsNeeded: STABILIZATION_TURNS,
      dice: stabilizationDice(medic.talents, st.potion),
    });
  }
  if (st.turnsDone >= STABILIZATION_TURNS) stabilizationRoll(medic, patient, turn, opts, dice, emit);
}

/** The roll at the end of the 5 minutes (R-T3): Nd6 <= IQ; success sets wounds to ST - 1. */
export function stabilizationRoll(
  medic: MedicView,
  patient: ThreadSubject,
  turn: number,
  opts: ThreadStateOptions,
  dice: DiceSource,
  emit: Emit<ThreadEvent>,
): boolean {
  const b = bagOf(patient);
  const st = b.stabilization!;
  const n = stabilizationDice(medic.talents, st.potion);
  const faces = rollFaces(dice, Math.max(0, n.total), 6);
  const total = sum(faces);
  const success = stabilizationSucceeds(total, medic.iq);
  const before = patient.wounds;
  b.stabilization = null;
  if (success) {
    patient.wounds = woundsWhenStabilized(patient.st);
    b.treated = true;
  } else {
    b.failedMedics.push(medic.id);
  }
  if (emit) {
    emit({
      type: 'stabilize-roll',
      turn,
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
  if (success) observe(patient, turn, opts, emit, 'stabilized');
  // A failed attempt ends like an interrupted one (project ruling, docs/rules/thread.md).
  else if (b.dying) resumeThreadRolls(b.dying, 'stabilization failed');
  return success;
}

/**
 * Runs `turns` turns at once out of combat (R-T3: the GM may run the 5 minutes at once): every
 * stabilization in progress gains them (its medic keeps working) and rolls when done; every other
 * dying figure makes its thread rolls for each of them.
 */
export function passTurnsOutOfCombat(
  figs: readonly ThreadSubject[],
  medics: ReadonlyMap<string, MedicView>,
  turn: number,
  turns: number,
  opts: ThreadStateOptions,
  dice: DiceSource,
  emit: Emit<ThreadEvent>,
  reason: string,
): void {
  if (emit) emit({ type: 'thread-time', turn, turns, reason });
  // A stabilization whose medic is gone (or cannot work) is interrupted before the time runs.
  for (const f of figs) {
    const b = bagOf(f);
    if (b.stabilization && b.dying && !medics.has(b.stabilization.medic)) interrupt(f, b, turn, emit);
  }
  // Turn by turn, so a stabilization that ends early stops that patient's exposure at the right time.
  for (let i = 0; i < turns; i++) {
    let anyDying = false;
    for (const f of figs) {
      const b = bagOf(f);
      if (b.dead || !b.dying || statusOf(f, opts).state !== 'dying') continue;
      anyDying = true;
      const st = b.stabilization;
      if (st) {
        st.turnsDone += 1;
        st.workedThisTurn = false;
        if (st.turnsDone >= STABILIZATION_TURNS) stabilizationRoll(medics.get(st.medic)!, f, turn, opts, dice, emit);
      } else {
        threadRollFor(f, turn, opts, dice, emit);
      }
    }
    if (!anyDying) break;
  }
}

// ---------- first aid ----------

/** Why `medic` may not give `patient` first aid now, or null (R-T4; adjacency is the caller's). */
export function firstAidBlocker(medic: MedicView, patient: ThreadSubject, opts: ThreadStateOptions): string | null {
  const heal = firstAidWounds(medic.talents);
  if (!heal) return 'first aid needs the Physicker or Master Physicker talent (R-T4)';
  const s = statusOf(patient, opts);
  if (s.state === 'dead') return `${patient.name} is dead (R-T1)`;
  if (patient.wounds === 0) return `${patient.name} has no wounds`;
  const b = bagOf(patient);
  if (b.treated) return `${patient.name} was already given first aid or stabilized; one replaces the other (R-T4)`;
  if (s.state === 'dying') {
    const after = remST({ st: patient.st, wounds: Math.max(0, patient.wounds - heal.total), fatigue: patient.fatigue }).total;
    if (after < 1) return `first aid would leave remST at ${after}; it replaces stabilization only if it brings remST to 1 or more (R-T4)`;
  }
  return null;
}

export function firstAid(
  medic: MedicView,
  patient: ThreadSubject,
  turn: number,
  opts: ThreadStateOptions,
  emit: Emit<ThreadEvent>,
): void {
  const why = firstAidBlocker(medic, patient, opts);
  if (why) throw new CommandRejected('command.target', why);
  const heal = firstAidWounds(medic.talents)!;
  const b = bagOf(patient);
  const wasDying = statusOf(patient, opts).state === 'dying';
  const before = patient.wounds;
  patient.wounds = Math.max(0, before - heal.total);
  b.treated = true;
  if (emit) {
    emit({
      type: 'first-aid',
      turn,
      figure: medic.id,
      patient: patient.id,
      heal,
      woundsBefore: before,
      woundsAfter: patient.wounds,
      replacesStabilization: wasDying,
    });
  }
  observe(patient, turn, opts, emit, 'first aid');
}
