// Movement preview for the map (TFT): which hexes a figure can move to now, the path to each and
// the MA it uses, and which actions stay open after that move. The rules are the engine's, not
// a copy: the hexes come from the engine's own reachability search (rules/tft/ai.ts
// `reachable`: MA, terrain costs, blocking, a move stops in an enemy's front hex), an engaged
// figure's candidates are its six neighbours, and every candidate is then checked by the
// engine's own check of a command (flow.ts commandProblem): a hex the engine would refuse is
// never lit. A preview on the state this viewer sees; the server decides.
import { type Hex, hexKey, neighbors } from '../../../src/core/hex/coords.ts';
import { displayNames } from '../../../src/engine/names.ts';
import { reachable as engineReachable, pathOf } from '../../../src/rules/tft/ai.ts';
import { effectiveMA, isEngaged, onMapAt } from '../../../src/rules/tft/core.ts';
import { applyCommand, commandProblem, stepCost } from '../../../src/rules/tft/flow.ts';
import { actionOptions } from '../../../src/rules/tft/options.ts';
import { cloneTft } from '../../../src/rules/tft/system.ts';
import type { Figure, TftState } from '../../../src/rules/tft/model.ts';
import { isObj } from './view.ts';

export interface Reach {
  hex: Hex;
  path: Hex[];
  maUsed: number;
}

export interface MovePreview {
  /** The mover's MA this turn (engine effectiveMA: armor, race, wounds, modules). */
  ma: number;
  /** Engaged now (tft-core): only a 1-hex shift that stays next to an enemy, or stay. */
  engaged: boolean;
  /** Every hex the engine accepts as this figure's move now, the start hex (MA 0) included. */
  reach: Map<string, Reach>;
}

/**
 * The viewer's state made whole enough for the engine's movement checks. With "hide enemy
 * stats" the server drops enemies' `woundFx` (with ST and wounds); whether such a figure can
 * still act is public (its `state`, as the map shows it), so that is all that is filled in.
 */
function previewState(state: unknown): TftState | null {
  if (!isObj(state) || state.system !== 'tft' || !Array.isArray(state.figures) || !isObj(state.map)) return null;
  const figures = state.figures.map((f) => {
    if (!isObj(f) || isObj(f.woundFx)) return f;
    const able = f.state === 'healthy' || f.state === 'reeling';
    return { ...f, woundFx: { dx: 0, maFactor: 1, canAct: able } };
  });
  const s = { ...(state as unknown as TftState), figures: figures as Figure[] };
  // The engine's own states have whole-number maps and every figure on them; a view that does
  // not (a hex 10^58 away: a line of sight to it never ends) is not one to judge moves on.
  const { width, height } = s.map;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 1000 || height > 1000) return null;
  for (const f of figures) {
    const p = isObj(f) && isObj(f.pos) ? f.pos : null;
    if (!p || !Number.isInteger(p.q) || !Number.isInteger(p.r) || !onMapAt(s, p.q as number, p.r as number)) return null;
  }
  return s;
}

/** Whether the engine accepts `path` as `figure`'s move (its own check, flow.ts commandProblem; nothing changes). */
export function engineAcceptsMove(state: TftState, figure: string, path: Hex[]): boolean {
  try {
    return commandProblem(state, { type: 'move', figure, path }) === null;
  } catch {
    return false; // the move cannot be judged on this view of the state: not offered (the server decides)
  }
}

/** The movement preview of `figureId` on `state` (a TFT state as the server sent it), or null. */
export function movePreview(state: unknown, figureId: string): MovePreview | null {
  const s = previewState(state);
  if (!s) return null;
  try {
    return previewOf(s, figureId);
  } catch {
    return null; // not a state the engine can read (a field missing from this view of it)
  }
}

function previewOf(s: TftState, figureId: string): MovePreview | null {
  const fig = s.figures.find((f) => isObj(f) && f.id === figureId);
  if (!fig || !isObj(fig.pos)) return null;
  const ma = effectiveMA(fig, s);
  if (!Number.isFinite(ma)) return null; // a field the engine needs is missing from this view
  const engaged = isEngaged(s, fig);
  const reach = new Map<string, Reach>();
  reach.set(hexKey(fig.pos), { hex: { q: fig.pos.q, r: fig.pos.r }, path: [], maUsed: 0 });
  const candidates: Reach[] = [];
  if (engaged) {
    for (const n of neighbors(fig.pos)) candidates.push({ hex: n, path: [n], maUsed: stepCost(s, n) });
  } else {
    const spots = engineReachable(s, fig, ma);
    for (const x of spots) if (x.steps > 0) candidates.push({ hex: { q: x.hex.q, r: x.hex.r }, path: pathOf(spots, x), maUsed: x.cost });
  }
  for (const c of candidates) if (engineAcceptsMove(s, figureId, c.path)) reach.set(hexKey(c.hex), c);
  return { ma, engaged, reach };
}

