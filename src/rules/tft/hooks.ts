// The house-rule module interface for TFT: what a module (thread, sweep, hitech...) declares,
// the hooks the core calls, and the core pieces handed to modules (ctx.core) so they build
// their actions from the same attack roll, damage and ledger code as the core.
//
// Register a module with one line in src/rules/tft/modules.ts. Hooks run in registry order;
// for hooks that return a value, the first module that returns something other than
// undefined wins.
//
// Stability: add members, do not rename them (other engineers implement this interface).
import type { z } from 'zod';
import type { DiceSource } from '../../core/dice/source.ts';
import type { Issue } from '../../core/errors.ts';
import type { Hex } from '../../core/hex/coords.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import type { DisplayNames } from '../../engine/names.ts';
import type { Emit, FigureState } from '../../engine/types.ts';
import type {
  ArmorDef,
  AttackOutcome,
  DamageDice,
  Figure,
  HouseCommand,
  RaceDef,
  ShieldDef,
  TalentDef,
  TftCommand,
  TftEvent,
  TftOptions,
  TftState,
  TftTables,
  WeaponDef,
  WeaponInstance,
} from './model.ts';

/** Everything a hook or action needs while a command is applied. */
export interface TftContext {
  state: TftState;
  dice: DiceSource;
  /** null in the lab's hot loop: build events (and ledgers) only when `emit` is set. */
  emit: Emit<TftEvent>;
  core: TftCore;
}

/** Read-only context for listing options (pending, explain, AI): no dice, no events. */
export interface OptionsContext {
  state: TftState;
  core: TftCore;
  /** 'explain': full ledgers and exact odds; 'ai': what the AI needs, cheaply. */
  mode: 'explain' | 'ai';
  /**
   * explain's names for figures (engine/names.ts displayNames: "Orc (orc2)"), for labels that
   * name one (options.ts labelName); absent for the AI and for explain without names.
   */
  names?: DisplayNames;
}

// ---------------------------------------------------------------------------------------------
// Wound states (computed in ONE place: core woundState, which a module may replace)
// ---------------------------------------------------------------------------------------------

export interface WoundEffects {
  state: FigureState;
  /** DX modifier from the wound state (standard TFT: -3 at ST <= 3; thread: -3 reeling). */
  dx: number;
  /** MA multiplier (thread: 0.5 reeling). */
  maFactor: number;
  /** False for unconscious, dying, dead: such a figure never acts or moves. */
  canAct: boolean;
  /** Why (remST = ST - wounds - fatigue ...); filled only when asked for. */
  ledger: LedgerEntry[];
  /** The band's reason in words ("dyST -1 is between -ST (-10) and 0 (R-T1)"), with the ledger only. */
  reason?: string;
}

// ---------------------------------------------------------------------------------------------
// Attacks and damage
// ---------------------------------------------------------------------------------------------

export type AttackMode = 'melee' | 'missile' | 'thrown';

/** What a toHitModifiers hook sees. Push entries only when `entries` is not null. */
export interface ToHitQuery {
  state: TftState;
  attacker: Figure;
  target: Figure | null;
  weapon: WeaponInstance | null;
  mode: AttackMode | string;
  /** The command being resolved or listed (a module's own action), when there is one. */
  command: TftCommand | null;
  entries: LedgerEntry[] | null;
}

export interface AttackRollRequest {
  attacker: Figure;
  target: Figure | null;
  weapon: WeaponInstance | null;
  mode: AttackMode | string;
  /** The adjDX to roll against (already including every modifier). */
  adjDX: number;
  /** Its ledger (for the event); null when not emitting. */
  ledger: LedgerEntry[] | null;
  /** 3 normally, 4 against a defending (melee) or dodging (missile) target. */
  dice: 3 | 4;
  /** R-S5: no automatic results (friend rolls). */
  noCriticals?: boolean;
  /** Do not drop/break the weapon on 17/18 (the caller handles it, or it does not apply). */
  noFumbles?: boolean;
  /** Event type to emit (default 'attack'). */
  eventType?: string;
  /** Extra fields for the emitted event (sweep: arc index...). */
  extra?: Record<string, unknown>;
}

