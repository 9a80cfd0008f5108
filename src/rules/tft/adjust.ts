// The GM's adjustment of a figure (a table tool, rule id `gm`, not a seed rule): hits, healing
// and fatigue from what the engine does not model (a wizard's Fireball, a fall, a potion drunk
// between blows). Only the GM sends it (GameSystem.gmCommands), at any moment of the fight: it
// takes no game time, is not the figure's action and leaves the pending decision as it was; the
// AI never sends it. Hits go through the core's applyDamage, so every consequence follows with
// its ledger (5- and 8-hit effects, wound states, the Thread's states and thread rolls).
import type { z } from 'zod';
import { rollFaces, sum } from '../../core/dice/source.ts';
import { CommandRejected, InputError } from '../../core/errors.ts';
import { quote } from '../../core/issues.ts';
import { applyDamage, parseDamage, refreshState } from './core.ts';
import type { ApplyDamageOptions, DamageInfo, TftContext } from './hooks.ts';
import type { AdjustCommand, AdjustEvent, DamageDice, Figure, TftEvent } from './model.ts';

/** The command types only the GM may send (tftSystem.gmCommands): this adjustment, the end of the fight (end.ts) and a figure's leaving it (leave.ts). */
export const GM_COMMANDS: readonly string[] = Object.freeze(['adjust', 'end', 'leave']);

/** The most hits or wounds one adjustment gives or removes. */
export const MAX_ADJUST = 999;

/** The damage or healing `v` as dice (a number is a constant), or why it is not one. */
function amountDice(v: number | string): DamageDice | string {
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return `expected a whole number or TFT dice such as 2d+1, got ${v}`;
    return { dice: 0, plus: v, text: String(v) };
  }
  try {
    return parseDamage(v);
  } catch (e) {
    if (e instanceof InputError) return `${quote(v)} is not a number or TFT dice (e.g. 2d, 3d+1, 1d-1)`;
    throw e;
  }
}

/** Why `v` is not a `damage` or `heal` amount (1 to MAX_ADJUST, or dice that can reach 1 and not pass it), or null. */
function amountProblem(v: number | string): string | null {
  const d = amountDice(v);
  if (typeof d === 'string') return d;
  const high = d.dice * 6 + d.plus;
  if (high < 1) return d.dice ? `${quote(d.text)} never comes to 1 or more` : `must be at least 1, got ${d.plus}`;
  if (high > MAX_ADJUST) return `must be at most ${MAX_ADJUST}, got ${d.dice ? `${quote(d.text)} (up to ${high})` : high}`;
  return null;
}

/** The `damage` / `heal` field's check (commands.ts): on a number or text, the amount's own rules. */
export function checkAmount(v: number | string, ctx: z.RefinementCtx): void {
  const why = amountProblem(v);
  if (why) ctx.addIssue({ code: 'custom', message: why });
}

/** The command's checks across fields (commands.ts), each naming the field at fault. */
export function checkAdjustFields(c: { damage?: unknown; heal?: unknown; fatigue?: unknown; armor?: unknown }, ctx: z.RefinementCtx): void {
  if (c.damage === undefined && c.heal === undefined && c.fatigue === undefined) {
    ctx.addIssue({ code: 'custom', path: ['damage'], message: 'required: one of damage, heal or fatigue' });
  }
  if (c.damage !== undefined && c.heal !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['heal'], message: 'damage and heal cannot both be given: send two adjustments' });
  }
  if (c.armor !== undefined && c.damage === undefined) {
    ctx.addIssue({ code: 'custom', path: ['armor'], message: 'only with damage (whether armor and shield stop its hits)' });
  }
}

const reject = (path: string, message: string): never => {
  throw new CommandRejected(path, message);
};

/** Checks the adjustment against the state (changing nothing); returns the function that carries it out. */
export function validateAdjust(ctx: TftContext, cmd: AdjustCommand, fig: Figure): () => void {
  if (ctx.state.phase === 'over') reject('command.type', 'the fight is over: the GM adjusts figures only while it lasts');
  if (fig.state === 'dead') reject('command.figure', `${fig.name} is dead: dead is final`);
  return () => resolveAdjust(ctx, cmd, fig);
}

/** `amount` rolled with the apply call's dice (a number rolls none): the total, never below 0, and the roll when there were dice. */
function rollAmount(ctx: TftContext, amount: number | string): { total: number; faces: number[]; plus: number; roll?: AdjustEvent['roll'] } {
  const d = amountDice(amount) as DamageDice;
  const faces = rollFaces(ctx.dice, d.dice);
  const total = Math.max(0, sum(faces) + d.plus);
  return { total, faces, plus: d.plus, ...(d.dice > 0 ? { roll: { dice: d.text, faces, total } } : {}) };
}

const IGNORE_ARMOR: ApplyDamageOptions = Object.freeze({ ignoreArmor: true });

function resolveAdjust(ctx: TftContext, cmd: AdjustCommand, fig: Figure): void {
  const reason = cmd.reason.trim();
  const given = cmd.damage ?? cmd.heal;
  const r = given === undefined ? null : rollAmount(ctx, given);
  // The consequences' events wait for the adjustment's own, which says what was applied.
  const later: TftEvent[] | null = ctx.emit ? [] : null;
  const inner: TftContext = later ? { ...ctx, emit: (e) => later.push(e) } : ctx;
  const done: Pick<AdjustEvent, 'damage' | 'armor' | 'heal' | 'fatigue'> = {};
  if (cmd.fatigue !== undefined) {
    // Fatigue recovered never goes below 0 (0 - fatigue: never the -0 that JSON would not keep).
    done.fatigue = Math.max(0 - fig.fatigue, cmd.fatigue);
    fig.fatigue += done.fatigue;
  }
  if (cmd.damage !== undefined && r) {
    // As a hit from no figure: the tallies count it as taken, dealt by no one (core applyDamage).
    const d: DamageInfo = {
      attacker: null,
      target: fig,
      weapon: null,
      delivery: 'gm',
      faces: r.faces,
      plus: r.plus,
      multiplier: 1,
      raw: r.total,
      stopped: 0,
      amount: 0,
      knockdownBasis: -1,
      knockdownWhy: null,
      tags: {},
      ledger: later ? [{ source: `GM: ${reason}`, delta: r.total, rule: 'gm' }] : null,
    };
    applyDamage(inner, d, cmd.armor === true ? undefined : IGNORE_ARMOR);
    done.damage = d.amount;
    if (cmd.armor === true) done.armor = true;
  } else {
    if (cmd.heal !== undefined && r) {
      done.heal = Math.min(fig.wounds, r.total);
      fig.wounds -= done.heal;
    }
    // A figure healed out of dying stops its thread rolls (the thread module's onStateChange).
    refreshState(inner, fig);
  }
  if (!ctx.emit || !later) return;
  const ev: AdjustEvent = { type: 'adjust', turn: ctx.state.turn, figure: fig.id, reason, ...(r?.roll ? { roll: r.roll } : {}), ...done, woundsNow: fig.wounds, fatigueNow: fig.fatigue };
  ctx.emit(ev);
  for (const e of later) ctx.emit(e);
}
