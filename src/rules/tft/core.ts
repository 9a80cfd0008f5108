// TFT core combat pieces: geometry on the figure level, wound states (in ONE place), adjDX and
// its ledger, the attack roll, damage and its pipeline. Handed to house modules as ctx.core.
//
// Hot path: the lab plays a million duels through this code with `emit` null, so ledgers and
// face arrays are built only when there is someone to show them to.
import { rollNd6Sum } from '../../core/dice/roll.ts';
import { InputError } from '../../core/errors.ts';
import { DIRECTIONS, type Hex, directionIndex, distance } from '../../core/hex/coords.ts';
import { attackerRelation, relationOfDirection } from '../../core/hex/facing.ts';
import { lineOfSight } from '../../core/hex/line.ts';
import { megahexDistance } from '../../core/hex/megahex.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import type { FigureState } from '../../engine/types.ts';
import type {
  ApplyDamageOptions,
  AttackMode,
  AttackRoll,
  AttackRollRequest,
  DamageInfo,
  Relation,
  TftContext,
  TftCore,
  TftHooks,
  WoundEffects,
} from './hooks.ts';
import type { AttackOutcome, DamageDice, Figure, TftCommand, TftState, WeaponInstance } from './model.ts';
import { hooksOf } from './registry.ts';

const EMPTY: number[] = [];

// ---------------------------------------------------------------------------------------------
// Figures and the map
// ---------------------------------------------------------------------------------------------

export function figure(state: TftState, id: string): Figure | undefined {
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) if (fs[i].id === id) return fs[i];
  return undefined;
}

export function occupant(state: TftState, h: Hex): Figure | undefined {
  return occupantAt(state, h.q, h.r);
}

/** occupant() by coordinates (no hex object: the AI's path search). */
export function occupantAt(state: TftState, q: number, r: number): Figure | undefined {
  // A body (a figure that cannot act) may lie under a standing figure (tft-core -2 standing on
  // a body): the standing one is the occupant.
  const fs = state.figures;
  let body: Figure | undefined;
  for (let i = 0; i < fs.length; i++) {
    const p = fs[i].pos;
    if (p.q === q && p.r === r) {
      if (fs[i].woundFx.canAct) return fs[i];
      if (body === undefined) body = fs[i];
    }
  }
  return body;
}

/**
 * tft-core "-2 standing on a body". Fray reading: a body is a figure that cannot act (dead,
 * dying, unconscious) lying in its hex; others may step into that hex and stand on it.
 */
export function standingOnBody(state: TftState, fig: Figure): boolean {
  if (!fig.woundFx.canAct) return false;
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) {
    const o = fs[i];
    if (o !== fig && !o.woundFx.canAct && o.pos.q === fig.pos.q && o.pos.r === fig.pos.r) return true;
  }
  return false;
}

/** Odd-r offset rectangle (model.ts TftMap). */
export function onMap(state: TftState, h: Hex): boolean {
  return onMapAt(state, h.q, h.r);
}

/** Whether q,r is on the map: any holder of a map's size (the editor's draft too). */
export function onMapAt(state: { readonly map: { readonly width: number; readonly height: number } }, q: number, r: number): boolean {
  const { width, height } = state.map;
  if (r < 0 || r >= height) return false;
  const col = q + Math.floor(r / 2);
  return col >= 0 && col < width;
}

export function terrainAt(state: TftState, h: Hex): 'wall' | 'rough' | 'water' | null {
  return terrainAtQR(state, h.q, h.r);
}

export function terrainAtQR(state: TftState, q: number, r: number): 'wall' | 'rough' | 'water' | null {
  const t = state.map.terrain;
  for (let i = 0; i < t.length; i++) if (t[i].q === q && t[i].r === r) return t[i].kind;
  return null;
}

/**
 * A line of fire from `from` to `to` (tft-core missile fire; HiTech's clear shot, which reads
 * it the same way): walls and standing figures strictly between block it. A figure down (or a
 * body) does not.
 */
export function lineOfFire(state: TftState, from: Hex, to: Hex): boolean {
  if (state.map.terrain.length === 0 && !standingBetween(state, from, to)) return true;
  return lineOfSight(from, to, (h) => wallAt(state, h) || standingAt(state, h.q, h.r));
}

/**
 * Whether a standing figure is on some shortest path strictly between `a` and `b`: only there
 * can it be on the line (a hex line is a shortest path), so with none and no walls the line is
 * clear without walking it (the AI weighs a line from every hex it could reach).
 */
function standingBetween(state: TftState, a: Hex, b: Hex): boolean {
  const n = distance(a, b);
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i];
    if (!standing(f)) continue;
    const da = distance(a, f.pos);
    if (da > 0 && da < n && da + distance(f.pos, b) === n) return true;
  }
  return false;
}

/** Sight: only walls block it (tft-core map terrain); on a map without terrain nothing does. */
export function lineOfView(state: TftState, from: Hex, to: Hex): boolean {
  return state.map.terrain.length === 0 || lineOfSight(from, to, (h) => wallAt(state, h));
}

