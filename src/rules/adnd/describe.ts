// One line of narration per AD&D event (`fray run` without --json, the table's log): figures by
// the names the table shows (`names`, engine/names.ts), weapons and spells by the tables' names
// ("long sword", "magic missile"); the events themselves keep their ids.
import { type DiceExpr, formatDice, parseDiceCached } from '../../core/dice/notation.ts';
import { type Ledger, formatLedger } from '../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../engine/names.ts';
import { isUnseen, leadName } from '../unseen.ts';
import { count, sentence } from '../words.ts';
import { segmentLabel } from './clock.ts';
import type { AdndEvent } from './model.ts';
import { SPELLS, WEAPONS } from './tables.ts';

const term = (d: number, text: string) => `${d < 0 ? '-' : '+'} ${Math.abs(d)} ${text}`;

/**
 * The attack bonus's derivation, e.g. "+ 1 strength 17 [adnd-phb-strength] + 1 weapon magic
 * long sword [adnd-phb]": the entries that change the number, whose deltas sum to `bonus.total`;
 * when none does, what was counted ("nothing from strength 10 [...], ..."), so a bare "+ 0"
 * still says where it comes from.
 */
export function bonusText(bonus: Ledger): string {
  const moving = bonus.entries.filter((e) => e.delta !== 0);
  if (moving.length > 0) return moving.map((e) => term(e.delta, `${e.source} [${e.rule}]`)).join(' ');
  // Nothing moves it: name what was counted (a non-magical weapon's "+ 0 magic" says nothing).
  const counted = bonus.entries.filter((e) => !e.source.startsWith('weapon magic'));
  return counted.length === 0 ? 'no modifiers' : `nothing from ${counted.map((e) => `${e.source} [${e.rule}]`).join(', ')}`;
}

/** The armour class's parts when it has more than the armour ("10 armour class 10 [adnd-phb] - 2 dexterity 16 AC adjustment [R-A4]"), else ''. */
export function acText(ac: Ledger | null | undefined): string {
  if (!ac || ac.entries.length < 2) return '';
  return ac.entries.map((e, i) => (i === 0 ? `${e.delta} ${e.source} [${e.rule}]` : term(e.delta, `${e.source} [${e.rule}]`))).join(' ');
}

/**
 * The needed number's derivation (R-A11: "to hit AC 0" of the attacker's class and level or
 * hit dice, less the target's AC, the six-20s band), the target's AC opened into its parts
 * (armour, dexterity R-A4, two weapons R-A4, parry R-A8) when it has more than one.
 */
export function needText(need: Ledger, ac: Ledger | null | undefined): string {
  const parts = acText(ac);
  return need.entries
    .map((e, i) => {
      const src = parts && e.source.startsWith('target armour class') ? `target AC ${ac!.total} (${parts})` : e.source;
      return i === 0 ? `${e.delta} ${src} [${e.rule}]` : term(e.delta, `${src} [${e.rule}]`);
    })
    .join(' ');
}

/**
 * A weapon's name for people: the weapon table's ("longsword" -> "long sword", "footmans-mace"
 * -> "footman's mace"); an id the table lacks (a natural attack, "bite"; a scenario's own item
 * id, "axe") as it is.
 */
export function weaponName(id: unknown): string {
  const s = String(id ?? '');
  return Object.hasOwn(WEAPONS, s) ? WEAPONS[s].name : s;
}

/** A spell's name for people: the spell table's ("magic-missile" -> "magic missile"), else the id. */
export function spellName(id: unknown): string {
  const s = String(id ?? '');
  return Object.hasOwn(SPELLS, s) ? SPELLS[s].name : s;
}

// Before the first segment (declarations at the start) there is no segment 0 to name.
const at = (e: AdndEvent) => (e.segmentOfRound > 0 ? `[r${e.round} s${e.segmentOfRound}]` : `[before r${e.round} s1]`);
const why = (l: unknown) => (l && typeof l === 'object' && 'entries' in l ? formatLedger(l as Ledger) : '');

/**
 * A timing ledger (timing.ts) as a sum the GM checks on the round-and-segment clock: the first
 * entry is where the figure became free (its words name the segment), each step adds its
 * segments, the total is where the action lands: "attack landed in round 2 segment 2 [R-A1] + 5
 * long sword speed factor 5 [R-A2] = round 2 segment 7".
 */
