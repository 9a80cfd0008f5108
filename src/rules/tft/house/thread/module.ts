// The `thread` house-rule module [82345e2a] for the TFT core: it replaces the wound states
// (R-T1), rolls the thread rolls at the end of each turn (R-T2), and adds the medic's actions
// `stabilize`, `first-aid` and the GM's `finish-stabilization` (R-T3, R-T4).
// Option `thread` (default on; `off` or false restores standard TFT: the core's own states) and
// `threadFatigue` (`separate`, default: fatigue counts toward unconsciousness only; `combined`:
// dyST = remST, for tables not using the fatigue house rules).
import { quote } from '../../../../core/issues.ts';
import { z } from 'zod';
import type { Issue } from '../../../../core/errors.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { distance } from '../../../../core/hex/coords.ts';
import type { Ledger, LedgerEntry } from '../../../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../../../engine/names.ts';
import type { Emit, FigureState } from '../../../../engine/types.ts';
import type { ActionOption, ActionSpec, HouseModule, OptionsContext, TftContext, WoundEffects } from '../../hooks.ts';
import type { Figure, HouseCommand, TftEvent, TftOptions, TftState } from '../../model.ts';
import { needsAction } from '../../flow.ts';
import { labelName } from '../../options.ts';
import { playAftermath } from './aftermath.ts';
import { CARE_SCORE, stabilizeInCombat } from './care.ts';
import { describeThread } from './describe.ts';
import { STABILIZATION_TURNS, firstAidWounds, stabilizationDice, stabilizationDiceCount } from './medic.ts';
import { stabilizeOdds, survivalOdds } from './odds.ts';
import { threadTarget } from './roll.ts';
import { type ThreadStateOptions, threadStateOf } from './states.ts';
import { count } from '../../../words.ts';
import {
  type ThreadBag,
  type ThreadEnv,
  type ThreadEvent,
  type ThreadSubject,
  bagOf,
  endOfTurnFor,
  firstAid,
  firstAidBlocker,
  firstAidOutcome,
  interrupt,
  noteState,
  passTurnsOutOfCombat,
  pendingThreadDice,
  stabilizeBlocker,
  stateOf,
  stabilizeTurn,
  statusOf,
} from './tracker.ts';

export const threadOptionsSchema = z.object({
  thread: z
    .union([z.boolean(), z.enum(['on', 'off'])])
    .default('on')
    .describe('Hanging by a Thread (R-T1): healthy, reeling, unconscious, dying, dead by remST and dyST, with thread rolls; off: standard TFT (ST 1 unconscious, 0 dead)'),
  threadFatigue: z
    .enum(['separate', 'combined'])
    .default('separate')
    .describe('the seed\'s fatigue rules: fatigue counts toward unconsciousness, not death (separate: dyST = ST - wounds), or without them dyST equals remST (combined)'),
  threadAftermath: z
    .enum(['off', 'on'])
    .default('off')
    .describe('after the fight: off leaves the dying as they are; on plays it out (R-T2, R-T3, R-T4): the living medics of their side tend them and thread rolls are made until each is stable or dead'),
});

/** Whether the Thread rule is on (R-T1 option `thread`, default on). */
export function threadOn(options: TftOptions): boolean {
  const v = options.thread;
  return v === undefined || v === true || v === 'on';
}

export function stateOptions(options: TftOptions): ThreadStateOptions {
  return { separateFatigue: options.threadFatigue !== 'combined' };
}

/** A figure's per-figure settings as a scenario gives them (`house: { thread: {...} }`). */
const figureConfigSchema = z
  .object({
    attribute: z.enum(['st', 'iq', 'best']).optional(),
    potions: z.number().int().min(0).optional(),
  })
  .passthrough();

/**
 * The tracker's env on the TFT core. A class, so building one defines no function per call
 * (under tsx, which keeps function names, every arrow here cost an Object.defineProperty; this
 * runs at the end of every turn with a dying figure in the lab's hot loop).
 */
