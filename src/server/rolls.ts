// Which roll a die is for, and whose. The engine asks its DiceSource for bare faces (a d6, a
// d20) and says what a roll was only in the event it emits after rolling. So, to tell what the
// next die of a command is for, the command is played on a copy with the known faces followed
// by stand-in faces, and the first event emitted after that die was drawn names the roll: its
// type (attack, damage, initiative...) and the figure whose action it belongs to. Trials with
// random, lowest and highest stand-ins must agree on how many dice the roll takes before the
// message says "die 2 of 3" (a hit adds damage dice, a miss does not).
//
// The same answer decides who may enter a die by hand: a player enters the faces of its own
// figures' rolls only; every other die of its command is rolled by the server (room.ts).
import { type DiceSource, SeededDice } from '../core/dice/source.ts';
import { seedRng } from '../core/rng.ts';
import type { GameEvent, GameSystem } from '../engine/types.ts';
import type { RollInfo } from './protocol.ts';

export type { RollInfo };

// biome-ignore lint/suspicious/noExplicitAny: any system
type AnySystem = GameSystem<any, any, any>;

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
}

/** Plays `command` on a copy with `known` faces then stand-ins; the roll die `known.length` belongs to. */
function trial(system: AnySystem, state: unknown, command: unknown, known: readonly number[], standIns: 'random' | 'low' | 'high'): Found | null {
  const copy = system.clone(state);
  const random = new SeededDice(seedRng(1));
  const standIn = (sides: number) => (standIns === 'random' ? random.face(sides) : standIns === 'low' ? 1 : sides);
  let used = 0;
  const dice: DiceSource = {
    face(sides: number): number {
      const f = used < known.length ? known[used] : standIn(sides);
      used += 1;
      if (used > known.length + MAX_STAND_INS) throw STOP;
      return f;
    },
  };
  const target = known.length;
  let lastEnd = 0;
  let lastActor: string | null = null;
  let found: Found | null = null;
  const emit = (ev: GameEvent) => {
    const e = ev as unknown as Record<string, unknown>;
    const actor = actorOf(e, lastActor);
    if (used > target) {
      found = { event: e, actor, start: lastEnd, end: used };
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
};

const label = (type: string) => {
  if (LABELS[type]) return LABELS[type];
  const t = type.replace(/-/g, ' ');
  return /roll/.test(t) ? t : `${t} roll`;
};

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
  const same = (b: Found | null) => b !== null && b.start === a.start && b.end === a.end && b.event.type === a.event.type;
  const of = same(trial(system, state, command, known, 'low')) && same(trial(system, state, command, known, 'high')) ? a.end - a.start : null;
  const type = String(a.event.type);
  const who = a.actor !== null ? `${names(a.actor)}'s ` : typeof a.event.side === 'string' ? `${a.event.side}'s ` : '';
  const n = die - a.start + 1;
  const pos = of === null ? `die ${n}` : of === 1 ? 'one die' : `die ${n} of ${of}`;
  return { figure: a.actor, event: type, die: n, of, sides, text: `${who}${label(type)}, ${pos} (d${sides})` };
}