function wallAt(state: TftState, h: Hex): boolean {
  return state.map.terrain.length !== 0 && terrainAtQR(state, h.q, h.r) === 'wall';
}

function standingAt(state: TftState, q: number, r: number): boolean {
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i];
    if (f.pos.q === q && f.pos.r === r && standing(f)) return true;
  }
  return false;
}

/** A figure that blocks a line of fire: not down, not dead. */
function standing(f: Figure): boolean {
  return !f.prone && f.state !== 'dead';
}

export function canAct(fig: Figure): boolean {
  return fig.woundFx.canAct;
}

export function isEnemy(a: Figure, b: Figure): boolean {
  return a.side !== b.side;
}

export function isAdjacent(a: Hex, b: Hex): boolean {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) === 2;
}

function dirIndex(from: Hex, to: Hex): number {
  return directionIndex(from.q, from.r, to.q, to.r);
}

/** Relation of an adjacent direction d to facing f for a figure with `front` front hexes. */
function relationOfDir(f: number, d: number, front: number): Relation {
  if (front === 3) {
    const diff = (d - f + 6) % 6;
    return diff === 0 || diff === 1 || diff === 5 ? 'front' : diff === 3 ? 'rear' : 'side';
  }
  return relationOfDirection(f, d, front);
}

/** Whether `h` (adjacent) is one of fig's front hexes. */
export function isFront(fig: Figure, h: Hex): boolean {
  const d = dirIndex(fig.pos, h);
  return d >= 0 && relationOfDir(fig.facing, d, fig.frontHexes) === 'front';
}

export function frontHexes(fig: Figure): Hex[] {
  const out: Hex[] = [];
  for (let d = 0; d < 6; d++) {
    if (relationOfDir(fig.facing, d, fig.frontHexes) === 'front') {
      out.push({ q: fig.pos.q + DIRECTIONS[d].q, r: fig.pos.r + DIRECTIONS[d].r });
    }
  }
  // clockwise from the most counter-clockwise front hex
  const start = out.findIndex((h) => {
    const d = dirIndex(fig.pos, h);
    return relationOfDir(fig.facing, (d + 5) % 6, fig.frontHexes) !== 'front';
  });
  return start <= 0 ? out : [...out.slice(start), ...out.slice(0, start)];
}

/** Where `from` stands relative to the target (tft-core facing; a prone target is rear from everywhere). */
export function relation(target: Figure, from: Hex): Relation {
  if (target.prone) return 'rear';
  const d = dirIndex(target.pos, from);
  if (d >= 0) return relationOfDir(target.facing, d, target.frontHexes);
  if (from.q === target.pos.q && from.r === target.pos.r) return 'front';
  return attackerRelation(target.pos, target.facing, from, target.frontHexes);
}

/** Whether enemy `e` engages `fig`: able, standing, adjacent, with `fig` in its front hexes (tft-core). */
export function engages(e: Figure, fig: Figure): boolean {
  return e.side !== fig.side && e.woundFx.canAct && !e.prone && isAdjacent(e.pos, fig.pos) && isFront(e, fig.pos);
}

/** tft-core: engaged = in an able, standing enemy's front hex, adjacent to it. */
export function isEngaged(state: TftState, fig: Figure): boolean {
  const fs = state.figures;
  for (let i = 0; i < fs.length; i++) if (engages(fs[i], fig)) return true;
  return false;
}

/**
 * Whether `fig` takes its options this turn as an engaged figure (tft-core options). Fray
 * reading: engaged when the turn began and still engaged now. A figure that became engaged
 * this turn (it charged, or an enemy moved up) keeps the disengaged options until the next
 * turn: one last shot, dodge, drop.
 */
export function engagedSinceStart(state: TftState, fig: Figure): boolean {
  return fig.turn.startedEngaged && isEngaged(state, fig);
}

export function readyWeapon(fig: Figure): WeaponInstance | null {
  if (fig.ready === null) return null;
  const ws = fig.weapons;
  for (let i = 0; i < ws.length; i++) if (ws[i].uid === fig.ready) return ws[i];
  return null;
}

// ---------------------------------------------------------------------------------------------
// Wound states: the ONE place (R-T1 with thread off = standard TFT; a module may replace it)
// ---------------------------------------------------------------------------------------------

/**
 * Standard TFT (tft-core "Damage and wounds"; R-T1 with `thread` off): ST 0 or less dead,
 * ST 1 unconscious, ST <= 3 -3 DX (reported as 'reeling'). Fatigue counts toward
 * unconsciousness but not death.
 */
