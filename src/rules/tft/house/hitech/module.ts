// The `hitech` house-rule module (seed f04d4dae; RULINGS R-H1..R-H14): firearms, bursts and
// ammunition, HiTech armor, AP/HE/HEAP, grenades and rockets, overwatch, quickdraw and
// knockdown, plugged into the TFT core through src/rules/tft/hooks.ts.
import { quote } from '../../../../core/issues.ts';
import { z } from 'zod';
import { Dist } from '../../../../core/dice/exact.ts';
import type { Fraction } from '../../../../core/dice/fraction.ts';
import { CommandRejected, type Issue } from '../../../../core/errors.ts';
import { type Hex, distance, hexKey } from '../../../../core/hex/coords.ts';
import { megahexDistance } from '../../../../core/hex/megahex.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { attackerRelation } from '../../../../core/hex/facing.ts';
import { defaultArmorStops, engagedSinceStart, isAdjacent, isEngaged, lineOfFire, lineOfView, movedMA, shieldStops, unseenDX, withinHalfMA } from '../../core.ts';
import { type AttackBar, barProblem } from '../../flow.ts';
import type { ActionOption, ActionSpec, DamageInfo, HouseModule, NotNow, OptionsContext, TftContext, ToHitQuery } from '../../hooks.ts';
import { seenBy } from '../../not-now.ts';
import type { Figure, HouseCommand, TftOptions, TftState, WeaponInstance } from '../../model.ts';
import { hexSchema } from '../../schema-util.ts';
import { type Burst, BURSTS, burstHits, burstModifiers, burstProblem, burstsOf, clipUse, roundsFired } from './autofire.ts';
import { blastVictims, inSplash, scatterLanding } from './blast.ts';
import { describeHitech } from './describe.ts';
import { type HeSplashMode, effectiveProtection, heSplashDamage, knockdownBasis, shieldThrough } from './damage.ts';
import { damageToDown, dieThrough, hitThrough } from '../../odds.ts';
import { labelName } from '../../options.ts';
import { count } from '../../../words.ts';
import { type AmmoDef, type FirearmDef, ammoName, ammoOf, grenadeDice, HITECH_TALENTS } from './data.ts';
import { CREW_MA_PENALTY, CREW_READY_TURNS, fireEligibility } from './eligibility.ts';
import {
  type GearSpec,
  type WeaponGear,
  figureHiTech,
  firearmOf,
  firearmWeaponDefs,
  gearOf,
  grenadeTlOf,
  grenadeWeaponDefs,
  hitechArmorDefs,
  hitechArmorOf,
  makeGear,
} from './gear.ts';
import { type BlastTarget, blastExpectation, blastWorth, hitChance, shotSummary } from './odds.ts';
import { overwatchActive, overwatchOrder, overwatchTriggerSchema, triggerText, triggersBeforeAction, triggersOnStep } from './overwatch.ts';
import { rangeEntry } from './range.ts';
import { talentModifiers } from './talents.ts';

export const hitechOptionsSchema = z.object({
  /** Turn the module on (off unless the scenario asks). */
  hitech: z.boolean().default(false).describe('Revised HiTech: firearms, autofire, grenades, HiTech armor (f04d4dae)'),
  /** R-H4 option: guns may fire after moving more than half MA, at -6 DX. */
  runAndGun: z.boolean().default(false).describe('guns may fire after moving more than half MA, at -6 DX (R-H4)'),
  /** R-H9 option: HE splash unreduced by armor (default), reduced once by armor, or off. */
  heSplash: z.enum(['unarmored', 'armored', 'off']).default('unarmored').describe('HE splash to the 6 adjacent hexes (R-H9): not reduced by armor, reduced by armor once, or none'),
});

/** The to-hit modes of this module's attacks (the core adds no range of its own for them). */
export const FIREARM_MODE = 'firearm';
export const RIFLE_GRENADE_MODE = 'rifle-grenade';
export const GRENADE_MODE = 'grenade';
const MY_MODES = new Set([FIREARM_MODE, RIFLE_GRENADE_MODE, GRENADE_MODE]);

const base = { figure: z.string().min(1), script: z.number().int().optional() };

const fireSchema = z
  .object({ type: z.literal('fire'), ...base, target: z.string().min(1).optional(), at: hexSchema.optional(), burst: z.enum(BURSTS).default('single'), weapon: z.string().optional() })
  .strict()
  .refine((c) => (c.target === undefined) !== (c.at === undefined), { message: 'give exactly one of target (a figure) or at (a hex)', path: ['target'] });
const fireGrenadeSchema = z.object({ type: z.literal('fire-grenade'), ...base, at: hexSchema, weapon: z.string().optional() }).strict();
const throwSchema = z.object({ type: z.literal('throw-grenade'), ...base, at: hexSchema, weapon: z.string().optional() }).strict();
const reloadSchema = z.object({ type: z.literal('reload'), ...base, weapon: z.string().optional(), ammo: z.string().optional() }).strict();
const overwatchSchema = z
  .object({ type: z.literal('overwatch'), ...base, trigger: overwatchTriggerSchema.default({ targets: 'any-enemy', on: 'enter', beforeAction: true }), burst: z.enum(BURSTS).default('single'), weapon: z.string().optional() })
  .strict();
const quickdrawSchema = z.object({ type: z.literal('quickdraw'), ...base, weapon: z.string().min(1), target: z.string().min(1), burst: z.enum(BURSTS).default('single') }).strict();

type FireCmd = z.infer<typeof fireSchema> & { overwatch?: boolean };

// ---- small helpers --------------------------------------------------------------------------

const classic = (s: TftState) => s.options.ruleset === 'classic';
const opts = (s: TftState) => s.options as TftOptions & { runAndGun: boolean; heSplash: HeSplashMode };


function weaponFor(ctx: { core: TftContext['core'] }, fig: Figure, uid: string | undefined, path: string): WeaponInstance {
  if (uid === undefined) {
    const w = ctx.core.readyWeapon(fig);
    if (!w) throw new CommandRejected(path, `${fig.name} has no weapon ready`);
    return w;
  }
  const w = fig.weapons.find((x) => x.uid === uid || x.def.id === uid);
  if (!w) throw new CommandRejected(path, `${fig.name} carries no weapon '${uid}'`);
  return w;
}

/** The loaded ammunition of a firearm. */
function loadedAmmo(fw: FirearmDef, g: WeaponGear): AmmoDef {
  return ammoOf(fw, g.ammo);
}

function movement(state: TftState, fig: Figure) {
  // The MA it moved with: a wound taken since (R-T1 reeling) does not take back its shot.
  return { moved: fig.turn.hexes, ma: movedMA(fig, state), dodged: fig.turn.stance === 'dodge' };
}

/**
 * The command as handed to attackDX, with the firer's movement this turn (R-H4) for the
 * toHitModifiers hook. Object.assign rather than a spread: V8 copies these varied command
 * shapes by spread on a slow path (a third of a HiTech fight's time when the AI weighs shots).
 */
function withMove<C extends object>(
  ctx: { core: TftContext['core']; state: TftState },
  fig: Figure,
  cmd: C,
  hitechMove = movement(ctx.state, fig),
): C & { figure: string; type: string; hitechMove: ReturnType<typeof movement> } {
  return Object.assign({}, cmd as C & { figure: string; type: string }, { hitechMove });
}

/** Why `fig` may take none of this module's actions now (unable, acted, defending, down), or null. */
function actingProblem(fig: Figure, ctx: { core: TftContext['core'] }): string | null {
  if (!ctx.core.canAct(fig)) return `${fig.name} cannot act (${fig.state})`;
  if (fig.turn.acted) return `${fig.name} has already acted this turn`;
  if (fig.turn.stance === 'defend') return `${fig.name} is defending this turn`;
  if (fig.prone) return `${fig.name} is down and must stand up first`;
  return null;
}

function checkActing(fig: Figure, ctx: { core: TftContext['core']; state: TftState }): void {
  const why = actingProblem(fig, ctx);
  if (why) throw new CommandRejected('figure', why);
}

/**
 * R-H4: "-6 DX if firer dodged during his movement": a figure that dodged with its move keeps
 * its action, but only to fire (fire, quickdraw, rifle grenade, overwatch) or to keep dodging;
 * a dodge in the action phase is the action itself. Such a figure is dodging and has not acted.
 */
function dodgedWhileMoving(fig: Figure): boolean {
  return fig.turn.stance === 'dodge' && !fig.turn.acted;
}

/**
 * R-H4: what a figure that dodged while moving may still do as its action: fire (fire,
 * quickdraw, a rifle grenade, overwatch), keep dodging, or nothing. Every other action, core or
 * house (another module's too: first aid, a sweep), is vetoed (vetoAction).
 */
const AFTER_MOVING_DODGE: ReadonlySet<string> = new Set(['fire', 'quickdraw', 'fire-grenade', 'overwatch', 'dodge', 'pass']);

const onlyFires = (fig: Figure) => `${fig.name} dodged while moving: it may only fire (at -6 DX) or keep dodging (R-H4)`;

