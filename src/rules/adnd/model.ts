// AD&D 1e on the segmental clock (seed 3380eb42, RULINGS R-A1..R-A11): state, figures,
// commands and events. Plain data throughout, so structuredClone and JSON round-trip it.
import type { GameEvent } from '../../engine/types.ts';

export type ClassId =
  | 'fighter'
  | 'paladin'
  | 'ranger'
  | 'cleric'
  | 'druid'
  | 'magic-user'
  | 'illusionist'
  | 'thief'
  | 'assassin'
  | 'monk';

export type Size = 'S' | 'M' | 'L';

/** An ability score; 18/xx is score 18 with pct 1..100 (18/00 = 100); pct 0 = none. */
export interface Score {
  score: number;
  pct: number;
}

/** A weapon the figure carries (or a monster's natural attack form). */
export interface WeaponItem {
  /** Unique within the figure ("longsword", "bite"...). */
  id: string;
  /** Key into the weapon table, or null for a monster's natural attack. */
  weapon: string | null;
  name: string;
  kind: 'melee' | 'launcher' | 'natural';
  sf: number;
  damage: { sm: string; l: string };
  hands: number;
  magicHit: number;
  magicDmg: number;
  /** In hand and usable now. */
  ready: boolean;
  /** Launchers: the missile table id and how many are left; a nocked missile fires after 1 segment. */
  missile: string | null;
  ammo: number;
  nocked: boolean;
  thrown: boolean;
  /** Lying on the floor after a disarm or a drop. */
  dropped: boolean;
  /** Natural attacks that drain (energy levels or strength) on a hit; never multiplied (R-A10). */
  drain: { kind: 'level' | 'strength'; amount: number } | null;
}

export interface SpellSlot {
  spell: string;
  left: number;
}

/** What a figure has declared and when it lands (R-A1: each combatant holds its next action segment). */
export type Declared =
  /** `aim`: the target's weapon a hit to disarm is aimed at (R-A9), as the command named it; absent: the first it can disarm. */
  | { kind: 'attack'; target: string | null; mode: 'normal' | 'disarm'; twoWeapons: boolean; weapon: string; offhand: string | null; aim?: string }
  | { kind: 'draw'; weapons: string[] }
  | { kind: 'ready'; weapon: string }
  | { kind: 'cast'; spell: string; target: string }
  | { kind: 'wait'; until: number }
  | { kind: 'struggle' };

/** Why a figure became free at `freeAt` (the first step of its next timing ledger). */
export type FreeReason =
  | 'start'
  | 'attack'
  | 'draw'
  | 'ready'
  | 'cast'
  | 'wait'
  | 'struggle'
  | 'parried'
  | 'disarmed'
  | 'entangled'
  | 'held'
  /** Its attack or spell was aimed at a figure that left the fight (leave.ts): void. */
  | 'target left';

export interface Figure {
  id: string;
  name: string;
  side: string;
  cls: ClassId | null;
  level: number;
  /** Monsters: hit dice as a number (6+3 -> 6) plus the label. */
  hd: number;
  hdLabel: string | null;
  monster: boolean;
  size: Size;
  hp: number;
  maxHp: number;
  /** Armour class without dexterity (armour, shield, magic). */
  ac: number;
  str: Score;
  dex: Score;
  /** Dexterity for criticals and saves when not given (monsters: 11, R-A10). */
  dexGiven: boolean;
  proficiencies: Record<string, number>;
  twoWeaponsSkill: boolean;
  weapons: WeaponItem[];
  /** Weapon ids held ready, primary first. */
  hands: string[];
  spells: SpellSlot[];
  surpriseChance: number;
  /** Segments surprised (0 = not). */
  surprised: number;

  // clock (absolute segments: segment s is round ceil(s/10), segment ((s-1) % 10) + 1 of it)
  //
  // The state keeps the facts of each timing as numbers and codes; timing.ts turns them into
  // the ledger explain and the log show (every step of the sum), only when asked.
  /** The segment the figure became free to declare (its last action landed there). */
  freeAt: number;
  /** Why it became free then (with freeAt and the surprise fields, the first steps of the next timing). */
  freeReason: FreeReason;
  /** The d100 surprise roll that applied to this figure (0: none), for the timing ledger. */
  surpriseRoll: number;
  /** The declared action and the segment it lands on; null while free to declare. */
  declared: Declared | null;
  next: number;
  /** The segment the action was declared in. */
  declaredAt: number;
  /** Haste (1) or slow (-1) applied to declSf at the declaration, 0 none (R-A6). */
  declSpeed: -1 | 0 | 1;
  /** Consecutive parries counted into this declaration's delay (R-A8). */
  declParries: number;
  /** Consecutive parries (R-A8); reset by any other action landing (a wait is not one). */
  parries: number;
  /**
   * Parry in force: against whom, the AC improvement, the segment it was made in and whether
   * the figure's attack goes on beside it (a parrying weapon); until its next action lands.
   */
  parry: { against: string; ac: number; at: number; keepsAttack: boolean } | null;
  /** An extra attack this round (R-A5) lands at this segment; 0 when none. */
  extraAt: number;
  /** No spell before this segment (R-A7 pause after an offensive spell). */
  spellLockUntil: number;
  hastedUntil: number;
  slowedUntil: number;
  heldUntil: number;
  entangled: boolean;
  /** Levels / strength lost to drains. */
  drained: { level: number; strength: number };
  /** Script commands left for this figure (scenario `script`), consumed by decide(). */
  script: Command[];
}