export function standardWoundState(fig: Figure, withLedger: boolean): WoundEffects {
  const rem = fig.st - fig.wounds - fig.fatigue;
  const vital = fig.st - fig.wounds;
  const ledger: LedgerEntry[] = withLedger
    ? [
        { source: 'ST', delta: fig.st, rule: 'tft-core' },
        { source: 'wounds', delta: -fig.wounds, rule: 'tft-core' },
        { source: 'fatigue', delta: -fig.fatigue, rule: 'tft-core' },
      ]
    : (EMPTY as unknown as LedgerEntry[]);
  const fx: WoundEffects =
    vital <= 0
      ? { state: 'dead', dx: 0, maFactor: 0, canAct: false, ledger }
      : rem <= 1
        ? { state: 'unconscious', dx: 0, maFactor: 0, canAct: false, ledger }
        : rem <= 3
          ? { state: 'reeling', dx: -3, maFactor: 1, canAct: true, ledger }
          : { state: 'healthy', dx: 0, maFactor: 1, canAct: true, ledger };
  // The reason in words goes with the ledger only (the log's state line), never in the hot loop.
  if (withLedger) {
    fx.reason =
      vital <= 0 ? `ST - wounds ${vital} is 0 or less (tft-core)` : rem <= 1 ? `remST ${rem} is 1 or less (tft-core)` : rem <= 3 ? `remST ${rem} is 2 or 3: -3 DX (tft-core)` : `remST ${rem} is 4 or more (tft-core)`;
  }
  return fx;
}

export function woundState(fig: Figure, state: TftState, withLedger = false): WoundEffects {
  const hs = hooksOf(state).woundState;
  for (let i = 0; i < hs.length; i++) {
    const r = hs[i](fig, state, withLedger);
    if (r !== undefined) return r;
  }
  return standardWoundState(fig, withLedger);
}

/** Recompute the cached state; emit 'state' and call onStateChange when it changed. */
export function refreshState(ctx: TftContext, fig: Figure): void {
  // The ledger only goes into the 'state' event, so it is built only for a change (asked
  // before anything is written: the same figure, the same answer).
  let fx = woundState(fig, ctx.state, false);
  if (ctx.emit !== null && fx.state !== fig.state) fx = woundState(fig, ctx.state, true);
  fig.woundFx.dx = fx.dx;
  fig.woundFx.maFactor = fx.maFactor;
  fig.woundFx.canAct = fx.canAct;
  const from: FigureState = fig.state;
  if (fx.state === from) return;
  fig.state = fx.state;
  if (!fx.canAct) fig.prone = true;
  if (ctx.emit) {
    ctx.emit({ type: 'state', turn: ctx.state.turn, figure: fig.id, from, to: fx.state, ledger: fx.ledger, remST: fig.st - fig.wounds - fig.fatigue, ...(fx.reason ? { reason: fx.reason } : {}) });
  }
  const hs = hooksOf(ctx.state).onStateChange;
  for (let i = 0; i < hs.length; i++) hs[i](ctx, fig, from, fx.state);
}

// ---------------------------------------------------------------------------------------------
// MA and adjDX
// ---------------------------------------------------------------------------------------------

function armorDX(state: TftState, fig: Figure): number {
  let dx = 0;
  const classic = state.options.ruleset === 'classic';
  if (fig.armor) dx += classic && fig.armor.def.classic?.dx !== undefined ? fig.armor.def.classic.dx : fig.armor.def.dx;
  if (fig.shield?.ready) dx += classic && fig.shield.def.classic?.dx !== undefined ? fig.shield.def.classic.dx : fig.shield.def.dx;
  return dx;
}

/**
 * Effective MA: the armor's MA for a human (tft-core armor table), shifted by the race's
 * difference from MA 10 for other races; times the wound factor (R-T1 reeling halves, rounded
 * down); plus module modifiers.
 */
export function effectiveMA(fig: Figure, state: TftState): number {
  let ma = fig.ma;
  if (fig.armor) {
    const classic = state.options.ruleset === 'classic';
    const armorMA = classic && fig.armor.def.classic?.ma !== undefined ? fig.armor.def.classic.ma : fig.armor.def.ma;
    ma = Math.min(ma, armorMA + (fig.ma - 10));
  }
  ma = Math.floor(ma * fig.woundFx.maFactor);
  const hs = hooksOf(state).maModifier;
  for (let i = 0; i < hs.length; i++) ma += hs[i](fig, state);
  return Math.max(0, ma);
}

/** Half the figure's MA now, rounded down: the longest move that leaves it an action (tft-core). */
export function halfMA(fig: Figure, state: TftState): number {
  return Math.floor(effectiveMA(fig, state) / 2);
}

/**
 * The MA this turn's move is measured by: the one the figure moved with (TurnRecord.movedMA,
 * kept by the move), so that wounds taken after it (R-T1 reeling halves MA) do not take back
 * what the move left it (an action; R-H4 a shot). Before it has moved, its MA now.
 */
export function movedMA(fig: Figure, state: TftState): number {
  const m = fig.turn.movedMA;
  return m >= 0 ? m : effectiveMA(fig, state);
}

/** Half of movedMA, rounded down: the longest move that leaves an action (tft-core). */
export function movedHalfMA(fig: Figure, state: TftState): number {
  return Math.floor(movedMA(fig, state) / 2);
}

/**
 * Whether `fig` has moved at most half its MA this turn (tft-core options by movement). A
 * figure that has not moved always has, so no MA is looked at then: the common case of every
 * turn at close quarters; one that has moved compares with the number its move kept.
 */
