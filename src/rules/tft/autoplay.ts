// The AI playing a TFT fight to its end without the command layer (GameSystem.playOut, the
// lab's Monte Carlo path): the same state, the same rule functions (attack, advance, the turn's
// automatic steps, the house modules' hooks) and the same AI. Where the AI's answer is known
// without searching, in a fight of one against one at close quarters, the decision is taken
// and carried out directly; any other decision goes through decide() and apply() as usual.
// A step taken either way is one step, so runToEnd's count and maxSteps are unchanged.
//
// Every shortcut below restates what ai.ts would choose and what flow.ts would do with it
// (validation included: a shortcut is taken only where the command is legal). Proof that the
// two agree: hotpath.test.ts (golden fights) and autoplay.test.ts (random duels, both ways).
import type { DiceSource } from '../../core/dice/source.ts';
import { faceToward } from './ai.ts';
import { attack, attackDX, defaultArmorStops, defenseDice, isEngaged, poleSetAgainstCharge, readyWeapon } from './core.ts';
import { advance, applyCommand, attackBar, attackMode, chooseOrder, finishAction, makeCtx, needsMove } from './flow.ts';
import type { TftContext } from './hooks.ts';
import type { AttackCommand, Figure, TftState } from './model.ts';
import { expectedDamageCached } from './odds.ts';
import { hooksOf } from './registry.ts';
import { decideTft } from './system.ts';

/**
 * The two figures when the shortcuts may be used: exactly two figures on two sides, no script
 * (the AI takes every decision), no module vetoing core actions, and every module action inert
 * for the AI here (ActionSpec.aiInert: its options never score for the AI in this fight).
 */
export function duelOf(state: TftState): [Figure, Figure] | null {
  const fs = state.figures;
  if (fs.length !== 2 || fs[0].side === fs[1].side || state.script.length !== 0) return null;
  const hooks = hooksOf(state);
  if (hooks.vetoAction.length !== 0) return null;
  for (const { spec } of hooks.actions.values()) if (spec.phase !== 'move' && !spec.aiInert?.(state)) return null;
  return [fs[0], fs[1]];
}

/** GameSystem.playOut for TFT: runToEnd's loop (AI, no events), with the duel shortcuts. */
export function playOutTft(state: TftState, dice: DiceSource, maxSteps: number): { steps: number; ended: boolean } {
  const ctx = makeCtx(state, dice, null);
  const duel = duelOf(state);
  // The attack commands of the duel, made once (hooks only read them).
  const blows = duel && { a: attackCommand(duel[0], duel[1]), b: attackCommand(duel[1], duel[0]) };
  let steps = 0;
  while (steps < maxSteps) {
    if (state.phase === 'over') return { steps, ended: true };
    if (!duel || !blows || !shortcut(ctx, duel[0], duel[1], blows)) applyCommand(state, decideTft(state), dice, null);
    steps++;
  }
  return { steps, ended: state.phase === 'over' };
}

const attackCommand = (f: Figure, e: Figure): AttackCommand => ({ type: 'attack', figure: f.id, target: e.id });

/** Takes the pending decision of a one-against-one fight when its answer is known; false if not. */
function shortcut(ctx: TftContext, a: Figure, b: Figure, blows: { a: AttackCommand; b: AttackCommand }): boolean {
  const state = ctx.state;
  switch (state.phase) {
    case 'initiative':
      // tftPolicy: the winner always moves last (advance() waits here only when it can act).
      chooseOrder(ctx, 'last');
      advance(ctx);
      return true;
    case 'move': {
      const side = state.moveOrder[state.moveSide];
      const f = a.side === side ? a : b;
      if (!needsMove(f)) return false;
      return moveInPlace(ctx, f, f === a ? b : a);
    }
    case 'action': {
      const id = state.actionOrder[state.actionIndex];
      const f = a.id === id ? a : b;
      return act(ctx, f, f === a ? b : a, f === a ? blows.a : blows.b);
    }
    default:
      return false;
  }
}

/**
 * planMove with one enemy `e` and no friends: it stays where it is. With `e` unable to act (no
 * foes) it keeps its facing; with no weapon ready, or engaged by `e` with a melee weapon, it
 * turns to face `e`. Any other case (closing in, a shift round a fallen foe, a shooter) is
 * searched by the AI.
 */
function moveInPlace(ctx: TftContext, f: Figure, e: Figure): boolean {
  let face = false;
  if (e.woundFx.canAct) {
    const w = readyWeapon(f);
    if (w !== null && (w.def.kind === 'missile' || !isEngaged(ctx.state, f))) return false;
    face = true;
  }
  // flow.ts validateMove with an empty path (always legal for a figure that needs to move).
  f.turn.hexes = 0;
  f.turn.moved = true;
  if (face && f.woundFx.canAct) f.facing = faceToward(f.pos, e.pos);
  advance(ctx);
  return true;
}

/**
 * planAction with one enemy `e` and no friends: a figure down stands up (or passes, having
 * moved); otherwise its only scoring option is a melee attack on `e`, taken when its expected
 * damage is positive. Everything else (a thrown weapon, a pole weapon against a charger, no
 * weapon, nothing to hit: ready, pick up, defend, pass) is left to the AI.
 */
function act(ctx: TftContext, f: Figure, e: Figure, blow: AttackCommand): boolean {
  const state = ctx.state;
  if (f.prone) {
    // validateAction: stand-up needs no move this turn; pass is always legal.
    if (f.turn.hexes === 0) f.prone = false;
  } else {
    const w = readyWeapon(f);
    if (w === null || e.state === 'dead' || !e.woundFx.canAct || attackBar(state, f, e) !== null) return false;
    if (attackMode(f, w, e) !== 'melee' || poleSetAgainstCharge(f, e, w, 'melee')) return false;
    const adj = attackDX(state, f, e, w, 'melee', null);
    if (expectedDamageCached(adj, defenseDice(e, 'melee'), w.dmg, defaultArmorStops(state, e), state.options.ruleset) <= 0) return false;
    attack(ctx, f, e, w, 'melee', blow);
  }
  finishAction(f);
  advance(ctx);
  return true;
}
