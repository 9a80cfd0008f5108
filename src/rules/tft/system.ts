// The TFT GameSystem: scenario setup, commands, the turn, the AI, summary, explain, narration.
import { tftPolicy } from './ai.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import type { DisplayNames } from '../../engine/names.ts';
import type { ExplainReport, FigureSummary, FigureTally, GameSystem, Pending, Summary } from '../../engine/types.ts';
import { GM_COMMANDS } from './adjust.ts';
import { parseTftCommand } from './commands.ts';
import { baseAdjDX, effectiveMA, figure, halfMA, isEngaged, readyWeapon, woundState } from './core.ts';
import { decisionOf } from './decisions.ts';
import { describeTft } from './describe.ts';
import { playOutTft } from './autoplay.ts';
import { applyCommand, commandProblem, pendingOf, scriptRemains } from './flow.ts';
import type { ActionOption } from './hooks.ts';
import { goneOf } from './leave.ts';
import type { Figure, GoneFigure, TftCommand, TftEvent, TftState, WeaponInstance } from './model.ts';
import { notNowOf } from './not-now.ts';
import { actionOptions } from './options.ts';
import { hooksOf } from './registry.ts';
import { scenarioJsonSchema, setupTft } from './scenario.ts';

const MOVE_TYPES = new Set(['move']);
const ACTION_TYPES = new Set(['attack', 'defend', 'dodge', 'drop', 'stand-up', 'pass', 'ready', 'pick-up', 'disengage']);

function phaseOfType(state: TftState, type: string): 'begin' | 'initiative' | 'move' | 'action' | 'any' | null {
  if (type === 'begin') return 'begin';
  if (type === 'initiative') return 'initiative';
  if (MOVE_TYPES.has(type)) return 'move';
  if (ACTION_TYPES.has(type)) return 'action';
  if (GM_COMMANDS.includes(type)) return 'any';
  return hooksOf(state).actions.get(type)?.spec.phase ?? null;
}

/**
 * Whether `id` still has script entries to come (then it is played by its script, never the AI).
 * The GM's entries (an adjustment naming it) are not its own: they leave it to the AI.
 */
function scripted(state: TftState, id: string): boolean {
  for (let i = 0; i < state.script.length; i++) {
    if (state.scriptUsed[i]) continue;
    const e = state.script[i];
    if ((e.command as { figure?: string }).figure === id && (e.turn === undefined || e.turn >= state.turn) && !GM_COMMANDS.includes(e.command.type)) return true;
  }
  return false;
}

/** The script's command for this decision, else the scripted figure's default, else the AI's. */
export function decideTft(state: TftState): TftCommand {
  if (state.script.length === 0) {
    // No script (the lab's fights): the AI takes every decision; nothing to look up or wrap.
    const p = pendingOf(state);
    if (!p) throw new Error('decide: the encounter is over');
    return tftPolicy(state, p);
  }
  return decideWithSource(state).command;
}

/** Whether the pending decision is taken from the script (or a scripted figure's default). */
export function scriptedTft(state: TftState): boolean {
  const p = pendingOf(state);
  if (!p) return false;
  const src = decideWithSource(state).source;
  if (src !== 'ai') return true;
  // begin and initiative are automatic steps while the script still has entries to come.
  return (p.kind === 'begin' || p.kind === 'initiative') && scriptRemains(state);
}

export function decideWithSource(state: TftState): { command: TftCommand; source: 'script' | 'default' | 'ai' } {
  const p = pendingOf(state);
  if (!p) throw new Error('decide: the encounter is over');
  for (let i = 0; i < state.script.length; i++) {
    if (state.scriptUsed[i]) continue;
    const e = state.script[i];
    if (e.turn !== undefined && e.turn !== state.turn) continue;
    const c = e.command;
    const ph = phaseOfType(state, c.type);
    const fid = (c as { figure?: string }).figure;
    let ok = false;
    if (ph === 'any') ok = true;
    else if (ph === p.kind) {
      if (ph === 'begin') ok = true;
      else if (ph === 'initiative') ok = fid !== undefined && figure(state, fid)?.side === state.initiativeWinner;
      else ok = fid !== undefined && p.figures.includes(fid);
    }
    // An entry the fight has overtaken (its target fell, its figure is dying: dice other than
    // the script's were rolled, e.g. at the table) is passed over; the turn's end drops it.
    if (ok && commandProblem(state, c) === null) return { command: { ...c, script: i }, source: 'script' };
  }
  if (p.kind === 'move' || p.kind === 'action') {
    for (const id of p.figures) {
      if (scripted(state, id)) {
        return { command: p.kind === 'move' ? { type: 'move', figure: id, path: [] } : { type: 'pass', figure: id }, source: 'default' };
      }
    }
  }
  return { command: tftPolicy(state, p), source: 'ai' };
}