export interface AttackRoll {
  faces: number[];
  roll: number;
  hit: boolean;
  outcome: AttackOutcome;
  /** Damage multiplier: 3 on a 3, 2 on a 4, else 1. */
  multiplier: number;
}

/**
 * One hit's damage, carried through the pipeline: rollDamage -> (module beforeArmor: sweep
 * halves, R-S3) -> armorStops (default: armor + ready shield; HiTech per die vs missiles, R-H8)
 * -> afterArmor (HE doubles, R-H9) -> applyDamage (wounds, 5/8-hit effects on knockdownBasis,
 * R-H13 flak uses raw).
 */
export interface DamageInfo {
  attacker: Figure | null;
  target: Figure;
  weapon: WeaponInstance | null;
  delivery: AttackMode | 'blast' | 'other' | string;
  /** The damage dice faces rolled (empty for fixed damage). */
  faces: number[];
  /** The flat adds of the notation ("+1"). */
  plus: number;
  /** Critical multiplier applied (1, 2, 3). */
  multiplier: number;
  /** Damage before armor, after multiplier and module transforms. Never below 0. */
  raw: number;
  /** Hits stopped by armor and shield (set by the pipeline). */
  stopped: number;
  /** Final damage taken (set by the pipeline). */
  amount: number;
  /** Hits that count for the 5-hit and 8-hit effects (default: amount; R-H13: raw). */
  knockdownBasis: number;
  /**
   * What a module made count for those effects, in words, when it is not simply the damage taken
   * ("flak jacket: damage before armor, R-H13"): the narration of the -2 DX and the fall says it.
   * Null otherwise; set only when emitting.
   */
  knockdownWhy: string | null;
  /** Tags for modules: ammo type ('AP', 'HE', 'HEAP'), 'sweep', 'impactHex'... */
  tags: Record<string, unknown>;
  /** The damage ledger (entries only when emitting). */
  ledger: LedgerEntry[] | null;
}