export function withinHalfMA(fig: Figure, state: TftState): boolean {
  return fig.turn.hexes === 0 || fig.turn.hexes <= movedHalfMA(fig, state);
}

/**
 * Whether `fig`, having moved more than half its MA, keeps an action all the same because a
 * module says so (actsPastHalfMA: R-H4 runAndGun); tft-core alone: never.
 */
export function actsPastHalfMA(state: TftState, fig: Figure): boolean {
  const hs = hooksOf(state).actsPastHalfMA;
  for (let i = 0; i < hs.length; i++) if (hs[i](state, fig) === true) return true;
  return false;
}

/**
 * ST for weapon requirements (minimum ST to carry, ready or pick up a weapon), carrying and
 * hand-to-hand: basic ST unless a module raises it (R-H14 battle armor). Every such check goes
 * through here; ST as hit points never does.
 */
export function requirementST(fig: Figure, state: TftState): number {
  const hs = hooksOf(state).requirementST;
  for (let i = 0; i < hs.length; i++) {
    const st = hs[i](fig, state);
    if (st !== undefined) return st;
  }
  return fig.st;
}

/**
 * Classic 5-hit penalty turns (Figure.dxPenalty.turnsLeft, a set of bits): owed during this
 * turn, owed during the next. The end of a turn shifts next into this (flow.ts endTurn).
 */
export const PENALTY_THIS_TURN = 1;
export const PENALTY_NEXT_TURN = 2;

/** Whether the 5-hit -2 DX is owed now (Legacy: next action; classic: during the next turn). */
function hitPenaltyActive(fig: Figure): boolean {
  const p = fig.dxPenalty;
  return p.amount !== 0 && (p.actionsLeft > 0 || (p.turnsLeft & PENALTY_THIS_TURN) !== 0);
}

/** adjDX without target-specific modifiers: DX, armor, shield, wound state, 5-hit penalty. */
export function baseAdjDX(state: TftState, fig: Figure, entries: LedgerEntry[] | null): number {
  const classic = state.options.ruleset === 'classic';
  let dx = fig.dx;
  if (entries) entries.push({ source: 'DX', delta: fig.dx, rule: 'tft-core' });
  if (fig.armor) {
    const a = classic && fig.armor.def.classic?.dx !== undefined ? fig.armor.def.classic.dx : fig.armor.def.dx;
    dx += a;
    if (entries && a !== 0) entries.push({ source: fig.armor.def.name, delta: a, rule: classic ? 'tft-core classic armor' : 'tft-core armor' });
  }
  if (fig.shield?.ready) {
    const s = classic && fig.shield.def.classic?.dx !== undefined ? fig.shield.def.classic.dx : fig.shield.def.dx;
    dx += s;
    if (entries && s !== 0) entries.push({ source: fig.shield.def.name, delta: s, rule: 'tft-core shields' });
  }
  if (fig.woundFx.dx !== 0) {
    dx += fig.woundFx.dx;
    if (entries) entries.push({ source: `${fig.state} (wounds)`, delta: fig.woundFx.dx, rule: state.modules.includes('thread') ? 'R-T1' : 'tft-core ST<=3' });
  }
  if (hitPenaltyActive(fig)) {
    dx += fig.dxPenalty.amount;
    if (entries) entries.push({ source: '5+ hits last turn/action', delta: fig.dxPenalty.amount, rule: classic ? 'tft-core classic 5-hit' : 'tft-core 5-hit' });
  }
  if (standingOnBody(state, fig)) {
    dx -= 2;
    if (entries) entries.push({ source: 'standing on a body', delta: -2, rule: 'tft-core body' });
  }
  return dx;
}

/** Core range modifier (tft-core): missile -1 per 2 megahexes beyond the first two; thrown -1 per hex. */
export function rangeDX(mode: AttackMode | string, hexes: number, mh?: number): number {
  if (mode === 'thrown') return 0 - hexes || 0;
  if (mode === 'missile') {
    const m = Math.max(1, mh ?? Math.ceil(hexes / 2));
    return 0 - Math.floor((m - 1) / 2) || 0;
  }
  return 0;
}

