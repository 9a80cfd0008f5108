// The default TFT policy for figures without a script: close in (charging when the target is
// within half MA, to a side or rear hex when one is free), attack where the damage counts most
// (options' score: odds.ts blowValue), engaged by several foes face so that the most stand in
// front (facingWithMostInFront), defend or dodge when that is better, retreat when nearly
// dead. Cheap: a small Dijkstra over the MA and cached exact expectations; no per-move odds
// computation. Moving keeps plain expected damage with a finishing bonus (attackValue): the lab
// found the action's measure worse there in one arena (docs/LAB.md).
//
// Layering: the policy lives with the rules it plays (as src/rules/adnd/ai.ts does), because
// the TFT system's decide() (the engine's GameSystem contract) calls it; rules import nothing
// above them (docs/ARCHITECTURE.md).
import { DIRECTIONS, type Direction, type Hex, directionIndex, distance } from '../../core/hex/coords.ts';
import { directionToward } from '../../core/hex/facing.ts';
import type { Pending } from '../../engine/types.ts';
import {
  attackDX,
  core,
  defaultArmorStops,
  effectiveMA,
  figure,
  isAdjacent,
  isEngaged,
  isFront,
  lineOfFire,
  readyWeapon,
  withinHalfMA,
} from './core.ts';
import { blockedHex, disengagedOnlyProblem, engagedAt, isBlockedAt, stepCost, stepCostAt } from './flow.ts';
import type { ActionOption } from './hooks.ts';
import type { Figure, MoveCommand, TftCommand, TftState } from './model.ts';
import { expectedDamageCached } from './odds.ts';
import { attackOptions, canPickUp } from './options.ts';
import { hooksOf } from './registry.ts';

function remST(f: Figure): number {
  return f.st - f.wounds - f.fatigue;
}

function nearlyDead(f: Figure): boolean {
  return remST(f) <= 3;
}

function enemies(state: TftState, f: Figure): Figure[] {
  return state.figures.filter((e) => e.side !== f.side && e.woundFx.canAct);
}

interface Reach {
  hex: Hex;
  cost: number;
  steps: number;
  prev: number;
}

/** The search square's cells, reused between calls (one search per move decision in the lab). */
let searchCells = new Int32Array(0);

/** Dijkstra over MA cost from f's hex, honouring the stop-on-engagement rule (tft-core). */
function search(state: TftState, f: Figure, ma: number): Reach[] {
  // Hexes within MA of the start, keyed by their offset from it (no strings, no Map); a hex
  // object only for a node kept.
  const span = 2 * ma + 1;
  const size = span * span;
  if (searchCells.length < size) searchCells = new Int32Array(size);
  const best = searchCells;
  best.fill(-1, 0, size);
  const q0 = f.pos.q - ma;
  const r0 = f.pos.r - ma;
  const nodes: Reach[] = [{ hex: { q: f.pos.q, r: f.pos.r }, cost: 0, steps: 0, prev: -1 }];
  best[ma * span + ma] = 0;
  const open = [0];
  while (open.length) {
    let k = 0;
    for (let i = 1; i < open.length; i++) if (nodes[open[i]].cost < nodes[open[k]].cost) k = i;
    const idx = open[k];
    open[k] = open[open.length - 1];
    open.pop();
    const n = nodes[idx];
    const nq = n.hex.q;
    const nr = n.hex.r;
    if (best[(nq - q0) * span + (nr - r0)] !== idx) continue; // superseded
    if (idx !== 0 && engagedAt(state, f, n.hex)) continue; // must stop here
    if (n.cost + 1 > ma) continue; // every step costs 1 or more
    for (let d = 0; d < 6; d++) {
      const hq = nq + DIRECTIONS[d].q;
      const hr = nr + DIRECTIONS[d].r;
      // Within the square (one step from a node of cost < ma); a hex already reached as cheaply
      // as the cheapest step could reach it is skipped before its terrain is looked up.
      const key = (hq - q0) * span + (hr - r0);
      const seen = best[key];
      if (seen >= 0 && nodes[seen].cost <= n.cost + 1) continue;
      const cost = n.cost + stepCostAt(state, hq, hr);
      if (cost > ma) continue;
      if (seen >= 0 && nodes[seen].cost <= cost) continue;
      if (isBlockedAt(state, f, hq, hr)) continue;
      nodes.push({ hex: { q: hq, r: hr }, cost, steps: n.steps + 1, prev: idx });
      best[key] = nodes.length - 1;
      open.push(nodes.length - 1);
    }
  }
  // The live node of each hex (superseded ones dropped), prev indices still valid in `nodes`.
  const out: Reach[] = [];
  for (let i = 0; i < nodes.length; i++) if (best[(nodes[i].hex.q - q0) * span + (nodes[i].hex.r - r0)] === i) out.push(nodes[i]);
  (out as Reach[] & { all?: Reach[] }).all = nodes;
  return out;
}