class CoreThreadEnv implements ThreadEnv {
  turn: number;
  opts: ThreadStateOptions;
  dice: TftContext['dice'];
  emit: Emit<ThreadEvent>;
  constructor(private readonly ctx: TftContext) {
    this.turn = ctx.state.turn;
    this.opts = stateOptions(ctx.state.options);
    this.dice = ctx.dice;
    this.emit = ctx.emit ? (e) => ctx.emit!(e as unknown as TftEvent) : null;
  }
  refresh(f: ThreadSubject): void {
    this.ctx.core.refreshState(this.ctx, f as Figure);
  }
  turnPassed(): void {
    this.ctx.core.turnPasses(this.ctx, true);
  }
}

function envOf(ctx: TftContext): ThreadEnv {
  return new CoreThreadEnv(ctx);
}

/** No figure hostile to `fig` can act any more: the fight is over for it (R-T3 finish). */
export function fightOverFor(state: TftState, fig: Figure, ctx: { core: TftContext['core'] }): boolean {
  return !state.figures.some((o) => o.id !== fig.id && ctx.core.isEnemy(fig, o) && ctx.core.canAct(o));
}

function targetOf(ctx: { state: TftState; core: TftContext['core'] }, cmd: HouseCommand): Figure {
  const id = cmd.target;
  if (typeof id !== 'string') throw new CommandRejected('command.target', 'expected the id of the figure to treat');
  const t = ctx.core.figure(ctx.state, id);
  if (!t) throw new CommandRejected('command.target', `no figure ${quote(String(id))}`);
  return t;
}

/**
 * The medic can act and stands beside the patient (R-T3). While the encounter is in play a medic
 * who is down may not work: tft-core, a fallen figure may only stand up (the core lists no other
 * option for it; apply refuses the same). `downOk`: once it is over, out of combat, it stands up
 * within the 5 minutes.
 */
function checkMedic(ctx: { state: TftState; core: TftContext['core'] }, fig: Figure, patient: Figure, downOk = false): void {
  if (!ctx.core.canAct(fig)) throw new CommandRejected('command.figure', `${fig.name} is ${fig.state} and cannot act (R-T1)`);
  if (fig.prone && !downOk) {
    throw new CommandRejected('command.figure', `${fig.name} is down: it may only stand up (tft-core), not work on ${patient.name} (R-T3)`);
  }
  if (distance(fig.pos, patient.pos) !== 1) {
    throw new CommandRejected('command.target', `${patient.name} is not adjacent to ${fig.name} (the medic works beside the patient, R-T3)`);
  }
}

/**
 * The medic spent this turn at the work (R-T3: five minutes of work, doing nothing else): it has
 * moved and acted, so the turn asks nothing more of it and a move or action of it is refused.
 * A medic who is down stands up within the time (tft-core: standing up takes a turn), so it is
 * not left down after it.
 */
function spendTurn(ctx: TftContext, medic: Figure): void {
  medic.turn.moved = true;
  medic.turn.acted = true;
  if (!medic.prone) return;
  medic.prone = false;
  ctx.emit?.({ type: 'stand-up', turn: ctx.state.turn, figure: medic.id, rule: 'tft-core options' } as unknown as TftEvent);
}

/** Rejects a stabilization `fig` may not make on `patient` (R-T3), naming the field at fault. */
function rejectBlocked(ctx: { state: TftState }, fig: Figure, patient: Figure, potion: boolean): void {
  const why = stabilizeBlocker(fig, patient, stateOptions(ctx.state.options), potion);
  if (why) throw new CommandRejected(/Potion/.test(why) ? 'command.potion' : 'command.target', why);
}

const idSchema = z.string().min(1);

const stabilizeSchema = z.object({
  type: z.literal('stabilize'),
  figure: idSchema,
  target: idSchema,
  potion: z.boolean().optional(),
  script: z.number().int().optional(),
});
const firstAidSchema = z.object({
  type: z.literal('first-aid'),
  figure: idSchema,
  target: idSchema,
  script: z.number().int().optional(),
});
const finishSchema = z.object({
  type: z.literal('finish-stabilization'),
  figure: idSchema,
  target: idSchema,
  potion: z.boolean().optional(),
  script: z.number().int().optional(),
});

/**
 * The medic's actions score only for a friend (stabilize, first aid, finish-stabilization): with
 * no two figures on one side the AI never takes them (ActionSpec.aiInert).
 */