export function timingText(l: Ledger): string {
  if (l.entries.length === 0) return `= ${segmentLabel(l.total)}`;
  const [first, ...steps] = l.entries;
  return `${first.source} [${first.rule}]${steps.map((e) => ` ${term(e.delta, `${e.source} [${e.rule}]`)}`).join('')} = ${segmentLabel(l.total)}`;
}

/** A segment's actors by what they do (the event keeps the declared kind: "attack", "cast"...). */
const ACTS: Record<string, string> = {
  attack: 'attacks',
  draw: 'draws',
  ready: 'readies',
  cast: 'casts',
  wait: 'stops waiting',
  struggle: 'struggles',
  'extra attack': 'takes the extra attack',
};

/**
 * A roll as the GM checks it: "3d6 = 2+3+4 = 9"; one die alone "1d8 = 5"; an AD&D range with
 * the dice it is read as, "2-7 (1d6+1) = 5+1 = 6".
 */
export function rollText(r: { dice: string; faces: number[]; total: number }): string {
  let e: DiceExpr;
  try {
    e = parseDiceCached(r.dice);
  } catch {
    return `${r.dice} = [${r.faces.join(', ')}] = ${r.total}`;
  }
  let sum = '';
  let k = 0;
  for (const g of e.dice) for (let i = 0; i < g.count; i++) sum += `${g.sign < 0 ? '-' : sum ? '+' : ''}${r.faces[k++]}`;
  if (e.modifier !== 0) sum += `${e.modifier < 0 ? '-' : sum ? '+' : ''}${Math.abs(e.modifier)}`;
  const name = e.range ? `${r.dice} (${formatDice(e)})` : r.dice;
  return k + (e.modifier !== 0 ? 1 : 0) > 1 ? `${name} = ${sum} = ${r.total}` : `${name} = ${r.total}`;
}

/** The GM's adjustment: what moved, why, the roll, what held it back (max hp), the hp now where the viewer may see it. */
function adjustText(x: Record<string, unknown>, f: string): string {
  const roll = x.roll as { dice: string; faces: number[]; total: number } | undefined;
  const held = (x.ledger as Ledger | undefined)?.entries.slice(1) ?? [];
  const why = [String(x.reason), ...(roll ? [rollText(roll)] : []), ...held.map((h) => h.source)].join('; ');
  const what = x.heal !== undefined ? `regains ${x.heal} hp` : `loses ${x.damage} hp`;
  return `GM: ${f} ${what} (${why})${typeof x.hp === 'number' ? `; hp now ${x.hp}` : ''}`;
}

/** A saving throw as an event carries it (combat.ts SaveResult); the server masks a hidden figure's to its outcome: no roll, need nor mods. */
interface SaveShown {
  kind?: string;
  roll?: number;
  need?: number;
  mods?: Ledger;
  saved: boolean;
}

/**
 * A saving throw whose numbers the viewer may not see (an unseen target's: server/visibility.ts
 * TARGET), by its outcome alone: "an unseen figure fails its save vs petrification"; null when
 * its numbers are there.
 */
function maskedSave(save: SaveShown, whose: string, kind: string): string | null {
  if (typeof save.roll === 'number') return null;
  return `${whose} ${save.saved ? 'saves' : 'fails its save'} vs ${save.kind ?? kind}`;
}

const timingWhy = (l: unknown) => (l && typeof l === 'object' && 'entries' in l ? timingText(l as Ledger) : '');

/**
 * One line for `e`. `names`: figure id -> the name the table shows (engine/names.ts); an id
 * without an entry is shown as the id. Sides ("party wins") stay as they are.
 */
