// The TFT turn (tft-core "Turn sequence"): initiative, movement by side, actions in adjDX
// order, end of turn. apply() checks a command completely before changing anything, carries
// it out, then advances through the automatic steps up to the next decision.
import { CommandRejected } from '../../core/errors.ts';
import { type Hex, distance } from '../../core/hex/coords.ts';
import { attackerRelation } from '../../core/hex/facing.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import type { Emit, Pending } from '../../engine/types.ts';
import {
  actsPastHalfMA,
  attack,
  baseAdjDX,
  core,
  effectiveMA,
  figure,
  isAdjacent,
  engages,
  engagedSinceStart,
  isEngaged,
  isFront,
  lineOfView,
  movedHalfMA,
  occupant,
  occupantAt,
  onMap,
  onMapAt,
  readyWeapon,
  requirementST,
  stepFigure,
  terrainAt,
  terrainAtQR,
  turnPasses,
  updateShield,
  withinHalfMA,
} from './core.ts';
import type { AttackMode, TftContext } from './hooks.ts';
import { GM_COMMANDS, validateAdjust } from './adjust.ts';
import { checkEnd } from './end.ts';
import { goneFigure, unknownFigure, validateLeave } from './leave.ts';
import type {
  AdjustCommand,
  AttackCommand,
  DisengageCommand,
  EndCommand,
  Figure,
  HouseCommand,
  LeaveCommand,
  MoveCommand,
  OverEvent,
  PickUpCommand,
  ReadyCommand,
  ScriptEntry,
  TftCommand,
  TftEvent,
  TftState,
  WeaponInstance,
} from './model.ts';
import { hooksOf } from './registry.ts';
import type { DiceSource } from '../../core/dice/source.ts';
import { sameCommandBut } from '../same-command.ts';

const reject = (path: string, message: string): never => {
  throw new CommandRejected(path, message);
};

export function makeCtx(state: TftState, dice: DiceSource, emit: Emit<TftEvent>): TftContext {
  return { state, dice, emit, core };
}

// ---------------------------------------------------------------------------------------------
// Who is waiting for what
// ---------------------------------------------------------------------------------------------

/** A figure of the moving side that has yet to give its movement command. */
export function needsMove(fig: Figure): boolean {
  return fig.woundFx.canAct && !fig.turn.moved && !fig.prone;
}

/** tft-core options by movement: more than half MA moved leaves no action. */
export function needsAction(fig: Figure, state: TftState): boolean {
  return fig.woundFx.canAct && !fig.turn.acted && (withinHalfMA(fig, state) || actsPastHalfMA(state, fig));
}

export function ableSides(state: TftState): string[] {
  const out: string[] = [];
  for (const f of state.figures) if (f.woundFx.canAct && !out.includes(f.side)) out.push(f.side);
  return out;
}

/** Whether figures of two or more sides can act (ableSides().length >= 2, without building it). */
function twoSidesAble(state: TftState): boolean {
  const fs = state.figures;
  let first: string | null = null;
  for (let i = 0; i < fs.length; i++) {
    if (!fs[i].woundFx.canAct) continue;
    if (first === null) first = fs[i].side;
    else if (fs[i].side !== first) return true;
  }
  return false;
}