/**
 * R-H4 option runAndGun: a figure that moved more than half its MA keeps its action only to fire
 * a gun (fire, quickdraw, a rifle grenade, overwatch) at -6 DX, or to pass (tft-core leaves it no
 * other action).
 */
const AFTER_RUNNING: ReadonlySet<string> = new Set(['fire', 'quickdraw', 'fire-grenade', 'overwatch', 'pass']);

function ranAndGuns(state: TftState, fig: Figure): boolean {
  return opts(state).runAndGun === true && !withinHalfMA(fig, state);
}

const onlyFiresAfterRunning = (fig: Figure) => `${fig.name} moved more than half its MA: it may only fire a gun (at -6 DX, option runAndGun, R-H4)`;

/** Whether the figure has a gun it could fire this turn: a firearm in hand, or a pistol to quickdraw (R-H4, R-H6). */
function hasGunToFire(fig: Figure): boolean {
  for (const w of fig.weapons) {
    const fw = firearmOf(w);
    if (fw && !w.broken && (w.uid === fig.ready || (fw.class === 'pistol' && fig.talents.includes('quickdraw-pistol')))) return true;
  }
  return false;
}

interface FirePlan {
  weapon: WeaponInstance;
  fw: FirearmDef;
  gear: WeaponGear;
  ammo: AmmoDef;
  burst: Burst;
}

/** Why the loaded rounds cannot make `burst` (R-H10): an empty magazine first, then the burst's own need (autofire burstProblem); or null. */
function ammoProblem(fw: FirearmDef, burst: Burst, gear: WeaponGear): string | null {
  if (gear.loaded <= 0) return `${fw.name}'s magazine is empty: reload first`;
  return burstProblem(fw, burst, gear.clip, gear.loaded);
}

/** Why `fig` may not fire `weapon` with `burst` now (readiness; ammunition, R-H10; movement and crew readiness, R-H4), with the ruling; or null. */
function fireProblem(ctx: { core: TftContext['core']; state: TftState }, fig: Figure, weapon: WeaponInstance, burst: Burst, overwatch = false): { reason: string; rule?: string } | null {
  const fw = firearmOf(weapon);
  if (!fw) return { reason: `${weapon.def.name} is not a firearm` };
  if (weapon.broken) return { reason: `${weapon.def.name} is broken` };
  if (ctx.core.readyWeapon(fig)?.uid !== weapon.uid) return { reason: `${weapon.def.name} is not ready` };
  const p = ammoProblem(fw, burst, gearOf(weapon));
  if (p) return { reason: p, rule: 'R-H10' };
  if (!overwatch) {
    if (engagedSinceStart(ctx.state, fig)) return { reason: barProblem('engaged-since-start', ctx.state, fig, weapon).message, rule: 'tft-core options' };
    const e = fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state), figureHiTech(fig).crewReadyLeft);
    if (!e.ok) return { reason: e.reason ?? 'not eligible to fire', rule: 'R-H4' };
  }
  return null;
}

/** Why `fig` may not fire `weapon` with `burst` now (fireProblem's reason), or the plan. */
function planFire(ctx: { core: TftContext['core']; state: TftState }, fig: Figure, weapon: WeaponInstance, burst: Burst, overwatch = false): FirePlan | string {
  const p = fireProblem(ctx, fig, weapon, burst, overwatch);
  if (p) return p.reason;
  const fw = firearmOf(weapon) as FirearmDef;
  const gear = gearOf(weapon);
  return { weapon, fw, gear, ammo: loadedAmmo(fw, gear), burst };
}

/**
 * A gun is a missile weapon (f04d4dae: HiTech armor works against "modern and low tech missile
 * weapons"; "use all of the Missile Weapon ... modifiers"), so a gun shot keeps the core's
 * missile bars (flow.ts attackBar): no shot at a dead figure; engaged since the turn began, no
 * shot (fireProblem); engaged this turn, one last shot at an adjacent enemy only (so none at a
 * hex); a figure shot at stands in the firer's front arc. The core's codes, said by barProblem.
 */
function gunBar(state: TftState, fig: Figure, t: Figure | null): AttackBar | null {
  if (t?.state === 'dead') return 'dead';
  if (engagedSinceStart(state, fig)) return 'engaged-since-start';
  if (isEngaged(state, fig) && !(t && isAdjacent(fig.pos, t.pos))) return 'last-shot-far';
  if (t && !inFrontArc(fig, t.pos)) return 'not-front-arc';
  return null;
}

/** Whether hex `h` lies in the figure's front arc, where its missile shots go (tft-core facing, as flow.ts attackBar). */
const inFrontArc = (fig: Figure, h: Hex) => attackerRelation(fig.pos, fig.facing, h, fig.frontHexes) === 'front';

/** A moment an overwatcher can shoot `t` (R-H7): a clear line of fire into its front arc (a gun's missile bars, gunBar). */
const canShootAt = (state: TftState, o: Figure, t: Figure) => inFrontArc(o, t.pos) && lineOfFire(state, o.pos, t.pos);

/** gunBar as a refusal of the command, on the field the core names. */
function checkGunBar(state: TftState, fig: Figure, w: WeaponInstance, t: Figure | null): void {
  const bar = gunBar(state, fig, t);
  if (bar === null) return;
  const p = barProblem(bar, state, fig, w, t ?? undefined);
  // A shot at a hex names its hex (`at`) where the core's refusal names a target.
  const path = p.path.replace(/^command\./, '');
  throw new CommandRejected(t === null && path === 'target' ? 'at' : path, p.message);
}

/** A shot at a figure needs the core's line of fire: walls and standing figures between block it (fire, quickdraw). */
function checkClearShot(state: TftState, fig: Figure, t: Figure): void {
  if (!lineOfFire(state, fig.pos, t.pos)) throw new CommandRejected('target', `${fig.name} has no clear shot at ${t.name}`);
}

function rejectIf<T>(x: T | string, path: string): T {
  if (typeof x === 'string') throw new CommandRejected(path, x);
  return x;
}

// ---- to-hit modifiers (R-H2..R-H5, R-H10, R-H11) ---------------------------------------------

/** The HiTech entries of a shot's ledger: talent, movement, range, burst and scope. */
function hitechToHit(q: ToHitQuery): number {
  const cmd = q.command as (HouseCommand & { at?: Hex; burst?: Burst; overwatch?: boolean }) | null;
  const out: LedgerEntry[] = [];
  const fig = q.attacker;
  const fw = firearmOf(q.weapon);
  const targetHex = q.target?.pos ?? cmd?.at ?? null;
  if (q.mode === GRENADE_MODE) {
    if (targetHex) out.push(rangeEntry('thrown', { megahexes: 0, hexes: distance(fig.pos, targetHex) }));
  } else if (fw && q.weapon) {
    out.push(...talentModifiers(fig.talents, fw.class));
    if (!cmd?.overwatch) {
      // R-H4 movement entries (the overwatch shot in the next movement phase has none, R-H7).
      // The module's own calls put the firer's effective MA on the command (hitechMove).
      const m = (cmd as { hitechMove?: { moved: number; ma: number; dodged: boolean } } | null)?.hitechMove;
      const e = fireEligibility(fw, m ?? { moved: fig.turn.hexes, ma: fig.ma, dodged: fig.turn.stance === 'dodge' }, opts(q.state));
      out.push(...e.mods);
    }
    if (targetHex) {
      const dist = { megahexes: megahexDistance(fig.pos, targetHex), hexes: distance(fig.pos, targetHex) };
      out.push(rangeEntry(q.mode === RIFLE_GRENADE_MODE ? 'pistol' : fw.rangeTable, dist));
    }
    if (q.mode === FIREARM_MODE) {
      const g = gearOf(q.weapon);
      out.push(...burstModifiers(fw, loadedAmmo(fw, g), cmd?.burst ?? 'single', g.scope));
    } else if (gearOf(q.weapon).scope) out.push({ source: 'laser targeting scope', delta: 2, rule: 'R-H10' });
  }
  // tft-core "-6 in darkness" holds for every attack; the core's attackDX counts it only for an
  // attack at a figure, so a grenade, rifle grenade or rocket aimed at a hex gets it here.
  if (q.target === null) unseenDX(q.state, null, out);
  if (q.entries) q.entries.push(...out);
  return out.reduce((t, e) => t + e.delta, 0);
}

// ---- damage pipeline (R-H8, R-H9, R-H12, R-H13) ----------------------------------------------

interface HiTechTags {
  ap?: boolean;
  explosive?: boolean;
  impactHex?: boolean;
  splash?: boolean;
}
const tagsOf = (d: DamageInfo): HiTechTags => (d.tags.hitech as HiTechTags | undefined) ?? {};

function isMissileDelivery(d: DamageInfo): boolean {
  return d.delivery === 'missile' || d.delivery === 'thrown' || d.delivery === 'blast' || d.delivery === FIREARM_MODE;
}

/**
 * The armor a missile hit meets (R-H8): HiTech armor stops per die and a ready shield then stops
 * once per hit (missileShield); any other armor and a ready shield stop once per hit together
 * (tft-core). The engine (armorStops) and the odds (fire and blast options) both ask here.
 */
