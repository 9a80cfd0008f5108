// Which roll a die is for, and whose. The engine asks its DiceSource for bare faces (a d6, a
// d20) and says what a roll was only in the event it emits after rolling. So, to tell what the
// next die of a command is for, the command is played on a copy with the known faces followed
// by stand-in faces, and the first event emitted after that die was drawn names the roll: its
// type (attack, damage, initiative...) and the figure whose action it belongs to. Trials with
// random, lowest and highest stand-ins must agree on how many dice the roll takes before the
// message says "die 2 of 3" (a hit adds damage dice, a miss does not).
//
// An event may report several rolls (an AD&D swing: the d20 to hit, a critical's confirmation
// and third roll, the damage dice, the target's saving throw): PARTS splits such an event's dice
// into the rolls it names, checked against the faces the event reports, so the message says
// "Minotaur's critical confirmation (d20)" rather than "attack roll, die 2".
//
// The same answer decides who may enter a die by hand: a player enters the faces of its own
// figures' rolls only; every other die of its command is rolled by the server (room.ts).
// The dice of the GM's own commands (GameSystem.gmCommands: the GM's adjustment of a figure)
// are the GM's, not the figure's they name: "GM's adjustment roll for Bjorn, die 1 of 2 (d6)".
import { type DiceSource, SeededDice } from '../core/dice/source.ts';
import { seedRng } from '../core/rng.ts';
import type { GameEvent, GameSystem } from '../engine/types.ts';
import type { RollInfo } from './protocol.ts';

export type { RollInfo };

// biome-ignore lint/suspicious/noExplicitAny: any system
type AnySystem = GameSystem<any, any, any>;

/** A command of the system's GM commands: its dice are nobody's figure's. */
function gmCommandOf(system: AnySystem, command: unknown): { figure: string | null } | null {
  const c = command as { type?: unknown; figure?: unknown } | null;
  if (typeof c?.type !== 'string' || !system.gmCommands?.includes(c.type)) return null;
  return { figure: typeof c?.figure === 'string' ? c.figure : null };
}

/** Fields naming the figure whose action an event reports, in order of precedence. */
const ACTOR_KEYS = ['attacker', 'from', 'by'] as const;
/**
 * Events whose `figure` is the figure acted upon, not the actor, and that carry no actor field:
 * the roll belongs to the action reported just before (AD&D: a spell's damage, healing or
 * saving throw belongs to the cast).
 */
const ACTED_UPON = new Set(['spell-damage', 'heal', 'status', 'state']);

/** The figure whose action produced `e` (see ACTOR_KEYS, ACTED_UPON); null when none. */
export function actorOf(e: Record<string, unknown>, previous: string | null): string | null {
  for (const k of ACTOR_KEYS) if (typeof e[k] === 'string') return e[k] as string;
  if (ACTED_UPON.has(String(e.type))) return previous;
  return typeof e.figure === 'string' ? e.figure : null;
}

const STOP = Symbol('stop');
/** Stand-in faces a trial may draw beyond the known ones before it gives up (rerolled ties...). */
const MAX_STAND_INS = 1000;

interface Found {
  event: Record<string, unknown>;
  actor: string | null;
  /** Dice drawn before the roll began (after the previous event). */
  start: number;
  /** Dice drawn when the event came. */
  end: number;
  /** Every face drawn in the trial, known and stand-in. */
  faces: number[];
}

