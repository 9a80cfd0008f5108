// Property tests over random small TFT encounters (fast-check): 2 to 6 figures, random
// attributes, weapons (one- and two-handed, cutting, pole, bows, thrown), armor, shields,
// Multiple Swing, races, and the options (ruleset, sweep off/new/classic, thread on/off, HiTech
// with firearms, bursts, grenades and HiTech armor, darkness), played to the end with seeded
// dice by the AI and by a random player choosing among the options explain lists. An event-log
// checker (below) recomputes what the rules imply independently of the engine: tft-core turn
// and damage, R-S2/R-S3/R-S5 sweeps, R-T1/R-T2 thread, R-H8/R-H10/R-H4 HiTech.
//
// Runs: FRAY_PROPS_RUNS (default modest so the unit suite stays fast), FRAY_PROPS_SEED.
// properties.test.ts covers hex occupancy and "down never acts" for AI fights with few options;
// hotpath.test.ts and autoplay.test.ts the lab's golden fights and duels; not repeated here.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { DIRECTIONS, directionIndex, distance, type Hex } from '../../core/hex/coords.ts';
import { type RngState, intBelow, seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import { commandProblem, pendingOf } from './flow.ts';
import type { Figure, TftCommand, TftEvent, TftState } from './model.ts';
import { hooksOf } from './registry.ts';
import { tftSystem } from './system.ts';
import { beginTurn, fig, play as playCommands, setup } from './testing.ts';

const RUNS = Number(process.env.FRAY_PROPS_RUNS ?? 25);
const SEED = Number(process.env.FRAY_PROPS_SEED ?? 20261201);
/** FRAY_PROPS_STATS=1: print how many events of each type the checker saw (what was exercised). */
const STATS = process.env.FRAY_PROPS_STATS === '1' ? new Map<string, number>() : null;

// ---------------------------------------------------------------------------------------------
// Encounters
// ---------------------------------------------------------------------------------------------

const LOW_WEAPONS: [string, number][] = [
  ['broadsword', 12],
  ['dagger', 0],
  ['mace', 11],
  ['spear', 11],
  ['war-ax', 12],
  ['shortsword', 11],
  ['saber', 10],
  ['small-ax', 11],
  ['bastard-sword', 13],
  ['two-handed-sword', 14],
  ['greatsword', 16],
  ['battleaxe', 15],
  ['halberd', 13],
  ['pike-axe', 15],
  ['great-hammer', 14],
  ['club', 0],
  ['javelin', 0],
  ['longbow', 11],
  ['light-crossbow', 12],
  ['heavy-crossbow', 15],
];
const GUNS = ['assault-rifle', 'submachinegun', 'shotgun', 'acr', 'snub-pistol', 'heavy-pistol', 'light-rifle', 'autoshotgun', 'grenade-tl12', 'grenade-tl6'];
const LOW_ARMOR = [null, 'cloth', 'leather', 'chainmail', 'half-plate', 'plate'];
const HI_ARMOR = ['flak-jacket', 'nylon', 'combat-tl11', 'battle-tl13'];
const SHIELDS = [null, 'small-shield', 'large-shield', 'tower-shield'];
const RACES = ['human', 'human', 'human', 'elf', 'dwarf', 'orc', 'goblin'];

const figureArb = fc.record({
  st: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 8, max: 18 }) }, { weight: 1, arbitrary: fc.integer({ min: 28, max: 56 }) }),
  dx: fc.integer({ min: 8, max: 16 }),
  iq: fc.integer({ min: 7, max: 14 }),
  weapon: fc.integer({ min: 0, max: LOW_WEAPONS.length - 1 }),
  twoHanded: fc.boolean(),
  second: fc.option(fc.integer({ min: 0, max: LOW_WEAPONS.length - 1 })),
  gun: fc.option(fc.constantFrom(...GUNS), { freq: 2 }),
  armor: fc.constantFrom(...LOW_ARMOR),
  hiArmor: fc.option(fc.constantFrom(...HI_ARMOR)),
  shield: fc.constantFrom(...SHIELDS),
  multipleSwing: fc.boolean(),
  medic: fc.constantFrom(null, 'physicker', 'master-physicker'),
  eyesBehind: fc.integer({ min: 0, max: 9 }),
  race: fc.constantFrom(...RACES),
  col: fc.integer({ min: 0, max: 6 }),
  row: fc.integer({ min: 0, max: 5 }),
  facing: fc.integer({ min: 0, max: 5 }),
  side: fc.integer({ min: 0, max: 5 }),
});

