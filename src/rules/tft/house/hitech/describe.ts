// Narration of the HiTech module's events (`fray run` without --json, the table's log), in the
// style of the core's describe: who, what, the dice and the numbers with their ledgers, the rule
// ids. Figures by the names the table shows (`names`, built by the caller from the state; an id
// without an entry is shown as the id), as in the core's lines; weapons, ammunition and grenades
// by their names.
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../../../engine/names.ts';
import type { GameEvent } from '../../../../engine/types.ts';
import { FIREARMS } from './data.ts';

const TYPES = new Set(['fire', 'fire-grenade', 'throw-grenade', 'hits', 'scatter', 'blast', 'reload', 'overwatch', 'overwatch-fire', 'overwatch-lapsed', 'quickdraw']);

type E = Record<string, unknown>;

/** "DX 13 - 1 rifle range 4 MH (16 m) [R-H2] + 1 half-clip burst [R-H10]", as the core writes an adjDX ledger. */
function ledgerText(entries: unknown): string {
  if (!Array.isArray(entries) || entries.length === 0) return '';
  return (entries as LedgerEntry[])
    .map((e, i) => (i === 0 ? `${e.delta} ${e.source}` : `${e.delta < 0 ? '-' : '+'} ${Math.abs(e.delta)} ${e.source} [${e.rule}]`))
    .join(' ');
}

const hex = (h: unknown): string => {
  const x = h as { q?: number; r?: number } | null | undefined;
  return x && typeof x.q === 'number' ? `(${x.q},${x.r})` : '?';
};

/** A weapon's name from its instance id ("r-rifle.assault-rifle" -> "assault rifle"). */
function weaponName(uid: unknown): string {
  const s = String(uid ?? '');
  for (const part of s.split('.').reverse()) {
    const fw = FIREARMS.find((f) => f.id === part);
    if (fw) return fw.name;
  }
  return s;
}

const OUTCOMES: Record<string, string> = {
  triple: 'TRIPLE damage',
  double: 'DOUBLE damage',
  'auto-hit': 'automatic hit',
  hit: 'hit',
  'auto-miss': 'automatic miss',
  drop: 'miss, drops the weapon',
  break: 'miss, the weapon breaks',
  miss: 'miss',
};

const BURSTS: Record<string, string> = { single: 'single shot', four: '4-shot burst', half: 'half-clip burst', full: 'full-clip burst', burst: 'burst' };

/** "3d6 = 2+2+3 = 7 vs adjDX 14 [DX 13 - 1 ...] -> hit" */
function roll(e: E): string {
  const faces = Array.isArray(e.faces) ? (e.faces as number[]).join('+') : '?';
  const ledger = ledgerText(e.ledger);
  return `${e.dice ?? 3}d6 = ${faces} = ${e.roll} vs adjDX ${e.adjDX}${ledger ? ` [${ledger}]` : ''} -> ${OUTCOMES[String(e.outcome)] ?? e.outcome}`;
}

function describeFire(e: E, who: (id: unknown) => string): string {
  const at = e.target ? `at ${who(e.target)}` : `at hex ${hex(e.at)}`;
  const burst = BURSTS[String(e.burst)] ?? String(e.burst);
  const over = e.overwatch ? ', from overwatch' : '';
  return `${who(e.figure)} fires ${at} with the ${e.weapon} (${burst}, ${e.rounds} round(s) of ${e.ammo}${over}): ${roll(e)}; ${e.loadedLeft} round(s) left [R-H10].`;
}

/** One line for a HiTech event, or undefined for any other event. */
export function describeHitech(event: GameEvent, names?: DisplayNames): string | undefined {
  if (!TYPES.has(event.type)) return undefined;
  const e = event as unknown as E;
  const who = (id: unknown) => nameOf(names, id);
  const f = who(e.figure);
  switch (event.type) {
    case 'fire':
      return describeFire(e, who);
    case 'fire-grenade':
      return `${f} fires a rifle grenade from the ${e.weapon} at hex ${hex(e.at)}: ${roll(e)}; ${e.left} rifle grenade(s) left [R-H3, R-H12].`;
    case 'throw-grenade':
      return `${f} throws a ${e.weapon} at hex ${hex(e.at)}: ${roll(e)} [R-H3, R-H12].`;
    case 'hits': {
      const ledger = (Array.isArray(e.ledger) ? (e.ledger as LedgerEntry[]) : []).map((l) => `${l.delta} ${l.source}`).join(' + ');
      return `${f}'s burst hits ${who(e.target)} ${e.hits} time(s) (${ledger}); each hit rolls its own damage [R-H10].`;
    }
    case 'scatter':
      return `${f}'s shot misses hex ${hex(e.aimed)} and scatters: 1d6 = ${e.distanceFace} hex(es) in direction 1d6 = ${e.directionFace}, landing at ${hex(e.at)} [${e.rule}].`;
    case 'blast': {
      const victims = (Array.isArray(e.victims) ? (e.victims as { figure: string; ring: number; dice: number }[]) : [])
        .map((v) => `${who(v.figure)} ${v.dice}d (${v.ring === 0 ? 'impact hex, armor halved' : `ring ${v.ring}`})`)
        .join(', ');
      return `The ${e.what} (${f}) explodes at ${hex(e.at)}, ${e.dice} dice: ${victims || 'nobody in reach'} [${e.rule}].`;
    }
    case 'reload':
      return `${f} reloads the ${weaponName(e.weapon)} with ${e.ammo}: ${e.loaded} round(s) loaded${Number(e.discarded) > 0 ? `, ${e.discarded} left in the old clip lost` : ''}; ${e.spareLeft} spare ${e.ammo} clip(s) left [${e.rule}].`;
    case 'overwatch': {
      const burst = BURSTS[String(e.burst)] ?? String(e.burst);
      return `${f} goes on overwatch with the ${weaponName(e.weapon)} (${burst}), until the end of turn ${e.until}'s movement [${e.rule}].`;
    }
    case 'overwatch-fire':
      return `${f} fires from overwatch at ${who(e.target)}: ${e.why} [${e.rule}].`;
    case 'overwatch-lapsed':
      return `${f}'s overwatch lapses${e.target ? ` (at ${who(e.target)})` : ''}: ${e.reason} [${e.rule}].`;
    case 'quickdraw': {
      const faces = Array.isArray(e.faces) ? (e.faces as number[]).join('+') : '?';
      const ledger = ledgerText(e.ledger);
      return `${f} quickdraws the ${weaponName(e.weapon)}: 3d6 = ${faces} = ${e.roll} vs adjDX ${e.adjDX}${ledger ? ` [${ledger}]` : ''} -> ${e.fires ? 'drawn and fires this turn' : 'only drawn'} [${e.rule}].`;
    }
  }
  return undefined;
}
