// Narration of the HiTech module's events (`fray run` without --json, the table's log), in the
// style of the core's describe: who, what, the dice and the numbers with their ledgers, the rule
// ids. Figures by the names the table shows (`names`, built by the caller from the state; an id
// without an entry is shown as the id), as in the core's lines; weapons, ammunition and grenades
// by their names.
import { directionName } from '../../../../core/hex/coords.ts';
import { scatterDirection } from '../../../../core/hex/scatter.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../../../engine/names.ts';
import type { GameEvent } from '../../../../engine/types.ts';
import { isUnseen, leadName } from '../../../unseen.ts';
import { count } from '../../../words.ts';
import { ledgerText } from '../../ledger-text.ts';
import { type FirearmDef, FIREARMS, ammoName } from './data.ts';
import { type OverwatchTrigger, triggerText } from './overwatch.ts';

const TYPES = new Set(['fire', 'fire-grenade', 'throw-grenade', 'hits', 'scatter', 'blast', 'reload', 'overwatch', 'overwatch-fire', 'overwatch-lapsed', 'quickdraw']);

type E = Record<string, unknown>;

const hex = (h: unknown): string => {
  const x = h as { q?: number; r?: number } | null | undefined;
  return x && typeof x.q === 'number' ? `(${x.q},${x.r})` : '?';
};

/** The firearm of an event's weapon: its instance id ("r-rifle.assault-rifle") or its name ("assault rifle"). */
function firearmOf(weapon: unknown): FirearmDef | undefined {
  const s = String(weapon ?? '');
  for (const part of s.split('.').reverse()) {
    const fw = FIREARMS.find((f) => f.id === part);
    if (fw) return fw;
  }
  return FIREARMS.find((f) => f.name === s);
}

/** A weapon's name from its instance id ("r-rifle.assault-rifle" -> "assault rifle"). */
function weaponName(uid: unknown): string {
  return firearmOf(uid)?.name ?? String(uid ?? '');
}

/** What a clip holds, counted: "9 rounds", "1 burst" (machineguns count their clips in bursts, R-H10). */
const loads = (n: unknown, weapon: unknown) => (firearmOf(weapon)?.clipUnit === 'bursts' ? count(Number(n), 'burst') : count(Number(n), 'round'));

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

/**
 * A 3 or 4 on a shot whose damage is a blast (a grenade, rifle grenade or rocket): the engine rolls
 * the blast's dice unmultiplied (R-H12 gives the dice of each ring; whether a critical multiplies
 * them is a reading for the owner, docs/rules/hitech.md), so the line says so instead of "TRIPLE".
 */
const BLAST_CRITICAL = 'automatic hit (a 3 or 4 does not multiply a blast)';

/**
 * A 17 or 18 on a grenade or rifle grenade: the module rolls it with no fumble (project reading,
 * docs/rules/hitech.md: "fumbles (17/18) do not apply to grenades"), so the event's outcome is an
 * automatic miss, and the line says why nothing is dropped or broken.
 */
const GRENADE_FUMBLE = 'automatic miss (a grenade does not fumble: nothing dropped or broken)';

/**
 * "3d6 = 2+2+3 = 7 vs adjDX 14 [DX 13 - 1 ...] -> hit"; the outcome alone for a shooter hidden
 * from the viewer (rules/unseen.ts: its roll and adjDX are not there). `grenade`: a thrown or
 * rifle grenade, which neither multiplies its blast nor fumbles.
 */
function roll(e: E, blast = false, grenade = false): string {
  const outcome =
    blast && (e.outcome === 'triple' || e.outcome === 'double')
      ? BLAST_CRITICAL
      : grenade && e.outcome === 'auto-miss' && Number(e.roll) >= 17
        ? GRENADE_FUMBLE
        : (OUTCOMES[String(e.outcome)] ?? e.outcome);
  if (isUnseen(e, 'figure')) return String(outcome);
  const faces = Array.isArray(e.faces) ? (e.faces as number[]).join('+') : '?';
  const ledger = ledgerText(e.ledger);
  return `${e.dice ?? 3}d6 = ${faces} = ${e.roll} vs adjDX ${e.adjDX}${ledger ? ` [${ledger}]` : ''} -> ${outcome}`;
}