export function noFriends(state: TftState): boolean {
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) for (let j = i + 1; j < fs.length; j++) if (fs[i].side === fs[j].side) return false;
  return true;
}

function fraction(p: { toNumber(): number; toString(): string }): { p: number; exact: string } {
  return { p: p.toNumber(), exact: p.toString() };
}

/** Stabilize options for `fig`: every adjacent dying figure it may work on. */
function stabilizeOptions(ctx: OptionsContext, fig: Figure, type: 'stabilize' | 'finish-stabilization'): ActionOption[] {
  if (!ctx.core.canAct(fig)) return [];
  const opts = stateOptions(ctx.state.options);
  // Cheap tests first (asked at every action decision): an adjacent dying figure (R-T3), no ledgers.
  let anyDying = false;
  for (const p of ctx.state.figures) {
    if (p.id !== fig.id && distance(fig.pos, p.pos) === 1 && stateOf(p, opts) === 'dying') anyDying = true;
  }
  if (!anyDying) return [];
  const over = fightOverFor(ctx.state, fig, ctx);
  if (type === 'finish-stabilization' && !over) return [];
  const engaged = !over && ctx.core.isEngaged(ctx.state, fig);
  const out: ActionOption[] = [];
  for (const p of ctx.state.figures) {
    if (p.id === fig.id || distance(fig.pos, p.pos) !== 1) continue;
    const potions = bagOf(fig).potions > 0 && !bagOf(p).stabilization ? [false, true] : [false];
    for (const potion of potions) {
      if (stabilizeBlocker(fig, p, opts, potion)) continue;
      const withPotion = bagOf(p).stabilization?.potion ?? potion;
      const odds = stabilizeOdds(stabilizationDiceCount(fig.talents, withPotion), fig.iq);
      const friend = !ctx.core.isEnemy(fig, p);
      const continuing = bagOf(p).stabilization?.medic === fig.id;
      const command: HouseCommand = { type, figure: fig.id, target: p.id, ...(potion ? { potion } : {}) };
      // The AI tends a dying friend once the fight is over (running the 5 minutes at once when
      // it may); in combat, when not engaged, it keeps at work it started and starts when the
      // coming thread rolls are a real danger and its chance is not hopeless (care.ts).
      const score = !friend
        ? 0
        : over
          ? type === 'finish-stabilization'
            ? CARE_SCORE.finish
            : CARE_SCORE.stabilizeAfter
          : stabilizeInCombat(engaged, continuing, odds.toNumber(), p);
      // tend: care for a dying friend: the AI stays beside it or walks to it (ai.ts planMove). The
      // AI (and the lab through it) reads the command, score and tend only: no label or ledger.
      if (ctx.mode === 'ai') {
        out.push({ command, label: '', score, tend: true });
        continue;
      }
      out.push({
        command,
        label: `${type === 'stabilize' ? (continuing ? 'keep stabilizing' : 'stabilize') : 'finish stabilizing'} ${labelName(ctx.names, p)}${potion ? ' (Healing Potion)' : ''}`,
        ledger: stabilizationDice(fig.talents, withPotion).entries,
        stabilize: fraction(odds),
        turnsLeft: STABILIZATION_TURNS - (bagOf(p).stabilization?.turnsDone ?? 0),
        score,
        tend: true,
      });
    }
  }
  return out;
}

export const stabilizeAction: ActionSpec = {
  type: 'stabilize',
  phase: 'action',
  schema: stabilizeSchema,
  options: (ctx, fig) => stabilizeOptions(ctx, fig, 'stabilize'),
  aiInert: noFriends,
  validate(ctx, cmd, fig) {
    const p = targetOf(ctx, cmd);
    checkMedic(ctx, fig, p);
    rejectBlocked(ctx, fig, p, cmd.potion === true);
  },
  resolve(ctx, cmd, fig) {
    stabilizeTurn(envOf(ctx), fig, targetOf(ctx, cmd), cmd.potion === true);
  },
};

