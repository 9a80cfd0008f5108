// The TFT encounter as plain data: tables (weapon, armor, race, talent definitions), figures,
// the encounter state, options, commands and events. Everything here is JSON-able, so the
// state clones with structuredClone, serialises into storage and replays exactly.
//
// Stability: other engineers (house rules, server, web, lab) read these types. Add fields;
// do not rename or remove them.
import type { Hex, Direction } from '../../core/hex/coords.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import type { FigureState, FigureTally, GameEvent } from '../../engine/types.ts';

export type { Hex, Direction, FigureState, FigureTally, LedgerEntry };

/** Legacy (2019) values by default; classic (1977-82) values as an option (tft-core.md). */
export type Ruleset = 'legacy' | 'classic';

// ---------------------------------------------------------------------------------------------
// Tables (src/data/tft/*.json, plus a scenario's own `data:` block, plus house modules' data)
// ---------------------------------------------------------------------------------------------

export type WeaponKind = 'melee' | 'missile' | 'thrown';

/** Damage in TFT notation, parsed: `2d+1` is { dice: 2, plus: 1 }. Always d6. */
export interface DamageDice {
  dice: number;
  plus: number;
  /** The text it was parsed from ("2d+1"), for narration. */
  text: string;
}

export interface WeaponDef {
  id: string;
  name: string;
  /** Damage when held in one hand (or the only damage). TFT notation, "2d-1". */
  damage: string;
  /** Damage when held in two hands, for weapons usable either way (bastard sword, spear). */
  damage2H?: string;
  /** Minimum ST to use it (0 when none). */
  minST: number;
  /** 1, 2, or 'either' (1 or 2 hands: bastard sword, spear). */
  hands: 1 | 2 | 'either';
  kind: WeaponKind;
  /** Flag for sweeping blows (RULINGS R-S1); not an official TFT attribute. */
  cutting: boolean;
  /** Pole weapon (spear, halberd, pike axe): +2 DX set against a charger (tft-core). */
  pole?: boolean;
  /** A melee weapon that may also be thrown (dagger, spear, small ax). */
  throwable?: boolean;
  /**
   * Missile weapons: turns spent reloading after a shot (0: fires every turn; crossbow 1: every
   * other turn; heavy crossbow 2: every third turn). `fastReloadDX`: with adjDX at least this,
   * one turn less (heavy crossbow: every other turn at adjDX 16+).
   */
  reload?: number;
  fastReloadDX?: number;
  /** Where the numbers come from ("TFT Legacy Edition, weapon table"). */
  source?: string;
  /** House modules' extra fields (HiTech: class, clip, autofire bonus, ammo...). */
  [extra: string]: unknown;
}

export interface ArmorDef {
  id: string;
  name: string;
  /** Hits stopped per attack. */
  stops: number;
  /** DX modifier (negative). */
  dx: number;
  /** MA for a human (basic MA 10) wearing it; other races scale: see rules.effectiveMA. */
  ma: number;
  /** Classic-ruleset overrides (tft-core: chainmail -4 DX; plate -6 DX, MA 4). */
  classic?: { dx?: number; ma?: number; stops?: number };
  source?: string;
  [extra: string]: unknown;
}

export interface ShieldDef {
  id: string;
  name: string;
  stops: number;
  dx: number;
  classic?: { dx?: number; stops?: number };
  source?: string;
  [extra: string]: unknown;
}

export interface RaceDef {
  id: string;
  name: string;
  ma: number;
  /** Number of front hexes (3 for humans); Eyes Behind makes it 6 (tft-core). */
  frontHexes?: number;
  source?: string;
  [extra: string]: unknown;
}

export interface TalentDef {
  id: string;
  name: string;
  iq: number;
  cost: number;
  /** Talent ids required first. */
  requires?: string[];
  /** Kind of entry: 'talent' or 'spell' (Eyes Behind is a spell/status here). */
  kind?: 'talent' | 'spell';
  source?: string;
  [extra: string]: unknown;
}