/**
 * Searches remembered per map (clones share the map object): the lab plays the same opening
 * thousands of times, so the same search recurs. The key holds everything search() reads: f's
 * hex and MA, and per other figure whether it is an enemy, can act, is down, its hex, facing
 * and front hexes (blocking and the stop-on-engagement rule); the map itself is the WeakMap key.
 * The key is a list of numbers, looked up by its hash and compared in full (no string built).
 * The result is shared: callers only read it (the start node's hex is a copy of f's).
 */
interface MemoEntry {
  key: Int32Array;
  spots: Reach[];
}
const searchMemo = new WeakMap<object, Map<number, MemoEntry[]>>();
const SEARCH_MEMO_MAX = 1024;
/** The key of the search asked now (reused; copied into an entry when remembered). */
let keyBuf = new Int32Array(64);

/** Writes the search key of (f, ma) into keyBuf; returns its length. */
function searchKey(state: TftState, f: Figure, ma: number): number {
  const figs = state.figures;
  const n = 3 + 7 * figs.length;
  if (keyBuf.length < n) keyBuf = new Int32Array(n);
  const k = keyBuf;
  k[0] = f.pos.q;
  k[1] = f.pos.r;
  k[2] = ma;
  let j = 3;
  for (let i = 0; i < figs.length; i++) {
    const e = figs[i];
    if (e === f) {
      k[j++] = -1; // the mover's own place in the list
      k[j++] = 0;
      k[j++] = 0;
      k[j++] = 0;
      k[j++] = 0;
      k[j++] = 0;
      k[j++] = 0;
      continue;
    }
    k[j++] = e.side === f.side ? 1 : 2;
    k[j++] = e.woundFx.canAct ? 1 : 0;
    k[j++] = e.prone ? 1 : 0;
    k[j++] = e.pos.q;
    k[j++] = e.pos.r;
    k[j++] = e.facing;
    k[j++] = e.frontHexes;
  }
  return n;
}

function hashKey(k: Int32Array, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ k[i], 16777619);
  return h;
}