function missileArmor(state: TftState, t: Figure): number {
  const ha = hitechArmorOf(t);
  return ha ? ha.protection : defaultArmorStops(state, t);
}

/**
 * The shield a missile hit meets after HiTech armor's per-die count: where the seed is silent the
 * core rule stands (armor and shield both stop hits), so a ready shield stops its hits once per
 * hit (shieldThrough). 0 for low-tech armor, whose missileArmor already holds the shield.
 */
function missileShield(state: TftState, t: Figure): number {
  return hitechArmorOf(t) ? shieldStops(state, t) : 0;
}

/**
 * The ledger entries of what this module's armor stopped, each with its own rule and delta (R-H8,
 * R-H9, R-H12, tft-core shields). The core writes no "armor stops" entry for a stop a module
 * counted (hooks.ts armorStops), so the stop is said once, under the rule that counted it.
 */
function ownStops(d: DamageInfo, entries: LedgerEntry[]): void {
  d.ledger?.push(...entries.filter((e) => e.delta !== 0));
}

function armorStops(ctx: TftContext, d: DamageInfo): number | undefined {
  const t = tagsOf(d);
  const ha = hitechArmorOf(d.target);
  const armorName = d.target.armor?.def.name ?? 'armor';
  if (t.splash) {
    // R-H9 splash: 1 point per die; 'armored' lets the armor stop its protection once.
    const p = d.target.armor?.def.stops ?? 0;
    const stop = opts(ctx.state).heSplash === 'armored' ? Math.min(d.raw, p) : 0;
    if (d.ledger && stop) ownStops(d, [{ source: `${armorName} stops ${p} of the splash`, delta: -stop, rule: 'R-H9' }]);
    return stop;
  }
  if (ha && isMissileDelivery(d)) {
    // R-H8: per die against missiles, a die never below 0 (dieThrough, hitThrough: the one count
    // the odds and the lab use too); AP (R-H9) and the impact hex (R-H12) reduce it.
    const eff = effectiveProtection(ha.protection, !!t.ap, !!t.impactHex);
    const p = eff.protection;
    let dice = 0;
    for (let i = 0; i < d.faces.length; i++) dice += dieThrough(d.faces[i], d.multiplier, p);
    const armorThrough = hitThrough(dice, d.plus, d.multiplier);
    // Then a ready shield, once per hit (tft-core shields; halved like armor: shieldThrough).
    const sh = shieldStops(ctx.state, d.target);
    const through = shieldThrough(armorThrough, sh, !!t.ap, !!t.impactHex);
    const stopped = Math.max(0, d.raw - through);
    if (d.ledger) {
      const perDie = d.faces.map((f) => dieThrough(f, d.multiplier, p)).join('+');
      const adds = d.plus ? `, adds ${d.plus * d.multiplier} (no die: not stopped)` : '';
      // The shield's part, the rest the armor's: the two entries add up to what is stopped.
      const byShield = Math.min(stopped, armorThrough - through);
      const entries: LedgerEntry[] = [{ source: `${armorName} stops ${p} per die${eff.notes.length ? ` (${eff.notes.join('; ')})` : ''}: dice ${perDie}${adds}`, delta: byShield - stopped, rule: 'R-H8' }];
      if (sh > 0) {
        const se = effectiveProtection(sh, !!t.ap, !!t.impactHex);
        const name = d.target.shield?.def.name ?? 'shield';
        entries.push({ source: `${name} stops ${se.protection} once, after the per-die armor${se.notes.length ? ` (${se.notes.join('; ')})` : ''}: ${armorThrough} -> ${through}`, delta: -byShield, rule: 'tft-core shields' });
      }
      ownStops(d, entries);
    }
    return stopped;
  }
  if (t.ap || t.impactHex) {
    // Low-tech armor and a ready shield ("all forms of armor", a shield alone too) against AP or
    // in the impact hex: halved, once per hit (R-H9, R-H12).
    const all = defaultArmorStops(ctx.state, d.target);
    if (all === 0) return undefined;
    const eff = effectiveProtection(all, !!t.ap, !!t.impactHex);
    if (d.ledger) {
      const names = [d.target.armor?.def.name, d.target.shield?.ready ? d.target.shield.def.name : undefined].filter((x) => x !== undefined);
      ownStops(d, [{ source: `${names.join(' and ')} ${names.length > 1 ? 'stop' : 'stops'} ${eff.protection} (${eff.notes.join('; ')})`, delta: -Math.min(d.raw, eff.protection), rule: t.ap ? 'R-H9' : 'R-H12' }]);
    }
    return Math.min(d.raw, eff.protection);
  }
  return undefined;
}

function afterArmor(_ctx: TftContext, d: DamageInfo): void {
  const t = tagsOf(d);
  if (t.explosive && !t.splash) {
    const through = Math.max(0, d.raw - d.stopped);
    if (through > 0) {
      d.amount = through * 2;
      if (d.ledger) d.ledger.push({ source: 'explosive round: damage through armor doubled', delta: through, rule: 'R-H9' });
    }
  }
  // R-H13: flak and nylon spread the blow but not the shock: damage before armor decides 5/8 hits.
  const ha = hitechArmorOf(d.target);
  if (ha?.knockback) {
    d.knockdownBasis = knockdownBasis(d.raw, d.amount, true);
    if (d.ledger) {
      const before = d.raw >= d.amount;
      d.ledger.push({
        source: before ? `knockdown counts ${d.raw}, the damage before ${ha.name}` : `knockdown counts ${d.amount}, the damage taken (more than the ${d.raw} before ${ha.name})`,
        delta: 0,
        rule: 'R-H13',
      });
      d.knockdownWhy = `${ha.name}: ${before ? 'damage before armor' : 'damage taken, more than before armor'}, R-H13`;
    }
  }
}

// ---- resolving shots, blasts and scatter -----------------------------------------------------

function emit(ctx: TftContext, type: string, fields: Record<string, unknown>): void {
  if (ctx.emit) ctx.emit({ type, turn: ctx.state.turn, ...fields });
}

/** A blast of `dice` at `at` (R-H12): every figure within 3 hexes, friends too; armor halved in the impact hex. */
export function resolveBlast(ctx: TftContext, attacker: Figure, at: Hex, dice: number, weapon: WeaponInstance | null, what: string): void {
  const figs = ctx.state.figures.filter((f) => f.state !== 'dead');
  const victims = blastVictims(at, dice, figs, (f) => f.pos);
  emit(ctx, 'blast', { figure: attacker.id, at, dice, what, victims: victims.map((v) => ({ figure: v.figure.id, ring: v.ring, dice: v.dice })), rule: 'R-H12' });
  for (const v of victims) {
    const d = ctx.core.rollDamage(ctx, { dice: v.dice, plus: 0, text: `${v.dice}d` }, 1, attacker, v.figure, weapon, 'blast');
    d.tags.hitech = { impactHex: v.impactHex } satisfies HiTechTags;
    ctx.core.applyDamage(ctx, d);
  }
}

/** Where a hex-aimed explosive lands: on the aimed hex on a hit, else 1d6 hexes in a 1d6 direction (R-H12). */
function landing(ctx: TftContext, fig: Figure, aimed: Hex, hit: boolean, how: 'shot' | 'throw' = 'shot'): Hex {
  if (hit) return aimed;
  const dist = ctx.dice.face(6);
  const dir = ctx.dice.face(6);
  const at = scatterLanding(aimed, dist, dir);
  // `how`: a thrown grenade's miss is its throw's, not a "shot" (the narration's word).
  emit(ctx, 'scatter', { figure: fig.id, aimed, distanceFace: dist, directionFace: dir, at, how, rule: 'R-H12' });
  return at;
}