const encounterArb = fc.record({
  figures: fc.array(figureArb, { minLength: 2, maxLength: 6 }),
  ruleset: fc.constantFrom('legacy', 'classic'),
  sweep: fc.constantFrom('off', 'new', 'classic'),
  thread: fc.boolean(),
  hitech: fc.boolean(),
  runAndGun: fc.boolean(),
  darkness: fc.integer({ min: 0, max: 5 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
type Encounter = typeof encounterArb extends fc.Arbitrary<infer T> ? T : never;

function buildEncounter(e: Encounter): Record<string, unknown> | null {
  const seen = new Set<string>();
  const figures: Record<string, unknown>[] = [];
  for (const [i, x] of e.figures.entries()) {
    const key = `${x.col},${x.row}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [w, minST] = LOW_WEAPONS[x.weapon];
    const weapons: unknown[] = [w === 'bastard-sword' || w === 'spear' ? { weapon: w, twoHanded: x.twoHanded } : w];
    let st = Math.max(x.st, minST);
    if (x.second !== null && x.second !== x.weapon) {
      weapons.push(LOW_WEAPONS[x.second][0]);
      st = Math.max(st, LOW_WEAPONS[x.second][1]);
    }
    if (e.hitech && x.gun) weapons.unshift(x.gun);
    const ms = x.multipleSwing && x.dx >= 14 && x.iq >= 12;
    const talents: string[] = [];
    if (ms) talents.push('multiple-swing');
    if (x.medic === 'physicker' && x.iq >= 11) talents.push('physicker');
    if (x.medic === 'master-physicker' && x.iq >= 14) talents.push('physicker', 'master-physicker');
    if (e.hitech && x.gun) talents.push(x.gun.includes('pistol') || x.gun === 'submachinegun' ? 'pistol' : 'rifle');
    figures.push({
      id: `f${i}`,
      side: x.side % 3 === 2 && i > 1 ? 'green' : i % 2 === 0 ? 'red' : 'blue',
      race: x.race,
      st,
      dx: x.dx,
      iq: x.iq,
      talents,
      ...(x.eyesBehind === 0 ? { spells: ['eyes-behind'] } : {}),
      weapons,
      armor: e.hitech && x.hiArmor ? x.hiArmor : x.armor,
      ...(x.shield ? { shield: x.shield } : {}),
      at: [x.col - Math.floor(x.row / 2), x.row],
      facing: x.facing,
    });
  }
  if (new Set(figures.map((f) => f.side)).size < 2) return null;
  return {
    system: 'tft',
    name: 'fuzz',
    map: { width: 7, height: 6 },
    options: {
      ruleset: e.ruleset,
      sweep: e.sweep,
      thread: e.thread ? 'on' : 'off',
      maxTurns: 25,
      ...(e.hitech ? { hitech: true, runAndGun: e.runAndGun } : {}),
      ...(e.darkness === 0 ? { darkness: true } : {}),
    },
    figures,
  };
}

function setupOrNull(sc: Record<string, unknown>): TftState | null {
  try {
    return tftSystem.setup(sc);
  } catch (err) {
    // A generated figure the loader refuses (a talent's prerequisite, a race's MA...): skipped.
    if ((err as Error).name === 'InputError') return null;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The checker: recomputes from the event log and the state, independently of the engine
// ---------------------------------------------------------------------------------------------

const CORE_ACTIONS = new Set(['attack', 'defend', 'dodge', 'drop', 'stand-up', 'pass', 'ready', 'pick-up', 'disengage']);
const ABLE = new Set(['healthy', 'reeling']);
/** R-H13: the seed's armor that spreads the blow but not the shock. */
const KNOCKBACK = new Set(['flak-jacket', 'nylon']);

/** R-T1 (thread on) or tft-core standard states (thread off), restated here. */
function expectedState(f: Figure, thread: boolean, dead: boolean): string {
  if (dead) return 'dead';
  const rem = f.st - f.wounds - f.fatigue;
  const dy = f.st - f.wounds;
  if (thread) {
    if (dy < -f.st) return 'dead';
    if (dy <= 0) return 'dying';
    if (rem <= 1) return 'unconscious';
    if (rem <= 3) return 'reeling';
    return 'healthy';
  }
  if (dy <= 0) return 'dead';
  if (rem <= 1) return 'unconscious';
  if (rem <= 3) return 'reeling';
  return 'healthy';
}

/** tft-core to-hit table (3d6, Legacy and classic 4d6). */
function expectedOutcome(roll: number, adj: number, dice: number, classic: boolean): string {
  if (dice === 3) {
    if (roll === 3) return 'triple';
    if (roll === 4) return 'double';
    if (roll === 5) return 'auto-hit';
    if (roll === 16) return 'auto-miss';
    if (roll === 17) return 'drop';
    if (roll === 18) return 'break';
  } else if (classic) {
    if (roll >= 23) return 'break';
    if (roll >= 21) return 'drop';
    if (roll === 20) return 'auto-miss';
  } else {
    if (roll === 4) return 'double';
    if (roll === 5) return 'auto-hit';
    if (roll >= 20) return 'auto-miss';
  }
  return roll <= adj ? 'hit' : 'miss';
}

const thresholds = (st: number): [number, number] => (st >= 50 ? [15, 25] : st >= 30 ? [9, 16] : [5, 8]);
const ledgerSum = (l: unknown): number => (Array.isArray(l) ? (l as LedgerEntry[]).reduce((t, e) => t + e.delta, 0) : Number.NaN);

/** Whether `h` is one of `e`'s front hexes (adjacent): 3 front hexes, all 6 with more (Eyes Behind). */
function inFront(e: Figure, h: Hex): boolean {
  const d = directionIndex(e.pos.q, e.pos.r, h.q, h.r);
  if (d < 0) return false;
  if (e.frontHexes >= 6) return true;
  const diff = (d - e.facing + 6) % 6;
  return diff === 0 || diff === 1 || diff === 5;
}

class Checker {
  problems: string[] = [];
  private readonly thread: boolean;
  private readonly hitech: boolean;
  private wounds = new Map<string, number>();
  private dead = new Set<string>();
  private prone = new Set<string>();
  private hits = new Map<string, number>();
  private acted = new Set<string>();
  private fell = new Set<string>();
  private moveStance = new Map<string, string>();
  /** Figures engaged when the turn began (tft-core options: then they may not dodge or drop). */
  private engagedAtStart = new Set<string>();
  private stepsMoved = new Map<string, number>();
  private movedMA = new Map<string, number>();
  private nextN = new Map<string, number>();
  private lastN = new Map<string, number>();
  private rolledThisTurn = new Map<string, number>();
  private workedThisTurn = new Set<string>();
  private threadTime = false;
  private loaded = new Map<string, number>();
  private sweep: { figure: string; k: number; pen: number; variant: string; weapon: string; attacks: number } | null = null;
  private lastAttack: { figure: string; target: string; sweep: boolean; multiplier: number } | null = null;
  private friendRoll: { figure: string; target: string } | null = null;
  private pendingFall: { figure: string; wasProne: boolean } | null = null;
  private crossedFive: string | null = null;
  private fire: { figure: string; target: string | null; rounds: number; hits: number; damages: number } | null = null;
  private turn = 0;

  constructor(private readonly state: TftState) {
    this.thread = state.modules.includes('thread');
    this.hitech = state.modules.includes('hitech');
    for (const f of state.figures) {
      this.wounds.set(f.id, f.wounds);
      if (f.state === 'dead') this.dead.add(f.id);
      if (f.prone) this.prone.add(f.id);
      if (f.state === 'dying') this.nextN.set(f.id, 1);
    }
    this.syncLoaded();
  }

  private fail(msg: string): void {
    if (this.problems.length < 20) this.problems.push(`turn ${this.state.turn} ${this.state.phase}: ${msg}`);
  }

  private fig(id: unknown): Figure {
    return this.state.figures.find((f) => f.id === id) as Figure;
  }

  private able(id: string): boolean {
    return ABLE.has(this.fig(id).state) && !this.dead.has(id);
  }

  /** tft-core: whether `f` standing in `h` is engaged: in an able, standing enemy's front hex, adjacent to it. */
  private engagedAt(f: Figure, h: Hex): boolean {
    return this.state.figures.some((e) => e.side !== f.side && this.able(e.id) && !this.prone.has(e.id) && distance(e.pos, h) === 1 && inFront(e, h));
  }

  private syncLoaded(): void {
    for (const f of this.state.figures) {
      for (const w of f.weapons) {
        const g = (w.house.hitech as { loaded?: number } | undefined)?.loaded;
        if (typeof g === 'number') this.loaded.set(w.uid, g);
      }
    }
  }

  /** Command-level checks, before apply (the engine has accepted it: it is legal by its check). */
  beforeCommand(cmd: TftCommand): void {
    const s = this.state;
    const type = cmd.type;
    const id = (cmd as { figure?: string }).figure;
    if (type === 'begin' || type === 'initiative' || !id) return;
    const phase = type === 'move' ? 'move' : CORE_ACTIONS.has(type) ? 'action' : (hooksOf(s).actions.get(type)?.spec.phase ?? 'any');
    if (phase === 'any') return;
    const f = this.fig(id);
    if (!this.able(id)) this.fail(`${id} (${f.state}) was given ${type}`);
    if (phase === 'move') {
      const engaged = this.engagedAt(f, f.pos);
      const path = (cmd as { path: Hex[] }).path;
      if (engaged && path.length > 1) this.fail(`${id} is engaged but moves ${path.length} hexes`);
      if (this.prone.has(id)) this.fail(`${id} is down but moves`);
      // tft-core options: dodge is a disengaged figure's (engaged since the turn began: no).
      const end = path.length > 0 ? path[path.length - 1] : f.pos;
      if ((cmd as { stance?: string }).stance === 'dodge' && this.engagedAtStart.has(id) && this.engagedAt(f, end)) this.fail(`${id}, engaged since the turn began, dodges with its move`);
      return;
    }
    if ((type === 'dodge' || type === 'drop') && this.engagedAtStart.has(id) && this.engagedAt(f, f.pos)) this.fail(`${id}, engaged since the turn began, takes ${type}`);
    if (this.acted.has(id)) this.fail(`${id} acts twice in turn ${s.turn} (${type})`);
    this.acted.add(id);
    if (this.fell.has(id)) this.fail(`${id} fell (8+ hits) this turn but acts (${type})`);
    const stance = this.moveStance.get(id);
    if (stance && !(this.hitech && stance === 'dodge' && ['fire', 'quickdraw', 'fire-grenade', 'overwatch', 'dodge', 'throw-grenade', 'pass'].includes(type))) {
      this.fail(`${id} took ${stance} with its move (its action) but then ${type}`);
    }
    if (this.prone.has(id) && type !== 'stand-up' && type !== 'pass') this.fail(`${id} is down but ${type}`);
    const moved = this.stepsMoved.get(id) ?? 0;
    const half = Math.floor((this.movedMA.get(id) ?? 0) / 2);
    if (type === 'attack' || type === 'sweep') {
      const w = f.weapons.find((x) => x.uid === f.ready);
      const t = this.fig((cmd as { target?: string }).target);
      const missile = w?.def.kind === 'missile';
      if (missile && moved > 1) this.fail(`${id} shoots after moving ${moved} hexes`);
      if (!missile && moved > half) this.fail(`${id} attacks after moving ${moved} of MA ${this.movedMA.get(id)}`);
      if (type === 'attack' && t && w?.def.kind === 'melee' && distance(t.pos, f.pos) === 1 && !inFront(f, t.pos)) this.fail(`${id} attacks ${t.id} outside its front`);
    }
    if ((type === 'fire' || type === 'fire-grenade' || type === 'throw-grenade' || type === 'overwatch') && s.options.runAndGun !== true && moved > half) {
      this.fail(`${id} ${type} after moving ${moved} hexes, more than half MA ${this.movedMA.get(id)} (R-H4)`);
    }
  }

  onEvent(e: TftEvent): void {
    const s = this.state;
    const id = e.figure as string;
    switch (e.type) {
      case 'turn-start':
        this.turn = e.turn;
        this.hits.clear();
        this.acted.clear();
        this.fell.clear();
        this.moveStance.clear();
        this.engagedAtStart.clear();
        for (const f of s.figures) if (this.able(f.id) && this.engagedAt(f, f.pos)) this.engagedAtStart.add(f.id);
        this.stepsMoved.clear();
        this.movedMA.clear();
        this.rolledThisTurn.clear();
        this.workedThisTurn.clear();
        this.threadTime = false;
        break;
      case 'move-step':
        if (!this.able(id)) this.fail(`${id} steps while ${this.fig(id).state}`);
        if (s.phase === 'move') this.stepsMoved.set(id, (this.stepsMoved.get(id) ?? 0) + 1);
        break;
      case 'move':
        if (s.phase === 'move') this.movedMA.set(id, e.ma as number);
        if (e.engaged === true && (e.hexes as number) > 1) this.fail(`${id} engaged, moved ${e.hexes} hexes`);
        break;
      case 'stance':
        if (s.phase === 'move') this.moveStance.set(id, e.stance as string);
        break;
      case 'falls':
        this.prone.add(id);
        this.fell.add(id);
        if (this.pendingFall?.figure !== id) this.fail(`${id} falls without crossing the 8-hit threshold`);
        this.pendingFall = null;
        break;
      case 'drop':
        this.prone.add(id);
        break;
      case 'stand-up':
        this.prone.delete(id);
        break;
      case 'hit-penalty':
        if (this.crossedFive !== id) this.fail(`${id} gets the 5-hit penalty without crossing the threshold`);
        this.crossedFive = null;
        break;
      case 'attack':
      case 'fire': {
        this.checkPendingFall();
        const adj = e.adjDX as number;
        const l = e.ledger as LedgerEntry[];
        if (l.length > 0 && ledgerSum(l) !== adj) this.fail(`${e.type} by ${id}: ledger sums to ${ledgerSum(l)}, adjDX ${adj}`);
        const want = expectedOutcome(e.roll as number, adj, e.dice as number, s.options.ruleset === 'classic');
        if (e.outcome !== want) this.fail(`${e.type} by ${id}: roll ${e.roll} vs ${adj} on ${e.dice}d gave ${e.outcome}, tft-core says ${want}`);
        const mult = want === 'triple' ? 3 : want === 'double' ? 2 : want === 'hit' || want === 'auto-hit' ? 1 : 0;
        if (e.multiplier !== mult) this.fail(`${e.type} by ${id}: multiplier ${e.multiplier}, expected ${mult}`);
        this.lastAttack = { figure: id, target: e.target as string, sweep: e.sweep === true, multiplier: mult };
        this.friendRoll = null;
        if (e.sweep === true) {
          const sw = this.sweep;
          if (!sw || sw.figure !== id) this.fail(`sweep attack by ${id} without a sweep`);
          else {
            sw.attacks++;
            if (sw.attacks > sw.k) this.fail(`sweep by ${id}: ${sw.attacks} attacks for ${sw.k} targets`);
            const pen = l.filter((x) => x.rule === 'R-S2' || x.rule === 'R-S6' || x.rule === 'R-S7');
            if (l.length && (pen.length !== 1 || pen[0].delta !== sw.pen)) this.fail(`sweep by ${id} at ${sw.k} targets: penalty ${JSON.stringify(pen)}, expected ${sw.pen}`);
          }
        }
        if (e.type === 'fire') this.onFire(e);
        break;
      }
      case 'hits': {
        const fr = this.fire;
        if (!fr) this.fail('hits without a fire');
        else {
          fr.hits = e.hits as number;
          if (fr.hits < 1 || fr.hits > fr.rounds) this.fail(`burst by ${id}: ${fr.hits} hits from ${fr.rounds} rounds (R-H10)`);
        }
        break;
      }
      case 'sweep': {
        const order = e.order as { kind: string }[];
        const k = order.filter((o) => o.kind === 'target').length;
        const ms = this.fig(id).talents.includes('multiple-swing');
        const variant = e.variant as string;
        const pen = variant === 'classic' ? -4 : -(ms ? 2 : 4) * (k - 1);
        if (k < 2) this.fail(`sweep by ${id} at ${k} targets`);
        if (ledgerSum(e.penalty) !== pen) this.fail(`sweep by ${id} (${variant}, MS ${ms}) at ${k}: penalty ${ledgerSum(e.penalty)}, R-S2 says ${pen}`);
        this.sweep = { figure: id, k, pen, variant, weapon: e.weapon as string, attacks: 0 };
        break;
      }
      case 'sweep-friend': {
        const sw = this.sweep;
        const adj = e.adjDX as number;
        if ((e.spared as boolean) !== (e.roll as number) <= adj) this.fail(`friend roll ${e.roll} vs ${adj}: spared ${e.spared} (R-S5)`);
        if (sw && Array.isArray(e.ledger) && (e.ledger as LedgerEntry[]).length) {
          const l = e.ledger as LedgerEntry[];
          if (ledgerSum(l) !== adj) this.fail(`friend roll ledger ${ledgerSum(l)} vs adjDX ${adj}`);
          if (!l.some((x) => x.delta === sw.pen && /R-S/.test(x.rule))) this.fail(`friend roll of ${id} lacks the sweep penalty ${sw.pen} (R-S5)`);
        }
        this.friendRoll = { figure: id, target: e.target as string };
        this.lastAttack = null;
        break;
      }
      case 'damage':
        this.onDamage(e);
        break;
      case 'state': {
        if (e.from === 'dead') this.fail(`${id} comes back from the dead to ${e.to}`);
        if (!ABLE.has(e.to as string)) this.prone.add(id);
        if (e.to === 'dead') this.dead.add(id);
        if (e.to === 'dying' && !this.nextN.has(id)) this.nextN.set(id, 1);
        if (e.to !== 'dying') {
          this.nextN.delete(id);
          this.lastN.delete(id);
        }
        break;
      }
      case 'thread-roll': {
        const f = this.fig(id);
        if (!this.thread) this.fail(`thread roll with thread off (${id})`);
        if (f.state !== 'dying' || expectedState(f, true, this.dead.has(id)) !== 'dying') this.fail(`${id} makes a thread roll while ${f.state} (R-T2)`);
        const n = (e.dice as { total: number }).total;
        const want = this.nextN.get(id);
        if (!this.threadTime && n !== want) this.fail(`${id}'s thread roll on ${n} dice; R-T2 says ${want}`);
        if ((e.faces as number[]).length !== n) this.fail(`${id}'s thread roll: ${n} dice, ${(e.faces as number[]).length} faces`);
        const value = e.attribute === 'st' ? f.st : f.iq;
        if ((e.target as { total: number }).total !== value) this.fail(`${id}'s thread roll target ${(e.target as { total: number }).total}, ${e.attribute} is ${value}`);
        if ((e.target as { total: number }).total < Math.max(f.st, f.iq)) this.fail(`${id}'s thread roll not against the higher of ST and IQ (R-T2 default)`);
        if ((e.survived as boolean) !== (e.total as number) <= value) this.fail(`${id}'s thread roll ${e.total} vs ${value}: survived ${e.survived}`);
        this.lastN.set(id, n);
        this.nextN.set(id, n + 1);
        this.rolledThisTurn.set(id, (this.rolledThisTurn.get(id) ?? 0) + 1);
        if (!e.survived) this.dead.add(id);
        break;
      }
      case 'stabilize':
        this.workedThisTurn.add(e.patient as string);
        break;
      case 'stabilize-interrupted': {
        const p = e.patient as string;
        const last = this.lastN.get(p);
        if (last !== undefined) this.nextN.set(p, Math.ceil(last / 2));
        if ((e.resumeDice as { total: number }).total !== this.nextN.get(p)) this.fail(`${p} resumes thread rolls on ${(e.resumeDice as { total: number }).total}, R-T3 says ${this.nextN.get(p)}`);
        break;
      }
      case 'stabilize-roll': {
        const p = e.patient as string;
        const before = this.wounds.get(p) as number;
        if (e.woundsBefore !== before) this.fail(`stabilize ${p}: wounds before ${e.woundsBefore}, tracked ${before}`);
        if (e.success) {
          const want = this.fig(p).st - 1;
          if (e.woundsAfter !== want) this.fail(`stabilized ${p}: wounds ${e.woundsAfter}, R-T3 says ST - 1 = ${want}`);
        } else if (e.woundsAfter !== before) this.fail(`failed stabilization changed ${p}'s wounds`);
        this.wounds.set(p, e.woundsAfter as number);
        break;
      }
      case 'first-aid': {
        const p = e.patient as string;
        const before = this.wounds.get(p) as number;
        const after = e.woundsAfter as number;
        const medic = this.fig(id);
        const heal = medic.talents.includes('master-physicker') ? 3 : medic.talents.includes('physicker') ? 2 : 0;
        if (after !== Math.max(0, before - heal)) this.fail(`first aid by ${id} on ${p}: ${before} -> ${after} (R-T4 heals ${heal})`);
        if (this.dead.has(p)) this.fail(`first aid on dead ${p}`);
        this.wounds.set(p, after);
        break;
      }
      case 'thread-time':
        this.threadTime = true;
        break;
      case 'turn-end':
        this.checkPendingFall();
        if (this.thread && !this.threadTime) {
          for (const f of s.figures) {
            const n = this.rolledThisTurn.get(f.id) ?? 0;
            if (n > 1) this.fail(`${f.id} made ${n} thread rolls in one turn`);
            if (f.state === 'dying' && n === 0 && !this.workedThisTurn.has(f.id)) this.fail(`${f.id} is dying at the end of the turn and made no thread roll (R-T2)`);
          }
        }
        break;
      case 'reload':
        this.loaded.set(e.weapon as string, e.loaded as number);
        break;
    }
  }

  private onFire(e: TftEvent): void {
    const uid = this.fig(e.figure).weapons.find((w) => w.def.name === e.weapon)?.uid;
    const before = uid ? this.loaded.get(uid) : undefined;
    const left = e.loadedLeft as number;
    const rounds = e.rounds as number;
    if (left < 0) this.fail(`${e.figure} fired with ${left} rounds left`);
    if (before !== undefined && e.burst !== 'burst' && rounds > before) this.fail(`${e.figure} fired ${rounds} rounds from a clip of ${before} (R-H10)`);
    if (before !== undefined && before - left < 1) this.fail(`${e.figure} fired without using ammunition (${before} -> ${left})`);
    if (uid) this.loaded.set(uid, left);
    this.fire = { figure: e.figure as string, target: e.target as string | null, rounds, hits: 0, damages: 0 };
  }

  private onDamage(e: TftEvent): void {
    this.checkPendingFall();
    const id = e.figure as string;
    const t = this.fig(id);
    const raw = e.raw as number;
    const stopped = e.stopped as number;
    const amount = e.amount as number;
    if (!(raw >= 0) || !(stopped >= 0) || !(amount >= 0) || stopped > raw) this.fail(`damage to ${id}: raw ${raw}, stopped ${stopped}, amount ${amount}`);
    const explosive = this.hitech && amount === 2 * (raw - stopped);
    if (amount > raw - stopped && !explosive) this.fail(`damage to ${id}: ${amount} taken from ${raw} - ${stopped}`);
    const w = (this.wounds.get(id) as number) + amount;
    if (e.wounds !== w) this.fail(`damage to ${id}: wounds ${e.wounds}, expected ${w}`);
    this.wounds.set(id, w);
    // R-H8: HiTech armor against a missile hit: per die, never a die below 0.
    const perDie = t.armor?.def.perDie === true && (e.delivery === 'missile' || e.delivery === 'firearm') && !t.shield?.ready;
    const faces = e.faces as number[];
    if (perDie && faces.length > 0 && this.fire) {
      const m = e.multiplier as number;
      const p = t.armor!.def.stops;
      const lo = faces.reduce((a, f) => a + Math.max(0, f * m - p), 0);
      const hi = faces.reduce((a, f) => a + Math.max(0, f * m - Math.ceil(p / 2)), 0);
      const through = explosive ? amount / 2 : amount;
      if (through < lo || through > hi) this.fail(`per-die armor ${p} on faces ${faces} x${m}: ${through} through, expected ${lo}..${hi} (R-H8)`);
    }
    // R-S3 / R-S5: a sweep's hits are halved (new rule), after the critical, before armor.
    const sw = this.sweep;
    const la = this.lastAttack;
    const fromSweep = (la?.sweep && la.target === id && sw && la.figure === sw.figure) || (this.friendRoll?.target === id && sw);
    if (fromSweep && sw && e.delivery === 'melee') {
      const att = this.fig(sw.figure);
      const weapon = att.weapons.find((x) => x.uid === sw.weapon) ?? groundWeapon(this.state, sw.weapon);
      if (weapon) {
        const base = Math.max(0, faces.reduce((a, b) => a + b, 0) + weapon.dmg.plus) * (e.multiplier as number);
        const want = sw.variant === 'new' ? Math.floor(base / 2) : base;
        if (this.friendRoll?.target === id && (e.multiplier as number) !== 1) this.fail(`friend ${id} hit by a sweep with multiplier ${e.multiplier} (R-S5)`);
        if (raw !== want) this.fail(`sweep hit on ${id}: raw ${raw}, R-S3 says ${want} (faces ${faces}, x${e.multiplier}, ${sw.variant})`);
      }
    }
    if (this.fire && e.from === this.fire.figure && e.figure === this.fire.target && e.delivery === 'missile') this.fire.damages++;
    // tft-core 5-hit / 8-hit on the hits of the turn (R-H13: knockback armor counts before armor).
    const basis = this.hitech && KNOCKBACK.has(t.armor?.def.id ?? '') ? raw : amount;
    const before = this.hits.get(id) ?? 0;
    const after = before + basis;
    this.hits.set(id, after);
    const [five, eight] = thresholds(t.st);
    if (before < five && after >= five) {
      const p = t.dxPenalty;
      const owed = this.state.options.ruleset === 'classic' ? (p.turnsLeft & 2) !== 0 : p.actionsLeft > 0;
      this.crossedFive = owed ? null : id;
    }
    if (before < eight && after >= eight && this.able(id) && !this.prone.has(id)) this.pendingFall = { figure: id, wasProne: false };
  }

  private checkPendingFall(): void {
    const pf = this.pendingFall;
    if (pf) {
      const f = this.fig(pf.figure);
      if (ABLE.has(f.state)) this.fail(`${pf.figure} took 8+ hits this turn (${this.hits.get(pf.figure)}) and did not fall (tft-core 8-hit)`);
      this.pendingFall = null;
    }
    if (this.crossedFive) {
      this.fail(`${this.crossedFive} took 5+ hits (${this.hits.get(this.crossedFive)}) and got no -2 DX (tft-core 5-hit)`);
      this.crossedFive = null;
    }
  }

  /** After each command: the state agrees with what the log says. */
  afterStep(): void {
    this.checkPendingFall();
    for (const f of this.state.figures) {
      const w = this.wounds.get(f.id) as number;
      if (f.wounds !== w) this.fail(`${f.id}: wounds ${f.wounds}, log says ${w}`);
      if (f.wounds < 0) this.fail(`${f.id}: negative wounds`);
      const want = expectedState(f, this.thread, this.dead.has(f.id));
      if (f.state !== want) this.fail(`${f.id}: state ${f.state}, ${this.thread ? 'R-T1' : 'tft-core'} says ${want} (ST ${f.st}, wounds ${f.wounds}, fatigue ${f.fatigue})`);
      if (this.prone.has(f.id) !== f.prone) this.fail(`${f.id}: prone ${f.prone}, log says ${this.prone.has(f.id)}`);
    }
    if (this.fire?.target && this.fire.hits > 0 && this.fire.damages !== this.fire.hits) {
      this.fail(`burst by ${this.fire.figure}: ${this.fire.hits} hits but ${this.fire.damages} damage rolls (R-H10)`);
    }
    this.fire = null;
    this.sweep = null;
    this.lastAttack = null;
    this.friendRoll = null;
    this.syncLoaded();
  }
}

function groundWeapon(state: TftState, uid: string) {
  return state.items.find((it) => it.weapon.uid === uid)?.weapon;
}

// ---------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------

type Player = (state: TftState) => TftCommand;

const aiPlayer: Player = (state) => tftSystem.decide(state);

/** A random move for `id`: stay, or a random walk; the AI's move when the walk is refused. */
function randomMove(state: TftState, rng: RngState, id: string): TftCommand {
  const f = state.figures.find((x) => x.id === id) as Figure;
  const roll = intBelow(rng, 10);
  if (roll < 3) return tftSystem.decide(state);
  const facing = intBelow(rng, 6) as Figure['facing'];
  const stance = roll === 9 ? (intBelow(rng, 2) === 0 ? 'defend' : 'dodge') : undefined;
  const n = roll < 5 ? 0 : 1 + intBelow(rng, 6);
  const path: Hex[] = [];
  let at = f.pos;
  for (let i = 0; i < n; i++) {
    const d = DIRECTIONS[intBelow(rng, 6)];
    const h = { q: at.q + d.q, r: at.r + d.r };
    const c = { type: 'move', figure: id, path: [...path, h], facing } as TftCommand;
    if (commandProblem(state, c) !== null) break;
    path.push(h);
    at = h;
  }
  const cmd = { type: 'move', figure: id, path, facing, ...(stance ? { stance } : {}) } as TftCommand;
  return commandProblem(state, cmd) === null ? cmd : ({ type: 'move', figure: id, path, facing } as TftCommand);
}

/**
 * The random player: initiative first or last at random; moves at random (randomMove); actions
 * among the options explain lists for the actor, checking on the way that explain changes
 * nothing, that each option it lists passes the engine's check, and that an attack on a figure
 * it does not list is refused.
 */
function randomPlayer(rng: RngState, problems: string[]): Player {
  return (state) => {
    const p = pendingOf(state)!;
    if (p.kind === 'begin') return { type: 'begin' };
    if (p.kind === 'initiative') return { type: 'initiative', figure: p.figures[0], choice: intBelow(rng, 2) === 0 ? 'first' : 'last' } as TftCommand;
    if (p.kind === 'move') return randomMove(state, rng, p.figures[intBelow(rng, p.figures.length)]);
    const id = p.figures[0];
    const before = JSON.stringify(state);
    let report: ReturnType<typeof tftSystem.explain>;
    try {
      report = tftSystem.explain(state);
    } catch (err) {
      problems.push(`explain threw: ${(err as Error).stack}`);
      return tftSystem.decide(state);
    }
    if (JSON.stringify(state) !== before) problems.push('explain changed the state');
    const me = (report.figures as { id: string; options: { command: TftCommand }[] }[]).find((f) => f.id === id)!;
    const opts = me.options;
    for (const o of opts) {
      const why = commandProblem(state, tftSystem.parseCommand(o.command) as TftCommand);
      if (why !== null) problems.push(`explain lists ${JSON.stringify(o.command)} but apply refuses: ${why}`);
    }
    const listed = new Set(opts.filter((o) => o.command.type === 'attack').map((o) => (o.command as { target: string }).target));
    for (const t of state.figures) {
      if (listed.has(t.id)) continue;
      const why = commandProblem(state, { type: 'attack', figure: id, target: t.id } as TftCommand);
      if (why === null) problems.push(`attack ${id} -> ${t.id} is accepted but explain does not list it`);
    }
    if (opts.length === 0) return tftSystem.decide(state);
    return tftSystem.parseCommand(opts[intBelow(rng, opts.length)].command) as TftCommand;
  };
}

interface Played {
  summary: string;
  log: string;
  problems: string[];
  steps: number;
}

function play(sc: Record<string, unknown>, seed: number, who: 'ai' | 'random'): Played {
  const state = tftSystem.setup(sc);
  const dice = new SeededDice(seedRng(seed));
  const checker = new Checker(state);
  const problems: string[] = [];
  const player = who === 'ai' ? aiPlayer : randomPlayer(seedRng(seed, 7), problems);
  const log: TftEvent[] = [];
  const emit = (e: TftEvent) => {
    log.push(e);
    if (STATS) STATS.set(e.type, (STATS.get(e.type) ?? 0) + 1);
    checker.onEvent(e);
  };
  let steps = 0;
  while (tftSystem.pending(state) !== null && steps < 3000 && problems.length === 0) {
    const cmd = player(state);
    checker.beforeCommand(cmd);
    tftSystem.apply(state, cmd, dice, emit);
    checker.afterStep();
    steps++;
    if (checker.problems.length) break;
  }
  if (tftSystem.pending(state) !== null && checker.problems.length === 0 && problems.length === 0) problems.push(`not over after ${steps} steps`);
  return { summary: JSON.stringify(tftSystem.summary(state)), log: JSON.stringify(log), problems: [...problems, ...checker.problems], steps };
}

function report(sc: Record<string, unknown>, seed: number, r: Played): string[] {
  return r.problems.length ? [`seed ${seed} in ${JSON.stringify(sc)}`, ...r.problems] : [];
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('random TFT encounters (fast-check, event-log checker)', () => {
  afterAll(() => {
    if (STATS) console.log(JSON.stringify(Object.fromEntries([...STATS].sort((a, b) => b[1] - a[1]))));
  });
  it('AI fights: tft-core turn, damage and 5/8-hit rules, R-T1/R-T2 thread, R-S2/R-S3/R-S5 sweeps, R-H8/R-H10 HiTech hold in every event', () => {
    fc.assert(
      fc.property(encounterArb, (e) => {
        const sc = buildEncounter(e);
        if (!sc || !setupOrNull(sc)) return;
        expect(report(sc, e.seed, play(sc, e.seed, 'ai'))).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('random player among the explain options: explain never throws or changes the state, each option it lists is accepted, an unlisted attack is refused, and the same rules hold', () => {
    fc.assert(
      fc.property(encounterArb, (e) => {
        const sc = buildEncounter(e);
        if (!sc || !setupOrNull(sc)) return;
        expect(report(sc, e.seed, play(sc, e.seed, 'random'))).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED + 1 },
    );
  });

  it('determinism: the same seed gives the same log and summary byte for byte; emit on, emit off and the lab playOut end identically', () => {
    fc.assert(
      fc.property(encounterArb, (e) => {
        const sc = buildEncounter(e);
        if (!sc || !setupOrNull(sc)) return;
        const a = play(sc, e.seed, 'random');
        const b = play(sc, e.seed, 'random');
        expect(b.log).toBe(a.log);
        expect(b.summary).toBe(a.summary);
        const base = tftSystem.setup(sc);
        const ends: string[] = [];
        for (const how of ['emit', 'null', 'playOut'] as const) {
          const s = tftSystem.clone(base);
          const dice = new SeededDice(seedRng(e.seed));
          if (how === 'playOut') tftSystem.playOut!(s, dice, 3000);
          else runToEnd(tftSystem, s, dice, how === 'emit' ? () => {} : null, { maxSteps: 3000 });
          ends.push(JSON.stringify(tftSystem.summary(s)));
        }
        expect(ends[1]).toBe(ends[0]);
        expect(ends[2]).toBe(ends[0]);
        const ai = play(sc, e.seed, 'ai');
        if (ai.problems.length === 0) expect(ends[0]).toBe(ai.summary);
      }),
      { numRuns: Math.max(5, Math.floor(RUNS / 2)), seed: SEED + 2 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Defects the properties found, each kept as a plain regression test
// ---------------------------------------------------------------------------------------------

describe('regressions found by the random encounters', () => {
  it('tft-core body + facing: a figure standing on a body cannot shoot or throw at it (no front arc to its own hex); explain lists no such attack and does not throw', () => {
    for (const weapons of [['longbow', 'dagger'], ['dagger']]) {
      const s = setup([
        { id: 'a', side: 'x', weapons, at: [3, 3] },
        { id: 'b', side: 'y', wounds: 11, at: [4, 3] },
        { id: 'c', side: 'y', at: [8, 3] },
      ]);
      beginTurn(s, 'y');
      playCommands(s, [
        { type: 'move', figure: 'c', path: [] },
        { type: 'move', figure: 'a', path: [{ q: 4, r: 3 }] },
        { type: 'pass', figure: 'c' },
      ]);
      expect(fig(s, 'b').state).toBe('unconscious');
      expect(fig(s, 'a').pos).toEqual(fig(s, 'b').pos);
      expect(() => tftSystem.explain(s)).not.toThrow();
      expect(commandProblem(s, { type: 'attack', figure: 'a', target: 'b' } as TftCommand)).toMatch(/own hex/);
    }
  });
});

describe('regressions found by the random encounters: R-H4 dodge while moving', () => {
  it('R-H4: a figure that dodged while moving may only fire (or keep dodging): a house action of another module (first aid, R-T4; a sweep, R-S2) is refused and not offered', () => {
    const s = setup(
      [
        { id: 'medic', side: 'x', dx: 14, iq: 11, talents: ['physicker', 'rifle'], weapons: ['assault-rifle'], at: [3, 3], facing: 0 },
        { id: 'pal', side: 'x', dx: 10, wounds: 3, at: [3, 4] },
        { id: 'foe', side: 'y', dx: 11, at: [9, 3] },
      ],
      { hitech: true, thread: 'on' },
    );
    beginTurn(s, 'y');
    playCommands(s, [
      { type: 'move', figure: 'foe', path: [] },
      { type: 'move', figure: 'medic', path: [], stance: 'dodge' },
      { type: 'move', figure: 'pal', path: [] },
    ]);
    expect(pendingOf(s)?.figures).toEqual(['medic']);
    const firstAid = { type: 'first-aid', figure: 'medic', target: 'pal' } as TftCommand;
    expect(commandProblem(s, firstAid)).toMatch(/R-H4/);
    const report = tftSystem.explain(s).figures as { id: string; options: { command: TftCommand }[] }[];
    const types = report.find((f) => f.id === 'medic')!.options.map((o) => o.command.type);
    expect(types).not.toContain('first-aid');
    expect(types).toContain('fire');
    expect(tftSystem.decide(s).type).not.toBe('first-aid');
  });
});