export function attackDX(
  state: TftState,
  attacker: Figure,
  target: Figure | null,
  weapon: WeaponInstance | null,
  mode: AttackMode | string,
  entries: LedgerEntry[] | null,
  command: TftCommand | null = null,
): number {
  let dx = baseAdjDX(state, attacker, entries);
  if (target) {
    const rel = relation(target, attacker.pos);
    if (rel !== 'front') {
      const bonus = rel === 'side' ? 2 : 4;
      dx += bonus;
      if (entries) {
        entries.push({ source: target.prone ? 'target is down (counts as rear)' : `target's ${rel} hex`, delta: bonus, rule: 'tft-core facing' });
      }
    }
    if (mode === 'missile' || mode === 'thrown') {
      const hexes = distance(attacker.pos, target.pos);
      const mh = mode === 'missile' ? megahexDistance(attacker.pos, target.pos) : 0;
      const r = rangeDX(mode, hexes, mh);
      if (r !== 0) {
        dx += r;
        if (entries) {
          entries.push({ source: mode === 'missile' ? `range ${Math.max(1, mh)} MH` : `thrown ${hexes} hex${hexes === 1 ? '' : 'es'}`, delta: r, rule: 'tft-core range' });
        }
      }
    }
    if (entries && mode === 'missile' && isEngaged(state, attacker)) {
      entries.push({ source: 'one last shot (engaged this turn)', delta: 0, rule: 'tft-core options' });
    }
    if (poleSetAgainstCharge(attacker, target, weapon, mode)) {
      dx += 2;
      if (entries) entries.push({ source: 'pole weapon set against a charge', delta: 2, rule: 'tft-core pole' });
    }
    dx += unseenDX(state, target, entries);
    if (target.spells.length !== 0 && target.spells.includes('flying')) {
      dx -= 4;
      if (entries) entries.push({ source: 'target is flying', delta: -4, rule: 'tft-core flying' });
    }
  }
  const hs = hooksOf(state).toHitModifiers;
  if (hs.length > 0) {
    const q = { state, attacker, target, weapon, mode, command, entries };
    for (let i = 0; i < hs.length; i++) dx += hs[i](q);
  }
  return dx;
}

/**
 * tft-core other common modifiers: -6 when the attacker cannot see the target, invisible or in
 * the dark (Fray reading: one -6, they do not add up). `target` null: the field's darkness
 * alone, which holds for every attack of the turn (a sweep's roll to miss a friend, R-S5).
 */
export function unseenDX(state: TftState, target: Figure | null, entries: LedgerEntry[] | null): number {
  const unseen =
    target !== null && target.spells.length !== 0 && target.spells.includes('invisible') ? 'target is invisible' : state.options.darkness === true ? 'darkness' : null;
  if (unseen === null) return 0;
  if (entries) entries.push({ source: unseen, delta: -6, rule: 'tft-core vision' });
  return -6;
}

/**
 * tft-core pole weapons: set against a charger (the target moved more than 1 hex this turn, the
 * pole-arm user at most 1: it stood to receive the charge): +2 DX and double damage.
 */
export function poleSetAgainstCharge(attacker: Figure, target: Figure, weapon: WeaponInstance | null, mode: AttackMode | string): boolean {
  return mode === 'melee' && weapon?.def.pole === true && target.turn.hexes > 1 && attacker.turn.hexes <= 1;
}

export function defenseDice(target: Figure | null, mode: AttackMode | string): 3 | 4 {
  if (!target) return 3;
  const s = target.turn.stance;
  if (s === 'defend' && mode === 'melee') return 4;
  if (s === 'dodge' && (mode === 'missile' || mode === 'thrown')) return 4;
  return 3;
}

// ---------------------------------------------------------------------------------------------
// The attack roll
// ---------------------------------------------------------------------------------------------

/**
 * The outcome of an attack roll total (tft-core "To hit"). 3d6: 3 triple, 4 double, 5 automatic
 * hit, 16 automatic miss, 17 drop, 18 break. 4d6 (defend/dodge): Legacy keeps the 4 (double)
 * and 5 (hit) and treats 20+ as a miss; classic has no automatic hits, 20 misses, 21-22 drop,
 * 23-24 break.
 */
export function attackOutcome(roll: number, adjDX: number, dice: 3 | 4, classic: boolean, noCriticals = false): AttackOutcome {
  if (noCriticals) return roll <= adjDX ? 'hit' : 'miss';
  if (dice === 3) {
    if (roll === 3) return 'triple';
    if (roll === 4) return 'double';
    if (roll === 5) return 'auto-hit';
    if (roll === 16) return 'auto-miss';
    if (roll === 17) return 'drop';
    if (roll === 18) return 'break';
    return roll <= adjDX ? 'hit' : 'miss';
  }
  if (classic) {
    if (roll >= 23) return 'break';
    if (roll >= 21) return 'drop';
    if (roll === 20) return 'auto-miss';
    return roll <= adjDX ? 'hit' : 'miss';
  }
  if (roll === 4) return 'double';
  if (roll === 5) return 'auto-hit';
  if (roll >= 20) return 'auto-miss';
  return roll <= adjDX ? 'hit' : 'miss';
}

export function outcomeMultiplier(o: AttackOutcome): number {
  return o === 'triple' ? 3 : o === 'double' ? 2 : o === 'hit' || o === 'auto-hit' ? 1 : 0;
}