/** Stops the preview's copy of a move once the move itself is done (its 'move' event). */
const MOVED = Symbol('moved');

/** No die is rolled in a preview: a move that rolls (an overwatch shot at it) cannot be foreseen. */
const NO_DICE = {
  face(): number {
    throw new Error('the move rolls dice');
  },
};

/**
 * An option's label cut to what it does, for a one-line list: its notes in brackets, its hex and
 * a long label's summary after ': ' go ("defend (attackers roll 4d6 in melee)" -> "defend",
 * "Fire Rifle (full burst, std) at Orc" -> "Fire Rifle at Orc", "Throw Grenade at 3,4" -> "Throw Grenade").
 */
export function shortLabel(label: string): string {
  let s = label.split(': ')[0];
  // Brackets may nest ("(2 clip(s) left)"): innermost first, until none is left.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/\s*(\([^()]*\)|\[[^[\]]*\])/g, '');
  }
  return s.replace(/\s+(at|to)\s+-?\d+,-?\d+$/, '').replace(/\s+/g, ' ').trim();
}

/**
 * What `figureId` may do in the action phase after moving along `path`: the engine's own action
 * options (core and house modules: attack only with a foe in front, HiTech fire after a move...)
 * on a copy of the state moved as the engine moves it, stopped before anything after the move.
 * The options' labels as the Actions panel shows them, short (shortLabel) and each once (an
 * attack open at several figures once, with their count), 'pass' left out; ['no action'] when
 * only passing is left; null when the move would roll dice (an overwatch shot) or cannot be
 * judged on this view: the dice decide.
 */
export function actionsAfterMove(state: unknown, figureId: string, path: Hex[]): string[] | null {
  const s = previewState(state);
  if (!s) return null;
  try {
    return actionsAfter(s, figureId, path);
  } catch {
    return null; // not judged on this view of the state
  }
}

function actionsAfter(s: TftState, figureId: string, path: Hex[]): string[] | null {
  const copy = cloneTft(s);
  try {
    applyCommand(copy, { type: 'move', figure: figureId, path }, NO_DICE, (e) => {
      if (e.type === 'move' && e.figure === figureId) throw MOVED;
    });
  } catch (e) {
    if (e !== MOVED) return null;
  }
  const fig = copy.figures.find((f) => isObj(f) && f.id === figureId);
  if (!fig || !isObj(fig.turn) || !fig.turn.moved) return null;
  // One entry per thing to do; the same attack at several figures is one ("Fire Rifle at 3 targets").
  // Figures by the names the table shows (the log's and the roster's: "Orc (orc2)"), one without
  // a name by its id; the name is set aside while the label is shortened, so its "(orc2)" stays.
  const names = displayNames(copy.figures.filter(isObj).map((f) => ({ id: String(f.id), name: typeof f.name === 'string' ? f.name : undefined })));
  const groups = new Map<string, { targets: Set<string>; shown: string }>();
  for (const o of actionOptions(copy, fig, 'explain', names)) {
    if (o.command.type === 'pass') continue;
    const target = 'target' in o.command && typeof o.command.target === 'string' ? o.command.target : '';
    const shown = names.get(target) ?? '';
    const at = shown ? o.label.indexOf(shown) : -1;
    const key = shortLabel(at >= 0 ? `${o.label.slice(0, at)}\u0000${o.label.slice(at + shown.length)}` : o.label);
    const g = groups.get(key) ?? { targets: new Set<string>(), shown };
    groups.set(key, g);
    g.targets.add(target);
  }
  const labels = [...groups].map(([key, g]) => key.replace('\u0000', g.targets.size > 1 ? `${g.targets.size} targets` : g.shown));
  // A label the engine wrote from a field missing in this view ("with undefined"): not judged here.
  if (labels.some((l) => /undefined|NaN|\[object /.test(l))) return null;
  return labels.length > 0 ? labels : ['no action'];
}
