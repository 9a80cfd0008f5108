// One line of narration per event (`fray run` without --json, the table's log).
import { directionName } from '../../core/hex/coords.ts';
import { type DisplayNames, nameOf } from '../../engine/names.ts';
import { isUnseen, leadName } from '../unseen.ts';
import { count, sentence } from '../words.ts';
import { ledgerText, rollText } from './ledger-text.ts';
import type { TftEvent } from './model.ts';
import { allModules } from './registry.ts';

const hexText = (h: unknown): string => {
  const x = h as { q: number; r: number } | undefined;
  return x ? `(${x.q},${x.r})` : '?';
};

/**
 * The GM's adjustment (adjust.ts): "GM: Bjorn is hit (Fireball; 2d = 4+3 = 7)." What the
 * figure is left with ("wounds now 3") only where the event carries it (the server hides it from
 * some viewers).
 */
function describeAdjust(e: TftEvent, f: string): string {
  const done: string[] = [];
  // The hits themselves are the damage line that follows (armor, wounds now): not said twice.
  if (typeof e.damage === 'number') done.push('is hit');
  if (typeof e.heal === 'number') done.push(`heals ${count(e.heal, 'wound')}`);
  // 0 applied: a recovery with no fatigue to recover (fatigue taken is never cut).
  if (typeof e.fatigue === 'number') done.push(`${e.fatigue <= 0 ? 'recovers' : 'takes'} ${Math.abs(e.fatigue)} fatigue`);
  const roll = e.roll as { dice: string; faces: number[]; total: number } | undefined;
  const now: string[] = [];
  if (typeof e.heal === 'number' && typeof e.woundsNow === 'number') now.push(`wounds now ${e.woundsNow}`);
  if (typeof e.fatigue === 'number' && typeof e.fatigueNow === 'number') now.push(`fatigue now ${e.fatigueNow}`);
  // Nothing applied left in the event (a view that hides it): the adjustment and its reason.
  return `GM: ${done.length ? `${f} ${done.join(' and ')}` : `adjusts ${f}`} (${e.reason}${roll ? `; ${rollText(roll)}` : ''})${now.map((n) => `; ${n}`).join('')}.`;
}

/**
 * One line for `e`. `names`: figure id -> the name the table shows (engine/names.ts); an id
 * without an entry is shown as the id. Sides ("red wins") are not figures and stay as they are.
 */