/** One shot or burst (R-H10) at a figure, or a rocket at a figure or hex. */
function resolveFire(ctx: TftContext, fig: Figure, plan: FirePlan, cmd: FireCmd): void {
  const { state, core } = ctx;
  const target = cmd.target ? core.figure(state, cmd.target) ?? null : null;
  const entries: LedgerEntry[] | null = ctx.emit ? [] : null;
  const adjDX = core.attackDX(state, fig, target, plan.weapon, FIREARM_MODE, entries, withMove(ctx, fig, cmd));
  const dice = target ? core.defenseDice(target, 'missile') : 3;
  if (entries && dice === 4) entries.push({ source: 'target dodges: 4d6', delta: 0, rule: 'tft-core defend/dodge' });
  const use = clipUse(plan.burst, plan.gear.clip);
  const rounds = roundsFired(plan.fw, plan.burst, plan.gear.clip);
  plan.gear.loaded -= use;
  const roll = core.resolveAttackRoll(ctx, {
    attacker: fig,
    target,
    weapon: plan.weapon,
    mode: FIREARM_MODE,
    adjDX,
    ledger: entries,
    dice,
    eventType: 'fire',
    extra: { burst: plan.burst, ammo: plan.ammo.id, rounds, at: cmd.at ?? null, overwatch: !!cmd.overwatch, loadedLeft: plan.gear.loaded },
  });
  if (plan.ammo.blast) {
    const aimed = target?.pos ?? (cmd.at as Hex);
    resolveBlast(ctx, fig, landing(ctx, fig, aimed, roll.hit), plan.ammo.dice, plan.weapon, plan.fw.name);
    return;
  }
  if (!roll.hit || !target) return;
  const hits = burstHits(adjDX, roll.roll, rounds);
  if (ctx.emit)
    emit(ctx, 'hits', {
      figure: fig.id,
      target: target.id,
      hits,
      rounds,
      ledger: [
        { source: 'for the hit', delta: 1, rule: 'R-H10' },
        { source: `for every 3 the roll ${roll.roll} is under adjDX ${adjDX}`, delta: Math.max(0, Math.floor((adjDX - roll.roll) / 3)), rule: 'R-H10' },
        ...(hits < 1 + Math.max(0, Math.floor((adjDX - roll.roll) / 3)) ? [{ source: `only ${count(rounds, 'round')} fired`, delta: hits - 1 - Math.floor((adjDX - roll.roll) / 3), rule: 'R-H10' }] : []),
      ],
    });
  const splashFigs =
    plan.ammo.explosive && !plan.ammo.ap && opts(state).heSplash !== 'off' ? state.figures.filter((f) => f.state !== 'dead' && inSplash(target.pos, f.pos)) : [];
  for (let i = 0; i < hits; i++) {
    const d = core.rollDamage(ctx, { dice: plan.ammo.dice, plus: 0, text: `${plan.ammo.dice}d` }, i === 0 ? roll.multiplier : 1, fig, target, plan.weapon, 'missile');
    d.tags.hitech = { ap: plan.ammo.ap, explosive: plan.ammo.explosive } satisfies HiTechTags;
    core.applyDamage(ctx, d);
    // R-H9: an HE round's splash, 1 point per die, on each figure in the 6 hexes around the target.
    for (const s of splashFigs) {
      // Figures dead before the shot take no splash; nor do those an earlier round of the burst killed.
      if (s.state === 'dead') continue;
      const n = heSplashDamage(plan.ammo.dice, 'unarmored');
      const sd = core.rollDamage(ctx, { dice: 0, plus: n, text: `${n}` }, 1, fig, s, plan.weapon, 'blast');
      sd.tags.hitech = { splash: true } satisfies HiTechTags;
      // Not a roll: the ledger says where the number comes from ("2: +2 = 2" read as a roll of nothing).
      if (sd.ledger) sd.ledger[0] = { source: `HE splash, 1 per die of the round's ${plan.ammo.dice}d`, delta: n, rule: 'R-H9' };
      core.applyDamage(ctx, sd, { ignoreArmor: opts(state).heSplash === 'unarmored' });
    }
  }
}

// ---- actions ---------------------------------------------------------------------------------

/** "single shot, standard", "four burst, AP", a machinegun's "burst, standard": a shot's burst and ammunition as fire and overwatch options name them. */
const shotLabel = (burst: Burst, ammo: AmmoDef) => `${burstWords(burst)}, ${ammoName(ammo.id)}`;

/** A burst in words, as shotLabel and a "Not now" label name it ("single shot", "four burst", a machinegun's "burst"). */
const burstWords = (burst: Burst) => (burst === 'single' ? 'single shot' : burst === 'burst' ? 'burst' : `${burst} burst`);

function enemiesInView(state: TftState, core: OptionsContext['core'], fig: Figure): Figure[] {
  return state.figures.filter((f) => f.id !== fig.id && core.isEnemy(fig, f) && f.state !== 'dead' && f.state !== 'unconscious' && f.state !== 'dying' && lineOfFire(state, fig.pos, f.pos));
}

/**
 * Explain's "Not now" for fire (R-H4, R-H10): each burst of the gun in hand that fireProblem
 * refuses (one entry when every burst is refused for the same reason: an empty magazine, a run
 * too far), and "no enemy in view" when a shot is possible but has no one to go at.
 */
function fireNotNow(ctx: OptionsContext, fig: Figure): NotNow[] {
  const w = ctx.core.readyWeapon(fig);
  const fw = firearmOf(w);
  if (!w || !fw || fig.turn.acted) return [];
  const whole = { type: 'fire', figure: fig.id, weapon: w.uid };
  const acting = actingProblem(fig, ctx);
  if (acting) return [{ action: 'fire', label: `fire ${fw.name}`, reason: acting, command: whole }];
  const refused = burstsOf(fw).map((burst) => ({ burst, p: fireProblem(ctx, fig, w, burst) }));
  const bad = refused.filter((x) => x.p !== null) as { burst: Burst; p: { reason: string; rule?: string } }[];
  if (bad.length === refused.length && bad.every((x) => x.p.reason === bad[0].p.reason)) {
    return [{ action: 'fire', label: `fire ${fw.name}`, reason: bad[0].p.reason, ...(bad[0].p.rule ? { rule: bad[0].p.rule } : {}), command: whole }];
  }
  const out: NotNow[] = bad.map(({ burst, p }) => ({ action: 'fire', label: `fire ${fw.name} (${burstWords(burst)})`, reason: p.reason, ...(p.rule ? { rule: p.rule } : {}), command: { ...whole, burst } }));
  if (bad.length < refused.length && !enemiesInView(ctx.state, ctx.core, fig).some((f) => seenBy(ctx.names, f))) {
    out.push({ action: 'fire', label: `fire ${fw.name}`, reason: 'no enemy in view with a clear line of fire', command: whole });
  }
  return out;
}

const fireAction: ActionSpec = {
  type: 'fire',
  phase: 'action',
  schema: fireSchema,
  options(ctx, fig) {
    const { state, core } = ctx;
    if (!core.canAct(fig) || fig.turn.acted || fig.turn.stance === 'defend' || fig.prone) return [];
    const w = core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw) return [];
    const out: ActionOption[] = [];
    // What does not depend on the target, once: each burst's plan, the firer's movement.
    const plans = burstsOf(fw).map((burst) => ({ burst, plan: planFire(ctx, fig, w, burst) }));
    const hitechMove = movement(state, fig);
    const shots: { shot: ActionOption; empties: boolean }[] = [];
    for (const target of enemiesInView(state, core, fig)) {
      if (gunBar(state, fig, target) !== null) continue;
      for (const { burst, plan } of plans) {
        if (typeof plan === 'string') continue;
        const command = { type: 'fire', figure: fig.id, target: target.id, burst, weapon: w.uid };
        const ledger: LedgerEntry[] | null = ctx.mode === 'explain' ? [] : null;
        const adjDX = core.attackDX(state, fig, target, w, FIREARM_MODE, ledger, withMove(ctx, fig, command, hitechMove));
        const dice = core.defenseDice(target, 'missile');
        const rounds = roundsFired(fw, burst, plan.gear.clip);
        if (plan.ammo.blast) {
          const pHit = hitChance(dice, adjDX, classic(state));
          const figs = blastTargets(state);
          const pHitN = pHit.toNumber();
          const exp = blastExpectation(target.pos, plan.ammo.dice, pHit, figs);
          const { foes, friends, score } = splitBlast(core, fig, state, figs, exp, (t, f) => blastWorth(target.pos, plan.ammo.dice, pHitN, t, damageToDown(f)));
          out.push({ command, label: `fire ${fw.name} at ${labelName(ctx.names, target)}`, adjDX, ledger: ledger ?? undefined, dice, hit: pHitN, expectedDamage: foes, friendlyDamage: friends, score });
          continue;
        }
        // The target's armor as armorStops meets the shot: per die (HiTech) then a shield once, or once (low-tech, R-H8).
        const armorOnce = hitechArmorOf(target) === null;
        const o = shotSummary({
          adjDx: adjDX,
          dice,
          rounds,
          damageDice: plan.ammo.dice,
          protection: missileArmor(state, target),
          armorOnce,
          shield: missileShield(state, target),
          ap: plan.ammo.ap,
          explosive: plan.ammo.explosive,
          classic: classic(state),
        });
        const e = o.expectedDamage;
        const used = clipUse(burst, plan.gear.clip);
        const shot: ActionOption = {
          command,
          label: `fire ${fw.name} (${shotLabel(burst, plan.ammo)}) at ${labelName(ctx.names, target)}`,
          adjDX,
          ledger: ledger ?? undefined,
          dice,
          hit: o.hit,
          hits: o.hits,
          expectedDamage: e,
          expectedDamageExact: o.expectedDamageExact,
          ammoUsed: used,
          // The AI spends ammunition only where it buys damage: a small cost per round, and the
          // reload turn of a shot that empties the gun (priceReloads). Plain expected damage, not
          // the core's measure of a blow: that lost 1 to 4 points in the firefight (docs/LAB.md).
          score: e - 0.15 * (used - 1) * (fw.clipUnit === 'bursts' ? 0 : 1),
        };
        out.push(shot);
        shots.push({ shot, empties: used >= plan.gear.loaded });
      }
    }
    priceReloads(shots);
    return out;
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    const c = cmd as FireCmd;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const plan = rejectIf(planFire(ctx, fig, w, c.burst ?? 'single'), 'burst');
    if (c.target !== undefined) {
      const t = ctx.core.figure(ctx.state, c.target);
      if (!t) throw new CommandRejected('target', `no figure ${quote(String(c.target))}`);
      if (t.id === fig.id) throw new CommandRejected('target', 'a figure cannot shoot itself');
      checkGunBar(ctx.state, fig, w, t);
      checkClearShot(ctx.state, fig, t);
    } else if (!plan.ammo.blast) throw new CommandRejected('at', `${plan.fw.name} fires at a figure (target), not at a hex`);
    else if (!lineOfView(ctx.state, fig.pos, c.at as Hex)) throw new CommandRejected('at', `${fig.name} cannot see that hex`);
    else checkGunBar(ctx.state, fig, w, null);
  },
  notNow: fireNotNow,
  resolve(ctx, cmd, fig) {
    const c = cmd as FireCmd;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const plan = rejectIf(planFire(ctx, fig, w, c.burst ?? 'single'), 'burst');
    fig.turn.acted = true;
    resolveFire(ctx, fig, plan, { ...c, burst: plan.burst });
  },
};