export const finishStabilizationAction: ActionSpec = {
  type: 'finish-stabilization',
  phase: 'any',
  // R-T3 runs the 5 minutes at once only out of combat: not fight turns (the turn counter stays),
  // and with nothing left to do after them the fight ends there (flow.ts endIfNothingLeft).
  outOfCombat: true,
  schema: finishSchema,
  options: (ctx, fig) => stabilizeOptions(ctx, fig, 'finish-stabilization'),
  aiInert: noFriends,
  validate(ctx, cmd, fig) {
    const p = targetOf(ctx, cmd);
    checkMedic(ctx, fig, p, ctx.state.phase === 'over');
    if (!fightOverFor(ctx.state, fig, ctx)) {
      throw new CommandRejected('command.type', 'the 5 minutes can be run at once only when the fight is over (R-T3)');
    }
    const st = bagOf(p).stabilization;
    if (st && st.medic === fig.id) {
      if (cmd.potion === true && !st.potion) throw new CommandRejected('command.potion', 'a Healing Potion is applied when the attempt starts (R-T3)');
      return;
    }
    rejectBlocked(ctx, fig, p, cmd.potion === true);
  },
  resolve(ctx, cmd, fig) {
    const env = envOf(ctx);
    const p = targetOf(ctx, cmd);
    // A medic works on one patient at a time (R-T3): the 5 minutes spent on this patient leave
    // any other attempt of this medic (one started this turn) interrupted.
    const figs = ctx.state.figures;
    for (let i = 0; i < figs.length; i++) {
      if (figs[i] !== p && bagOf(figs[i]).stabilization?.medic === fig.id) interrupt(env, figs[i]);
    }
    // R-T3 "doing nothing else": the medic's work fills its time, this turn's included; it neither
    // moves nor acts again in it, though the script keeps the turn going (so do the other medics
    // who work through the time, below). This turn is one of its turns of work, counted once (here
    // unless it already worked on the patient this turn): the time run at once is the turns after it.
    if (!bagOf(p).stabilization?.workedThisTurn) stabilizeTurn(env, fig, p, cmd.potion === true);
    spendTurn(ctx, fig);
    const st = bagOf(p).stabilization;
    if (!st) return; // the attempt ended at once (it was the 60th turn)
    // Every medic still at work beside its patient keeps working while the time runs; one with
    // two attempts in progress (it left one for another this turn) keeps the one it worked on
    // this turn, and the other is interrupted.
    const medics = new Map<string, Figure>();
    const patientOf = new Map<string, Figure>();
    for (const f of figs) {
      const s = bagOf(f).stabilization;
      const m = s ? ctx.core.figure(ctx.state, s.medic) : undefined;
      if (!s || !m || !ctx.core.canAct(m) || distance(m.pos, f.pos) !== 1) continue;
      const other = patientOf.get(m.id);
      if (other) {
        if (bagOf(other).stabilization?.workedThisTurn || !s.workedThisTurn) {
          interrupt(env, f);
          continue;
        }
        interrupt(env, other);
      }
      medics.set(m.id, m);
      patientOf.set(m.id, f);
    }
    // Their turn is filled too, and counted as a turn of work once, as the medic's own above.
    for (const [id, m] of medics) {
      spendTurn(ctx, m);
      const f = patientOf.get(id)!;
      if (f !== p && !bagOf(f).stabilization!.workedThisTurn) stabilizeTurn(env, m, f);
    }
    passTurnsOutOfCombat(env, ctx.state.figures, medics, STABILIZATION_TURNS - st.turnsDone, `${fig.name} finishes the 5 minutes of stabilization (R-T3)`);
  },
};

/**
 * Option threadAftermath on (docs/rules/thread.md "The aftermath"): the dying left at the fight's
 * end are played out until each is stable or dead, by playAftermath, with the time run at once
 * out of combat (R-T3): its events come after one `thread-time` saying how many turns it took
 * (a medic's turns of work after the first are not told one by one).
 */