/** Plays `command` on a copy with `known` faces then stand-ins; the roll die `known.length` belongs to. */
function trial(system: AnySystem, state: unknown, command: unknown, known: readonly number[], standIns: 'random' | 'low' | 'high'): Found | null {
  const copy = system.clone(state);
  const random = new SeededDice(seedRng(1));
  const standIn = (sides: number) => (standIns === 'random' ? random.face(sides) : standIns === 'low' ? 1 : sides);
  let used = 0;
  const faces: number[] = [];
  const dice: DiceSource = {
    face(sides: number): number {
      const f = used < known.length ? known[used] : standIn(sides);
      used += 1;
      faces.push(f);
      if (used > known.length + MAX_STAND_INS) throw STOP;
      return f;
    },
  };
  const target = known.length;
  const gm = gmCommandOf(system, command) !== null;
  let lastEnd = 0;
  let lastActor: string | null = null;
  let found: Found | null = null;
  const emit = (ev: GameEvent) => {
    const e = ev as unknown as Record<string, unknown>;
    const actor = gm ? null : actorOf(e, lastActor);
    if (used > target) {
      found = { event: e, actor, start: lastEnd, end: used, faces };
      throw STOP;
    }
    lastEnd = used;
    if (actor !== null) lastActor = actor;
  };
  try {
    system.apply(copy, command, dice, emit);
  } catch {
    // STOP, or the stand-ins led somewhere the engine refuses: whatever was found stands.
  }
  return found;
}

/** The figure whose action die `known.length` of `command` belongs to; null for nobody's or unknown. */
export function rollOwner(system: AnySystem, state: unknown, command: unknown, known: readonly number[]): string | null {
  return trial(system, state, command, known, 'random')?.actor ?? null;
}

/** Names of rolls where the event's type does not say it well. */
const LABELS: Record<string, string> = {
  'extra-roll': 'extra-attack roll',
  'action-order': 'action-order roll-off',
  fire: 'shot',
  'throw-grenade': 'grenade throw',
  'fire-grenade': 'rifle-grenade shot',
  quickdraw: 'quickdraw shot',
  'overwatch-fire': 'overwatch shot',
  adjust: 'adjustment roll',
};

const label = (type: string) => {
  if (LABELS[type]) return LABELS[type];
  const t = type.replace(/-/g, ' ');
  return /roll/.test(t) ? t : `${t} roll`;
};

/** One roll of an event: `count` dice from `start` (a position among the command's dice). */
interface Roll {
  label: string;
  start: number;
  count: number;
  /** A part of an event that reports several rolls (see PARTS). */
  part: boolean;
}

/** A roll an event reports: `count` dice whose faces (when the event says) are `faces`. */
interface Part {
  label: string;
  count: number;
  /** The faces the event reports for this roll, to check the split against the dice drawn. */
  faces?: readonly unknown[];
}

/** What a splitter may need besides the event: figures by the names the asking table shows. */
interface PartContext {
  names: (id: string) => string;
}

type Splitter = (e: Record<string, unknown>, dice: number, ctx: PartContext) => Part[] | null;

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * AD&D's swing (src/rules/adnd/combat.ts `swing`, reported whole by one `attack` event): the d20
 * to hit; on a natural 20 that hits, the confirmation d20 and, when confirmed, the third d20
 * (the critical table, R-A10) instead of damage dice; otherwise the damage dice (none for a
 * disarm); last, when the event has one, the target's saving throw (disarm, entangling).
 */
const adndSwing: Splitter = (e, dice, ctx) => {
  const crit = obj(e.critical);
  const save = obj(e.save);
  // A hit to disarm (R-A9) is rolled against AC 0, and the target saves vs petrification.
  const parts: Part[] = [{ label: e.mode === 'disarm' ? 'hit to disarm roll (against AC 0)' : 'attack roll', count: 1, faces: [e.roll] }];
  if (crit) {
    parts.push({ label: 'critical confirmation', count: 1, faces: [crit.confirm] });
    if (crit.third !== null) parts.push({ label: 'critical third roll', count: 1, faces: [crit.third] });
  }
  const damage = dice - parts.length - (save ? 1 : 0);
  if (damage < 0) return null;
  if (damage > 0) parts.push({ label: 'damage roll', count: damage });
  if (save) {
    const target = typeof e.target === 'string' ? `${ctx.names(e.target)}'s ` : '';
    parts.push({ label: `attack: ${target}saving throw${typeof save.kind === 'string' ? ` vs ${save.kind}` : ''}`, count: 1, faces: [save.roll] });
  }
  return parts;
};