/**
 * A shot that empties the gun is charged the turn it costs (R-H10): the next turn
 * goes to reloading (or, with no clip left, to another weapon), where the best shot that leaves a
 * round could fire again. So the AI empties its gun only where that beats two turns of the best
 * other shot; when every shot empties it (the last round), none is charged: the reload comes anyway.
 */
function priceReloads(shots: readonly { shot: ActionOption; empties: boolean }[]): void {
  let turn = 0;
  for (const { shot, empties } of shots) if (!empties) turn = Math.max(turn, shot.score ?? 0);
  for (const { shot, empties } of shots) if (empties) shot.score = (shot.score ?? 0) - turn;
}

/** Every figure a blast may hit, with its armor as armorStops meets the blast (missileArmor, missileShield). */
export function blastTargets(state: TftState): BlastTarget[] {
  return state.figures
    .filter((f) => f.state !== 'dead')
    .map((f) => ({ id: f.id, pos: f.pos, protection: missileArmor(state, f), armorOnce: hitechArmorOf(f) === null, shield: missileShield(state, f) }));
}

/**
 * A blast's expected damage to able foes and to friends (the thrower too), and the AI's score:
 * each able foe's worth (`worth`: blastWorth, the core's measure of a blow) less twice the
 * friends' expected damage (the AI does not blast its own side).
 */
function splitBlast(core: OptionsContext['core'], fig: Figure, state: TftState, figs: readonly BlastTarget[], exp: Map<string, Fraction>, worth: (t: BlastTarget, f: Figure) => number) {
  let foes = 0;
  let friends = 0;
  let foesWorth = 0;
  // figs: blastTargets(state), the living figures in state order.
  let k = 0;
  for (const f of state.figures) {
    if (f.state === 'dead') continue;
    const t = figs[k++];
    const e = exp.get(f.id);
    if (e === undefined) continue;
    if (f.id !== fig.id && core.isEnemy(fig, f)) {
      if (core.canAct(f)) {
        foes += e.toNumber();
        if (!e.isZero()) foesWorth += worth(t, f);
      }
    } else friends += e.toNumber();
  }
  return { foes, friends, score: foesWorth - 2 * friends };
}

/** Hexes worth aiming a blast at: each able enemy's hex and the hexes around it. */
function blastAimPoints(core: OptionsContext['core'], state: TftState, fig: Figure): Hex[] {
  const seen = new Map<string, Hex>();
  for (const f of state.figures) {
    if (f.id === fig.id || !core.isEnemy(fig, f) || !core.canAct(f)) continue;
    seen.set(hexKey(f.pos), f.pos);
    for (let d = 0; d < 6; d++) {
      const h = { q: f.pos.q + [1, 0, -1, -1, 0, 1][d], r: f.pos.r + [0, 1, 1, 0, -1, -1][d] };
      if (core.onMap(state, h)) seen.set(hexKey(h), h);
    }
  }
  return [...seen.values()];
}

function blastOptions(ctx: OptionsContext, fig: Figure, type: 'throw-grenade' | 'fire-grenade', weapon: WeaponInstance, dice: number, mode: string): ActionOption[] {
  const { state, core } = ctx;
  const out: ActionOption[] = [];
  const figs = blastTargets(state);
  for (const at of blastAimPoints(core, state, fig)) {
    if (!lineOfView(state, fig.pos, at)) continue;
    if (type === 'throw-grenade' && distance(fig.pos, at) > 3 * 4) continue;
    const command = { type, figure: fig.id, at, weapon: weapon.uid };
    const ledger: LedgerEntry[] | null = ctx.mode === 'explain' ? [] : null;
    const adjDX = core.attackDX(state, fig, null, weapon, mode, ledger, withMove(ctx, fig, command));
    const pHit = hitChance(3, adjDX, classic(state));
    const exp = blastExpectation(at, dice, pHit, figs);
    const pHitN = pHit.toNumber();
    const { foes, friends, score } = splitBlast(core, fig, state, figs, exp, (t, f) => blastWorth(at, dice, pHitN, t, damageToDown(f)));
    out.push({
      command,
      label: `${type === 'throw-grenade' ? 'throw' : 'fire'} ${weapon.def.name}${type === 'fire-grenade' ? ' grenade' : ''} at ${at.q},${at.r}`,
      adjDX,
      ledger: ledger ?? undefined,
      dice: 3,
      hit: pHitN,
      expectedDamage: foes,
      friendlyDamage: friends,
      score,
    });
  }
  return out;
}

function throwEligible(ctx: { core: TftContext['core']; state: TftState }, fig: Figure): string | null {
  const m = movement(ctx.state, fig);
  if (m.moved * 2 > m.ma) return `moved ${m.moved} hexes, more than half of MA ${m.ma}`;
  return null;
}

function grenadeWeapon(fig: Figure, uid: string | undefined): WeaponInstance | undefined {
  return fig.weapons.find((w) => grenadeTlOf(w) !== null && (uid === undefined || w.uid === uid || w.def.id === uid));
}

/** Why `fig` has no grenade (`uid`, or any) to throw, or null. */
function grenadeProblem(fig: Figure, uid: string | undefined): string | null {
  return grenadeWeapon(fig, uid) ? null : `${fig.name} carries no grenade${uid ? ` '${uid}'` : ''}`;
}

/** Whether the figure came to the fight with grenades (setup marks it), so "none left" makes sense for it. */
const GRENADIER = 'grenadier';
const wasGrenadier = (fig: Figure) => (fig.house.hitech as Record<string, unknown> | undefined)?.[GRENADIER] === true;

const throwAction: ActionSpec = {
  type: 'throw-grenade',
  phase: 'action',
  schema: throwSchema,
  options(ctx, fig) {
    if (!ctx.core.canAct(fig) || fig.turn.acted || fig.turn.stance === 'defend' || fig.prone || dodgedWhileMoving(fig)) return [];
    const g = grenadeWeapon(fig, undefined);
    if (!g || throwEligible(ctx, fig)) return [];
    return blastOptions(ctx, fig, 'throw-grenade', g, grenadeDice(grenadeTlOf(g) as number), GRENADE_MODE);
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    if (dodgedWhileMoving(fig)) throw new CommandRejected('figure', onlyFires(fig));
    const c = cmd as z.infer<typeof throwSchema>;
    const none = grenadeProblem(fig, c.weapon);
    if (none) throw new CommandRejected('weapon', none);
    const why = throwEligible(ctx, fig);
    if (why) throw new CommandRejected('figure', why);
    if (!lineOfView(ctx.state, fig.pos, c.at)) throw new CommandRejected('at', `${fig.name} cannot see that hex`);
  },
  notNow(ctx, fig) {
    // A figure that came with grenades: none left, or a move too long to throw (the grenade's own check).
    if (fig.turn.acted || !wasGrenadier(fig)) return [];
    const why = grenadeProblem(fig, undefined) ?? actingProblem(fig, ctx) ?? throwEligible(ctx, fig);
    return why ? [{ action: 'throw-grenade', label: 'throw a grenade', reason: why }] : [];
  },
  resolve(ctx, cmd, fig) {
    const c = cmd as z.infer<typeof throwSchema>;
    const g = grenadeWeapon(fig, c.weapon) as WeaponInstance;
    fig.turn.acted = true;
    // A grenade is pulled from the webbing and thrown as one action (project reading; the seed is silent).
    fig.weapons = fig.weapons.filter((w) => w.uid !== g.uid);
    if (fig.ready === g.uid) fig.ready = null;
    const entries: LedgerEntry[] | null = ctx.emit ? [] : null;
    const adjDX = ctx.core.attackDX(ctx.state, fig, null, g, GRENADE_MODE, entries, withMove(ctx, fig, c));
    const roll = ctx.core.resolveAttackRoll(ctx, { attacker: fig, target: null, weapon: g, mode: GRENADE_MODE, adjDX, ledger: entries, dice: 3, noFumbles: true, eventType: 'throw-grenade', extra: { at: c.at } });
    resolveBlast(ctx, fig, landing(ctx, fig, c.at, roll.hit, 'throw'), grenadeDice(grenadeTlOf(g) as number), g, g.def.name);
  },
};