export function describeTft(e: TftEvent, names?: DisplayNames): string {
  const t = `[turn ${e.turn}]`;
  const who = (id: unknown) => nameOf(names, id);
  // A side by the scenario's name for it ("Lenny, Eragin, James and Claudio"), else its id.
  const side = (id: unknown) => (e.sideNames as Record<string, string> | undefined)?.[String(id)] ?? String(id);
  const f = who(e.figure);
  switch (e.type) {
    case 'turn-start':
      return `=== Turn ${e.turn} ===`;
    case 'initiative': {
      const rolls = (e.rolls as { side: string; faces: number[] }[]).map((r) => `${side(r.side)} ${r.faces.join(', then ')}`).join('; ');
      // A side's own name may be singular or plural ("Red squad", "Two orcs"): said without a verb to agree.
      return `${t} Initiative: ${rolls}. ${e.sideNames ? `Won by ${side(e.winner)}` : `${e.winner} wins`}.`;
    }
    case 'initiative-choice':
      return `${t} ${e.sideNames ? `Move ${e.choice}, chosen by ${side(e.side)}` : `${e.side} chooses to move ${e.choice}`}; order ${(e.order as string[]).map(side).join(' then ')}.`;
    case 'move-step':
      return `${t} ${f} steps ${hexText(e.from)} -> ${hexText(e.to)}`;
    case 'move':
      return `${t} ${f} ${e.hexes ? `moves ${count(Number(e.hexes), 'hex', 'hexes')} to ${hexText(e.to)}` : `stays at ${hexText(e.to)}`}, facing ${directionName(e.facing)}${e.engaged ? ' (engaged)' : ''}.`;
    case 'stance':
      return `${t} ${f} will ${e.stance} this turn.`;
    case 'action-order':
      return `${t} Action order: ${(e.order as { figure: string; adjDX: number; rolls: number[]; acted?: boolean }[]).map((o) => `${who(o.figure)} (adjDX ${o.adjDX}${o.rolls.length ? `, roll-off ${o.rolls.join('/')}` : ''}${o.acted ? ', already acted this turn' : ''})`).join(', ')}.`;
    case 'attack': {
      const res =
        e.outcome === 'triple' ? 'TRIPLE damage' : e.outcome === 'double' ? 'DOUBLE damage' : e.outcome === 'auto-hit' ? 'automatic hit' : e.outcome === 'hit' ? 'hit' : e.outcome === 'auto-miss' ? 'automatic miss' : e.outcome === 'drop' ? 'miss, drops the weapon' : e.outcome === 'break' ? 'miss, the weapon breaks' : 'miss';
      const blow = `${leadName(e, 'figure', f)} attacks ${who(e.target)} with ${e.weapon} (${e.mode})`;
      // A striker hidden from the viewer (rules/unseen.ts): its roll and adjDX are not there, the outcome is.
      if (isUnseen(e, 'figure')) return `${t} ${blow}: ${res}.`;
      return `${t} ${blow}: ${e.dice}d6 = ${(e.faces as number[]).join('+')} = ${e.roll} vs adjDX ${e.adjDX} [${ledgerText(e.ledger)}] -> ${res}.`;
    }
    case 'damage': {
      // A first term a house rule gave (an HE splash's points, not a roll) names its rule.
      const parts = ledgerText(e.ledger, (l) => `${l.source} = ${l.delta}${l.rule.startsWith('R-') ? ` [${l.rule}]` : ''}`);
      // wounds: absent where the table hides the figure's stats (server views).
      return `${t} ${f} takes ${e.amount} damage (${parts || `${e.raw} before armor`})${typeof e.wounds === 'number' ? `; wounds now ${e.wounds}` : ''}.`;
    }
    // `counted`: what a house rule made count for the 5/8-hit effects (R-H13 flak: the damage
    // before armor), so "9 hits" after 2 damage taken says why.
    case 'hit-penalty':
      return typeof e.counted === 'string'
        ? `${t} ${f}: ${count(Number(e.hits), 'hit')} this turn counted for knockdown (${e.counted}): -2 DX [${e.rule}].`
        : `${t} ${f} has taken ${count(Number(e.hits), 'hit')} this turn: -2 DX [${e.rule}].`;
    case 'falls':
      return typeof e.counted === 'string'
        ? `${t} ${f} falls down: ${count(Number(e.hits), 'hit')} this turn counted for knockdown (${e.counted})${e.lostAction ? '; it loses its action' : ''} [${e.rule}].`
        : `${t} ${f} falls down (${count(Number(e.hits), 'hit')} this turn)${e.lostAction ? ' and loses its action' : ''}.`;
    case 'state':
      // The reason the rules give (R-T1: under the thread rule dyST, not remST, decides dying and dead).
      if (typeof e.reason === 'string') return `${t} ${f} is now ${String(e.to).toUpperCase()} (was ${e.from}): ${e.reason}.`;
      return `${t} ${f} is now ${String(e.to).toUpperCase()} (was ${e.from}${typeof e.remST === 'number' ? `; remST ${e.remST}` : ''}).`;
    case 'weapon-dropped':
      return `${t} ${f} drops ${e.name}.`;
    case 'weapon-broken':
      return `${t} ${f}'s ${e.name} breaks.`;
    case 'ready':
      return `${t} ${f} readies ${e.name}${e.twoHanded ? ' (two hands)' : ''}.`;
    case 'pick-up':
      return `${t} ${f} picks up ${e.name}.`;
    case 'stand-up':
      return `${t} ${f} stands up.`;
    case 'drop':
      return `${t} ${f} drops to the ground.`;
    case 'disengage':
      return `${t} ${f} disengages to ${hexText(e.to)}.`;
    case 'pass':
      return `${t} ${f} does nothing.`;
    case 'turn-end':
      return `${t} End of turn.`;
    case 'adjust':
      return `${t} ${describeAdjust(e, f)}`;
    case 'leave':
      return `${t} GM: ${f} leaves the fight (${e.reason}).`;
    case 'script-skipped':
      return `${t} (script entry ${e.index} skipped: ${e.reason})`;
    case 'over': {
      const won = e.winner ? (e.sideNames ? `won by ${side(e.winner)}` : `${e.winner} wins`) : 'no winner';
      // The GM's end (end.ts): the GM's reason as said ("the orcs flee"), then the outcome.
      if (e.gm === true) return `*** GM ends the fight: ${sentence(String(e.reason))} ${won[0].toUpperCase()}${won.slice(1)}. ***`;
      return `*** The fight is over after turn ${e.turn}: ${won} (${e.reason}). ***`;
    }
    default: {
      // House-rule events: the module's own narration, else their fields.
      for (const m of allModules()) {
        const line = m.describe?.(e, names);
        if (line) return `${t} ${line}`;
      }
      const { type, turn: _turn, ...rest } = e;
      return `${t} ${type}: ${JSON.stringify(rest)}`;
    }
  }
}