export interface TftTables {
  weapons: Record<string, WeaponDef>;
  armor: Record<string, ArmorDef>;
  shields: Record<string, ShieldDef>;
  races: Record<string, RaceDef>;
  talents: Record<string, TalentDef>;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** A weapon a figure carries (or that lies on the ground). The definition is copied in, so the
 * state is self-contained and a replay never depends on a table that changed later. */
export interface WeaponInstance {
  /** Unique within the encounter ("a.broadsword", "b.dagger.2"). */
  uid: string;
  def: WeaponDef;
  /** Parsed damage for the way it is held now (one or two hands). */
  dmg: DamageDice;
  /** Held in two hands (always for hands 2; chosen for 'either'). */
  twoHanded: boolean;
  /** Missile weapons: turns of reloading left before it may fire again (0 = loaded). */
  reloadLeft: number;
  broken: boolean;
  /** Module state for this weapon (HiTech ammunition left, ammo type...). */
  house: Record<string, unknown>;
}

export interface ArmorInstance {
  def: ArmorDef;
  house: Record<string, unknown>;
}

export interface ShieldInstance {
  def: ShieldDef;
  /** A shield counts only while ready (readied on the arm). */
  ready: boolean;
  house: Record<string, unknown>;
}

/** What a figure declared or did this turn; reset at the start of each turn. */
export interface TurnRecord {
  /** Has it made its movement-phase command this turn. */
  moved: boolean;
  /** Hexes moved this turn (the 1-hex shift counts 1). */
  hexes: number;
  /**
   * The MA it moved with (a move of 1+ hexes keeps it; -1 before): what it may do after the
   * move is fixed then, not by wounds taken later (core movedMA, movedHalfMA).
   */
  movedMA: number;
  /** Engaged at the start of the turn, before anyone moved (then no "one last shot"). */
  startedEngaged: boolean;
  /** Defend (4d6 against melee) or dodge (4d6 against missiles) for the rest of the turn. */
  stance: 'defend' | 'dodge' | null;
  /** Has it taken its action-phase command (or lost it). */
  acted: boolean;
  /** Hits taken this turn (after armor), for the 5- and 8-hit effects. */
  hits: number;
  /** Knocked down this turn (8+ hits): loses its action; next turn may only stand up. */
  knockedDown: boolean;
}

export interface Figure {
  id: string;
  name: string;
  side: string;
  race: string;
  /** Basic attributes. */
  st: number;
  dx: number;
  iq: number;
  /** Basic MA (race), before armor. */
  ma: number;
  /** Front hexes for facing (3 for humans; 6 with Eyes Behind; race data may give others). */
  frontHexes: number;
  talents: string[];
  /** Spells and lasting statuses ("eyes-behind"). */
  spells: string[];
  wounds: number;
  fatigue: number;
  weapons: WeaponInstance[];
  /** The readied weapon's uid, or null (empty-handed). */
  ready: string | null;
  armor: ArmorInstance | null;
  shield: ShieldInstance | null;
  pos: Hex;
  facing: Direction;
  prone: boolean;
  /** The state as last computed by woundState (kept current after every change). */
  state: FigureState;
  /** Its effects, cached with `state` (refreshed whenever wounds or fatigue change). */
  woundFx: { dx: number; maFactor: number; canAct: boolean };
  /**
   * -2 DX owed from 5+ hits (Legacy: on the next action; classic: through the next turn).
   * Classic `turnsLeft` is a set of bits (core PENALTY_THIS_TURN 1, PENALTY_NEXT_TURN 2): 3 is
   * owed now and again next turn (5+ hits while last turn's penalty runs).
   */
  dxPenalty: { amount: number; turnsLeft: number; actionsLeft: number };
  turn: TurnRecord;
  /** The AI policy for this figure when it has no script ("default", "aggressive", "hold"). */
  ai: string;
  /** Module state (thread: dying counter, stabilization; hitech: overwatch...). */
  house: Record<string, unknown>;
  /**
   * Plain counters kept by the core whatever `emit` is (the lab's fast sims read them):
   * damage dealt and taken after armor (core applyDamage), attack rolls made and hits scored
   * (core resolveAttackRoll). Absent in states saved before it existed (read as zeros).
   */
  tally?: FigureTally;
}

/** A figure out of the fight (TftState.gone): as it was when it left, with when and why. */
export interface GoneFigure extends Figure {
  left: { turn: number; reason: string };
}

/** A weapon lying on the ground. */
export interface GroundItem {
  pos: Hex;
  weapon: WeaponInstance;
}

// ---------------------------------------------------------------------------------------------
// Options, map, script, state
// ---------------------------------------------------------------------------------------------

/**
 * Options: core keys plus every house module's own keys, flat (`sweep: new`, `thread: true`,
 * `hitech: true`, `runAndGun: false`...). Each module's optionsSchema parses its keys with
 * defaults; the encounter keeps the resolved object so a replay is exact.
 */
export interface TftOptions {
  ruleset: Ruleset;
  /** Safety stop for runs (the fight is a draw when reached). */
  maxTurns: number;
  /** The whole field is dark: -6 DX on every attack (tft-core). Absent: false. */
  darkness?: boolean;
  [moduleOption: string]: unknown;
}

export interface TerrainHex {
  q: number;
  r: number;
  /** 'wall' (blocks movement and sight), 'rough' (costs 2 MA), 'water' (costs 2 MA). */
  kind: 'wall' | 'rough' | 'water';
}

/**
 * The map: an odd-r offset rectangle `width` x `height` (pointy-top); hexes are stored in
 * axial {q, r}. Hex (q, r) is on the map when 0 <= r < height and 0 <= q + floor(r/2) < width.
 */
export interface TftMap {
  width: number;
  height: number;
  terrain: TerrainHex[];
}

/** One scripted command: the command plus the turn it belongs to (undefined: the next chance). */
export interface ScriptEntry {
  turn?: number;
  command: TftCommand;
}

export type Phase = 'begin' | 'initiative' | 'move' | 'action' | 'over';

export interface TftState {
  system: 'tft';
  /** Scenario name, for narration. */
  name: string;
  options: TftOptions;
  /** House modules active in this encounter, in hook order. */
  modules: string[];
  map: TftMap;
  /** The figures in the fight (every rule walks these). */
  figures: Figure[];
  /**
   * The figures the GM took out of the fight (`leave`, leave.ts), in the order they left: off the
   * map, never walked by a rule. Absent in states saved before it existed (read as []). Read-only:
   * a clone shares one frozen empty list (cloneTft), so a leave writes a new one.
   */
  gone?: readonly GoneFigure[];
  items: GroundItem[];
  turn: number;
  phase: Phase;
  /** Sides in movement order this turn (initiative); the winner's choice included. */
  moveOrder: string[];
  /** Index into moveOrder of the side moving now. */
  moveSide: number;
  /** The side that won initiative this turn (it chooses first or last). */
  initiativeWinner: string | null;
  /** Figure ids in action order this turn (adjDX, ties rolled), and the index of the next. */
  actionOrder: string[];
  actionIndex: number;
  /** The actionIndex whose beforeAction hooks have run (so they run once per actor). */
  actionPrepared: number;
  /** All sides in the scenario, in the order first seen. */
  sides: string[];
  /** The scenario's names of the sides that have one (`sides[].name`), by side id; absent when none has. */
  sideNames?: Record<string, string>;
  script: ScriptEntry[];
  /** script[i] already used (or skipped as stale). */
  scriptUsed: boolean[];
  winner: string | null;
  /** Why the encounter ended ("one side left", "max turns"). */
  endReason: string | null;
  /** Module state for the encounter. */
  house: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** Every command may carry `script: i` when it came from script entry i (decide() sets it). */
interface CommandBase {
  script?: number;
}

/** Rolls initiative for turn 1 (so the dice are inside a recorded command). */
export interface BeginCommand extends CommandBase {
  type: 'begin';
}

/** The initiative winner moves first or last. `figure`: any figure of the winning side. */
export interface InitiativeCommand extends CommandBase {
  type: 'initiative';
  figure: string;
  choice: 'first' | 'last';
}

/**
 * Movement phase: walk `path` hex by hex (each adjacent to the one before; [] stays put), then
 * face `facing`. `stance` declares defend or dodge for the turn (the figure then takes no other
 * action).
 */
export interface MoveCommand extends CommandBase {
  type: 'move';
  figure: string;
  path: Hex[];
  facing?: Direction;
  stance?: 'defend' | 'dodge';
}

/** Melee, missile or thrown attack with the readied weapon (or `weapon` uid for a thrown one). */
export interface AttackCommand extends CommandBase {
  type: 'attack';
  figure: string;
  target: string;
  weapon?: string;
}

export interface SimpleActionCommand extends CommandBase {
  type: 'defend' | 'dodge' | 'drop' | 'stand-up' | 'pass';
  figure: string;
}

/** Ready (or change to) a carried weapon; the one in hand is dropped (`drop: true`) or sheathed. */
export interface ReadyCommand extends CommandBase {
  type: 'ready';
  figure: string;
  weapon: string;
  twoHanded?: boolean;
  drop?: boolean;
}

export interface PickUpCommand extends CommandBase {
  type: 'pick-up';
  figure: string;
  /** uid of the weapon on the ground (in the figure's hex or an adjacent one). */
  weapon: string;
}

/** Engaged figure steps 1 hex away instead of attacking. */
export interface DisengageCommand extends CommandBase {
  type: 'disengage';
  figure: string;
  to: Hex;
}

/**
 * The GM's adjustment of a figure (adjust.ts; rule id `gm`): hits taken (`damage`, through armor
 * and shield with `armor: true`), wounds removed (`heal`), fatigue taken or recovered, for what the
 * engine does not model (a Fireball, a fall, a potion). `damage` and `heal` are a number or TFT
 * dice ("2d+1"). Only the GM sends it, at any moment of the fight; it is not the figure's action.
 */
export interface AdjustCommand extends CommandBase {
  type: 'adjust';
  figure: string;
  damage?: number | string;
  armor?: boolean;
  heal?: number | string;
  fatigue?: number;
  reason: string;
}

/**
 * The GM ends the fight (end.ts; rule id `gm`): a rout, a surrender, both sides parting. `winner`:
 * a side of the scenario, or null for no winner; `reason` (1-200 characters) is shown in the log.
 * Only the GM sends it, once the fight has begun; it rolls no dice and leaves every figure as it is.
 */
export interface EndCommand extends CommandBase {
  type: 'end';
  winner: string | null;
  reason: string;
}

/**
 * The GM takes one figure out of the fight (leave.ts; rule id `gm`): it flees, surrenders or is
 * carried off while the fight goes on. `reason` (1-200 characters) is shown in the log. Only the
 * GM sends it, once the fight has begun; it rolls no dice and is not the figure's action.
 */
export interface LeaveCommand extends CommandBase {
  type: 'leave';
  figure: string;
  reason: string;
}

export type CoreCommand =
  | BeginCommand
  | InitiativeCommand
  | MoveCommand
  | AttackCommand
  | SimpleActionCommand
  | ReadyCommand
  | PickUpCommand
  | DisengageCommand
  | AdjustCommand
  | EndCommand
  | LeaveCommand;

/** A house module's command ('sweep', 'fire', 'overwatch', 'stabilize'...). */
export interface HouseCommand extends CommandBase {
  type: string;
  figure: string;
  [param: string]: unknown;
}

export type TftCommand = CoreCommand | HouseCommand;

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/**
 * Every event: `type`, `turn`, and per type the fields below. Ledgers are LedgerEntry arrays
 * with their total. Core types: turn-start, initiative, initiative-choice, move-step, move,
 * stance, action-order, attack, damage, falls, state, weapon-dropped, weapon-broken, ready,
 * pick-up, stand-up, drop, disengage, pass, lose-action, reload, turn-end, over (OverEvent).
 * Modules add their own types.
 *
 * As the server sends an event to a player from whom one of its figures is hidden (a blow
 * between that figure and one the player sees: src/server/views.ts unseenFigure), the field
 * naming it reads "an unseen figure", `unseen: [field]` says which, and what would tell who it
 * is is gone (a hidden striker's faces, roll, adjDX and ledger; a HiTech shooter's rounds left
 * and how its hits were counted); narration says what is left (rules/unseen.ts). The engine
 * never emits `unseen`.
 */
export interface TftEvent extends GameEvent {
  figure?: string;
  [field: string]: unknown;
}

export interface AttackEvent extends TftEvent {
  type: 'attack';
  figure: string;
  target: string;
  weapon: string;
  mode: 'melee' | 'missile' | 'thrown' | string;
  dice: number;
  faces: number[];
  roll: number;
  adjDX: number;
  ledger: LedgerEntry[];
  outcome: AttackOutcome;
  multiplier: number;
}

export type AttackOutcome = 'hit' | 'miss' | 'triple' | 'double' | 'auto-hit' | 'auto-miss' | 'drop' | 'break';

export interface DamageEvent extends TftEvent {
  type: 'damage';
  figure: string;
  from: string | null;
  faces: number[];
  /** Damage before armor (after multipliers and module transforms). */
  raw: number;
  stopped: number;
  amount: number;
  ledger: LedgerEntry[];
  wounds: number;
}

/**
 * The GM's adjustment (adjust.ts), emitted before its consequences (the core's 'damage' with
 * delivery 'gm', 'hit-penalty', 'state', 'falls'...). `damage`, `heal`, `fatigue`: what was
 * actually applied (hits after armor, wounds removed, the change of fatigue); `roll`: the dice
 * given as notation, with their faces; `woundsNow`, `fatigueNow`: the figure's after it.
 */
export interface AdjustEvent extends TftEvent {
  type: 'adjust';
  figure: string;
  reason: string;
  roll?: { dice: string; faces: number[]; total: number };
  damage?: number;
  /** The damage was given against the figure's armor and ready shield (the command's `armor`). */
  armor?: boolean;
  heal?: number;
  fatigue?: number;
  woundsNow: number;
  fatigueNow: number;
}

/**
 * The end of the fight (flow.ts endEncounter): the winning side or null, and why ("one side left
 * standing", "max turns", or the GM's reason with `gm: true`: the GM's `end`, end.ts).
 */
export interface OverEvent extends TftEvent {
  type: 'over';
  winner: string | null;
  reason: string;
  gm?: true;
  sideNames?: Record<string, string>;
}

/** A figure leaves the fight (leave.ts): the GM's reason ("flees"). */
export interface LeaveEvent extends TftEvent {
  type: 'leave';
  figure: string;
  reason: string;
}

export interface StateEvent extends TftEvent {
  type: 'state';
  figure: string;
  from: FigureState;
  to: FigureState;
  ledger: LedgerEntry[];
}