/** Why the launcher `w` has no rifle grenade to fire, or null. */
function rifleGrenadeProblem(fig: Figure, w: WeaponInstance): string | null {
  return gearOf(w).riflegrenades <= 0 ? `${fig.name} has no rifle grenades left` : null;
}

const fireGrenadeAction: ActionSpec = {
  type: 'fire-grenade',
  phase: 'action',
  schema: fireGrenadeSchema,
  options(ctx, fig) {
    if (!ctx.core.canAct(fig) || fig.turn.acted || fig.turn.stance === 'defend' || fig.prone) return [];
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw?.grenadeLauncher || gearOf(w).riflegrenades <= 0) return [];
    if (!fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state)).ok || gunBar(ctx.state, fig, null) !== null) return [];
    return blastOptions(ctx, fig, 'fire-grenade', w, grenadeDice(gearOf(w).grenadeTl), RIFLE_GRENADE_MODE);
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    const c = cmd as z.infer<typeof fireGrenadeSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const fw = firearmOf(w);
    if (!fw?.grenadeLauncher) throw new CommandRejected('weapon', `${w.def.name} has no grenade launcher`);
    if (ctx.core.readyWeapon(fig)?.uid !== w.uid) throw new CommandRejected('weapon', `${w.def.name} is not ready`);
    const none = rifleGrenadeProblem(fig, w);
    if (none) throw new CommandRejected('weapon', none);
    const e = fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state));
    if (!e.ok) throw new CommandRejected('figure', e.reason ?? 'not eligible');
    checkGunBar(ctx.state, fig, w, null);
    if (!lineOfView(ctx.state, fig.pos, c.at)) throw new CommandRejected('at', `${fig.name} cannot see that hex`);
  },
  notNow(ctx, fig) {
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw?.grenadeLauncher || fig.turn.acted || actingProblem(fig, ctx)) return [];
    const e = fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state));
    const why = rifleGrenadeProblem(fig, w) ?? (e.ok ? null : (e.reason ?? 'not eligible'));
    return why ? [{ action: 'fire-grenade', label: `fire a rifle grenade from ${fw.name}`, reason: why, ...(e.ok ? {} : { rule: 'R-H4' }), command: { type: 'fire-grenade', figure: fig.id, weapon: w.uid } }] : [];
  },
  resolve(ctx, cmd, fig) {
    const c = cmd as z.infer<typeof fireGrenadeSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const g = gearOf(w);
    fig.turn.acted = true;
    g.riflegrenades -= 1;
    const entries: LedgerEntry[] | null = ctx.emit ? [] : null;
    const adjDX = ctx.core.attackDX(ctx.state, fig, null, w, RIFLE_GRENADE_MODE, entries, withMove(ctx, fig, c));
    const roll = ctx.core.resolveAttackRoll(ctx, { attacker: fig, target: null, weapon: w, mode: RIFLE_GRENADE_MODE, adjDX, ledger: entries, dice: 3, noFumbles: true, eventType: 'fire-grenade', extra: { at: c.at, left: g.riflegrenades } });
    resolveBlast(ctx, fig, landing(ctx, fig, c.at, roll.hit), grenadeDice(g.grenadeTl), w, `TL ${g.grenadeTl} rifle grenade`);
  },
};

/**
 * Why `fig` cannot reload the gun with `ammo` (R-H10), or null: a magazine already full of that
 * ammunition (the reload would spend the action and a clip for the same rounds; another
 * ammunition is a real choice), or no spare clip of it. Options, validate and notNow all ask this.
 */
function reloadProblem(fig: Figure, fw: FirearmDef, g: WeaponGear, ammo: string): string | null {
  if (ammo === g.ammo && g.loaded >= g.clip) return `${fw.name}'s magazine is already full of ${ammo}`;
  return g.spare[ammo] > 0 ? null : `${fig.name} has no spare ${ammo} clip for the ${fw.name}`;
}

const reloadAction: ActionSpec = {
  type: 'reload',
  phase: 'action',
  schema: reloadSchema,
  options(ctx, fig) {
    if (!ctx.core.canAct(fig) || fig.turn.acted || fig.turn.stance === 'defend' || fig.prone || dodgedWhileMoving(fig)) return [];
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw) return [];
    const g = gearOf(w);
    const out: ActionOption[] = [];
    for (const [ammo, n] of Object.entries(g.spare)) {
      if (reloadProblem(fig, fw, g, ammo)) continue;
      // The AI reloads an empty gun, or one that can no longer fire a 4-shot burst.
      const low = g.loaded === 0 ? 6 : g.loaded < Math.min(4, g.clip) && burstsOf(fw).includes('four') ? 1.5 : 0;
      // A reload throws away what is still in the clip (resolve): the label says so.
      const unit = fw.clipUnit === 'bursts' ? 'burst' : 'round';
      const lost = g.loaded > 0 ? `loses the ${count(g.loaded, unit)} loaded; ` : '';
      out.push({ command: { type: 'reload', figure: fig.id, weapon: w.uid, ammo }, label: `reload ${fw.name} with ${ammoName(ammo)} (${lost}${count(n, 'clip')} left)`, score: ammo === g.ammo ? low : low - 0.5 });
    }
    return out;
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    if (dodgedWhileMoving(fig)) throw new CommandRejected('figure', onlyFires(fig));
    const c = cmd as z.infer<typeof reloadSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const fw = firearmOf(w);
    if (!fw) throw new CommandRejected('weapon', `${w.def.name} is not a firearm`);
    // A clip goes into the gun in hand (project reading; explain offers only that one): a slung
    // gun is readied first.
    if (w.uid !== fig.ready) throw new CommandRejected('weapon', `${fw.name} is not in hand: ready it first to reload it`);
    const g = gearOf(w);
    const ammo = c.ammo ?? g.ammo;
    if (!fw.ammo.some((a) => a.id === ammo)) throw new CommandRejected('ammo', `${fw.name} has no ammunition '${ammo}'`);
    const why = reloadProblem(fig, fw, g, ammo);
    if (why) throw new CommandRejected('ammo', why);
  },
  notNow(ctx, fig) {
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw || fig.turn.acted || actingProblem(fig, ctx)) return [];
    const g = gearOf(w);
    // A gun in hand that is not full, with no spare clip of any ammunition. A full magazine is no
    // "not now": nobody misses the reload of a full gun, and every gunner would list it from the start.
    if (g.loaded >= g.clip || Object.values(g.spare).some((n) => n > 0)) return [];
    return [{ action: 'reload', label: `reload ${fw.name}`, reason: reloadProblem(fig, fw, g, g.ammo) as string, rule: 'R-H10', command: { type: 'reload', figure: fig.id, weapon: w.uid } }];
  },
  resolve(ctx, cmd, fig) {
    const c = cmd as z.infer<typeof reloadSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const g = gearOf(w);
    const ammo = c.ammo ?? g.ammo;
    fig.turn.acted = true;
    // A reload takes the action; the rounds left in the old clip are lost (project reading).
    const discarded = g.loaded;
    g.spare[ammo] -= 1;
    g.ammo = ammo;
    g.loaded = g.clip;
    emit(ctx, 'reload', { figure: fig.id, weapon: w.uid, ammo, loaded: g.loaded, discarded, spareLeft: g.spare[ammo], rule: 'R-H10' });
  },
};