function sameKey(a: Int32Array, b: Int32Array, n: number): boolean {
  if (a.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Every hex `f` can reach this turn with its cost and number of steps (shared: read only). */
export function reachable(state: TftState, f: Figure, ma: number): Reach[] {
  let memo = searchMemo.get(state.map);
  if (!memo) {
    memo = new Map();
    searchMemo.set(state.map, memo);
  }
  const n = searchKey(state, f, ma);
  const h = hashKey(keyBuf, n);
  const bucket = memo.get(h);
  if (bucket) for (const e of bucket) if (sameKey(e.key, keyBuf, n)) return e.spots;
  const spots = search(state, f, ma);
  if (memo.size >= SEARCH_MEMO_MAX) memo.clear();
  const entry = { key: keyBuf.slice(0, n), spots };
  const b = memo.get(h);
  if (b) b.push(entry);
  else memo.set(h, [entry]);
  return spots;
}

/** The path to a node found by search/reachable (the web's movement preview shows it too). */
export function pathOf(spots: Reach[], node: Reach): Hex[] {
  const all = (spots as Reach[] & { all?: Reach[] }).all ?? spots;
  const path: Hex[] = [];
  let n: Reach | undefined = node;
  while (n && n.prev >= 0) {
    path.unshift(n.hex);
    n = all[n.prev];
  }
  return path;
}

export function faceToward(from: Hex, to: Hex): Direction {
  if (from.q === to.q && from.r === to.r) return 0;
  const d = directionIndex(from.q, from.r, to.q, to.r); // adjacent: cheap
  return d >= 0 ? (d as Direction) : directionToward(from, to);
}

/** Turns tried from facing straight at the target, in order: straight, clockwise, counter-clockwise, farther. */
const TURNS: readonly number[] = [0, 1, 5, 2, 4, 3];

/**
 * The facing for `f` at hex `at` that keeps `target` (adjacent) in its front hexes and has the
 * most of `foes` adjacent in front (tft-core facing): a sweep reaches only foes in the front
 * hexes (R-S4), and a foe moved from a side or rear hex to the front loses its +2 or +4 to hit.
 * Ties keep facing straight at the target (so with one adjacent foe nothing changes, and that
 * case returns at once); between two turns that tie, the clockwise one. Evaluated in place
 * (f's hex and facing restored), front hexes by core's isFront (f.frontHexes: 6 with Eyes
 * Behind, where every facing is the same and straight is kept).
 */
function facingWithMostInFront(f: Figure, at: Hex, target: Hex, foes: readonly Figure[]): Direction {
  const straight = faceToward(at, target);
  if (f.frontHexes >= 6) return straight;
  let near = 0;
  for (const e of foes) if (isAdjacent(e.pos, at)) near++;
  if (near < 2) return straight;
  const pos = f.pos;
  const facing = f.facing;
  let best: Direction = straight;
  let most = -1;
  f.pos = at;
  try {
    for (const t of TURNS) {
      const c = ((straight + t) % 6) as Direction;
      f.facing = c;
      if (!isFront(f, target)) continue;
      let n = 0;
      for (const e of foes) if (isFront(f, e.pos)) n++;
      if (n > most) {
        most = n;
        best = c;
        if (n === near) break; // every adjacent foe in front: no facing does better
      }
    }
  } finally {
    f.pos = pos;
    f.facing = facing;
  }
  return best;
}

/** Expected damage of `f` attacking `e` from hex `h` (facing it), with the ready weapon. */
function attackValue(state: TftState, f: Figure, e: Figure, h: Hex): number {
  const w = readyWeapon(f);
  if (!w) return 0;
  const saved = f.pos;
  f.pos = h; // evaluate in place (restored below; no allocation of a figure copy)
  const adj = attackDX(state, f, e, w, 'melee', null);
  f.pos = saved;
  const dice = e.turn.stance === 'defend' ? 4 : 3;
  const ed = expectedDamageCached(adj, dice, w.dmg, defaultArmorStops(state, e), state.options.ruleset);
  return ed * (1 + 1 / Math.max(1, remST(e) - 1));
}

function threatenedByMissiles(state: TftState, f: Figure): boolean {
  return enemies(state, f).some((e) => {
    const w = readyWeapon(e);
    return w !== null && w.def.kind === 'missile' && w.reloadLeft === 0;
  });
}

/** A move command as a plain literal (spreading `stay` made slow dictionary-mode objects). */
function moveTo(f: Figure, path: Hex[], facing: Direction, stance?: 'defend' | 'dodge'): MoveCommand {
  return stance === undefined ? { type: 'move', figure: f.id, path, facing } : { type: 'move', figure: f.id, path, facing, stance };
}

/** A shooter: its ready weapon is a missile weapon (bow, crossbow, a HiTech gun). */
function isShooter(f: Figure): boolean {
  const w = readyWeapon(f);
  return w !== null && !w.broken && w.def.kind === 'missile';
}

/** Able enemies with a melee weapon in hand that could reach `h` and strike this turn. */
function meleeDanger(state: TftState, f: Figure, h: Hex): number {
  let n = 0;
  for (const e of state.figures) {
    if (e.side === f.side || !e.woundFx.canAct || e.prone) continue;
    const w = readyWeapon(e);
    if (w && w.def.kind === 'missile') continue;
    if (distance(e.pos, h) <= Math.floor(effectiveMA(e, state) / 2) + 1) n++;
  }
  return n;
}

/**
 * The best score of `f`'s attacks (core attacks and module attack actions such as HiTech's
 * fire) if it stood at `h` facing `facing` after moving `steps` hexes: what the action phase
 * would offer it there. Evaluated in place (the figure's fields are restored).
 */
function shotValue(state: TftState, f: Figure, h: Hex, facing: Direction, steps: number): number {
  const pos = f.pos;
  const fc = f.facing;
  const hexes = f.turn.hexes;
  f.pos = h;
  f.facing = facing;
  f.turn.hexes = steps;
  let best = 0;
  try {
    for (const o of attackOptions(state, f, 'ai')) best = Math.max(best, o.score ?? o.expectedDamage ?? 0);
    for (const { spec } of hooksOf(state).actions.values()) {
      if (spec.phase !== 'action') continue;
      for (const o of spec.options({ state, core, mode: 'ai' }, f)) {
        if (o.expectedDamage === undefined) continue; // attacks only (not reload, overwatch...)
        best = Math.max(best, o.score ?? o.expectedDamage);
      }
    }
  } finally {
    f.pos = pos;
    f.facing = fc;
    f.turn.hexes = hexes;
  }
  return best;
}

/** The able enemy nearest to `h` with a line of fire from it, else the nearest one. */
function aimAt(state: TftState, h: Hex, foes: Figure[]): { foe: Figure; line: boolean } {
  let best: Figure | null = null;
  let bd = Number.POSITIVE_INFINITY;
  for (const e of foes) {
    const d = distance(e.pos, h);
    if (d < bd && lineOfFire(state, h, e.pos)) {
      bd = d;
      best = e;
    }
  }
  if (best) return { foe: best, line: true };
  return { foe: foes.reduce((a, b) => (distance(a.pos, h) <= distance(b.pos, h) ? a : b)), line: false };
}

/**
 * A shooter's move: shoot from where it stands or after a 1-hex step (the best attack there,
 * less a little for every melee enemy that could reach it); when no shot is to be had within a
 * step, walk to the hex with a line of fire nearest to an enemy (a better range), keeping out
 * of melee reach where it can; with no line anywhere, close the distance.
 */
function planShooterMove(state: TftState, f: Figure, foes: Figure[], ma: number): MoveCommand {
  let bestHex: Hex = f.pos;
  let bestFacing: Direction = faceToward(f.pos, aimAt(state, f.pos, foes).foe.pos);
  let bestV = 0;
  for (let d = -1; d < 6; d++) {
    const h = d < 0 ? f.pos : { q: f.pos.q + DIRECTIONS[d].q, r: f.pos.r + DIRECTIONS[d].r };
    if (d >= 0 && (blockedHex(state, f, h) || stepCost(state, h) > ma || engagedAt(state, f, h))) continue;
    const facing = faceToward(h, aimAt(state, h, foes).foe.pos);
    const v = shotValue(state, f, h, facing, d < 0 ? 0 : 1);
    if (v <= 0) continue;
    const danger = meleeDanger(state, f, h);
    const score = v - 0.5 * danger - (d < 0 ? 0 : 0.01);
    if (bestV <= 0 || score > bestV) {
      bestV = score;
      bestHex = h;
      bestFacing = facing;
    }
    if (d < 0 && danger === 0) break; // a shot from here, out of melee reach: no need to look further
  }
  if (bestV > 0) return moveTo(f, bestHex === f.pos ? [] : [bestHex], bestFacing);
  // No shot this turn from here: find a firing position.
  const spots = reachable(state, f, ma);
  let pick = spots[0];
  let pickScore = Number.POSITIVE_INFINITY;
  let pickAim = aimAt(state, f.pos, foes);
  for (const s of spots) {
    if (s.steps > 0 && foes.some((e) => isAdjacent(e.pos, s.hex))) continue;
    const aim = aimAt(state, s.hex, foes);
    const score = (aim.line ? 0 : 100) + distance(s.hex, aim.foe.pos) + 3 * meleeDanger(state, f, s.hex) + s.cost * 0.01;
    if (score < pickScore) {
      pickScore = score;
      pick = s;
      pickAim = aim;
    }
  }
  return moveTo(f, pathOf(spots, pick), faceToward(pick.hex, pickAim.foe.pos));
}

/** A friend of `f` still able and not nearly dead: the fight goes on without `f`. */
function hasFightingFriend(state: TftState, f: Figure): boolean {
  return state.figures.some((o) => o !== f && o.side === f.side && o.woundFx.canAct && !nearlyDead(o));
}

/** A dying friend of `f` beside hex `h`, or anywhere with `h` null. */
function dyingFriend(state: TftState, f: Figure, h: Hex | null): boolean {
  for (const o of state.figures) if (o !== f && o.side === f.side && o.state === 'dying' && (!h || isAdjacent(o.pos, h))) return true;
  return false;
}

/**
 * A module's care for a dying friend beside `f` (the thread module's stabilize and first aid,
 * marked `tend`) scores where it stands. The options are built only with such a friend beside it.
 */
function tendsHere(state: TftState, f: Figure): boolean {
  if (!dyingFriend(state, f, f.pos)) return false;
  for (const { spec } of hooksOf(state).actions.values()) {
    if (spec.phase !== 'action') continue;
    for (const o of spec.options({ state, core, mode: 'ai' }, f)) if (o.tend === true && (o.score ?? 0) > 0) return true;
  }
  return false;
}

/**
 * The nearest hex within half MA (so the action is still to take) beside a dying friend where
 * `f`'s care would score (tendsHere, evaluated in place), or null.
 */
function tendSpot(state: TftState, f: Figure, ma: number): { spots: Reach[]; spot: Reach } | null {
  if (!dyingFriend(state, f, null)) return null;
  const spots = reachable(state, f, ma);
  const half = Math.floor(ma / 2);
  const pos = f.pos;
  let best: Reach | null = null;
  try {
    for (const s of spots) {
      if (s.steps === 0 || s.steps > half || (best && s.cost >= best.cost) || !dyingFriend(state, f, s.hex)) continue;
      f.pos = s.hex;
      if (tendsHere(state, f)) best = s;
      f.pos = pos;
    }
  } finally {
    f.pos = pos;
  }
  return best ? { spots, spot: best } : null;
}

export function planMove(state: TftState, f: Figure): MoveCommand {
  const stay: MoveCommand = { type: 'move', figure: f.id, path: [] };
  const foes = enemies(state, f);
  if (foes.length === 0) return stay;
  const ma = effectiveMA(f, state);
  const half = Math.floor(ma / 2);
  const w = readyWeapon(f);
  const engaged = isEngaged(state, f);
  const nearest = foes.reduce((a, b) => (distance(a.pos, f.pos) <= distance(b.pos, f.pos) ? a : b));

  // A medic beside a dying friend stays to tend it when its care scores here (thread R-T3/R-T4):
  // walking off would leave it untended (and end an attempt under way).
  if (!engaged && tendsHere(state, f)) return moveTo(f, [], faceToward(f.pos, nearest.pos));
  // Or walks to one (within half MA, its care still to give this turn).
  const tend = engaged ? null : tendSpot(state, f, ma);
  if (tend) return moveTo(f, pathOf(tend.spots, tend.spot), faceToward(tend.spot.hex, nearest.pos));

  // Nearly dead: defend if engaged; otherwise run from the nearest enemy while friends fight
  // on (the last figure of a side, or a shooter, fights on: running until the turn limit
  // decides nothing).
  const fightingFriend = nearlyDead(f) && hasFightingFriend(state, f);
  if (fightingFriend && engaged) return moveTo(f, [], faceToward(f.pos, nearest.pos), 'defend');
  if (fightingFriend && !isShooter(f)) {
    const spots = reachable(state, f, ma);
    let bestSpot = spots[0];
    let bestD = -1;
    for (const s of spots) {
      const d = Math.min(...foes.map((e) => distance(e.pos, s.hex)));
      if (d > bestD || (d === bestD && s.cost < bestSpot.cost)) {
        bestD = d;
        bestSpot = s;
      }
    }
    return walkTo(state, f, spots, bestSpot, nearest.pos, half);
  }

  // Missile weapon: shoot, or move to where it can (engaged: face the foe; the action phase
  // changes weapons or fires one last shot).
  if (w && w.def.kind === 'missile') {
    if (engaged || w.broken) return moveTo(f, [], faceToward(f.pos, nearest.pos));
    return planShooterMove(state, f, foes, ma);
  }
  if (!w) return moveTo(f, [], faceToward(f.pos, nearest.pos));

  if (engaged) {
    // Face the adjacent enemy we hurt most (with one adjacent enemy, that one: no scoring),
    // turned so that as many adjacent enemies as can stand in front with it (a sweep reaches
    // them all; docs/LAB.md, "What axe-or-shield shows").
    let adjacent = 0;
    let only: Figure | null = null;
    for (const e of foes) {
      if (isAdjacent(e.pos, f.pos)) {
        adjacent++;
        only = e;
      }
    }
    if (adjacent === 1) return moveTo(f, [], faceToward(f.pos, (only as Figure).pos));
    let best: Figure | null = null;
    let bv = -1;
    for (const e of foes) {
      if (!isAdjacent(e.pos, f.pos)) continue;
      const v = attackValue(state, f, e, f.pos);
      if (v > bv) {
        bv = v;
        best = e;
      }
    }
    return moveTo(f, [], facingWithMostInFront(f, f.pos, (best ?? nearest).pos, foes));
  }

  // A foe already next to us (it is down, or we stand outside its front): strike from here or
  // from a 1-hex shift, whichever attack is best; no search needed.
  if (foes.some((e) => isAdjacent(e.pos, f.pos))) {
    let bestHex: Hex = f.pos;
    let bestT: Figure = nearest;
    let bv = -1;
    for (let d = -1; d < 6; d++) {
      const h = d < 0 ? f.pos : { q: f.pos.q + DIRECTIONS[d].q, r: f.pos.r + DIRECTIONS[d].r };
      if (d >= 0 && (blockedHex(state, f, h) || stepCost(state, h) > ma)) continue;
      for (const e of foes) {
        if (!isAdjacent(e.pos, h)) continue;
        const v = attackValue(state, f, e, h) - (d < 0 ? 0 : 0.01);
        if (v > bv) {
          bv = v;
          bestHex = h;
          bestT = e;
        }
      }
    }
    return moveTo(f, bestHex === f.pos ? [] : [bestHex], faceToward(bestHex, bestT.pos));
  }

  // Close in: the reachable hex next to an enemy with the best attack, if it is within half MA
  // (a charge attack); otherwise get as close as possible without ending next to an enemy
  // (standing there unable to strike only gives it a free blow).
  const spots = reachable(state, f, ma);
  let choice: { node: Reach; hex: Hex; target: Figure; score: number } | null = null;
  for (const s of spots) {
    if (s.steps > half) continue;
    for (const e of foes) {
      if (!isAdjacent(s.hex, e.pos)) continue;
      const score = attackValue(state, f, e, s.hex) - s.cost * 0.01;
      if (!choice || score > choice.score) choice = { node: s, hex: s.hex, target: e, score };
    }
  }
  if (choice) {
    const path = pathOf(spots, choice.node);
    return moveTo(f, path, faceToward(choice.hex, choice.target.pos));
  }
  let bestSpot = spots[0];
  let bestD = Number.POSITIVE_INFINITY;
  for (const s of spots) {
    if (s.steps > 0 && foes.some((e) => isAdjacent(e.pos, s.hex))) continue;
    const d = distance(s.hex, nearest.pos);
    if (d < bestD || (d === bestD && s.cost < bestSpot.cost)) {
      bestD = d;
      bestSpot = s;
    }
  }
  return walkTo(state, f, spots, bestSpot, nearest.pos, half);
}

/** The move to `spot` facing `toward`, dodging when the walk is short and enemy missiles are ready. */
function walkTo(state: TftState, f: Figure, spots: Reach[], spot: Reach, toward: Hex, half: number): MoveCommand {
  const path = pathOf(spots, spot);
  const move: MoveCommand = moveTo(f, path, faceToward(spot.hex, toward));
  // An engaged figure may not dodge (tft-core options): it defends or fights instead.
  if (path.length <= half && threatenedByMissiles(state, f) && !disengagedOnlyProblem(state, f, 'dodge', spot.hex)) move.stance = 'dodge';
  return move;
}

export function planAction(state: TftState, f: Figure): TftCommand {
  const c = proposeAction(state, f);
  // An action a module vetoes now (R-H4: after dodging while moving, only fire), core or of the
  // action phase of a module, is a pass.
  const vetoes = hooksOf(state).vetoAction;
  if (vetoes.length === 0 || c.type === 'pass' || hooksOf(state).actions.get(c.type)?.spec.phase === 'any') return c;
  for (const v of vetoes) if (v(state, f, c.type)) return { type: 'pass', figure: f.id };
  return c;
}

function proposeAction(state: TftState, f: Figure): TftCommand {
  const id = f.id;
  const pass: TftCommand = { type: 'pass', figure: id };
  if (f.prone) return f.turn.hexes === 0 ? { type: 'stand-up', figure: id } : pass;
  // Only what can score: core attacks and module actions (cheap 'ai' mode, no ledgers). 'any'
  // actions count too (thread's finish-stabilization once no enemy can act, R-T3); they leave
  // the action to take, so the figure is asked again with the state they changed.
  const opts: ActionOption[] = attackOptions(state, f, 'ai');
  for (const { spec } of hooksOf(state).actions.values()) {
    if (spec.phase !== 'move') for (const o of spec.options({ state, core, mode: 'ai' }, f)) opts.push(o);
  }
  const w = readyWeapon(f);
  const engaged = isEngaged(state, f);
  // Best attack (core or module action), by its score.
  let best: ActionOption | null = null;
  for (const o of opts) {
    const s = o.score ?? o.expectedDamage;
    if (s === undefined || s <= 0) continue;
    if (!best || s > (best.score ?? best.expectedDamage ?? 0)) best = o;
  }
  // Nearly dead and engaged: defend while friends fight on unless the best blow's expected damage
  // is worth the risk (not its score: that counts a down foe's worth); the last able figure
  // strikes (two last figures defending forever would decide nothing).
  const bestDamage = best ? (best.expectedDamage ?? best.score ?? 0) : 0;
  if (nearlyDead(f) && engaged && bestDamage < 1.5 && hasFightingFriend(state, f)) return { type: 'defend', figure: id };
  if (best) return best.command;
  // Nothing to hit: get a weapon in hand if there is none (or a melee one when engaged with a bow).
  if (!w || (engaged && w.def.kind === 'missile')) {
    const melee = f.weapons.find((x) => x.uid !== f.ready && !x.broken && x.def.kind === 'melee');
    if (melee && f.turn.hexes <= 1) return { type: 'ready', figure: id, weapon: melee.uid, drop: engaged };
    // actionOptions' first pick-up (offered after moving at most 1 hex, and at most half MA).
    if (f.turn.hexes <= 1 && withinHalfMA(f, state)) {
      for (const it of state.items) if (canPickUp(state, f, it)) return { type: 'pick-up', figure: id, weapon: it.weapon.uid };
    }
  }
  if (engaged && withinHalfMA(f, state)) return { type: 'defend', figure: id };
  if (threatenedByMissiles(state, f) && withinHalfMA(f, state)) return { type: 'dodge', figure: id };
  return pass;
}

/** The default policy's command for the pending decision. */
export function tftPolicy(state: TftState, pending: Pending): TftCommand {
  switch (pending.kind) {
    case 'begin':
      return { type: 'begin' };
    case 'initiative':
      // Moving last lets the winner see where the enemy stands before closing in.
      return { type: 'initiative', figure: pending.figures[0], choice: 'last' };
    case 'move':
      return planMove(state, figure(state, pending.figures[0]) as Figure);
    default: {
      const f = figure(state, pending.figures[0]) as Figure;
      return planAction(state, f);
    }
  }
}