export function resolveAttackRoll(ctx: TftContext, r: AttackRollRequest): AttackRoll {
  const { state, emit } = ctx;
  let faces = EMPTY;
  let roll: number;
  if (emit) {
    faces = new Array<number>(r.dice);
    roll = 0;
    for (let i = 0; i < r.dice; i++) {
      faces[i] = ctx.dice.face(6);
      roll += faces[i];
    }
  } else {
    roll = rollNd6Sum(ctx.dice, r.dice);
  }
  const rolled = attackOutcome(roll, r.adjDX, r.dice, state.options.ruleset === 'classic', r.noCriticals);
  // Where fumbles do not apply (a grenade, R-H12 reading), a 17 or 18 is what it is then: an automatic miss.
  const outcome = r.noFumbles && (rolled === 'drop' || rolled === 'break') ? 'auto-miss' : rolled;
  const multiplier = outcomeMultiplier(outcome);
  const tally = r.attacker.tally;
  if (tally) {
    tally.attacks += 1;
    if (multiplier > 0) tally.hits += 1;
  }
  if (emit) {
    emit({
      type: r.eventType ?? 'attack',
      turn: state.turn,
      figure: r.attacker.id,
      target: r.target?.id ?? null,
      weapon: r.weapon?.def.name ?? null,
      mode: r.mode,
      dice: r.dice,
      faces,
      roll,
      adjDX: r.adjDX,
      ledger: r.ledger ?? [],
      outcome,
      multiplier,
      ...r.extra,
    });
  }
  if (r.weapon && (outcome === 'drop' || outcome === 'break')) fumble(ctx, r.attacker, r.weapon, outcome);
  return { faces, roll, hit: multiplier > 0, outcome, multiplier };
}

/** 17 (or 4d6 21-22 classic): the weapon falls in the attacker's hex; 18 (23-24): it breaks. */
function fumble(ctx: TftContext, fig: Figure, w: WeaponInstance, outcome: 'drop' | 'break'): void {
  const i = fig.weapons.indexOf(w);
  if (i < 0) return;
  fig.weapons.splice(i, 1);
  if (fig.ready === w.uid) fig.ready = null;
  if (outcome === 'drop') {
    ctx.state.items.push({ pos: { q: fig.pos.q, r: fig.pos.r }, weapon: w });
    if (ctx.emit) ctx.emit({ type: 'weapon-dropped', turn: ctx.state.turn, figure: fig.id, weapon: w.uid, name: w.def.name, rule: 'tft-core 17' });
  } else {
    w.broken = true;
    if (ctx.emit) ctx.emit({ type: 'weapon-broken', turn: ctx.state.turn, figure: fig.id, weapon: w.uid, name: w.def.name, rule: 'tft-core 18' });
  }
  updateShield(fig);
}

/** A shield is ready while the hands allow: no two-handed weapon in hand. */
export function updateShield(fig: Figure): void {
  if (!fig.shield) return;
  const w = readyWeapon(fig);
  fig.shield.ready = !w?.twoHanded;
}

// ---------------------------------------------------------------------------------------------
// Damage
// ---------------------------------------------------------------------------------------------

export function parseDamage(text: string, path = 'damage'): DamageDice {
  const m = /^\s*(\d+)\s*d6?\s*(?:([+-])\s*(\d+))?\s*$/i.exec(text);
  if (!m) {
    const c = /^\s*(\d+)\s*$/.exec(text);
    if (c) return { dice: 0, plus: Number(c[1]), text: text.trim() };
    throw new InputError([{ path, message: `'${text}' is not TFT damage notation (e.g. 2d, 2d+1, 1d-1)` }]);
  }
  const dice = Number(m[1]);
  const plus = m[2] ? (m[2] === '-' ? -1 : 1) * Number(m[3]) : 0;
  if (dice < 0 || dice > 100) throw new InputError([{ path, message: `'${text}': between 0 and 100 dice` }]);
  return { dice, plus, text: `${dice}d${plus > 0 ? `+${plus}` : plus < 0 ? `${plus}` : ''}` };
}

export function rollDamage(
  ctx: TftContext,
  dmg: DamageDice,
  multiplier: number,
  attacker: Figure | null,
  target: Figure,
  weapon: WeaponInstance | null,
  delivery: DamageInfo['delivery'],
): DamageInfo {
  let faces = EMPTY;
  let total: number;
  // Faces are kept when narrating, and always against armor that stops per die (HiTech, R-H8).
  if (ctx.emit || target.armor?.def.perDie === true) {
    faces = new Array<number>(dmg.dice);
    total = 0;
    for (let i = 0; i < dmg.dice; i++) {
      faces[i] = ctx.dice.face(6);
      total += faces[i];
    }
  } else {
    total = rollNd6Sum(ctx.dice, dmg.dice);
  }
  const base = Math.max(0, total + dmg.plus);
  const raw = base * multiplier;
  const ledger: LedgerEntry[] | null = ctx.emit
    ? [{ source: `${dmg.text}: ${faces.join('+')}${dmg.plus ? (dmg.plus > 0 ? `+${dmg.plus}` : `${dmg.plus}`) : ''}`, delta: base, rule: 'tft-core damage' }]
    : null;
  if (ledger && multiplier !== 1) ledger.push({ source: multiplier === 3 ? 'triple damage (roll of 3)' : 'double damage (roll of 4)', delta: raw - base, rule: 'tft-core criticals' });
  return { attacker, target, weapon, delivery, faces, plus: dmg.plus, multiplier, raw, stopped: 0, amount: 0, knockdownBasis: -1, knockdownWhy: null, tags: {}, ledger };
}