export interface AdndOptions {
  /** R-A11: natural 20 always hits, natural 1 always misses. */
  naturalRolls: boolean;
  /** hp at or below which a figure is dead: 0 (default) or -10 (0 unconscious, -1..-9 dying). */
  deathAt: 0 | -10;
  /** R-A5: the true fighter's extra 5% is flat ('flat') or per level ('per-level'). */
  trueFighterBonus: 'flat' | 'per-level';
  /** R-A7: segments of pause after an offensive spell, by class; `default` for the rest. */
  spellPause: Record<string, number>;
  /**
   * R-A10 switch (a project ruling): 'seed', the seed's critical hits; 'off', plain 1e, where a
   * natural 20 just hits. A state saved before the option existed has none: read as 'seed'
   * (combat.ts criticalsOn).
   */
  criticals: 'seed' | 'off';
  /** R-A10: replaces the critical multiplier table. */
  criticalTable: { min: number; max: number; multiplier: number; special?: boolean; label?: string }[] | null;
  /** Segments of a `struggle` action to get free of an entangling weapon (Fray decision). */
  struggleSegments: number;
  /** Stop after this many rounds (a draw) so a fight of two stalemated sides ends. */
  maxRounds: number;
}

export type Phase = 'begin' | 'extra' | 'react' | 'declare' | 'over';

export interface Attack {
  attacker: string;
  /** null: no standing enemy left to strike. */
  target: string | null;
  extra: boolean;
  /** Why the target differs from the declared one, for the log: none declared, or it fell. */
  retarget: 'unnamed' | 'fell' | null;
  /** The declared target that fell (retarget 'fell'). */
  fallen: string | null;
}

/** A figure out of the fight (AdndState.gone): as it was when it left, with when and why. */
export interface GoneFigure extends Figure {
  left: { segment: number; reason: string };
}

export interface AdndState {
  system: 'adnd';
  name: string;
  options: AdndOptions;
  /** The figures in the fight (every rule walks these). */
  figures: Figure[];
  /**
   * The figures the GM took out of the fight (`leave`, leave.ts), in the order they left: never
   * walked by a rule. Absent in states saved before it existed (read as []).
   */
  gone?: GoneFigure[];
  /** Sides that roll for surprise, with a fixed roll (null = roll d100 at begin). */
  surprise: { side: string; roll: number | null }[];
  /** The current segment (0 before segment 1). */
  now: number;
  phase: Phase;
  /** Landing attacks this segment, resolved together (R-A1 simultaneous). */
  landing: Attack[];
  /** Figures still to decide in the current phase, in order. */
  queue: string[];
  winner: string | null;
  /** Set when the encounter stopped at maxRounds without a winner. */
  stalled: boolean;
}

export type Command =
  | { type: 'begin' }
  /** `aim` (mode 'disarm' only, R-A9): the id of the target's weapon aimed at; absent, the first in its hands the weapon can disarm. */
  | { type: 'attack'; figure: string; target?: string; weapon?: string; mode?: 'normal' | 'disarm'; aim?: string; at?: number }
  | { type: 'parry'; figure: string; against: string; at?: number }
  | { type: 'pass'; figure: string; at?: number }
  | { type: 'draw'; figure: string; weapons: string[]; at?: number }
  | { type: 'ready'; figure: string; weapon: string; at?: number }
  | { type: 'drop'; figure: string; weapon: string; at?: number }
  | { type: 'cast'; figure: string; spell: string; target: string; at?: number }
  | { type: 'wait'; figure: string; until?: number; at?: number }
  | { type: 'struggle'; figure: string; at?: number }
  /**
   * The GM's adjustment of a figure (adjust.ts): hp lost or regained from what the engine does
   * not model (a fall, a trap, a potion), as a number or dice notation; exactly one of the two.
   * Not the figure's action: no time passes and the pending decision stays.
   */
  | { type: 'adjust'; figure: string; damage?: number | string; heal?: number | string; reason: string; at?: number }
  /**
   * The GM ends the fight (end.ts): a rout, a surrender. `winner`: a side, or null for none;
   * `reason` is shown in the log; `at`: for that segment only. No time passes, no die is rolled.
   */
  | { type: 'end'; winner: string | null; reason: string; at?: number }
  /**
   * The GM takes one figure out of the fight (leave.ts): it flees, surrenders, is carried off.
   * `reason` is shown in the log; `at`: for that segment only. No time passes, no die is rolled.
   */
  | { type: 'leave'; figure: string; reason: string; at?: number };

/**
 * As the server sends an event to a player from whom one of its figures is hidden (a blow between
 * that figure and one the player sees; the player's own declaration or spell aimed at a hidden
 * one: src/server/views.ts unseenFigure), the field naming it reads "an unseen figure", `unseen:
 * [field]` says which (a path inside the event: "action.target"), and what would tell who it is
 * is gone (a hidden attacker's roll, bonus, need and critical confirmation; its damage ledger
 * cut to its total); narration says what is left (rules/unseen.ts). The engine never emits
 * `unseen`.
 */
export interface AdndEvent extends GameEvent {
  /** The absolute segment and its place in the round. */
  segment: number;
  round: number;
  segmentOfRound: number;
  [k: string]: unknown;
}