const overwatchAction: ActionSpec = {
  type: 'overwatch',
  phase: 'action',
  schema: overwatchSchema,
  options(ctx, fig) {
    if (!ctx.core.canAct(fig) || fig.turn.acted || fig.turn.stance === 'defend' || fig.prone) return [];
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw) return [];
    const out: ActionOption[] = [];
    const hitechMove = movement(ctx.state, fig);
    for (const burst of burstsOf(fw)) {
      const plan = planFire(ctx, fig, w, burst);
      if (typeof plan === 'string') continue;
      const trigger = { targets: 'any-enemy', on: 'enter', beforeAction: true } as const;
      const command = { type: 'overwatch', figure: fig.id, trigger, burst, weapon: w.uid };
      const option: ActionOption = {
        command,
        label: `overwatch with ${fw.name} (${shotLabel(burst, plan.ammo)})`,
        // Worth it when no enemy in view stands in the front arc, where a shot (and the overwatch's, R-H7) goes: the AI would rather shoot one that does.
        score: enemiesInView(ctx.state, ctx.core, fig).some((e) => inFrontArc(fig, e.pos)) ? 0 : 0.5,
      };
      if (ctx.mode === 'explain') {
        // What a fire option says that does not hang on the target: the firer's adjDX as the
        // shot's own ledger (DX, talent, movement this turn R-H4, burst R-H10/R-H11; the same
        // attackDX, with no target), the rounds it spends; the range waits for the target.
        const ledger: LedgerEntry[] = [];
        const adjDX = ctx.core.attackDX(ctx.state, fig, null, w, FIREARM_MODE, ledger, withMove(ctx, fig, { type: 'fire', figure: fig.id, burst, weapon: w.uid }, hitechMove));
        ledger.push({ source: `${fw.rangeTable} range: counted when it fires, by the target's distance`, delta: 0, rule: fw.rangeTable === 'rifle' ? 'R-H2' : 'R-H3' });
        Object.assign(option, {
          adjDX,
          ledger,
          ammoUsed: clipUse(burst, plan.gear.clip),
          note: `It ${triggerText(trigger)} (R-H7). adjDX before range; a shot in the next turn's movement phase has no movement modifier (R-H7).`,
          rule: 'R-H7',
        });
      }
      out.push(option);
    }
    return out;
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    const c = cmd as z.infer<typeof overwatchSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    rejectIf(planFire(ctx, fig, w, c.burst), 'burst');
    // R-H7: an overwatch fires at enemies; a trigger naming a friend (or nobody) is refused.
    const ts = c.trigger.targets;
    if (ts !== 'any-enemy') {
      ts.forEach((id, i) => {
        const t = ctx.state.figures.find((x) => x.id === id);
        if (!t) throw new CommandRejected(`trigger.targets[${i}]`, `no figure ${quote(String(id))}`);
        if (!ctx.core.isEnemy(fig, t)) throw new CommandRejected(`trigger.targets[${i}]`, `${t.name} is not an enemy of ${fig.name}: an overwatch fires at enemies (R-H7)`);
      });
    }
  },
  notNow(ctx, fig) {
    // No burst it could fire now (options() offers one per burst that planFire takes): the first burst's reason.
    const w = ctx.core.readyWeapon(fig);
    const fw = firearmOf(w);
    if (!w || !fw || fig.turn.acted || actingProblem(fig, ctx)) return [];
    const ps = burstsOf(fw).map((b) => fireProblem(ctx, fig, w, b));
    if (ps.some((p) => p === null)) return [];
    const p = ps[0] as { reason: string; rule?: string };
    return [{ action: 'overwatch', label: `overwatch with ${fw.name}`, reason: p.reason, rule: p.rule ?? 'R-H7', command: { type: 'overwatch', figure: fig.id, weapon: w.uid } }];
  },
  resolve(ctx, cmd, fig) {
    const c = cmd as z.infer<typeof overwatchSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    fig.turn.acted = true;
    figureHiTech(fig).overwatch = { trigger: c.trigger, turn: ctx.state.turn, burst: c.burst, weaponSlot: fig.weapons.indexOf(w) };
    emit(ctx, 'overwatch', { figure: fig.id, weapon: w.uid, burst: c.burst, trigger: c.trigger, until: ctx.state.turn + 1, rule: 'R-H7' });
  },
};

const quickdrawAction: ActionSpec = {
  type: 'quickdraw',
  phase: 'action',
  schema: quickdrawSchema,
  options(ctx, fig) {
    if (!fig.talents.includes('quickdraw-pistol') || !ctx.core.canAct(fig) || fig.turn.acted || fig.prone) return [];
    const out: ActionOption[] = [];
    for (const w of fig.weapons) {
      const fw = firearmOf(w);
      if (fw?.class !== 'pistol' || fig.ready === w.uid || w.broken) continue;
      // R-H6: offered only where validate takes it: a round to fire, a move that lets it fire (R-H4).
      if (ammoProblem(fw, 'single', gearOf(w)) || !fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state)).ok) continue;
      for (const t of enemiesInView(ctx.state, ctx.core, fig)) {
        if (gunBar(ctx.state, fig, t) !== null) continue;
        const command = { type: 'quickdraw', figure: fig.id, weapon: w.uid, target: t.id, burst: 'single' };
        const adjDX = ctx.core.attackDX(ctx.state, fig, t, w, FIREARM_MODE, null, withMove(ctx, fig, { ...command, type: 'fire' }));
        // R-H6: the draw roll (3d6 <= adjDX) and then the shot, independent rolls; the shot is
        // 4d6 at a dodging target (tft-core), as resolveFire rolls it.
        const p = Dist.dice(3, 6).atMost(adjDX).mul(hitChance(ctx.core.defenseDice(t, 'missile'), adjDX, classic(ctx.state)));
        out.push({ command, label: `quickdraw ${fw.name} and fire at ${labelName(ctx.names, t)}`, adjDX, hit: p.toNumber(), score: 0.1 });
      }
    }
    return out;
  },
  validate(ctx, cmd, fig) {
    checkActing(fig, ctx);
    const c = cmd as z.infer<typeof quickdrawSchema>;
    if (!fig.talents.includes('quickdraw-pistol')) throw new CommandRejected('figure', `${fig.name} lacks the Quickdraw Pistol talent`);
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const fw = firearmOf(w);
    if (fw?.class !== 'pistol') throw new CommandRejected('weapon', `${w.def.name} is not a pistol`);
    const t = ctx.core.figure(ctx.state, c.target);
    if (!t || t.id === fig.id) throw new CommandRejected('target', `no figure ${quote(String(c.target))} to shoot`);
    checkGunBar(ctx.state, fig, w, t);
    checkClearShot(ctx.state, fig, t);
    const e = fireEligibility(fw, movement(ctx.state, fig), opts(ctx.state));
    if (!e.ok) throw new CommandRejected('figure', e.reason ?? 'not eligible');
    const p = ammoProblem(fw, c.burst, gearOf(w));
    if (p) throw new CommandRejected('burst', p);
  },
  resolve(ctx, cmd, fig) {
    const c = cmd as z.infer<typeof quickdrawSchema>;
    const w = weaponFor(ctx, fig, c.weapon, 'weapon');
    const t = ctx.core.figure(ctx.state, c.target) as Figure;
    fig.turn.acted = true;
    // R-H6: the pistol is readied either way; 3d6 <= adjDX (of the shot) lets it fire this turn.
    fig.ready = w.uid;
    const fireCmd: FireCmd = { type: 'fire', figure: fig.id, target: t.id, burst: c.burst, weapon: w.uid };
    const entries: LedgerEntry[] | null = ctx.emit ? [] : null;
    const adjDX = ctx.core.attackDX(ctx.state, fig, t, w, FIREARM_MODE, entries, withMove(ctx, fig, fireCmd));
    const faces = [ctx.dice.face(6), ctx.dice.face(6), ctx.dice.face(6)];
    const roll = faces[0] + faces[1] + faces[2];
    const fires = roll <= adjDX;
    emit(ctx, 'quickdraw', { figure: fig.id, weapon: w.uid, faces, roll, adjDX, ledger: entries, fires, rule: 'R-H6' });
    if (fires) resolveFire(ctx, fig, rejectIf(planFire(ctx, fig, w, c.burst), 'burst'), fireCmd);
  },
};

// ---- overwatch firing (R-H7) -----------------------------------------------------------------

function overwatchers(state: TftState, core: TftContext['core'], phase: 'movement' | 'action'): Figure[] {
  return state.figures.filter((f) => {
    const ow = (f.house.hitech as { overwatch?: unknown } | undefined)?.overwatch as { turn: number } | null | undefined;
    return ow && core.canAct(f) && !f.prone && overwatchActive(ow as never, state.turn, phase);
  });
}

function overwatchFire(ctx: TftContext, o: Figure, target: Figure, why: string): void {
  const s = figureHiTech(o);
  const ow = s.overwatch;
  if (!ow) return;
  s.overwatch = null;
  const w = o.weapons[ow.weaponSlot ?? -1] ?? ctx.core.readyWeapon(o);
  const isNextTurn = ctx.state.turn > ow.turn;
  const plan = w ? planFire(ctx, o, w, ow.burst as Burst, isNextTurn) : 'its weapon is gone';
  if (typeof plan === 'string' || !canShootAt(ctx.state, o, target)) {
    emit(ctx, 'overwatch-lapsed', { figure: o.id, target: target.id, reason: typeof plan === 'string' ? plan : 'no clear shot', rule: 'R-H7' });
    return;
  }
  emit(ctx, 'overwatch-fire', { figure: o.id, target: target.id, why, rule: 'R-H7' });
  // The shot in the next turn's movement phase takes that turn's action (project reading).
  if (isNextTurn) o.turn.acted = true;
  resolveFire(ctx, o, plan, { type: 'fire', figure: o.id, target: target.id, burst: plan.burst, weapon: plan.weapon.uid, overwatch: isNextTurn });
}