export interface ApplyDamageOptions {
  /** R-H13: the damage before armor decides the 5/8-hit effects. */
  preArmorForKnockdown?: boolean;
  /** Skip armor entirely (HE splash, R-H9). */
  ignoreArmor?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Actions contributed by modules
// ---------------------------------------------------------------------------------------------

export interface ActionOption {
  /** A ready-to-apply command. */
  command: TftCommand;
  /** Short words for a menu ("sweep clockwise (New Sweeping Blows): Goblin 1, Goblin 2"). */
  label: string;
  adjDX?: number;
  /** The adjDX ledger. */
  ledger?: LedgerEntry[];
  dice?: 3 | 4;
  /** Exact chance to hit (0..1); for a multi-target action, per target in `targets`. */
  hit?: number;
  /** Exact expected damage after armor (sum over targets). */
  expectedDamage?: number;
  /** For the AI: a score to compare with other options (default: expectedDamage). */
  score?: number;
  /** For the AI: care for a dying friend beside the figure (thread), which it stays beside or walks to (ai.ts planMove). */
  tend?: boolean;
  [extra: string]: unknown;
}

/**
 * An action a figure's own equipment and state would normally offer it in this phase but which
 * it cannot take now, with the reason (explain's `notNow`, rules/tft/not-now.ts). Explain only:
 * the AI and the lab never build these.
 */
export interface NotNow {
  /** The command type ('attack', 'fire', 'sweep', 'reload'...). */
  action: string;
  /** What the player would have chosen ("fire Assault rifle (four burst)"). */
  label: string;
  /**
   * Why not, in words a player reads: the message the engine refuses the command with (the
   * same check). Names no figure the viewer does not see (OptionsContext.names).
   */
  reason: string;
  /** The ruling or rule id the reason rests on (R-H10, R-S2, tft-core), where there is one. */
  rule?: string;
  /**
   * The refused command's fixed part, where the entry is one variant of an action (a burst of
   * `fire`: { type, figure, weapon, burst }); no target. An option whose command has all these
   * fields is the same choice (not-now.ts keeps the two lists apart).
   */
  command?: { type: string; figure: string; [field: string]: unknown };
}

export interface ActionSpec {
  /** The command type ('sweep', 'fire', 'throw-grenade', 'overwatch', 'stabilize'...). */
  type: string;
  /**
   * When it may be given: 'action' as the figure's action in the action phase (it then counts
   * as having acted); 'move' as its movement-phase command; 'any' at any pending decision
   * or after the fight (GM commands such as finish-stabilization), not consuming the turn.
   */
  phase: 'action' | 'move' | 'any';
  /**
   * An 'any' command that runs time out of combat (thread's 5 minutes at once, R-T3). That time
   * is not turns of the fight (the turn counter stays); taken while the encounter is in play,
   * once nothing is left to do (the end test, flow.ts overNow) the rest of the turn is not
   * played: the turn ends at once and the fight is over.
   */
  outOfCombat?: boolean;
  /**
   * An 'any' command a figure that cannot act may still give: a standing choice that takes no
   * time (the Thread's R-T2 attribute for a dying figure's thread rolls). Explain's `decision`
   * (anyMomentOptions) then asks options() for such a figure too; options() says whom it offers.
   */
  whileDown?: boolean;
  /** zod schema of the whole command ({ type, figure, ...params }); used in parseCommand only. */
  schema: z.ZodType;
  /** Legal commands of this kind for `fig` now, with ledgers/odds (pending, explain, AI). */
  options(ctx: OptionsContext, fig: Figure): ActionOption[];
  /**
   * Explain only (never for the AI): the choices of this kind `fig`'s equipment and state would
   * normally offer now that options() does not, each with the reason validate() refuses it with
   * (share the check with validate, do not write it twice). Nothing that makes no sense for the
   * figure (no 'fire' without a gun). Figures hidden from the viewer (a figure missing from
   * `ctx.names`, when given; the server calls one "an unseen figure") are as if absent, and a
   * reason names no other figure.
   */
  notNow?(ctx: OptionsContext, fig: Figure): NotNow[];
  /** Throw CommandRejected (field + reason) when not legal now. Must change nothing. */
  validate(ctx: TftContext, cmd: HouseCommand, fig: Figure): void;
  /** Carry it out: rolls, damage, events. */
  resolve(ctx: TftContext, cmd: HouseCommand, fig: Figure): void;
  /**
   * True when options() can offer the AI no command with a positive score in this state or any
   * state its fight can reach (the figures and their sides do not change), so the AI's choice
   * never depends on it: the one-against-one fast path (autoplay.ts) skips asking. Leave it out
   * when unsure; the fast path then stays off.
   */
  aiInert?(state: TftState): boolean;
}

// ---------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------

export interface TftHooks {
  /** Replace the wound state (thread: R-T1). Return undefined to leave it to later modules/core. */
  woundState?(fig: Figure, state: TftState, withLedger: boolean): WoundEffects | undefined;
  /** Add to-hit modifiers; return the total delta added (push entries only when q.entries). */
  toHitModifiers?(q: ToHitQuery): number;
  /** MA modifier (added after armor and wound factor): HiTech crew-served -4. */
  maModifier?(fig: Figure, state: TftState): number;
  /**
   * ST for weapon requirements, carrying and hand-to-hand (core requirementST); undefined leaves
   * it to later modules, then basic ST. R-H14: battle armor multiplies it (not ST as hit points).
   */
  requirementST?(fig: Figure, state: TftState): number | undefined;
  /**
   * The hits the target's armor stops per die of an attack of this mode, when it stops per die
   * rather than once per hit (R-H8: HiTech armor against missiles); the core's attack odds
   * count it so, as armorStops does in play; a ready shield then stops once per hit (core
   * shieldStops). undefined: armor and ready shield once per hit.
   */
  armorPerDie?(state: TftState, target: Figure, mode: AttackMode | string): number | undefined;
  /**
   * A stance taken with the move (dodge, defend) is the figure's action (tft-core) unless a
   * module returns true: R-H4 lets a figure that dodged while moving fire in the action phase.
   */
  stanceKeepsAction?(state: TftState, fig: Figure, stance: 'defend' | 'dodge'): boolean | undefined;
  /**
   * A figure that moved more than half its MA has no action (tft-core) unless a module returns
   * true: R-H4's runAndGun option lets a gunner fire then (the module vetoes every other action).
   */
  actsPastHalfMA?(state: TftState, fig: Figure): boolean | undefined;
  /** Damage before armor (e.g. transform per die). */
  beforeArmor?(ctx: TftContext, d: DamageInfo): void;
  /**
   * Hits stopped; undefined = core default (armor + ready shield, once per attack, told in the
   * ledger as one 'tft-core armor' entry). A module that returns a number counted the stop, so
   * it writes the stop's ledger entries itself (when `d.ledger` is set), each under the rule that
   * counted it (R-H8 per die); the core then writes none.
   */
  armorStops?(ctx: TftContext, d: DamageInfo): number | undefined;
  /** After armor (HE doubles what passes, R-H9; may set knockdownBasis, R-H13). */
  afterArmor?(ctx: TftContext, d: DamageInfo): void;
  /** A figure's state changed (the core has emitted the 'state' event). */
  onStateChange?(ctx: TftContext, fig: Figure, from: FigureState, to: FigureState): void;
  /**
   * A figure steps from one hex to the next (after it entered `to`). Return true to stop the
   * rest of its move (it was shot down by overwatch...). R-H7.
   */
  onMoveStep?(ctx: TftContext, mover: Figure, from: Hex, to: Hex): boolean | undefined;
  /** Before a figure's action in the action phase (overwatch interrupts, R-H7). */
  beforeAction?(ctx: TftContext, actor: Figure): void;
  /** At the start of each turn, before initiative. */
  startOfTurn?(ctx: TftContext): void;
  /** At the end of each turn (thread rolls R-T2, stabilization progress R-T3). */
  endOfTurn?(ctx: TftContext): void;
  /**
   * A turn passes: tick the module's per-turn countdowns (HiTech's crew-served readying R-H4, an
   * overwatch's lapse R-H7). The one place they tick (core turnPasses): at each turn's end after
   * every endOfTurn, and once for each turn of time run at once out of combat (`outOfCombat`:
   * R-T3's 5 minutes, in which no one moves or fights).
   */
  turnPasses?(ctx: TftContext, outOfCombat: boolean): void;
  /**
   * Veto a core action for a figure ("fired its gun this turn..."): return the reason, or
   * undefined. `type` is the core command type.
   */
  vetoAction?(state: TftState, fig: Figure, type: string): string | undefined;
  /**
   * Extra explain data for a figure, keyed by the module id (`{ thread: {...} }`). `names`:
   * explain's names for figures (as OptionsContext.names), for text that names one; optional.
   */
  explain?(state: TftState, fig: Figure, names?: DisplayNames): Record<string, unknown> | undefined;
  /**
   * Asked at the end of a turn while two or more sides can still act: return true to end the
   * encounter early (a draw). Once one side (or none) can act the core ends it (unless the
   * script has entries left): nothing keeps a won fight going (flow.ts overNow).
   */
  isOver?(state: TftState): boolean | undefined;
  /**
   * The encounter has just ended ('over' emitted; the GM's end too): what a module plays after
   * the fight (thread's aftermath, option threadAftermath). The turn counter stays.
   */
  afterFight?(ctx: TftContext): void;
}

/** A house-rule module. */
export interface HouseModule {
  id: string;
  /** Its option keys (flat in TftOptions), each with a default: z.object({ sweep: z.enum(...).default('new') }). */
  optionsSchema: z.ZodObject;
  /** Whether it takes part, given the resolved options. */
  enabled(options: TftOptions): boolean;
  /** Table rows it brings (merged under the scenario's own data). */
  data?: {
    weapons?: WeaponDef[];
    armor?: ArmorDef[];
    shields?: ShieldDef[];
    races?: RaceDef[];
    talents?: TalentDef[];
  };
  /** Issues with a figure as loaded (paths relative to the figure: "talents", "weapons[1]"). */
  validateFigure?(fig: Figure, tables: TftTables, options: TftOptions): Issue[];
  /** Initialise its state (fig.house[id], state.house[id]) after setup. */
  setup?(state: TftState): void;
  actions?: ActionSpec[];
  hooks?: TftHooks;
  /**
   * One line of narration for one of its own events (sweep, sweep-friend...); undefined for
   * others. `names`: figure id -> the name to show (an id without an entry is shown as the id).
   */
  describe?(e: TftEvent, names?: ReadonlyMap<string, string>): string | undefined;
}

// ---------------------------------------------------------------------------------------------
// The core pieces handed to modules (ctx.core). Implemented in src/rules/tft/core.ts.
// ---------------------------------------------------------------------------------------------

export type Relation = 'front' | 'side' | 'rear';

export interface TftCore {
  figure(state: TftState, id: string): Figure | undefined;
  /** The figure in a hex, or undefined: the one able to act when a body lies under it (tft-core body). */
  occupant(state: TftState, h: Hex): Figure | undefined;
  onMap(state: TftState, h: Hex): boolean;
  /** Wound state through the hooks (first module that answers) or standard TFT. */
  woundState(fig: Figure, state: TftState, withLedger?: boolean): WoundEffects;
  /** Recompute fig.state/woundFx; emit 'state' and call onStateChange when it changed. */
  refreshState(ctx: TftContext, fig: Figure): void;
  /** Up, able to act (healthy or reeling). */
  canAct(fig: Figure): boolean;
  isEnemy(a: Figure, b: Figure): boolean;
  /** Adjacent hexes in front of the figure, clockwise (3 for humans, 6 with Eyes Behind). */
  frontHexes(fig: Figure): Hex[];
  /** Where `from` stands relative to the target's facing (prone: always rear). */
  relation(target: Figure, from: Hex): Relation;
  /** In an able enemy's front hex and adjacent to it. */
  isEngaged(state: TftState, fig: Figure): boolean;
  /** The readied weapon, or null. */
  readyWeapon(fig: Figure): WeaponInstance | null;
  /** Effective MA this turn (race, armor, wound factor, modules). */
  effectiveMA(fig: Figure, state: TftState): number;
  /** adjDX without target-specific modifiers (armor, shield, wounds, 5-hit penalty). */
  baseAdjDX(state: TftState, fig: Figure, entries: LedgerEntry[] | null): number;
  /**
   * Full adjDX of an attack: base, facing, range, charge/pole, module toHitModifiers.
   * Push ledger entries into `entries` when given.
   */
  attackDX(
    state: TftState,
    attacker: Figure,
    target: Figure | null,
    weapon: WeaponInstance | null,
    mode: AttackMode | string,
    entries: LedgerEntry[] | null,
    command?: TftCommand | null,
  ): number;
  /** 4 against a defending target (melee) or a dodging one (missile, thrown), else 3. */
  defenseDice(target: Figure | null, mode: AttackMode | string): 3 | 4;
  /** Core range modifier for missile (-1 per 2 megahexes) and thrown (-1 per hex) attacks. */
  rangeDX(mode: AttackMode | string, hexes: number): number;
  /** 3d6/4d6 against adjDX with the automatic results and 17/18 effects (ruleset-aware). */
  resolveAttackRoll(ctx: TftContext, r: AttackRollRequest): AttackRoll;
  /** Roll `dmg` (faces kept) times the multiplier. */
  rollDamage(
    ctx: TftContext,
    dmg: DamageDice,
    multiplier: number,
    attacker: Figure | null,
    target: Figure,
    weapon: WeaponInstance | null,
    delivery: DamageInfo['delivery'],
  ): DamageInfo;
  /** Armor, hooks, wounds, 5/8-hit effects, state refresh and events. */
  applyDamage(ctx: TftContext, d: DamageInfo, opts?: ApplyDamageOptions): void;
  /** The whole standard attack (roll, damage) of attacker on target; returns the roll. */
  attack(
    ctx: TftContext,
    attacker: Figure,
    target: Figure,
    weapon: WeaponInstance | null,
    mode: AttackMode,
    command?: TftCommand | null,
  ): AttackRoll;
  /** Parse TFT damage notation ("2d+1", "1d-1", "3d"). Throws InputError. */
  parseDamage(text: string, path?: string): DamageDice;
  /** Move a figure one hex (must be adjacent and free), emit move-step, run onMoveStep hooks. */
  stepFigure(ctx: TftContext, fig: Figure, to: Hex): boolean;
  /**
   * One turn passes: every per-turn countdown ticks (the core's reload and classic 5-hit, then
   * each module's turnPasses). At each turn's end, and for each turn of time run at once (R-T3).
   */
  turnPasses(ctx: TftContext, outOfCombat: boolean): void;
}