export function describeEvent(e: AdndEvent, names?: DisplayNames): string {
  const x = e as Record<string, unknown>;
  const who = (id: unknown) => nameOf(names, id);
  const f = who(x.figure);
  // R-A9: the weapon a hit to disarm was aimed at, where the declaration named it ("Gorm's long sword").
  const aimed = (aim: unknown) => (typeof aim === 'string' ? `'s ${weaponName(aim)}` : '');
  switch (e.type) {
    case 'begin':
      return `${x.name}: the fight begins`;
    case 'surprise': {
      const rs = (x.results as { figure: string; chance: number; segments: number }[])
        .map((r) => `${who(r.figure)} ${r.segments > 0 ? `surprised ${r.segments} segments` : 'not surprised'} (chance ${r.chance}%)`)
        .join('; ');
      return `Surprise roll for ${x.side}: d100 ${x.roll}: ${rs} [R-A3]`;
    }
    case 'round':
      return `--- Round ${e.round} ---`;
    case 'extra-roll':
      return x.d10 !== null
        ? `${at(e)} ${f} rolls ${x.roll} for an extra attack (chance ${why(x.chance)}%): d10 ${x.d10}, extra attack in ${segmentLabel(Number(x.at))} [R-A5]`
        : `${at(e)} ${f} rolls ${x.roll} for an extra attack (chance ${why(x.chance)}%): none this round [R-A5]`;
    case 'declare': {
      const a = x.action as { kind: string; target?: string | null; mode?: string; weapon?: string; weapons?: string[]; spell?: string; aim?: string };
      const what =
        a.kind === 'attack'
          ? `${a.mode === 'disarm' ? 'hit to disarm' : 'attack'} ${a.target ? who(a.target) : '(target when it lands)'}${aimed(a.aim)} with ${weaponName(a.weapon)}`
          : a.kind === 'draw'
            ? `draw ${a.weapons?.map(weaponName).join(' and ')}`
            : a.kind === 'ready'
              ? `ready ${weaponName(a.weapon)}`
              : a.kind === 'cast'
                ? `cast ${spellName(a.spell)} at ${who(a.target)}`
                : a.kind;
      return `${at(e)} ${f} declares: ${what}; acts in round ${x.landsRound} segment ${x.landsSegment} (${timingWhy(x.timing)})`;
    }
    case 'segment': {
      const acts = (x.actors as { figure: string; action: string; why: Ledger }[]).map((a) => `${who(a.figure)} ${ACTS[a.action] ?? a.action} (${timingText(a.why)})`);
      return `Round ${e.round}, segment ${e.segmentOfRound}: ${acts.join('; ')}`;
    }
    case 'extra-attack':
      return `${at(e)} ${f} takes the extra attack at ${x.target ? who(x.target) : 'nobody'}`;
    case 'parry':
      return `${at(e)} ${f} parries ${who(x.against)} with ${weaponName(x.weapon)}: AC better by ${(x.ac as Ledger).total} against it (${why(x.ac)})${x.keepsAttack ? '; its attack goes on' : `; next action delayed ${count(Number(x.delay), 'segment')} (${count(Number(x.consecutive), 'consecutive parry', 'consecutive parries')})`} [R-A8]`;
    case 'attack': {
      const bonus = x.bonus as Ledger;
      const need = x.need as Ledger;
      // A striker hidden from the viewer (rules/unseen.ts): its roll, bonus, need and critical confirmation are not there.
      const shown = !isUnseen(x, 'attacker');
      const blow = `${at(e)} ${leadName(x, 'attacker', who(x.attacker))} ${x.mode === 'disarm' ? 'tries to disarm' : 'strikes at'} ${who(x.target)}${aimed(x.aim)} with ${weaponName(x.weapon)}${x.role === 'alone' ? '' : ` (${x.role})`}`;
      // Each number with its derivation and rule ids, as the TFT lines: "d20 13 + 2 [+ 1 strength
      // 17 [adnd-phb-strength] + 1 weapon magic ...] = 15 vs 14 needed [21 to hit AC 0, ... [R-A11] - 7 target armour class 7 [R-A11]]".
      const head = shown
        ? `${blow}: d20 ${x.roll} ${bonus.total >= 0 ? '+' : '-'} ${Math.abs(bonus.total)} [${bonusText(bonus)}] = ${(x.roll as number) + bonus.total} vs ${need.total} needed [${needText(need, x.ac as Ledger | null)}]`
        : blow;
      if (!x.hit) return `${head}: miss${x.natural === 'miss' ? ' (natural 1)' : ''}`;
      const c = x.critical as { confirm: number; threshold: number; third: number | null; parryMinus: number; multiplier: number; special: boolean; label: string } | null;
      const crit = c
        ? c.third === null
          ? `; natural 20${shown ? `, confirm ${c.confirm} > ${c.threshold}` : ''}: no critical`
          : `; CRITICAL (${shown ? `confirm ${c.confirm} <= ${c.threshold}; ` : ''}third roll ${c.third}${c.parryMinus ? ` - 3 parry = ${Math.max(1, c.third - 3)}` : ''}: ${c.label}${c.special ? ', SPECIAL: the GM decides an effect' : ''})`
        : '';
      const save = x.save as SaveShown | null;
      const sv = save ? `; ${maskedSave(save, who(x.target), 'petrification') ?? `save vs petrification ${save.roll} + ${save.mods?.total} vs ${save.need}: ${save.saved ? 'saved' : 'failed'}`}` : '';
      if (x.mode === 'disarm') return `${head}: hit on AC 0${sv}${x.disarmed ? ': disarmed!' : ''}`;
      // A hidden striker's damage comes as its total (its parts are the striker's strength and magic).
      const dmg = x.damage as Ledger;
      return `${head}: hit${crit}, ${dmg.total} damage${dmg.entries.length > 0 ? ` (${why(dmg)})` : ''}${sv}${x.entangled ? ': entangled!' : ''}`;
    }
    case 'attack-lost':
      return `${at(e)} ${f}'s ${x.extra ? 'extra ' : ''}attack is lost: ${x.why}`;
    case 'retarget':
      return `${at(e)} ${f} turns on ${who(x.target)}: ${x.why}`;
    case 'drain':
      return `${at(e)} ${leadName(x, 'by', who(x.by))} drains ${x.kind === 'level' ? count(Number(x.amount), 'level') : `${x.amount} strength`} from ${f} (never multiplied, R-A10)`;
    case 'disarm':
      return `${at(e)} ${f} loses ${weaponName(x.weapon)} to ${who(x.by)}${x.why ? `: ${x.why}` : ' [R-A9]'}`;
    case 'parry-end':
      return `${at(e)} ${f}'s parry against ${who(x.against)} ends: ${x.why}`;
    case 'entangle':
      return `${at(e)} ${f} is entangled by ${who(x.by)} [R-A9]`;
    case 'struggle':
      return `${at(e)} ${f} struggles: ${x.free ? 'free' : 'still entangled'}`;
    case 'draw':
      return `${at(e)} ${f} has ${(x.weapons as string[]).map(weaponName).join(' and ')} in hand`;
    case 'ready':
      return `${at(e)} ${f} readies ${weaponName(x.weapon)}`;
    case 'drop':
      return `${at(e)} ${f} drops ${weaponName(x.weapon)} (no time, R-A2)`;
    case 'cast':
      // R-A7: the seed's pause forbids "any other activity except for physically attacking, defending, retreating".
      return `${at(e)} ${f} casts ${spellName(x.spell)} at ${who(x.target)}${x.offensive ? `; pause ${count(Number(x.pause), 'segment')}: nothing but attacking, defending or retreating before ${segmentLabel(Number(x.pauseUntil))} (R-A7)` : ''}`;
    case 'spell-damage': {
      // Whose spell it is; an event logged before the event named its caster: the spell alone.
      const spell = x.caster === undefined ? spellName(x.spell) : `${leadName(x, 'caster', who(x.caster))}'s ${spellName(x.spell)}`;
      const save = x.save as SaveShown | null | undefined;
      const sv = save ? `; ${maskedSave(save, f, 'spell') ?? `save vs spell ${save.roll} vs ${save.need}`}` : '';
      return `${at(e)} ${spell} hits ${f} for ${(x.damage as Ledger).total} (${why(x.damage)})${sv}`;
    }
    case 'heal':
      return `${at(e)} ${f} is healed ${x.amount}`;
    case 'status':
      return `${at(e)} ${f}: ${x.status}${x.until ? ` through ${segmentLabel(Number(x.until))}` : ''}`;
    case 'state':
      // hp: absent where the table hides the figure's stats (server views).
      return `${at(e)} ${f} is ${x.to}${typeof x.hp === 'number' ? ` (hp ${x.hp})` : ''}`;
    case 'adjust':
      return `${at(e)} ${adjustText(x, f)}`;
    case 'leave':
      return `${at(e)} GM: ${f} leaves the fight (${x.reason})`;
    case 'end': {
      const won = `${x.winner ?? 'Nobody'} wins after ${count(Number(x.rounds), 'round')}`;
      // The GM's end (end.ts) says why before who won.
      if (x.gm === true) return `GM ends the fight: ${sentence(String(x.reason))} ${won}`;
      return x.stalled ? `Stopped after ${x.rounds} rounds without a winner` : won;
    }
    default:
      return `${at(e)} ${e.type}`;
  }
}