function aftermath(ctx: TftContext): void {
  const { state, core } = ctx;
  const opts = stateOptions(state.options);
  if (!state.figures.some((f) => stateOf(f, opts) === 'dying')) return;
  const held: TftEvent[] = [];
  const quiet: TftContext = {
    ...ctx,
    emit: ctx.emit ? (e) => {
      if (e.type !== 'stabilize' || (e as { phase?: string }).phase !== 'continue') held.push(e);
    } : null,
  };
  const medicsOf = (p: ThreadSubject): Figure[] =>
    state.figures.filter((m) => m.id !== p.id && core.canAct(m) && !core.isEnemy(m, p as Figure));
  const turns = playAftermath(envOf(quiet), state.figures, medicsOf);
  if (!ctx.emit) return;
  const reason = 'after the fight the living medics of each side tend its dying until each is stable or dead (R-T2, R-T3, R-T4; option threadAftermath)';
  ctx.emit({ type: 'thread-time', turn: state.turn, turns, reason } as unknown as TftEvent);
  for (const e of held) ctx.emit(e);
}

const attributeSchema = z.object({
  type: z.literal('thread-attribute'),
  figure: idSchema,
  attribute: z.enum(['st', 'iq', 'best']),
  script: z.number().int().optional(),
});

/** The choices a player has for a dying figure's thread rolls now (R-T2), for explain and the table. */
export function attributeChoices(fig: Figure): { command: HouseCommand; label: string }[] {
  const current = (fig.house.thread as Partial<ThreadBag> | undefined)?.attribute ?? 'best';
  return (['st', 'iq', 'best'] as const)
    .filter((a) => a !== current)
    .map((a) => ({
      command: { type: 'thread-attribute', figure: fig.id, attribute: a },
      label: `thread rolls against ${a === 'best' ? 'the higher of ST and IQ' : `${a.toUpperCase()} ${a === 'st' ? fig.st : fig.iq}`} [R-T2]`,
    }));
}

/**
 * R-T2: the player chooses ST or IQ for the figure's thread rolls ('best', the higher, is the
 * default). A standing choice the player may change at any moment, even while the figure lies
 * dying; it takes no time and is not the figure's action.
 */
export const threadAttributeAction: ActionSpec = {
  type: 'thread-attribute',
  phase: 'any',
  // The dying cannot act, yet the choice stays theirs (R-T2): explain's decision lists it.
  whileDown: true,
  schema: attributeSchema,
  // Explain only (the AI never changes it): a dying figure's other choices while thread rolls
  // are still made (validate refuses them once the fight is over).
  options(ctx, fig) {
    if (ctx.mode !== 'explain' || ctx.state.phase === 'over' || !threadOn(ctx.state.options)) return [];
    if (stateOf(fig, stateOptions(ctx.state.options)) !== 'dying') return [];
    return attributeChoices(fig).map((c) => ({ ...c, rule: 'R-T2' }));
  },
  aiInert: () => true,
  validate(ctx, _cmd, fig) {
    if (!threadOn(ctx.state.options)) throw new CommandRejected('command.type', 'Hanging by a Thread is off in this encounter (option thread)');
    if (fig.state === 'dead') throw new CommandRejected('command.figure', `${fig.name} is dead: dead is final (R-T1)`);
    if (ctx.state.phase === 'over') throw new CommandRejected('command.type', 'the fight is over: no more thread rolls are made (R-T2)');
  },
  resolve(ctx, cmd, fig) {
    const choice = cmd.attribute as ThreadBag['attribute'];
    bagOf(fig).attribute = choice;
    if (ctx.emit) {
      const target = threadTarget(fig.st, fig.iq, choice).ledger;
      ctx.emit({ type: 'thread-attribute', turn: ctx.state.turn, figure: fig.id, choice, target } as unknown as TftEvent);
    }
  },
};

/**
 * The AI's score for first aid `fig` may give its friend `p` (R-T4): first aid on a dying figure
 * is offered only when it brings remST to 1 or more (firstAidBlocker), so it saves it for sure:
 * taken at once unless the medic is engaged (it fights; none is once no enemy can act). Other
 * first aid waits for the fight's end.
 */
function firstAidScore(ctx: OptionsContext, fig: Figure, p: Figure, opts: ThreadStateOptions): number {
  if (stateOf(p, opts) === 'dying' && !ctx.core.isEngaged(ctx.state, fig)) return CARE_SCORE.firstAidSaves;
  return fightOverFor(ctx.state, fig, ctx) ? CARE_SCORE.firstAidAfter : 0;
}