const NO_TALLY: FigureTally = Object.freeze({ dealt: 0, taken: 0, attacks: 0, hits: 0 });

/** The core's running totals per figure (model Figure.tally), in summary order (those gone last); read-only. */
export function tftTallies(state: TftState): FigureTally[] {
  const fs = state.figures;
  const gone = goneOf(state);
  const out = new Array<FigureTally>(fs.length + gone.length);
  for (let i = 0; i < fs.length; i++) out[i] = fs[i].tally ?? NO_TALLY;
  for (let i = 0; i < gone.length; i++) out[fs.length + i] = gone[i].tally ?? NO_TALLY;
  return out;
}

/** The figures still in the fight, then those gone from it (leave.ts), each with why it left. */
export function summaryTft(state: TftState): Summary {
  return {
    type: 'summary',
    winner: state.winner,
    turns: state.turn,
    figures: [...state.figures.map(figureSummary), ...goneOf(state).map((g) => ({ ...figureSummary(g), left: g.left.reason }))],
  };
}

function figureSummary(f: Figure): FigureSummary {
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    state: f.state,
    st: f.st,
    wounds: f.wounds,
    fatigue: f.fatigue,
    remST: f.st - f.wounds - f.fatigue,
    dx: f.dx,
    pos: { q: f.pos.q, r: f.pos.r },
    prone: f.prone,
    weapon: readyWeapon(f)?.def.id ?? null,
  };
}

function explainFigure(state: TftState, f: Figure, p: Pending | null, names: DisplayNames | undefined, options: ActionOption[]) {
  const ledger: LedgerEntry[] = [];
  const adjDX = baseAdjDX(state, f, ledger);
  const ws = woundState(f, state, true);
  const house: Record<string, unknown> = {};
  for (const h of hooksOf(state).explain) Object.assign(house, h(state, f, names) ?? {});
  const ma = effectiveMA(f, state);
  const notNow = notNowOf(state, f, options, names);
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    state: f.state,
    remST: f.st - f.wounds - f.fatigue,
    stateLedger: ws.ledger,
    adjDX,
    adjDXLedger: ledger,
    ma,
    halfMA: halfMA(f, state),
    movedThisTurn: f.turn.hexes,
    engaged: f.woundFx.canAct ? isEngaged(state, f) : false,
    prone: f.prone,
    pos: f.pos,
    facing: f.facing,
    weapon: readyWeapon(f)?.def.name ?? null,
    pending: p?.figures.includes(f.id) ?? false,
    options,
    // What its gear and state would offer but it cannot take now, with the engine's reason (not-now.ts).
    ...(notNow.length ? { notNow } : {}),
    ...(Object.keys(house).length ? { house } : {}),
  };
}

/**
 * `names`: the names option labels show for figures ("melee attack on Orc (orc2) with ..."),
 * as the server passes each viewer's; without them each figure's own name, as labels always read.
 */
export function explainTft(state: TftState, names?: DisplayNames): ExplainReport {
  const p = pendingOf(state);
  // Each figure's action-phase options as of now, a preview before that phase (once the fight is
  // over only what stays legal out of combat); the actor's are its decision's choices too.
  const options = new Map(state.figures.map((f) => [f, actionOptions(state, f, 'explain', names)]));
  const actions = (f: Figure) => options.get(f) ?? [];
  return {
    system: 'tft',
    turn: state.turn,
    phase: state.phase,
    pending: p,
    figures: state.figures.map((f) => explainFigure(state, f, p, names, actions(f))),
    // What the fight waits for now and every command each figure may send at it (decisions.ts).
    decision: decisionOf(state, p, actions, names),
  };
}

/**
 * Deep copy of module data (plain JSON-like values): arrays and plain objects copied field by
 * field, anything else (Map, Date...) by structuredClone. Several times faster than
 * structuredClone on the small bags of the hot loop (one clone per fight).
 */