function onMoveStep(ctx: TftContext, mover: Figure, from: Hex, to: Hex): boolean | undefined {
  const { state, core } = ctx;
  if (state.phase !== 'move') return undefined;
  // An overwatcher that moves gives up its overwatch.
  const mine = figureHiTech(mover);
  if (mine.overwatch) {
    mine.overwatch = null;
    emit(ctx, 'overwatch-lapsed', { figure: mover.id, reason: 'moved', rule: 'R-H7' });
  }
  const ready = overwatchers(state, core, 'movement');
  const firing = [];
  for (const o of ready) {
    const ow = figureHiTech(o).overwatch;
    if (!ow || o.id === mover.id) continue;
    for (const [kind, h] of [
      ['leave', from],
      ['enter', to],
    ] as const) {
      const view = { moverId: mover.id, moverIsEnemy: core.isEnemy(o, mover), kind, hex: h, megahexes: megahexDistance(o.pos, h), visible: lineOfView(state, o.pos, h) };
      // R-H7: only a moment it can shoot sets it off (a figure standing between, or one outside
      // the front arc, does not spend it).
      if (triggersOnStep(ow, view) && canShootAt(state, o, mover)) {
        firing.push({ id: o.id, adjDx: core.baseAdjDX(state, o, null), fig: o, why: `${mover.name} ${kind === 'enter' ? 'entered' : 'left'} hex (${h.q},${h.r})` });
        break;
      }
    }
  }
  for (const f of overwatchOrder(firing)) {
    if (!core.canAct(mover) || mover.prone) break;
    overwatchFire(ctx, f.fig, mover, f.why);
  }
  return !core.canAct(mover) || mover.prone ? true : undefined;
}

function beforeAction(ctx: TftContext, actor: Figure): void {
  const { state, core } = ctx;
  const firing = [];
  for (const o of overwatchers(state, core, 'action')) {
    const ow = figureHiTech(o).overwatch;
    if (!ow || o.id === actor.id) continue;
    if (triggersBeforeAction(ow, actor.id, core.isEnemy(o, actor), lineOfView(state, o.pos, actor.pos)) && canShootAt(state, o, actor)) firing.push({ id: o.id, adjDx: core.baseAdjDX(state, o, null), fig: o });
  }
  for (const f of overwatchOrder(firing)) {
    if (!core.canAct(actor)) break;
    overwatchFire(ctx, f.fig, actor, `${actor.name} is about to act`);
  }
}

/**
 * The module's turnPasses hook (the core's turnPasses: at each turn's end, and for each turn of
 * time run at once out of combat, R-T3): an overwatch lapses once its movement phase is over (R-H7); the crew-served
 * readying counts the turn (R-H4). Out of combat no one moves: every overwatch is long over.
 */
function endOfTurn(ctx: TftContext, outOfCombat: boolean): void {
  for (const f of ctx.state.figures) {
    const s = f.house.hitech as { overwatch?: { turn: number } | null; crewReadyLeft?: number } | undefined;
    if (!s) continue;
    if (s.overwatch && (outOfCombat || s.overwatch.turn < ctx.state.turn)) {
      s.overwatch = null;
      emit(ctx, 'overwatch-lapsed', { figure: f.id, reason: 'its movement phase is over', rule: 'R-H7' });
    }
    // R-H4: a crew-served weapon moved this turn, in hand or carried, needs 3 turns to ready: turns
    // its figure stands still with it in hand. Switched away the count waits; moved again it restarts.
    // The fight turn's move is not made again in the turns run at once out of combat.
    if (carriesCrewServed(f)) {
      const hs = figureHiTech(f);
      if (f.turn.hexes > 0 && !outOfCombat) hs.crewReadyLeft = CREW_READY_TURNS;
      else if (hs.crewReadyLeft > 0 && firearmOf(ctx.core.readyWeapon(f))?.crewServed) hs.crewReadyLeft -= 1;
    }
  }
}

// ---- figure checks and setup -----------------------------------------------------------------

/**
 * R-H4 "A crew served weapon can be moved at -4 MA": whether the figure carries one, in hand or
 * not (the weight is the same slung): its MA is 4 less and moving it starts the 3-turn readying.
 */
export function carriesCrewServed(fig: Figure): boolean {
  const ws = fig.weapons;
  for (let i = 0; i < ws.length; i++) if (firearmOf(ws[i])?.crewServed) return true;
  return false;
}

/** R-H14: ST for weapon requirements, carrying and hand-to-hand, multiplied by battle armor (not ST as hit points). */
export function strengthForRequirements(fig: Figure): number {
  return fig.st * (hitechArmorOf(fig)?.stMultiplier ?? 1);
}

/** A scenario gives a firearm's gear as the weapon entry's `house: { hitech: {...} }` (GearSpec). */
function gearSpecOf(w: WeaponInstance): GearSpec | undefined {
  return w.house.hitech as GearSpec | undefined;
}

function validateFigure(fig: Figure): Issue[] {
  const issues: Issue[] = [];
  fig.weapons.forEach((w, i) => {
    const fw = firearmOf(w);
    const spec = gearSpecOf(w);
    if (!fw) {
      if (spec !== undefined) issues.push({ path: `weapons[${i}].house.hitech`, message: `${w.def.name} is not a firearm: it has no ammunition to set` });
      return;
    }
    issues.push(...makeGear(fw, spec, `weapons[${i}].house.hitech`).issues);
  });
  return issues;
}

function setup(state: TftState): void {
  for (const fig of state.figures) {
    for (const w of fig.weapons) {
      const fw = firearmOf(w);
      if (fw) w.house.hitech = makeGear(fw, gearSpecOf(w), `weapons.${w.uid}`).gear;
    }
    const s = figureHiTech(fig) as unknown as Record<string, unknown>;
    // Explain's "Not now" says "no grenade left" only to a figure that had some (throw-grenade notNow).
    if (fig.weapons.some((w) => grenadeTlOf(w) !== null)) s[GRENADIER] = true;
  }
}

export const hitechModule: HouseModule = {
  id: 'hitech',
  optionsSchema: hitechOptionsSchema,
  enabled: (o) => o.hitech === true,
  data: {
    weapons: [...firearmWeaponDefs(), ...grenadeWeaponDefs()],
    armor: hitechArmorDefs(),
    talents: HITECH_TALENTS.map((t) => ({ id: t.id, name: t.name, iq: t.iq, cost: t.cost, requires: t.expertOf ? [t.expertOf] : undefined, kind: 'talent', source: 'seed f04d4dae' })),
  },
  validateFigure: (fig) => validateFigure(fig),
  setup,
  actions: [fireAction, fireGrenadeAction, throwAction, reloadAction, overwatchAction, quickdrawAction],
  describe: describeHitech,
  hooks: {
    toHitModifiers: (q) => (MY_MODES.has(q.mode) ? hitechToHit(q) : 0),
    // R-H4: -4 MA while it carries a crew-served weapon, in hand or not.
    maModifier: (fig) => (carriesCrewServed(fig) ? -CREW_MA_PENALTY : 0),
    // R-H14: the core's ST for requirements (weapon minimum ST...) is multiplied by battle armor.
    // R-H8: HiTech armor stops per die against a core missile or thrown attack too (armorStops); the core's odds ask here.
    armorPerDie: (_state, t, mode) => (mode === 'missile' || mode === 'thrown' ? hitechArmorOf(t)?.protection : undefined),
    requirementST: (fig) => ((hitechArmorOf(fig)?.stMultiplier ?? 1) === 1 ? undefined : strengthForRequirements(fig)),
    armorStops,
    afterArmor,
    onMoveStep,
    beforeAction,
    turnPasses: endOfTurn,
    // R-H4: a figure that dodged while moving keeps its action to fire, when it has a gun.
    stanceKeepsAction: (_state, fig, stance) => (stance === 'dodge' && hasGunToFire(fig) ? true : undefined),
    // R-H4 option runAndGun: a gunner that moved more than half MA keeps its action, to fire only (vetoAction).
    actsPastHalfMA: (state, fig) => (opts(state).runAndGun === true && hasGunToFire(fig) ? true : undefined),
    vetoAction(state, fig, type) {
      if (dodgedWhileMoving(fig) && !AFTER_MOVING_DODGE.has(type)) return onlyFires(fig);
      if (!AFTER_RUNNING.has(type) && ranAndGuns(state, fig)) return onlyFiresAfterRunning(fig);
      if (type !== 'attack') return undefined;
      const w = fig.weapons.find((x) => x.uid === fig.ready);
      if (firearmOf(w)) return `${w?.def.name} is a firearm: use 'fire' (with a burst)`;
      if (grenadeTlOf(w) !== null) return `use 'throw-grenade' at a hex`;
      return undefined;
    },
    explain(_state, fig) {
      const w = fig.weapons.find((x) => x.uid === fig.ready);
      const fw = firearmOf(w);
      const s = fig.house.hitech as { overwatch?: unknown; crewReadyLeft?: number } | undefined;
      const out: Record<string, unknown> = {};
      if (fw && w) {
        const g = gearOf(w);
        out.firearm = { weapon: fw.name, ammo: g.ammo, loaded: g.loaded, clip: g.clip, spare: g.spare, riflegrenades: g.riflegrenades, bursts: burstsOf(fw) };
      }
      const ha = hitechArmorOf(fig);
      if (ha) out.hitechArmor = { name: ha.name, protectionPerDie: ha.protection, knockback: ha.knockback, stForRequirements: strengthForRequirements(fig) };
      if (s?.overwatch) out.overwatch = s.overwatch;
      if (s?.crewReadyLeft) out.crewReadyLeft = s.crewReadyLeft;
      const grenades = fig.weapons.filter((x) => grenadeTlOf(x) !== null).length;
      if (grenades) out.grenades = grenades;
      // Keyed by module id, like every module's explain contribution.
      return Object.keys(out).length ? { hitech: out } : undefined;
    },
  },
};