/** AD&D's extra-attack roll at the start of a round (R-A5): the d100, then the d10 of the segment when it succeeds. */
const adndExtra: Splitter = (e) => [
  { label: 'extra-attack roll', count: 1, faces: [e.roll] },
  ...(e.d10 !== null ? [{ label: 'extra-attack segment roll', count: 1, faces: [e.d10] }] : []),
];

/** Events (by system, then type) that report several rolls, each split into the rolls it names. */
const PARTS: Readonly<Record<string, Readonly<Record<string, Splitter>>>> = {
  adnd: { attack: adndSwing, 'extra-roll': adndExtra },
};

/** The roll die `die` belongs to in what a trial found: a part of its event where PARTS splits it, else the whole event. */
function rollOf(system: AnySystem, f: Found, die: number, ctx: PartContext): Roll {
  const type = String(f.event.type);
  const whole: Roll = { label: label(type), start: f.start, count: f.end - f.start, part: false };
  const split = PARTS[system.id]?.[type]?.(f.event, f.end - f.start, ctx);
  if (!split || split.reduce((n, p) => n + p.count, 0) !== f.end - f.start) return whole;
  let at = f.start;
  let mine: Roll | null = null;
  for (const p of split) {
    // The split must agree with the faces the event reports; else the event is read whole.
    if (p.faces?.some((x, i) => x !== f.faces[at + i])) return whole;
    if (die >= at && die < at + p.count) mine = { label: p.label, start: at, count: p.count, part: true };
    at += p.count;
  }
  return mine ?? whole;
}

/**
 * What die number `known.length` of `command` (applied to `state`) is for. `names` gives a
 * figure's name for the text.
 */
export function rollInfo(
  system: AnySystem,
  state: unknown,
  command: unknown,
  known: readonly number[],
  sides: number,
  names: (id: string) => string,
): RollInfo {
  const a = trial(system, state, command, known, 'random');
  const die = known.length;
  if (!a) return { figure: null, event: null, die: 1, of: null, sides, text: `die #${die + 1} of this step (d${sides})` };
  const ctx = { names };
  const roll = rollOf(system, a, die, ctx);
  // The number of dice is known when lowest and highest stand-ins make the same roll of it.
  const same = (b: Found | null) => {
    if (b === null || b.event.type !== a.event.type) return false;
    const r = rollOf(system, b, die, ctx);
    return r.label === roll.label && r.start === roll.start && r.count === roll.count;
  };
  const of = same(trial(system, state, command, known, 'low')) && same(trial(system, state, command, known, 'high')) ? roll.count : null;
  const type = String(a.event.type);
  const gm = gmCommandOf(system, command);
  const who = gm ? "GM's " : a.actor !== null ? `${names(a.actor)}'s ` : typeof a.event.side === 'string' ? `${a.event.side}'s ` : '';
  // TFT rolls damage per victim (a grenade's blast: one roll each): whom it hurts is said. Not
  // AD&D's: a spell's one damage roll is reported by every figure it strikes.
  const victim = system.id === 'tft' && type === 'damage' && typeof a.event.figure === 'string' && a.event.figure !== a.actor ? ` against ${names(a.event.figure)}` : '';
  const subject = gm?.figure ? ` for ${names(gm.figure)}` : victim;
  const n = die - roll.start + 1;
  // A roll of one die that a part names needs no place ("Minotaur's critical confirmation (d20)").
  const pos = of === 1 ? (roll.part ? '' : ', one die') : of === null ? `, die ${n}` : `, die ${n} of ${of}`;
  return { figure: a.actor, event: type, die: n, of, sides, text: `${who}${roll.label}${subject}${pos} (d${sides})` };
}