export function pendingOf(state: TftState): Pending | null {
  switch (state.phase) {
    case 'begin':
      return { figures: [], kind: 'begin' };
    case 'initiative':
      return { figures: state.figures.filter((f) => f.side === state.initiativeWinner && f.woundFx.canAct).map((f) => f.id), kind: 'initiative' };
    case 'move': {
      const side = state.moveOrder[state.moveSide];
      const ids: string[] = [];
      for (const f of state.figures) if (f.side === side && needsMove(f)) ids.push(f.id);
      return { figures: ids, kind: 'move' };
    }
    case 'action':
      return { figures: [state.actionOrder[state.actionIndex]], kind: 'action' };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// apply
// ---------------------------------------------------------------------------------------------

export function applyCommand(state: TftState, cmd: TftCommand, dice: DiceSource, emit: Emit<TftEvent>): void {
  const ctx = makeCtx(state, dice, emit);
  if (cmd.script !== undefined) {
    const e = state.script[cmd.script];
    if (!e || state.scriptUsed[cmd.script]) reject('command.script', `script entry ${cmd.script} does not exist or was used`);
    // decide() marks the entry's own command: any other would use up an entry it does not play.
    if (!sameCommandBut(e.command, cmd, 'script')) reject('command.script', `script entry ${cmd.script} is another command`);
  }
  const run = validate(ctx, cmd);
  if (cmd.script !== undefined) state.scriptUsed[cmd.script] = true;
  run();
  advance(ctx);
}

/** Validation rolls no dice: a die asked for while checking a command is a bug. */
const NO_DICE: DiceSource = {
  face() {
    throw new Error('a command is checked without rolling dice');
  },
};

/** Why `cmd` is not legal now (the rejection's message), or null: applyCommand's check, nothing changed. */
export function commandProblem(state: TftState, cmd: TftCommand): string | null {
  try {
    validate(makeCtx(state, NO_DICE, null), cmd);
    return null;
  } catch (e) {
    if (e instanceof CommandRejected) return e.message;
    throw e;
  }
}

/** The scenario's side names for an event that names sides (its narration shows them), when it has any. */
const sideNamesOf = (state: TftState): { sideNames?: Record<string, string> } => (state.sideNames ? { sideNames: state.sideNames } : {});

/** Checks `cmd` against the state; returns the function that carries it out. */
function validate(ctx: TftContext, cmd: TftCommand): () => void {
  const { state } = ctx;
  const type = cmd.type;
  if (type === 'begin') {
    if (state.phase !== 'begin') reject('command.type', `the encounter has begun (phase: ${state.phase})`);
    return () => startTurn(ctx);
  }
  // The GM ends the fight (end.ts): no figure's command, at any decision.
  if (type === 'end') {
    const c = cmd as EndCommand;
    checkEnd(state, c);
    return () => endEncounter(ctx, c.winner, c.reason.trim(), true);
  }
  const fid = (cmd as { figure?: unknown }).figure;
  const fig = typeof fid === 'string' ? figure(state, fid) : undefined;
  if (!fig) return reject('command.figure', unknownFigure(state, fid));
  // The GM's adjustment: at any moment, not the figure's action (adjust.ts).
  if (type === 'adjust') return validateAdjust(ctx, cmd as AdjustCommand, fig);
  // The GM takes a figure out of the fight (leave.ts): not the figure's action either.
  if (type === 'leave') return validateLeave(ctx, cmd as LeaveCommand, fig);

  const house = hooksOf(state).actions.get(type);
  if (house) {
    const { spec } = house;
    if (spec.phase === 'action') {
      checkActor(state, fig);
      // A module's veto holds for every action, a house one too (R-H4: after dodging while
      // moving, only fire: not another module's first aid or sweep).
      for (const v of hooksOf(state).vetoAction) {
        const why = v(state, fig, type);
        if (why) reject('command.type', why);
      }
    } else if (spec.phase === 'move') checkMover(state, fig);
    spec.validate(ctx, cmd as HouseCommand, fig);
    return () => {
      spec.resolve(ctx, cmd as HouseCommand, fig);
      if (spec.phase === 'action') finishAction(fig);
      else if (spec.phase === 'move') fig.turn.moved = true;
      else if (spec.outOfCombat) endIfNothingLeft(ctx);
    };
  }

  switch (type) {
    case 'initiative': {
      if (state.phase !== 'initiative') reject('command.type', `not choosing initiative now (phase: ${state.phase})`);
      if (fig.side !== state.initiativeWinner) reject('command.figure', `${fig.name}'s side did not win initiative`);
      const choice = (cmd as { choice: 'first' | 'last' }).choice;
      return () => chooseOrder(ctx, choice);
    }
    case 'move':
      return validateMove(ctx, fig, cmd as MoveCommand);
    case 'attack':
    case 'defend':
    case 'dodge':
    case 'drop':
    case 'stand-up':
    case 'pass':
    case 'ready':
    case 'pick-up':
    case 'disengage': {
      checkActor(state, fig);
      for (const v of hooksOf(state).vetoAction) {
        const why = v(state, fig, type);
        if (why) reject('command.type', why);
      }
      const run = validateAction(ctx, fig, cmd);
      return () => {
        run();
        finishAction(fig);
      };
    }
    default: {
      const known = [...hooksOf(state).actions.keys()];
      return reject('command.type', `'${type}' is not an action of this encounter's rules${known.length ? ` (house actions: ${known.join(', ')})` : ''}`);
    }
  }
}

function checkActor(state: TftState, fig: Figure): void {
  if (state.phase !== 'action') reject('command.type', `not the action phase (phase: ${state.phase})`);
  const actor = state.actionOrder[state.actionIndex];
  // The actor goes unnamed: it may be a figure hidden from the sender (the server hides only
  // the figures a command names).
  // The actor by name: the server calls a figure hidden from a player "an unseen figure" (views.ts viewRefusal).
  if (actor !== fig.id) reject('command.figure', `it is ${figure(state, actor)?.name ?? actor}'s action, not ${fig.name}'s`);
}

function checkMover(state: TftState, fig: Figure): void {
  if (state.phase !== 'move') reject('command.type', `not the movement phase (phase: ${state.phase})`);
  const side = state.moveOrder[state.moveSide];
  if (fig.side !== side) reject('command.figure', `side ${side} is moving now, not ${fig.side}`);
  if (!fig.woundFx.canAct) reject('command.figure', `${fig.name} is ${fig.state} and cannot move`);
  if (fig.turn.moved) reject('command.figure', `${fig.name} has already moved this turn`);
  if (fig.prone) reject('command.figure', `${fig.name} is down: it may only stand up (in the action phase)`);
}

export function finishAction(fig: Figure): void {
  fig.turn.acted = true;
  // Legacy 5-hit penalty: it applies to one action, then it is spent (tft-core).
  if (fig.dxPenalty.actionsLeft > 0) {
    fig.dxPenalty.actionsLeft -= 1;
    if (fig.dxPenalty.actionsLeft === 0 && fig.dxPenalty.turnsLeft === 0) fig.dxPenalty.amount = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Movement
// ---------------------------------------------------------------------------------------------

/** Whether standing in `h` would put `fig` in an able enemy's front hex (engagement stops a move). */
export function engagedAt(state: TftState, fig: Figure, h: Hex): boolean {
  for (const e of state.figures) {
    if (e.side === fig.side || !e.woundFx.canAct || e.prone) continue;
    if (isAdjacent(e.pos, h) && isFront(e, h)) return true;
  }
  return false;
}


export function stepCost(state: TftState, h: Hex): number {
  return stepCostAt(state, h.q, h.r);
}

/** stepCost() by coordinates (the AI's path search). */
export function stepCostAt(state: TftState, q: number, r: number): number {
  const t = terrainAtQR(state, q, r);
  return t === 'rough' || t === 'water' ? 2 : 1;
}

/** Whether blockedHex() would give a reason, without building it (the AI's path search). */
export function isBlockedAt(state: TftState, fig: Figure, q: number, r: number): boolean {
  if (!onMapAt(state, q, r) || terrainAtQR(state, q, r) === 'wall') return true;
  // Only a figure able to act blocks a hex; a body may be stepped on (tft-core body, -2 DX).
  const o = occupantAt(state, q, r);
  return o !== undefined && o !== fig && o.woundFx.canAct;
}

/** Why `fig` may not step into `h` now, or null. */
export function blockedHex(state: TftState, fig: Figure, h: Hex): string | null {
  if (!isBlockedAt(state, fig, h.q, h.r)) return null;
  if (!onMap(state, h)) return `hex ${h.q},${h.r} is off the map`;
  if (terrainAt(state, h) === 'wall') return `hex ${h.q},${h.r} is a wall`;
  // Named for the GM; a player from whom the occupant is hidden reads "an unseen figure" (the
  // server's views.ts viewRefusal).
  const o = occupant(state, h);
  if (o && o !== fig) return `hex ${h.q},${h.r} is occupied by ${o.name}`;
  return null;
}

function validateMove(ctx: TftContext, fig: Figure, cmd: MoveCommand): () => void {
  const { state } = ctx;
  checkMover(state, fig);
  const ma = effectiveMA(fig, state);
  const engaged = isEngaged(state, fig);
  const path = cmd.path;
  let prev = fig.pos;
  let cost = 0;
  for (let k = 0; k < path.length; k++) {
    const h = path[k];
    if (!isAdjacent(prev, h)) reject(`command.path[${k}]`, `hex ${h.q},${h.r} is not adjacent to ${prev.q},${prev.r}`);
    const why = blockedHex(state, fig, h);
    if (why) reject(`command.path[${k}]`, why);
    cost += stepCost(state, h);
    if (!engaged && k < path.length - 1 && engagedAt(state, fig, h)) {
      reject(`command.path[${k}]`, `moving into an enemy's front hex at ${h.q},${h.r} engages: the move must stop there (tft-core)`);
    }
    prev = h;
  }
  if (engaged && path.length > 1) reject('command.path', `${fig.name} is engaged: it may only shift 1 hex (tft-core)`);
  if (engaged && path.length === 1) {
    // tft-core shift: "stay adjacent" to the enemies that engage it, every one of them (Legacy:
    // adjacent to all figures it is engaged with); a hex next to some other enemy is a way out,
    // which only the disengage option gives. The enemy left is named (the server calls one
    // hidden from a player "an unseen figure", views.ts viewRefusal).
    const to = path[0];
    const left = state.figures.find((e) => engages(e, fig) && !isAdjacent(e.pos, to));
    if (left) {
      reject('command.path[0]', `an engaged figure shifting 1 hex must stay adjacent to every enemy engaging it (${left.name}); use disengage to break away (tft-core)`);
    }
  }
  if (cost > ma) reject('command.path', `needs ${cost} MA; ${fig.name} has MA ${ma}`);
  if (cmd.stance && path.length > Math.floor(ma / 2)) {
    reject('command.stance', `${cmd.stance} needs a move of at most half MA (${Math.floor(ma / 2)}); the path is ${path.length}`);
  }
  if (cmd.stance) {
    const why = disengagedOnlyProblem(state, fig, cmd.stance, path[path.length - 1]); // no path: where it stands
    if (why) reject('command.stance', why);
  }
  return () => {
    let moved = 0;
    for (const h of path) {
      moved++;
      if (stepFigure(ctx, fig, h)) break;
    }
    fig.turn.hexes = moved;
    // What the move leaves the figure is fixed now (tft-core; R-T1 reeling later does not undo it).
    if (moved > 0) fig.turn.movedMA = ma;
    fig.turn.moved = true;
    if (cmd.facing !== undefined && fig.woundFx.canAct) fig.facing = cmd.facing;
    if (ctx.emit) ctx.emit({ type: 'move', turn: state.turn, figure: fig.id, hexes: moved, to: fig.pos, facing: fig.facing, ma, engaged });
    if (cmd.stance && fig.woundFx.canAct) {
      fig.turn.stance = cmd.stance;
      // The stance is the figure's action (tft-core), unless a module leaves it one (R-H4); as
      // its action it spends a Legacy 5-hit penalty, as a defend in the action phase does.
      let keeps = false;
      for (const h of hooksOf(state).stanceKeepsAction) if (h(state, fig, cmd.stance) === true) keeps = true;
      if (!keeps) finishAction(fig);
      if (ctx.emit) ctx.emit({ type: 'stance', turn: state.turn, figure: fig.id, stance: cmd.stance, rule: 'tft-core defend/dodge' });
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** The mode of an attack with `w` on `target` from `fig`, or null: not adjacent, and `w` cannot be thrown (attackBar's 'not-adjacent'). */
export function attackMode(fig: Figure, w: WeaponInstance, target: Figure): AttackMode | null {
  if (w.def.kind === 'missile') return 'missile';
  if (w.def.kind === 'thrown') return 'thrown';
  if (isAdjacent(fig.pos, target.pos)) return 'melee';
  if (w.def.throwable) return 'thrown';
  return null;
}

/**
 * Why an attack cannot be made, as a code. The checks (weaponBar, attackMoveBar, attackBar)
 * build no text: the AI asks them of every figure at each of its decisions (the lab's hot loop);
 * barProblem says a code in words, for validation and explain.
 */
export type AttackBar =
  | 'no-target'
  | 'self'
  | 'dead'
  | 'own-hex'
  | 'prone'
  | 'no-weapon'
  | 'not-ready'
  | 'broken'
  | 'not-adjacent'
  | 'moved-melee'
  | 'moved-missile'
  | 'engaged-since-start'
  | 'reloading'
  | 'moved-thrown'
  | 'not-front-hex'
  | 'last-shot-far'
  | 'not-front-arc'
  | 'wall';

/**
 * The refusal for `bar`: the field at fault and the message. `w` is the weapon checked (`fig`'s
 * ready one); `target` and `weaponUid` as the check was given them; `state` is read only for the
 * codes of a move (attackMoveBar's, which has it), so weaponProblem has none to give.
 */
export function barProblem(bar: AttackBar, state: TftState | null, fig: Figure, w: WeaponInstance | null, target?: Figure, weaponUid?: string): { path: string; message: string } {
  const t = target?.name ?? '?';
  const wn = w?.def.name ?? '?';
  const moved = fig.turn.hexes;
  const half = () => movedHalfMA(fig, state as TftState);
  switch (bar) {
    case 'no-target':
      return { path: 'command.target', message: 'no such figure' };
    case 'self':
      return { path: 'command.target', message: 'a figure cannot attack itself' };
    case 'dead':
      return { path: 'command.target', message: `${t} is dead` };
    case 'own-hex':
      return { path: 'command.target', message: `${t} lies in ${fig.name}'s own hex: it is in no front hex or arc (tft-core facing)` };
    case 'prone':
      return { path: 'command.figure', message: `${fig.name} is down: it may only stand up` };
    case 'no-weapon':
      return { path: 'command.figure', message: `${fig.name} has no weapon ready` };
    case 'not-ready':
      return { path: 'command.weapon', message: `${weaponUid} is not ${fig.name}'s ready weapon (${w?.uid}); ready it first` };
    case 'broken':
      return { path: 'command.weapon', message: `${wn} is broken` };
    case 'not-adjacent':
      return { path: 'command.target', message: `${t} is not adjacent and ${wn} cannot be thrown` };
    case 'moved-melee':
      return { path: 'command.type', message: `${fig.name} moved ${moved} hexes, more than half its MA (${half()}): no attack (tft-core)` };
    case 'moved-missile':
      return { path: 'command.type', message: `${fig.name} moved ${moved} hexes: a missile attack allows at most 1 (tft-core)` };
    case 'engaged-since-start':
      return { path: 'command.type', message: `${fig.name} has been engaged since the start of the turn: no missile attack (one last shot only in the turn it became engaged; tft-core options)` };
    case 'reloading': {
      const left = w?.reloadLeft ?? 0;
      return { path: 'command.weapon', message: `${wn} is reloading (${left} more turn${left > 1 ? 's' : ''})` };
    }
    case 'moved-thrown':
      return { path: 'command.type', message: `${fig.name} moved ${moved} hexes, more than half its MA (${half()}): no thrown attack` };
    case 'not-front-hex':
      return { path: 'command.target', message: `${t} is not in ${fig.name}'s front hexes` };
    case 'last-shot-far':
      return { path: 'command.target', message: `${fig.name} is engaged: its one last shot can only go at an adjacent enemy (tft-core options)` };
    case 'not-front-arc':
      return { path: 'command.target', message: `${t} is not in ${fig.name}'s front arc` };
    case 'wall':
      return { path: 'command.target', message: `a wall blocks the line to ${t}` };
  }
}

/** Why `fig` cannot attack with its ready weapon at all now (down, none ready, not `weaponUid`, broken), whatever the target; or null. */
export function weaponBar(fig: Figure, weaponUid?: string): AttackBar | null {
  if (fig.prone) return 'prone';
  const w = readyWeapon(fig);
  if (!w) return 'no-weapon';
  if (weaponUid !== undefined && weaponUid !== w.uid) return 'not-ready';
  if (w.broken) return 'broken';
  return null;
}

/** weaponBar in words (explain's not-now). */
export function weaponProblem(fig: Figure, weaponUid?: string): { path: string; message: string } | null {
  const bar = weaponBar(fig, weaponUid);
  return bar === null ? null : barProblem(bar, null, fig, readyWeapon(fig), undefined, weaponUid);
}

/**
 * Why `fig`'s move this turn (and, for a missile, its engagement and reloading) rules out an
 * attack of `mode` with `w`, whatever the target; or null. The engaged figure's one last shot
 * at an adjacent enemy is the target's part (attackBar).
 */
export function attackMoveBar(state: TftState, fig: Figure, w: WeaponInstance, mode: AttackMode | string): AttackBar | null {
  if (mode === 'melee') {
    if (!withinHalfMA(fig, state)) return 'moved-melee';
  } else if (mode === 'missile') {
    if (fig.turn.hexes > 1) return 'moved-missile';
    // tft-core engaged options: one last shot. Fray reading: a figure that became engaged
    // this turn (it was not at the start of the turn) may still fire its ready, loaded
    // missile weapon at an adjacent enemy; from the next turn on it is engaged like anyone.
    if (engagedSinceStart(state, fig)) return 'engaged-since-start';
    if (w.reloadLeft > 0) return 'reloading';
  } else if (mode === 'thrown') {
    if (!withinHalfMA(fig, state)) return 'moved-thrown';
  }
  return null;
}

/** attackMoveBar in words (explain's not-now). */
export function attackMoveProblem(state: TftState, fig: Figure, w: WeaponInstance, mode: AttackMode | string): { path: string; message: string } | null {
  const bar = attackMoveBar(state, fig, w, mode);
  return bar === null ? null : barProblem(bar, state, fig, w);
}

/** Why `fig` may not attack `target` with its ready weapon now (given its move), or null. */
export function attackBar(state: TftState, fig: Figure, target: Figure | undefined, weaponUid?: string): AttackBar | null {
  if (!target) return 'no-target';
  if (target === fig) return 'self';
  if (target.state === 'dead') return 'dead';
  // A body the figure stands on (tft-core body): in no front hex and no front arc (tft-core
  // facing), so no attack of any kind; asked before the arc, which has no direction to it.
  if (target.pos.q === fig.pos.q && target.pos.r === fig.pos.r) return 'own-hex';
  const wb = weaponBar(fig, weaponUid);
  if (wb !== null) return wb;
  const w = readyWeapon(fig) as WeaponInstance;
  const mode = attackMode(fig, w, target);
  if (mode === null) return 'not-adjacent';
  const mb = attackMoveBar(state, fig, w, mode);
  if (mb !== null) return mb;
  if (mode === 'melee') return isFront(fig, target.pos) ? null : 'not-front-hex';
  if (mode === 'missile' && isEngaged(state, fig) && !isAdjacent(fig.pos, target.pos)) return 'last-shot-far';
  if (attackerRelation(fig.pos, fig.facing, target.pos, fig.frontHexes) !== 'front') return 'not-front-arc';
  if (!lineOfView(state, fig.pos, target.pos)) return 'wall';
  return null;
}

/** attackBar in words: the refusal of an attack command. */
export function attackProblem(state: TftState, fig: Figure, target: Figure | undefined, weaponUid?: string): { path: string; message: string } | null {
  const bar = attackBar(state, fig, target, weaponUid);
  return bar === null ? null : barProblem(bar, state, fig, readyWeapon(fig), target, weaponUid);
}

/** An event about `fig` (call only when emitting: the extra fields are built by the caller). */
function figureEvent(ctx: TftContext, fig: Figure, type: string, extra?: Record<string, unknown>): void {
  ctx.emit?.({ type, turn: ctx.state.turn, figure: fig.id, ...extra });
}

/**
 * Why `fig` may not take `option` because it is engaged, or null. tft-core options: dodge and
 * drop are options of a disengaged figure (an engaged one may defend); engaged means engaged
 * since the turn began (engaged then and still engaged at `at`, as for one last shot). `at`:
 * where a move declaring the option as its stance ends (a shift may leave every enemy's front).
 */
export function disengagedOnlyProblem(state: TftState, fig: Figure, option: string, at: Hex = fig.pos): string | null {
  if (option !== 'dodge' && option !== 'drop') return null;
  if (!fig.turn.startedEngaged || !engagedAt(state, fig, at)) return null;
  return `${fig.name} has been engaged since the start of the turn: ${option === 'dodge' ? 'dodging' : 'dropping to the ground'} is an option of a disengaged figure (tft-core options)`;
}

/** Why `fig`'s move this turn rules out readying a weapon (tft-core: at most 1 hex), or null. */
export function readyMoveProblem(fig: Figure): string | null {
  const moved = fig.turn.hexes;
  return moved > 1 ? `${fig.name} moved ${moved} hexes: readying a weapon allows at most 1 (tft-core)` : null;
}

/** Why `fig`'s move this turn rules out picking a weapon up (at most 1 hex), or null. */
export function pickUpMoveProblem(fig: Figure): string | null {
  const moved = fig.turn.hexes;
  return moved > 1 ? `${fig.name} moved ${moved} hexes: picking up allows at most 1` : null;
}

function validateAction(ctx: TftContext, fig: Figure, cmd: TftCommand): () => void {
  const { state } = ctx;
  const moved = fig.turn.hexes;
  const emit = ctx.emit;
  if (fig.prone && cmd.type !== 'stand-up' && cmd.type !== 'pass') {
    reject('command.type', `${fig.name} is down: it may only stand up (or pass)`);
  }
  switch (cmd.type) {
    case 'attack': {
      const c = cmd as AttackCommand;
      const target = figure(state, c.target);
      const p = attackProblem(state, fig, target, c.weapon);
      if (p) reject(p.path, p.message);
      const t = target as Figure;
      const w = readyWeapon(fig) as WeaponInstance;
      const mode = attackMode(fig, w, t) as AttackMode;
      return () => {
        const adj = mode === 'missile' ? baseAdjDX(state, fig, null) : 0;
        attack(ctx, fig, t, w, mode, cmd);
        if (mode === 'missile') {
          const fast = w.def.fastReloadDX !== undefined && adj >= w.def.fastReloadDX ? 1 : 0;
          w.reloadLeft = Math.max(1, (w.def.reload ?? 0) + 1 - fast);
        }
        if (mode === 'thrown' && fig.weapons.includes(w)) {
          // The thrown weapon lands in the target's hex.
          fig.weapons.splice(fig.weapons.indexOf(w), 1);
          if (fig.ready === w.uid) fig.ready = null;
          state.items.push({ pos: { q: t.pos.q, r: t.pos.r }, weapon: w });
          updateShield(fig);
        }
      };
    }
    case 'defend':
    case 'dodge': {
      if (!withinHalfMA(fig, state)) reject('command.type', `${fig.name} moved ${moved} hexes, more than half its MA (${movedHalfMA(fig, state)}): no ${cmd.type}`);
      const why = disengagedOnlyProblem(state, fig, cmd.type);
      if (why) reject('command.type', why);
      const stance = cmd.type;
      return () => {
        fig.turn.stance = stance;
        if (emit) figureEvent(ctx, fig, 'stance', { stance, rule: 'tft-core defend/dodge' });
      };
    }
    case 'drop': {
      if (!withinHalfMA(fig, state)) reject('command.type', `${fig.name} moved more than half its MA: cannot drop`);
      const why = disengagedOnlyProblem(state, fig, 'drop');
      if (why) reject('command.type', why);
      return () => {
        fig.prone = true;
        if (emit) figureEvent(ctx, fig, 'drop', { rule: 'tft-core options' });
      };
    }
    case 'stand-up': {
      if (!fig.prone) reject('command.type', `${fig.name} is not down`);
      if (moved > 0) reject('command.type', `${fig.name} moved: standing up takes the whole turn`);
      return () => {
        fig.prone = false;
        if (emit) figureEvent(ctx, fig, 'stand-up', { rule: 'tft-core options' });
      };
    }
    case 'pass':
      return () => {
        if (emit) figureEvent(ctx, fig, 'pass');
      };
    case 'ready': {
      const c = cmd as ReadyCommand;
      const mp = readyMoveProblem(fig);
      if (mp) reject('command.type', mp);
      const w = fig.weapons.find((x) => x.uid === c.weapon || x.def.id === c.weapon);
      if (!w) return reject('command.weapon', `${fig.name} carries no '${c.weapon}'`);
      if (w.broken) reject('command.weapon', `${w.def.name} is broken`);
      if (fig.ready === w.uid && c.twoHanded === undefined) reject('command.weapon', `${w.def.name} is already ready`);
      if (c.twoHanded !== undefined && w.def.hands !== 'either' && c.twoHanded !== (w.def.hands === 2)) {
        reject('command.twoHanded', `${w.def.name} is used with ${w.def.hands} hand${w.def.hands === 1 ? '' : 's'}`);
      }
      const engaged = isEngaged(state, fig);
      return () => {
        const old = readyWeapon(fig);
        if (old && old !== w && (c.drop || engaged)) {
          // Changing weapons while engaged drops the one in hand (tft-core options).
          fig.weapons.splice(fig.weapons.indexOf(old), 1);
          state.items.push({ pos: { q: fig.pos.q, r: fig.pos.r }, weapon: old });
          if (emit) figureEvent(ctx, fig, 'weapon-dropped', { weapon: old.uid, name: old.def.name });
        }
        if (c.twoHanded !== undefined && w.def.hands === 'either' && c.twoHanded !== w.twoHanded) {
          w.twoHanded = c.twoHanded;
          w.dmg = core.parseDamage(c.twoHanded && w.def.damage2H ? w.def.damage2H : w.def.damage);
        }
        fig.ready = w.uid;
        updateShield(fig);
        if (emit) figureEvent(ctx, fig, 'ready', { weapon: w.uid, name: w.def.name, twoHanded: w.twoHanded });
      };
    }
    case 'pick-up': {
      const c = cmd as PickUpCommand;
      const mp = pickUpMoveProblem(fig);
      if (mp) reject('command.type', mp);
      const i = state.items.findIndex((it) => it.weapon.uid === c.weapon);
      if (i < 0) return reject('command.weapon', `no '${c.weapon}' lies on the ground`);
      const it = state.items[i];
      if (distance(it.pos, fig.pos) > 1) reject('command.weapon', `${it.weapon.def.name} lies at ${it.pos.q},${it.pos.r}, not in or next to ${fig.name}'s hex`);
      if (it.weapon.broken) reject('command.weapon', `${it.weapon.def.name} is broken`);
      if (it.weapon.def.minST > requirementST(fig, state)) reject('command.weapon', `${it.weapon.def.name} needs ST ${it.weapon.def.minST}`);
      return () => {
        state.items.splice(i, 1);
        fig.weapons.push(it.weapon);
        if (fig.ready === null) fig.ready = it.weapon.uid;
        updateShield(fig);
        if (emit) figureEvent(ctx, fig, 'pick-up', { weapon: it.weapon.uid, name: it.weapon.def.name, ready: fig.ready === it.weapon.uid });
      };
    }
    case 'disengage': {
      const c = cmd as DisengageCommand;
      if (!isEngaged(state, fig)) reject('command.type', `${fig.name} is not engaged`);
      if (moved > 1) reject('command.type', `${fig.name} moved ${moved} hexes: disengaging allows at most a 1-hex shift first`);
      if (!isAdjacent(fig.pos, c.to)) reject('command.to', `hex ${c.to.q},${c.to.r} is not adjacent`);
      const why = blockedHex(state, fig, c.to);
      if (why) reject('command.to', why);
      return () => {
        if (emit) figureEvent(ctx, fig, 'disengage', { to: c.to, rule: 'tft-core options' });
        stepFigure(ctx, fig, c.to);
      };
    }
    default:
      return reject('command.type', `'${cmd.type}' is not an action`);
  }
}

// ---------------------------------------------------------------------------------------------
// Automatic steps
// ---------------------------------------------------------------------------------------------

function rollD6(ctx: TftContext): number {
  return ctx.dice.face(6);
}

function startTurn(ctx: TftContext): void {
  const { state, emit } = ctx;
  if (state.turn >= state.options.maxTurns) {
    endEncounter(ctx, null, 'max turns');
    return;
  }
  if (state.turn > 0) skipSpentEntries(ctx); // not at the begin: no turn has ended
  state.turn += 1;
  for (const f of state.figures) {
    const t = f.turn;
    t.moved = false;
    t.hexes = 0;
    t.movedMA = -1;
    // Engaged before anyone moved this turn: no "one last shot" then (tft-core options).
    t.startedEngaged = f.woundFx.canAct && isEngaged(state, f);
    t.stance = null;
    t.acted = false;
    t.hits = 0;
    t.knockedDown = false;
  }
  if (emit) emit({ type: 'turn-start', turn: state.turn });
  for (const h of hooksOf(state).startOfTurn) h(ctx);
  rollInitiative(ctx);
}

const byFirstRoll = (a: { faces: number[] }, b: { faces: number[] }): number => b.faces[0] - a.faces[0];

/** tft-core: each side rolls 1d6, ties rerolled; the winner chooses to move first or last. */
function rollInitiative(ctx: TftContext): void {
  const { state, emit } = ctx;
  if (!emit && state.figures.length === 2 && state.figures[0].side !== state.figures[1].side && state.figures[0].woundFx.canAct && state.figures[1].woundFx.canAct) {
    // Two figures, two sides, no narration (the lab's duels): the branch below without building
    // the list of sides; the same dice in the same order.
    let a = rollD6(ctx);
    let b = rollD6(ctx);
    while (a === b) {
      a = rollD6(ctx);
      b = rollD6(ctx);
    }
    state.initiativeWinner = state.figures[a > b ? 0 : 1].side;
    // This turn's move order, in last turn's array (no allocation per turn): the loser first.
    const mo = state.moveOrder;
    while (mo.length > 1) mo.pop();
    mo[0] = state.figures[a > b ? 1 : 0].side;
    state.phase = 'initiative';
    return;
  }
  const sides = ableSides(state);
  if (sides.length <= 1) {
    state.moveOrder = sides;
    state.initiativeWinner = sides[0] ?? null;
    state.moveSide = 0;
    state.phase = 'move';
    return;
  }
  if (!emit && sides.length === 2) {
    // Two sides, no narration (the lab's duels): the same dice in the same order as below (one
    // d6 per side in side order, both rerolled while tied), without the roll records.
    let a = rollD6(ctx);
    let b = rollD6(ctx);
    while (a === b) {
      a = rollD6(ctx);
      b = rollD6(ctx);
    }
    state.initiativeWinner = a > b ? sides[0] : sides[1];
    state.moveOrder = [a > b ? sides[1] : sides[0]];
    state.phase = 'initiative';
    return;
  }
  // Plain loops (no spread, map or filter closures): this runs every turn of every lab fight.
  const rolls: { side: string; faces: number[] }[] = [];
  for (let i = 0; i < sides.length; i++) rolls.push({ side: sides[i], faces: [rollD6(ctx)] });
  let tied = rolls;
  for (;;) {
    let top = 0;
    for (let i = 0; i < tied.length; i++) top = Math.max(top, tied[i].faces[tied[i].faces.length - 1]);
    const best: typeof rolls = [];
    for (let i = 0; i < tied.length; i++) if (tied[i].faces[tied[i].faces.length - 1] === top) best.push(tied[i]);
    if (best.length === 1) {
      state.initiativeWinner = best[0].side;
      break;
    }
    for (let i = 0; i < best.length; i++) best[i].faces.push(rollD6(ctx));
    tied = best;
  }
  // The others in order of their first roll (side order breaks ties: a stable sort).
  const others: typeof rolls = [];
  for (let i = 0; i < rolls.length; i++) if (rolls[i].side !== state.initiativeWinner) others.push(rolls[i]);
  if (others.length > 1) others.sort(byFirstRoll);
  const order: string[] = [];
  for (let i = 0; i < others.length; i++) order.push(others[i].side);
  state.moveOrder = order;
  state.phase = 'initiative';
  if (emit) emit({ type: 'initiative', turn: state.turn, rolls, winner: state.initiativeWinner, rule: 'tft-core initiative', ...sideNamesOf(state) });
}

export function chooseOrder(ctx: TftContext, choice: 'first' | 'last'): void {
  const { state } = ctx;
  const w = state.initiativeWinner as string;
  // In place: moveOrder was built for this turn by rollInitiative.
  if (choice === 'first') state.moveOrder.unshift(w);
  else state.moveOrder.push(w);
  state.moveSide = 0;
  state.phase = 'move';
  if (ctx.emit) ctx.emit({ type: 'initiative-choice', turn: state.turn, side: w, choice, order: state.moveOrder.slice(), ...sideNamesOf(state) });
}

const byAdjDX = (a: { adj: number }, b: { adj: number }): number => b.adj - a.adj;

/** tft-core: actions in order of adjDX, highest first; ties rolled off (rerolled until they differ). */
function startActionPhase(ctx: TftContext): void {
  const { state, emit } = ctx;
  const fs = state.figures;
  if (!emit && fs.length === 2 && fs[0].woundFx.canAct && fs[1].woundFx.canAct) {
    // Two able figures, no narration (the lab's duels): the general code below without its
    // entry objects and sort; a tie is rolled off as rollOff does (one d6 each in order, again
    // while equal).
    const a = baseAdjDX(state, fs[0], null);
    const b = baseAdjDX(state, fs[1], null);
    let firstIsA = a > b;
    if (a === b) {
      let x = rollD6(ctx);
      let y = rollD6(ctx);
      while (x === y) {
        x = rollD6(ctx);
        y = rollD6(ctx);
      }
      firstIsA = x > y;
    }
    const order = state.actionOrder;
    while (order.length > 2) order.pop();
    order[0] = fs[firstIsA ? 0 : 1].id;
    order[1] = fs[firstIsA ? 1 : 0].id;
    state.actionIndex = 0;
    state.phase = 'action';
    state.actionPrepared = -1;
    return;
  }
  const entries: { id: string; adj: number; rolls: number[]; ledger: LedgerEntry[] | null; acted: boolean }[] = [];
  for (const f of state.figures) {
    if (!f.woundFx.canAct) continue;
    const ledger = emit ? ([] as LedgerEntry[]) : null;
    entries.push({ id: f.id, adj: baseAdjDX(state, f, ledger), rolls: [], ledger, acted: f.turn.acted });
  }
  if (entries.length > 1) entries.sort(byAdjDX);
  // Roll off each group of equal adjDX.
  let i = 0;
  while (i < entries.length) {
    let j = i + 1;
    while (j < entries.length && entries[j].adj === entries[i].adj) j++;
    if (j - i > 1) rollOff(ctx, entries, i, j, 0);
    i = j;
  }
  const order: string[] = [];
  for (let k = 0; k < entries.length; k++) order.push(entries[k].id);
  state.actionOrder = order;
  state.actionIndex = 0;
  state.phase = 'action';
  state.actionPrepared = -1;
  // A figure whose action is already taken keeps its place in the order (and in a roll-off), as a
  // defend or dodge stance taken with its move always did (tft-core); it is marked, as it is never
  // asked: the stance, or a medic's turn filled by the 5 minutes run at once (R-T3).
  if (emit) {
    const order = entries.map((e) => ({ figure: e.id, adjDX: e.adj, rolls: e.rolls, ledger: e.ledger, ...(e.acted ? { acted: true } : {}) }));
    emit({ type: 'action-order', turn: state.turn, order, rule: 'tft-core action order' });
  }
}

function rollOff(ctx: TftContext, list: { rolls: number[] }[], from: number, to: number, depth: number): void {
  for (let k = from; k < to; k++) list[k].rolls[depth] = rollD6(ctx);
  const part = list.slice(from, to).sort((a, b) => b.rolls[depth] - a.rolls[depth]);
  for (let k = from; k < to; k++) list[k] = part[k - from];
  let i = from;
  while (i < to) {
    let j = i + 1;
    while (j < to && list[j].rolls[depth] === list[i].rolls[depth]) j++;
    if (j - i > 1) rollOff(ctx, list, i, j, depth + 1);
    i = j;
  }
}

function endTurn(ctx: TftContext): void {
  const { state, emit } = ctx;
  for (const h of hooksOf(state).endOfTurn) h(ctx);
  turnPasses(ctx, false); // the per-turn countdowns (reload, classic 5-hit, modules')
  if (emit) emit({ type: 'turn-end', turn: state.turn });
}

/**
 * A command type given at any moment, not as a figure's move or action: the GM's (adjust.ts,
 * end.ts, leave.ts) and house actions of phase 'any'.
 */
export function anyMomentType(state: TftState, type: string): boolean {
  return GM_COMMANDS.includes(type) || hooksOf(state).actions.get(type)?.spec.phase === 'any';
}

/** The figure a script entry's command names, when there is one (in the fight or gone from it). */
function entryFigure(state: TftState, e: ScriptEntry): Figure | undefined {
  const fid = (e.command as { figure?: unknown }).figure;
  return typeof fid === 'string' ? (figure(state, fid) ?? goneFigure(state, fid)) : undefined;
}

/**
 * Whether a script entry naming `f` can never be played: `f` is dead or has left the fight.
 * Dead is final and gone is gone: every command refuses such a figure, a move or action (it never
 * acts), the GM's adjust and leave and the thread module's any-moment commands (it is not found).
 */
function neverPlayable(f: Figure): boolean {
  return f.state === 'dead' || 'left' in f;
}

/**
 * At the end of a turn (before the next one starts), drops the script entries that can no longer
 * be played: those of the turn that ended, and every entry of a dead figure at once (not one a
 * turn, each burying the log with the same news). Tagged with the turn that ended, so the log
 * reads them before the next turn's header.
 */
function skipSpentEntries(ctx: TftContext): void {
  const { state, emit } = ctx;
  for (let i = 0; i < state.script.length; i++) {
    if (state.scriptUsed[i]) continue;
    const e = state.script[i];
    const f = entryFigure(state, e);
    const dead = f !== undefined && neverPlayable(f);
    if (!dead && (e.turn === undefined || e.turn > state.turn)) continue;
    state.scriptUsed[i] = true;
    if (!emit) continue;
    const reason = f && dead
      ? `${f.name} ${'left' in f ? 'has left the fight' : 'is dead: dead is final'}, none of its entries can be played`
      : `turn ${e.turn} ended without it: its figure never had the decision, or it was no longer legal then`;
    emit({ type: 'script-skipped', turn: state.turn, index: i, command: e.command, reason });
  }
}

/**
 * Unused script entries that can still be used (for the over test, at a turn's end: of a later
 * turn; `thisTurn`: mid-turn, the rest of this turn's count too).
 */
export function scriptRemains(state: TftState, thisTurn = false): boolean {
  const after = thisTurn ? state.turn - 1 : state.turn;
  for (let i = 0; i < state.script.length; i++) {
    if (state.scriptUsed[i]) continue;
    const e = state.script[i];
    if (e.turn !== undefined && e.turn <= after) continue;
    const f = entryFigure(state, e);
    // A figure down may still be named at any moment (the GM's adjust may bring it round); a
    // dead or gone one never.
    if (!f) return true;
    if (neverPlayable(f)) continue;
    if (anyMomentType(state, e.command.type)) return true;
    // A move or action of a figure that has moved and acted this turn waits for no later turn
    // when it is this turn's: nothing of this turn is left for it (R-T3: a medic whose work
    // filled the turn, thread finishStabilizationAction).
    if (f.woundFx.canAct && !(thisTurn && e.turn === state.turn && f.turn.moved && f.turn.acted)) return true;
  }
  return false;
}

const NOT_OVER = Object.freeze({ over: false, winner: null, reason: '' });

/**
 * The end test at the end of a turn (tft-core turn step 4; Fray's reading): the fight is over
 * when one side (or none) has a figure able to act and the script has nothing left to play.
 * Dying or unconscious friends of the winners do not keep it going, and no module can (their
 * after-the-fight commands, such as thread's `finish-stabilization`, stay legal after the end).
 * While two sides can act, a module's isOver may end the fight early (true).
 */
export function overNow(state: TftState): { over: boolean; winner: string | null; reason: string } {
  if (hooksOf(state).isOver.length === 0 && twoSidesAble(state)) return NOT_OVER;
  const sides = ableSides(state);
  const winner = sides.length === 1 ? sides[0] : null;
  if (sides.length <= 1) {
    if (scriptRemains(state)) return { over: false, winner: null, reason: '' };
    return { over: true, winner, reason: sides.length ? 'one side left standing' : 'no one left standing' };
  }
  for (const h of hooksOf(state).isOver) {
    if (h(state) === true) return { over: true, winner: null, reason: 'house rule' };
  }
  return { over: false, winner: null, reason: '' };
}

/** Ends the encounter with `winner` (or none) and why; `byGm`: the GM's `end` (end.ts), said in the event. */
function endEncounter(ctx: TftContext, winner: string | null, reason: string, byGm = false): void {
  const { state } = ctx;
  state.phase = 'over';
  state.winner = winner;
  state.endReason = reason;
  if (ctx.emit) {
    const ev: OverEvent = { type: 'over', turn: state.turn, winner, reason, ...(byGm ? { gm: true as const } : {}), ...sideNamesOf(state) };
    ctx.emit(ev);
  }
  for (const h of hooksOf(state).afterFight) h(ctx);
}

/** tft-core turn step 4: the end-of-turn effects, then the end test; the next turn if it goes on. */
function closeTurn(ctx: TftContext): void {
  endTurn(ctx);
  const o = overNow(ctx.state);
  if (o.over) endEncounter(ctx, o.winner, o.reason);
  else startTurn(ctx);
}

/**
 * After time run at once out of combat (ActionSpec.outOfCombat: thread's 5 minutes, R-T3) while
 * the encounter is in play: with nothing left to do (the end test holds: one side or none able,
 * no script entry left, this turn's unplayed ones included: R-T5's first aid after the time) the
 * rest of the turn's phases are not played; the turn ends at once (its end-of-turn effects) and
 * the fight is over. The time is not fight turns: `turn` stays.
 */
function endIfNothingLeft(ctx: TftContext): void {
  const { phase } = ctx.state;
  if (phase !== 'initiative' && phase !== 'move' && phase !== 'action') return;
  if (overNow(ctx.state).over && !scriptRemains(ctx.state, true)) closeTurn(ctx);
}

/** Advance through automatic steps up to the next decision. */
export function advance(ctx: TftContext): void {
  const { state } = ctx;
  for (;;) {
    switch (state.phase) {
      case 'begin':
      case 'over':
        return;
      case 'initiative': {
        const fs = state.figures;
        let waiting = false;
        for (let i = 0; i < fs.length && !waiting; i++) waiting = fs[i].side === state.initiativeWinner && fs[i].woundFx.canAct;
        if (waiting) return;
        chooseOrder(ctx, 'first');
        continue;
      }
      case 'move': {
        const side = state.moveOrder[state.moveSide];
        let waiting = false;
        for (const f of state.figures) {
          if (f.side === side && needsMove(f)) {
            waiting = true;
            break;
          }
        }
        if (waiting) return;
        state.moveSide += 1;
        if (state.moveSide >= state.moveOrder.length) startActionPhase(ctx);
        continue;
      }
      case 'action': {
        while (state.actionIndex < state.actionOrder.length) {
          const a = figure(state, state.actionOrder[state.actionIndex]) as Figure;
          if (needsAction(a, state)) {
            if (state.actionPrepared !== state.actionIndex) {
              state.actionPrepared = state.actionIndex;
              for (const h of hooksOf(state).beforeAction) h(ctx, a);
              if (!needsAction(a, state)) {
                state.actionIndex++;
                continue;
              }
            }
            return;
          }
          state.actionIndex++;
        }
        closeTurn(ctx);
        continue;
      }
    }
  }
}