/**
 * What first aid will leave the patient at (R-T4), for explain's option: its wounds, remST, dyST
 * and state after it (firstAidOutcome, the numbers firstAid applies), and in words: a dying figure
 * saved is "unconscious and stable" (or better) with no more thread rolls; one still dying would
 * still need stabilizing (R-T3; firstAidBlocker offers none such now, reading 1).
 */
export function firstAidResult(heal: Ledger, p: Figure, opts: ThreadStateOptions, name: string): { wounds: number; remST: number; dyST: number; state: FigureState; text: string } {
  const { wounds, status } = firstAidOutcome(heal, p, opts);
  const wasDying = stateOf(p, opts) === 'dying';
  const state = status.state;
  const words =
    state === 'dying'
      ? 'still dying: it still needs stabilizing (R-T3)'
      : wasDying
        ? `${state} and stable: no more thread rolls (R-T4, in place of stabilization)`
        : state === 'reeling'
          ? 'reeling: -3 DX, half MA (R-T1)'
          : `${state} (R-T1)`;
  return { wounds, remST: status.remST.total, dyST: status.dyST.total, state, text: `${name} after it: ${count(wounds, 'wound')}, remST ${status.remST.total}, ${words}` };
}

export const firstAidAction: ActionSpec = {
  type: 'first-aid',
  phase: 'action',
  schema: firstAidSchema,
  aiInert: noFriends,
  options(ctx, fig) {
    if (!ctx.core.canAct(fig)) return [];
    const heal = firstAidWounds(fig.talents);
    if (!heal) return [];
    const opts = stateOptions(ctx.state.options);
    const ai = ctx.mode === 'ai';
    return ctx.state.figures
      .filter((p) => p.id !== fig.id && distance(fig.pos, p.pos) === 1 && !firstAidBlocker(fig, p, opts))
      .map((p) => ({
        command: { type: 'first-aid', figure: fig.id, target: p.id },
        // The AI reads the command, score and tend only (as stabilize's): no label or ledger.
        label: ai ? '' : `first aid to ${labelName(ctx.names, p)}`,
        ...(ai ? {} : { ledger: heal.entries, result: firstAidResult(heal, p, opts, labelName(ctx.names, p)) }),
        score: ctx.core.isEnemy(fig, p) ? 0 : firstAidScore(ctx, fig, p, opts),
        tend: true, // as stabilize's
      }));
  },
  validate(ctx, cmd, fig) {
    const p = targetOf(ctx, cmd);
    checkMedic(ctx, fig, p);
    const why = firstAidBlocker(fig, p, stateOptions(ctx.state.options));
    if (why) throw new CommandRejected('command.target', why);
  },
  resolve(ctx, cmd, fig) {
    firstAid(envOf(ctx), fig, targetOf(ctx, cmd));
  },
};

const NO_LEDGER: LedgerEntry[] = [];
/** Shared effects per state for calls without a ledger (the core copies the fields out). */
const EFFECTS: Readonly<Record<FigureState, WoundEffects>> = {
  healthy: { state: 'healthy', dx: 0, maFactor: 1, canAct: true, ledger: NO_LEDGER },
  reeling: { state: 'reeling', dx: -3, maFactor: 0.5, canAct: true, ledger: NO_LEDGER },
  unconscious: { state: 'unconscious', dx: 0, maFactor: 0, canAct: false, ledger: NO_LEDGER },
  dying: { state: 'dying', dx: 0, maFactor: 0, canAct: false, ledger: NO_LEDGER },
  dead: { state: 'dead', dx: 0, maFactor: 0, canAct: false, ledger: NO_LEDGER },
};

/** The wound state by R-T1, in the core's shape. */
export function threadWoundState(fig: Figure, state: TftState, withLedger: boolean): WoundEffects {
  if (!withLedger) {
    const dead = (fig.house.thread as ThreadBag | undefined)?.dead ?? false;
    return EFFECTS[threadStateOf(fig.st, fig.wounds, fig.fatigue, state.options.threadFatigue !== 'combined', dead)];
  }
  const opts = stateOptions(state.options);
  const s = statusOf(fig, opts);
  // dyST is ST - wounds with the fatigue rules; without them (threadFatigue combined) it is remST.
  const dyWhy = opts.separateFatigue ? 'ST - wounds' : 'equal to remST: fatigue rules off';
  const ledger: LedgerEntry[] = withLedger
    ? [
        ...s.remST.entries,
        { source: `remST ${s.remST.total}; dyST ${s.dyST.total} (${dyWhy})`, delta: 0, rule: 'R-T1' },
        { source: s.reason, delta: 0, rule: 'R-T1' },
      ]
    : [];
  return { state: s.state, dx: s.dx.reduce((t, e) => t + e.delta, 0), maFactor: s.maFactor, canAct: s.canAct, ledger, reason: s.reason };
}