function copyData(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyData(v[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  // A spread copies the keys in order at once (several times faster than assigning them one by
  // one); then the nested objects and arrays are copied in turn.
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in out) {
    const x = out[k];
    if (typeof x === 'object' && x !== null) out[k] = copyData(x);
  }
  return out;
}

const cloneBag = (b: Record<string, unknown>): Record<string, unknown> => copyData(b) as Record<string, unknown>;

function cloneWeapon(w: WeaponInstance): WeaponInstance {
  // def and dmg are never mutated (a change of grip replaces dmg): shared.
  return { uid: w.uid, def: w.def, dmg: w.dmg, twoHanded: w.twoHanded, reloadLeft: w.reloadLeft, broken: w.broken, house: cloneBag(w.house) };
}

function cloneFigure(f: Figure): Figure {
  // Field by field (a spread of ~30 keys was the larger part of a fight's clone); every field
  // of Figure is listed, so a new required one fails the type check here (clone.test.ts checks
  // the copy against structuredClone).
  const t = f.turn;
  const out: Figure = {
    id: f.id,
    name: f.name,
    side: f.side,
    race: f.race,
    st: f.st,
    dx: f.dx,
    iq: f.iq,
    ma: f.ma,
    frontHexes: f.frontHexes,
    talents: f.talents.slice(),
    spells: f.spells.slice(),
    wounds: f.wounds,
    fatigue: f.fatigue,
    weapons: f.weapons.map(cloneWeapon),
    ready: f.ready,
    armor: f.armor ? { def: f.armor.def, house: cloneBag(f.armor.house) } : null,
    shield: f.shield ? { def: f.shield.def, ready: f.shield.ready, house: cloneBag(f.shield.house) } : null,
    pos: { q: f.pos.q, r: f.pos.r },
    facing: f.facing,
    prone: f.prone,
    state: f.state,
    woundFx: { dx: f.woundFx.dx, maFactor: f.woundFx.maFactor, canAct: f.woundFx.canAct },
    dxPenalty: { amount: f.dxPenalty.amount, turnsLeft: f.dxPenalty.turnsLeft, actionsLeft: f.dxPenalty.actionsLeft },
    turn: { moved: t.moved, hexes: t.hexes, movedMA: t.movedMA, startedEngaged: t.startedEngaged, stance: t.stance, acted: t.acted, hits: t.hits, knockedDown: t.knockedDown },
    ai: f.ai,
    house: cloneBag(f.house),
    tally: f.tally ? { dealt: f.tally.dealt, taken: f.tally.taken, attacks: f.tally.attacks, hits: f.tally.hits } : { dealt: 0, taken: 0, attacks: 0, hits: 0 },
  };
  return out;
}

/** The `gone` of every copy of a state with none gone (cloneTft). */
const NO_GONE: readonly GoneFigure[] = Object.freeze([]);

/**
 * Deep copy. Table rows (weapon, armor, shield definitions), the options, the map and the
 * script entries are never mutated after setup, so they are shared; everything a command can
 * change is copied (module bags field by field, see copyData). Every field is listed, as in
 * cloneFigure.
 */
export function cloneTft(state: TftState): TftState {
  return {
    system: state.system,
    name: state.name,
    options: state.options,
    modules: state.modules,
    map: state.map,
    figures: state.figures.map(cloneFigure),
    // Absent in an old state: left absent, so the copy is the same text. Mostly empty: then one
    // frozen list for every copy (the lab clones once per fight), which leave.ts replaces, never fills.
    gone: state.gone && (state.gone.length === 0 ? NO_GONE : state.gone.map((g) => ({ ...cloneFigure(g), left: { turn: g.left.turn, reason: g.left.reason } }))),
    items: state.items.map((it) => ({ pos: { q: it.pos.q, r: it.pos.r }, weapon: cloneWeapon(it.weapon) })),
    turn: state.turn,
    phase: state.phase,
    moveOrder: state.moveOrder.slice(),
    moveSide: state.moveSide,
    initiativeWinner: state.initiativeWinner,
    actionOrder: state.actionOrder.slice(),
    actionIndex: state.actionIndex,
    actionPrepared: state.actionPrepared,
    sides: state.sides.slice(),
    sideNames: state.sideNames, // never changed after setup: shared
    script: state.script,
    scriptUsed: state.scriptUsed.slice(),
    winner: state.winner,
    endReason: state.endReason,
    house: cloneBag(state.house),
  };
}

export const tftSystem: GameSystem<TftState, TftCommand, TftEvent> = {
  id: 'tft',
  setup: setupTft,
  parseCommand: (raw) => parseTftCommand(raw),
  apply: applyCommand,
  pending: pendingOf,
  decide: decideTft,
  clone: cloneTft,
  summary: summaryTft,
  explain: explainTft,
  describe: describeTft,
  scripted: scriptedTft,
  scenarioJsonSchema,
  tallies: tftTallies,
  playOut: playOutTft,
  // The GM's adjustment of a figure (adjust.ts), end of the fight (end.ts) and a figure's leaving it (leave.ts); the AI never sends them.
  gmCommands: GM_COMMANDS,
};