function describeFire(e: E, who: (id: unknown) => string): string {
  const at = e.target ? `at ${who(e.target)}` : `at hex ${hex(e.at)}`;
  const burst = BURSTS[String(e.burst)] ?? String(e.burst);
  const over = e.overwatch ? ', from overwatch' : '';
  const blast = firearmOf(e.weapon)?.ammo.find((a) => a.id === e.ammo)?.blast ?? false;
  // A hidden shooter's magazine is its own (not there).
  const left = isUnseen(e, 'figure') ? '' : `; ${loads(e.loadedLeft, e.weapon)} left`;
  return `${leadName(e, 'figure', who(e.figure))} fires ${at} with the ${e.weapon} (${burst}, ${count(Number(e.rounds), 'round')} of ${ammoName(String(e.ammo))}${over}): ${roll(e, blast)}${left} [R-H10].`;
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
      return `${f} fires a rifle grenade from the ${e.weapon} at hex ${hex(e.at)}: ${roll(e, true, true)}; ${count(Number(e.left), 'rifle grenade')} left [R-H3, R-H12].`;
    case 'throw-grenade':
      return `${f} throws a ${e.weapon} at hex ${hex(e.at)}: ${roll(e, true, true)} [R-H3, R-H12].`;
    case 'hits': {
      const shooter = leadName(e, 'figure', f);
      // One round fired (a shotgun, a single shot): one hit, no burst to add up.
      if (e.rounds === 1) return `${shooter}'s single round hits ${who(e.target)} once [R-H10].`;
      // A sum of counts: a 0 term ("+ 0 for every 3 the roll 12 is under adjDX 13") is part of it;
      // none for a hidden shooter (its count of the roll under adjDX is not there: rules/unseen.ts).
      const ledger = (Array.isArray(e.ledger) ? (e.ledger as LedgerEntry[]) : []).map((l, i) => (i === 0 ? `${l.delta} ${l.source}` : `${l.delta < 0 ? '-' : '+'} ${Math.abs(l.delta)} ${l.source}`)).join(' ');
      const hits = Number(e.hits);
      return `${shooter}'s burst hits ${who(e.target)} ${hits === 1 ? 'once' : `${hits} times`}${ledger ? ` (${ledger})` : ''}; each hit rolls its own damage [R-H10].`;
    }
    case 'scatter': {
      // The direction die's face as the compass point it sends the grenade to (R-H12: face 1 east, clockwise).
      const face = Number(e.directionFace);
      const dir = Number.isInteger(face) && face >= 1 && face <= 6 ? ` (${directionName(scatterDirection(face))})` : '';
      return `${f}'s ${e.how === 'throw' ? 'throw' : 'shot'} misses hex ${hex(e.aimed)} and scatters: 1d6 = ${count(Number(e.distanceFace), 'hex', 'hexes')} in direction 1d6 = ${e.directionFace}${dir}, landing at ${hex(e.at)} [${e.rule}].`;
    }
    case 'blast': {
      const victims = (Array.isArray(e.victims) ? (e.victims as { figure: string; ring: number; dice: number }[]) : [])
        .map((v) => `${who(v.figure)} ${v.dice}d (${v.ring === 0 ? 'impact hex, armor halved' : `ring ${v.ring}`})`)
        .join(', ');
      return `The ${e.what} (${f}) explodes at ${hex(e.at)}, ${e.dice} dice: ${victims || 'nobody in reach'} [${e.rule}].`;
    }
    case 'reload':
      return `${f} reloads the ${weaponName(e.weapon)} with ${ammoName(String(e.ammo))}: ${loads(e.loaded, e.weapon)} loaded${Number(e.discarded) > 0 ? `; the ${loads(e.discarded, e.weapon)} left in the old clip are lost` : ''}; ${count(Number(e.spareLeft), `spare ${ammoName(String(e.ammo))} clip`)} left [${e.rule}].`;
    case 'overwatch': {
      const burst = BURSTS[String(e.burst)] ?? String(e.burst);
      const trigger = triggerText((e.trigger ?? {}) as Partial<OverwatchTrigger>, who);
      return `${f} goes on overwatch with the ${weaponName(e.weapon)} (${burst}) until the end of turn ${e.until}'s movement; it ${trigger} [${e.rule}].`;
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