/** Armor + ready shield, once per attack (tft-core). */
export function defaultArmorStops(state: TftState, fig: Figure): number {
  const classic = state.options.ruleset === 'classic';
  let s = shieldStops(state, fig);
  if (fig.armor) s += classic && fig.armor.def.classic?.stops !== undefined ? fig.armor.def.classic.stops : fig.armor.def.stops;
  return s;
}

/** A ready shield's hits stopped (tft-core shields; classic values under the classic ruleset), 0 without one. */
export function shieldStops(state: TftState, fig: Figure): number {
  const sh = fig.shield;
  if (!sh?.ready) return 0;
  return state.options.ruleset === 'classic' && sh.def.classic?.stops !== undefined ? sh.def.classic.stops : sh.def.stops;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The ledger's words for what stopped a hit: the target's armor and ready shield by name ("leather armor and small shield stop"). */
function whatStops(t: Figure): string {
  const parts: string[] = [];
  if (t.armor) parts.push(lowerFirst(t.armor.def.name));
  if (t.shield?.ready) parts.push(lowerFirst(t.shield.def.name));
  return parts.length === 0 ? 'armor stops' : `${parts.join(' and ')} ${parts.length > 1 ? 'stop' : 'stops'}`;
}

/** 5-hit and 8-hit thresholds by basic ST (tft-core: ST 30+ 9/16; ST 50+ 15/25). */
export function hitThresholds(st: number): [number, number] {
  return [fiveHits(st), eightHits(st)];
}

/** Hits in a turn that cost -2 DX (tft-core 5-hit; ST 30+ 9, ST 50+ 15). */
function fiveHits(st: number): number {
  return st >= 50 ? 15 : st >= 30 ? 9 : 5;
}

/** Hits in a turn that knock a figure down (tft-core 8-hit; ST 30+ 16, ST 50+ 25). */
function eightHits(st: number): number {
  return st >= 50 ? 25 : st >= 30 ? 16 : 8;
}

const NO_OPTIONS: ApplyDamageOptions = Object.freeze({});

/** The 5/8-hit events' `counted`: what a module made count for them (R-H13 flak), when it did. */
const counted = (d: DamageInfo): { counted?: string } => (d.knockdownWhy === null ? {} : { counted: d.knockdownWhy });

export function applyDamage(ctx: TftContext, d: DamageInfo, opts: ApplyDamageOptions = NO_OPTIONS): void {
  const { state, emit } = ctx;
  const h: TftHooks[] = hooksOf(state).modules;
  const t = d.target;
  for (let i = 0; i < h.length; i++) h[i].beforeArmor?.(ctx, d);
  let stopped: number | undefined;
  // A module that counts the stop (armorStops) writes its own entries (R-H8, R-H9, R-H12): the
  // core tells only the stop it counts itself, so the stop is said once, under its rule.
  let coreCounts = false;
  if (opts.ignoreArmor) stopped = 0;
  else {
    for (let i = 0; i < h.length && stopped === undefined; i++) stopped = h[i].armorStops?.(ctx, d);
    if (stopped === undefined) {
      stopped = defaultArmorStops(state, t);
      coreCounts = true;
    }
  }
  d.stopped = Math.min(stopped, d.raw);
  d.amount = d.raw - d.stopped;
  if (coreCounts && d.ledger && d.stopped > 0) d.ledger.push({ source: whatStops(t), delta: -d.stopped, rule: 'tft-core armor' });
  for (let i = 0; i < h.length; i++) h[i].afterArmor?.(ctx, d);
  if (d.knockdownBasis < 0) d.knockdownBasis = opts.preArmorForKnockdown ? d.raw : d.amount;
  if (d.amount < 0) d.amount = 0;

  const wasAble = t.woundFx.canAct;
  t.wounds += d.amount;
  // Running totals (Figure.tally), kept whatever emit is: the lab's fast sims read them.
  if (t.tally) t.tally.taken += d.amount;
  if (d.attacker?.tally) d.attacker.tally.dealt += d.amount;
  const before = t.turn.hits;
  t.turn.hits += d.knockdownBasis;
  if (emit) {
    emit({ type: 'damage', turn: state.turn, figure: t.id, from: d.attacker?.id ?? null, faces: d.faces, raw: d.raw, stopped: d.stopped, amount: d.amount, ledger: d.ledger ?? [], wounds: t.wounds, delivery: d.delivery, multiplier: d.multiplier });
  }
  const five = fiveHits(t.st);
  const eight = eightHits(t.st);
  if (before < five && t.turn.hits >= five) {
    // tft-core: 5+ hits in a turn: -2 DX (Legacy: on the next action; classic: next turn). One
    // still running from last turn does not swallow it (classic: hits in turn N+1 cost N+2);
    // owed twice for the same action or turn, it is one -2.
    const p = t.dxPenalty;
    const classic = state.options.ruleset === 'classic';
    if (classic ? (p.turnsLeft & PENALTY_NEXT_TURN) === 0 : p.actionsLeft === 0) {
      p.amount = -2;
      if (classic) p.turnsLeft |= PENALTY_NEXT_TURN;
      else p.actionsLeft = 1;
      if (emit) emit({ type: 'hit-penalty', turn: state.turn, figure: t.id, hits: t.turn.hits, delta: -2, rule: 'tft-core 5-hit', ...counted(d) });
    }
  }
  refreshState(ctx, t);
  if (before < eight && t.turn.hits >= eight && wasAble && t.woundFx.canAct && !t.prone) {
    // tft-core: 8+ hits in a turn: falls at once, loses its action if it had not acted.
    t.prone = true;
    t.turn.knockedDown = true;
    const lost = !t.turn.acted;
    t.turn.acted = true;
    if (emit) emit({ type: 'falls', turn: state.turn, figure: t.id, hits: t.turn.hits, lostAction: lost, rule: 'tft-core 8-hit', ...counted(d) });
  }
}

/** The whole standard attack: adjDX, the roll, damage. */
export function attack(
  ctx: TftContext,
  attacker: Figure,
  target: Figure,
  weapon: WeaponInstance | null,
  mode: AttackMode,
  command: TftCommand | null = null,
): AttackRoll {
  const entries: LedgerEntry[] | null = ctx.emit ? [] : null;
  const adj = attackDX(ctx.state, attacker, target, weapon, mode, entries, command);
  const dice = defenseDice(target, mode);
  if (entries && dice === 4) {
    entries.push({ source: target.turn.stance === 'defend' ? 'target defends: 4d6' : 'target dodges: 4d6', delta: 0, rule: 'tft-core defend/dodge' });
  }
  const roll = resolveAttackRoll(ctx, { attacker, target, weapon, mode, adjDX: adj, ledger: entries, dice });
  if (roll.hit && weapon) applyDamage(ctx, hitDamage(ctx, attacker, target, weapon, mode, roll.multiplier));
  return roll;
}

/**
 * The damage of an attack's hit before armor: the weapon's dice times the roll's multiplier
 * (criticals), doubled by a pole weapon set against a charge. Every attack on a target goes
 * through here (attack; a sweep's hits, which R-S3 then halves).
 */
export function hitDamage(ctx: TftContext, attacker: Figure, target: Figure, weapon: WeaponInstance, mode: AttackMode, multiplier: number): DamageInfo {
  const d = rollDamage(ctx, weapon.dmg, multiplier, attacker, target, weapon, mode);
  if (poleSetAgainstCharge(attacker, target, weapon, mode)) {
    // tft-core pole: double damage against the charger (Fray reading: it multiplies with a
    // critical's x2/x3, as two separate doublings of the same roll).
    if (d.ledger) d.ledger.push({ source: 'pole weapon set against a charge: double damage', delta: d.raw, rule: 'tft-core pole' });
    d.raw *= 2;
    d.multiplier *= 2;
  }
  return d;
}

/** Move one hex (caller validated it), emit move-step, run onMoveStep hooks; true = stop. */
export function stepFigure(ctx: TftContext, fig: Figure, to: Hex): boolean {
  const from = fig.pos;
  fig.pos = { q: to.q, r: to.r };
  const d = dirIndex(from, fig.pos);
  if (d >= 0) fig.facing = d as Figure['facing'];
  if (ctx.emit) ctx.emit({ type: 'move-step', turn: ctx.state.turn, figure: fig.id, from, to: fig.pos });
  const hs = hooksOf(ctx.state).onMoveStep;
  let stop = false;
  for (let i = 0; i < hs.length; i++) if (hs[i](ctx, fig, from, fig.pos)) stop = true;
  return stop || !fig.woundFx.canAct;
}

/**
 * One turn passes (tft-core turn step 4): every per-turn countdown ticks, here and nowhere else:
 * a missile weapon's reload (tft-core reload), the classic 5-hit penalty's turns (next turn's
 * becomes this turn's, PENALTY_NEXT_TURN), then each module's (turnPasses hook). Called at each
 * turn's end (flow.ts endTurn) and for each turn of time run at once out of combat (R-T3's 5
 * minutes, thread passTurnsOutOfCombat), so no timer misses the turns that pass. The Legacy 5-hit
 * penalty is owed to the next action, whenever that is: no turn spends it.
 */
export function turnPasses(ctx: TftContext, outOfCombat: boolean): void {
  const fs = ctx.state.figures;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i];
    for (const w of f.weapons) if (w.reloadLeft > 0) w.reloadLeft -= 1;
    const p = f.dxPenalty;
    if (p.turnsLeft > 0) {
      p.turnsLeft >>= 1;
      if (p.turnsLeft === 0 && p.actionsLeft === 0) p.amount = 0;
    }
  }
  const hs = hooksOf(ctx.state).turnPasses;
  for (let i = 0; i < hs.length; i++) hs[i](ctx, outOfCombat);
}

export const core: TftCore = {
  figure,
  occupant,
  onMap,
  woundState,
  refreshState,
  canAct,
  isEnemy,
  frontHexes,
  relation,
  isEngaged,
  readyWeapon,
  effectiveMA,
  baseAdjDX,
  attackDX,
  defenseDice,
  rangeDX,
  resolveAttackRoll,
  rollDamage,
  applyDamage,
  attack,
  parseDamage,
  stepFigure,
  turnPasses,
};

export { armorDX };