/** This turn's work on an attempt in progress, as explain gives it (workThisTurn). */
export interface WorkThisTurn {
  work: 'done' | 'open' | 'stops';
  /** Why, in short ("Doc has already acted this turn"). */
  why: string;
  /** What follows, in a sentence (the summary's). */
  reason: string;
}

/**
 * This turn's work on an attempt in progress (R-T3: five minutes of work, "doing nothing else";
 * the end of the turn interrupts an attempt its medic did not work on, endOfTurnFor): `done`, the
 * medic worked on the patient this turn and it counts; `open`, it counts only if the medic
 * stabilizes the patient this turn (anything else stops the work); `stops`, the medic can no longer
 * do so this turn (it acted otherwise, moved past half MA or away, is down, cannot act or left the
 * fight), so the work stops at the end of this turn and the patient makes its thread roll then.
 */
export function workThisTurn(state: TftState, patient: Figure, st: { medic: string; workedThisTurn: boolean }, names?: DisplayNames): WorkThisTurn {
  const m = state.figures.find((f) => f.id === st.medic);
  const who = m ? labelName(names, m) : names ? nameOf(names, st.medic) : st.medic;
  const to = labelName(names, patient);
  if (st.workedThisTurn) {
    const why = `${who} worked on ${to} this turn`;
    return { work: 'done', why, reason: `${why}: it counts (R-T3)` };
  }
  const why = !m
    ? `${who} has left the fight`
    : !m.woundFx.canAct
      ? `${who} is ${m.state} and cannot work`
      : m.prone
        ? `${who} is down: it may only stand up (tft-core)`
        : m.turn.acted
          ? `${who} has already acted this turn`
          : !needsAction(m, state)
            ? `${who} moved more than half its MA this turn: no action left (tft-core)`
            : m.turn.moved && distance(m.pos, patient.pos) !== 1
              ? `${who} has moved and is not beside ${to}`
              : null;
  if (why) return { work: 'stops', why, reason: `${why}: the work stops at the end of this turn (R-T3 "doing nothing else")` };
  return {
    work: 'open',
    why: `${who} has not acted yet this turn`,
    reason: `this turn counts if ${who} stabilizes ${to}; if ${who} does anything else, the work stops at the end of the turn (R-T3)`,
  };
}

/** What `fray explain` shows about a figure under the Thread rule (R-T1..R-T3). */
export function threadExplain(state: TftState, fig: Figure, turns = 5, names?: DisplayNames): Record<string, unknown> {
  const opts = stateOptions(state.options);
  const s = statusOf(fig, opts);
  const b = bagOf(fig);
  const out: Record<string, unknown> = { state: s.state, remST: s.remST, dyST: s.dyST, reason: s.reason };
  if (s.state !== 'dying' || !b.dying) return out;
  // Under stabilization: the roll it makes if the attempt is interrupted (R-T3).
  const next = pendingThreadDice(b)!;
  const target = threadTarget(fig.st, fig.iq, b.attribute);
  out.nextThreadDice = next;
  out.against = target.ledger;
  // The fight over, no more thread rolls: nothing left to choose (threadAttributeAction refuses it).
  out.choices = state.phase === 'over' ? [] : attributeChoices(fig);
  out.survive = survivalOdds(target.value, next.total, turns).map((t, i) => ({
    turns: i + 1,
    dice: t.dice,
    roll: fraction(t.roll),
    alive: fraction(t.alive),
  }));
  // This turn's work (R-T3); none once the fight is over (no turn's end interrupts it then).
  const work = b.stabilization && state.phase !== 'over' ? workThisTurn(state, fig, b.stabilization, names) : null;
  if (b.stabilization) {
    out.stabilizing = { medic: b.stabilization.medic, turnsDone: b.stabilization.turnsDone, turnsNeeded: STABILIZATION_TURNS, ...(work ? { thisTurn: work } : {}) };
  }
  out.medics = state.figures
    .filter((m) => m.id !== fig.id && m.side === fig.side && statusOf(m, opts).canAct)
    .map((m) => {
      const potion = b.stabilization?.medic === m.id ? b.stabilization.potion : false;
      const dice = stabilizationDice(m.talents, potion);
      return {
        medic: m.id,
        dice,
        iq: m.iq,
        stabilize: fraction(stabilizeOdds(dice.total, m.iq)),
        adjacent: distance(m.pos, fig.pos) === 1,
        barred: b.failedMedics.includes(m.id),
      };
    });
  const pct = (p: number) => `${(p * 100).toFixed(2)}%`;
  const surv = out.survive as { dice: number; alive: { p: number } }[];
  const meds = out.medics as { medic: string; dice: { total: number }; iq: number; stabilize: { p: number }; barred: boolean }[];
  out.summary = [
    `next thread roll ${!b.stabilization ? '' : work?.work === 'stops' ? 'at the end of this turn, when the stabilization stops, ' : 'if the stabilization is interrupted '}${next.total}d6 <= ${target.attribute.toUpperCase()} ${target.value}`,
    ...(work ? [work.reason] : []),
    `alive after ${surv.map((t, i) => `${count(i + 1, 'turn')}: ${pct(t.alive.p)}`).join(', ')}`,
    // Medics by explain's display names when given (as option labels); by id without them.
    ...meds.filter((m) => !m.barred).map((m) => `${names ? nameOf(names, m.medic) : m.medic} stabilizes ${pct(m.stabilize.p)} (${m.dice.total}d6 <= IQ ${m.iq})`),
  ].join('; ');
  return out;
}

function normaliseBag(fig: Figure): ThreadBag {
  const given = (fig.house.thread ?? {}) as Partial<ThreadBag>;
  if (typeof given.dead === 'boolean' && Array.isArray(given.failedMedics)) return given as ThreadBag; // already a bag
  delete fig.house.thread;
  const b = bagOf(fig);
  if (given.attribute) b.attribute = given.attribute;
  if (typeof given.potions === 'number') b.potions = given.potions;
  return b;
}

export const threadModule: HouseModule = {
  id: 'thread',
  optionsSchema: threadOptionsSchema,
  enabled: threadOn,
  validateFigure(fig) {
    const r = figureConfigSchema.safeParse(fig.house?.thread ?? {});
    if (r.success) return [];
    return r.error.issues.map((i): Issue => ({ path: ['house', 'thread', ...i.path.map(String)].join('.'), message: i.message }));
  },
  setup(state) {
    const opts = stateOptions(state.options);
    for (const f of state.figures) {
      normaliseBag(f);
      const s = statusOf(f, opts);
      noteState(f, state.turn, s.state);
      bagOf(f).state = s.state;
    }
  },
  actions: [stabilizeAction, firstAidAction, finishStabilizationAction, threadAttributeAction],
  describe: describeThread,
  hooks: {
    woundState: (fig, state, withLedger) => threadWoundState(fig, state, withLedger),
    onStateChange(ctx, fig, _from, to) {
      const b = noteState(fig, ctx.state.turn, to);
      b.state = to;
    },
    endOfTurn(ctx) {
      // Only a dying figure has anything to do at the end of the turn (R-T2, R-T3).
      const figs = ctx.state.figures;
      let env: ThreadEnv | null = null;
      for (let i = 0; i < figs.length; i++) {
        if (!(figs[i].house.thread as ThreadBag | undefined)?.dying) continue;
        env ??= envOf(ctx);
        endOfTurnFor(env, figs[i]);
      }
    },
    explain: (state, fig, names) => ({ thread: threadExplain(state, fig, 5, names) }),
    afterFight: (ctx) => {
      if (ctx.state.options.threadAftermath === 'on') aftermath(ctx);
    },
    // No isOver: a stabilization in progress does not keep a won fight going (core overNow);
    // `finish-stabilization` stays legal after the end.
  },
};
