// Reads what the table shows out of a system's state and its explain() report, without knowing
// the system: TFT and AD&D states differ, so every field is looked up by the names the systems
// use and missing ones are simply not shown. Pure and unit-tested.
import type { Hex } from '../../../src/core/hex/coords.ts';
import type { Ledger } from '../../../src/core/ledger.ts';
import { roundOf, segmentOfRound } from '../../../src/rules/adnd/clock.ts';
import { FIREARMS, ammoName } from '../../../src/rules/tft/house/hitech/data.ts';
import { displayNames } from '../../../src/engine/names.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A number, or the total of a ledger. */
const total = (v: unknown): number | undefined => num(v) ?? toLedger(v)?.total;

export function pick<T>(o: Obj, keys: readonly string[], as: (v: unknown) => T | undefined): T | undefined {
  for (const k of keys) {
    const v = as(o[k]);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function asHex(v: unknown): Hex | undefined {
  if (isObj(v) && typeof v.q === 'number' && typeof v.r === 'number') return { q: v.q, r: v.r };
  if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number') return { q: v[0], r: v[1] };
  return undefined;
}

export function isLedger(v: unknown): v is Ledger {
  return isObj(v) && Array.isArray(v.entries) && typeof v.total === 'number';
}

const isEntry = (x: unknown): x is Obj & { source: string; delta: number } => isObj(x) && typeof x.source === 'string' && num(x.delta) !== undefined;
/** An entry as the panels show it: its rule '' where the view has none. */
const entryOf = (x: Obj & { source: string; delta: number }): Ledger['entries'][number] => ({ source: x.source, delta: x.delta, rule: str(x.rule) ?? '' });

/**
 * A ledger from either shape the engine uses: `{entries, total}` (core/ledger.ts) or a bare
 * array of entries (TFT events), whose total is the sum of the deltas. Anything else: undefined.
 * Read defensively: only entries with a source and a delta are kept, each with a string rule.
 */
export function toLedger(v: unknown): Ledger | undefined {
  if (isLedger(v) && num(v.total) !== undefined) return { entries: (v.entries as unknown[]).filter(isEntry).map(entryOf), total: v.total };
  // Array.from: a hole is not an entry (every() and map() skip holes).
  if (Array.isArray(v) && v.length > 0 && Array.from(v).every(isEntry)) {
    const entries = Array.from(v, entryOf);
    return { entries, total: entries.reduce((t, e) => t + e.delta, 0) };
  }
  return undefined;
}

export interface FigureView {
  id: string;
  name: string;
  side: string;
  hex?: Hex;
  facing?: number;
  state: string;
  prone: boolean;
  engaged: boolean;
  /** TFT: basic ST and the numbers of the thread rule; AD&D: hp. */
  st?: number;
  wounds?: number;
  fatigue?: number;
  remST?: number;
  dyST?: number;
  hp?: number;
  maxHp?: number;
  dx?: number;
  adjDX?: number;
  ma?: number;
  frontCount: number;
  /** The token's text on the map (initials, numbered where they collide). */
  short?: string;
  /** Short markers the map draws beside the figure ("prone", "overwatch", "surprised 3"...). */
  markers: string[];
  /** HiTech firearms carried, with their ammunition (R-H9, R-H10). */
  firearms: FirearmView[];
  /** Out of the fight (the GM's leave: state.gone): why, and when (TFT turn, AD&D segment); such a figure has no hex. */
  left?: LeftView;
  raw: Obj;
}

export interface LeftView {
  reason: string;
  turn?: number;
  segment?: number;
}

/** When and why a figure left the fight: the state's `left` record, or the summary's reason alone. */
function leftOf(v: unknown): LeftView | undefined {
  if (typeof v === 'string') return { reason: v };
  if (!isObj(v) || typeof v.reason !== 'string') return undefined;
  return { reason: v.reason, ...(num(v.turn) !== undefined ? { turn: num(v.turn) } : {}), ...(num(v.segment) !== undefined ? { segment: num(v.segment) } : {}) };
}

/** "left: flees" (the roster's mark of a figure out of the fight). */
export const leftWords = (l: LeftView): string => `left: ${l.reason}`;

/** A HiTech firearm's ammunition as the state keeps it (weapon.house.hitech: loaded, clip, spare clips). */
export interface FirearmView {
  /** The weapon instance's id (`figure.weapon`). */
  uid: string;
  name: string;
  /** The loaded ammunition type ("standard", "slug", "apds"...). */
  ammo: string;
  /** Left in the loaded clip, of `clip`: rounds, or bursts for machineguns (`unit`). */
  loaded: number;
  clip: number;
  unit: 'rounds' | 'bursts';
  /** Full spare clips by ammunition type (those with none left are not listed). */
  spare: { ammo: string; clips: number }[];
  /** Rifle grenades left for an integral launcher. */
  riflegrenades: number;
  /** In hand (the figure's ready weapon). */
  ready: boolean;
}

const CLIP_UNIT = new Map(FIREARMS.map((w) => [w.id, w.clipUnit]));

/** The firearms of a TFT figure record, from its weapons' HiTech state (none without the HiTech module). */
export function firearmsOf(f: Obj): FirearmView[] {
  if (!Array.isArray(f.weapons)) return [];
  const out: FirearmView[] = [];
  for (const w of f.weapons) {
    if (!isObj(w) || !isObj(w.house) || !isObj(w.house.hitech)) continue;
    const g = w.house.hitech;
    const loaded = num(g.loaded);
    const clip = num(g.clip);
    if (loaded === undefined || clip === undefined) continue;
    const def = isObj(w.def) ? w.def : {};
    const spare = isObj(g.spare) ? Object.entries(g.spare).flatMap(([ammo, n]) => (typeof n === 'number' && n > 0 ? [{ ammo, clips: n }] : [])) : [];
    out.push({
      uid: str(w.uid) ?? String(out.length),
      name: str(def.name) ?? str(def.id) ?? 'firearm',
      ammo: str(g.ammo) ?? '',
      loaded,
      clip,
      unit: CLIP_UNIT.get(str(def.hitechFirearm) ?? '') ?? 'rounds',
      spare,
      riflegrenades: num(g.riflegrenades) ?? 0,
      ready: typeof w.uid === 'string' && w.uid === f.ready,
    });
  }
  return out;
}

/** A firearm's ammunition in words: "assault rifle: 16/20 rounds standard; spare clips: 2 standard". */
export function firearmText(w: FirearmView): string {
  // Ammunition as the options and the log write it ("APDS", "HE"; ammoName), not by its id ("apds").
  const parts = [`${w.name}: ${w.loaded}/${w.clip} ${w.unit}${w.ammo ? ` ${ammoName(w.ammo)}` : ''}`];
  parts.push(w.spare.length > 0 ? `spare clips: ${w.spare.map((s) => `${s.clips} ${ammoName(s.ammo)}`).join(', ')}` : 'no spare clip');
  if (w.riflegrenades > 0) parts.push(`${w.riflegrenades} rifle grenade${w.riflegrenades === 1 ? '' : 's'}`);
  return parts.join('; ');
}

/** The names of figures `ids`, in the table's order and naming ("Cedric, Bjorn"); an id the view lacks as itself. */
export function figureNames(ids: readonly string[], figures: readonly FigureView[]): string {
  const known = figures.filter((f) => ids.includes(f.id)).map((f) => f.name);
  const unknown = ids.filter((id) => !figures.some((f) => f.id === id));
  return [...known, ...unknown].join(', ');
}

/** The state's figures: those in the fight, then those the GM took out of it (`gone`, none in a state stored before it). */
function figuresOf(state: unknown): Obj[] {
  if (!isObj(state)) return [];
  const gone = Array.isArray(state.gone) ? state.gone.filter(isObj) : [];
  const f = state.figures;
  if (Array.isArray(f)) return [...f.filter(isObj), ...gone];
  if (isObj(f)) return [...Object.entries(f).map(([id, v]) => (isObj(v) ? { id, ...v } : { id })), ...gone];
  const c = state.combatants;
  if (Array.isArray(c)) return c.filter(isObj);
  return gone;
}

const MARKER_FLAGS: Record<string, string> = {
  prone: 'prone',
  engaged: 'engaged',
  defending: 'defending',
  dodging: 'dodging',
  overwatch: 'overwatch',
  stabilizing: 'stabilizing',
  beingStabilized: 'being stabilized',
  stabilized: 'stabilized',
  parrying: 'parrying',
  surprised: 'surprised',
  hasted: 'hasted',
  slowed: 'slowed',
};

/** One figure's view from its state entry and (if present) its explain entry. */
export function figureView(f: Obj, explained?: Obj): FigureView {
  const e = explained ?? {};
  const house = isObj(f.house) ? f.house : {};
  const thread = isObj(house.thread) ? house.thread : {};
  const ehouse = isObj(e.house) ? e.house : {};
  const ethread = isObj(ehouse.thread) ? ehouse.thread : isObj(e.thread) ? e.thread : {};
  const id = str(f.id) ?? str(e.id) ?? '?';
  const markers: string[] = [];
  for (const [k, label] of Object.entries(MARKER_FLAGS)) {
    const v = f[k] ?? house[k] ?? e[k];
    if (v === true) markers.push(label);
    else if (typeof v === 'number' && v > 0 && k === 'surprised') markers.push(`${label} ${v}`);
    else if (isObj(v) && k !== 'engaged') markers.push(label);
  }
  // Where the engines keep the rest: a TFT figure's stance of the turn (`turn.stance`), HiTech
  // overwatch (`house.hitech.overwatch`), a thread patient under stabilization
  // (`house.thread.stabilization`), an AD&D parry in force (`parry`). The flags above never
  // matched these, so none of them showed on the map.
  const mark = (label: string) => {
    if (!markers.includes(label)) markers.push(label);
  };
  const turnRec = isObj(f.turn) ? f.turn : {};
  if (turnRec.stance === 'defend') mark('defending');
  else if (turnRec.stance === 'dodge') mark('dodging');
  const hitech = isObj(house.hitech) ? house.hitech : isObj(ehouse.hitech) ? ehouse.hitech : {};
  if (isObj(hitech.overwatch)) mark('overwatch');
  if (isObj(thread.stabilization) || isObj(ethread.stabilization)) mark('being stabilized');
  if (isObj(f.parry)) mark('parrying');
  const eyesBehind = (Array.isArray(f.talents) && f.talents.includes('Eyes Behind')) || (Array.isArray(f.statuses) && f.statuses.includes('Eyes Behind'));
  const frontCount = pick(f, ['frontHexes', 'frontCount'], num) ?? (eyesBehind ? 6 : 3);
  // Out of the fight: off the map, engaging no one (its last hex stays in the record).
  const left = leftOf(f.left) ?? leftOf(e.left);
  const engagedRaw = left ? false : (f.engaged ?? e.engaged);
  const engaged = engagedRaw === true || (Array.isArray(engagedRaw) && engagedRaw.length > 0);
  return {
    id,
    name: str(f.name) ?? str(e.name) ?? id,
    side: str(f.side) ?? str(e.side) ?? '',
    hex: left ? undefined : (asHex(f.pos) ?? asHex(f.hex) ?? asHex(f.position) ?? asHex(f.at)),
    // One of the six directions: a facing that is not a whole number names none (figureWords, the map's arrow).
    facing: pick(f, ['facing', 'dir', 'direction'], (v) => (Number.isInteger(v) ? (v as number) : undefined)),
    state: str(e.state) ?? str(f.state) ?? str(f.status) ?? 'healthy',
    prone: f.prone === true,
    engaged,
    st: pick(f, ['st', 'ST', 'baseST'], num),
    wounds: pick(f, ['wounds', 'damage'], num),
    fatigue: pick(f, ['fatigue'], num),
    remST: pick(e, ['remST'], num) ?? pick(ethread, ['remST'], total) ?? pick(f, ['remST'], num) ?? pick(thread, ['remST'], num),
    dyST: pick(e, ['dyST'], num) ?? pick(ethread, ['dyST'], total) ?? pick(f, ['dyST'], num) ?? pick(thread, ['dyST'], num),
    hp: pick(f, ['hp'], num),
    maxHp: pick(f, ['maxHp', 'hpMax'], num),
    dx: pick(f, ['dx', 'DX'], num),
    adjDX: pick(e, ['adjDX'], num) ?? pick(f, ['adjDX'], num),
    ma: pick(f, ['ma', 'MA'], num),
    frontCount,
    markers,
    firearms: firearmsOf(f),
    ...(left ? { left } : {}),
    raw: f,
  };
}

/** The figure records of a report (explain, summary) by id. */
function byId(report: unknown): Map<string, Obj> {
  const out = new Map<string, Obj>();
  if (isObj(report) && Array.isArray(report.figures)) {
    for (const f of report.figures) if (isObj(f) && typeof f.id === 'string') out.set(f.id, f);
  }
  return out;
}

/**
 * The figures of the state read with the explain report's entries; `summary`: the step's
 * summary, whose entries stand in for a figure out of the fight that explain does not list
 * (its AD&D state word, unconscious or dying, is reckoned there, not kept in the state).
 */
/** explain()'s figures by id (a report of another shape: none). */
export function explainedById(report: unknown): Map<string, Obj> {
  const out = new Map<string, Obj>();
  if (isObj(report) && Array.isArray(report.figures)) for (const f of report.figures) if (isObj(f) && typeof f.id === 'string') out.set(f.id, f);
  return out;
}

export function figureViews(state: unknown, report?: unknown, summary?: unknown): FigureView[] {
  const explained = byId(report);
  const fs = figuresOf(state);
  if (fs.length === 0) return [...explained.values()].map((e) => figureView(e, e));
  const summed = byId(summary);
  const entry = (f: Obj) => explained.get(f.id as string) ?? (f.left !== undefined ? summed.get(f.id as string) : undefined);
  // An id that is not a string has no explained entry (String() of an object can throw).
  const views = fs.map((f) => figureView(f, typeof f.id === 'string' ? entry(f) : undefined));
  // The medic at work: its patient's stabilization record names it (R-T3).
  const medics = new Set<string>();
  for (const f of fs) {
    const th = isObj(f.house) && isObj(f.house.thread) ? f.house.thread : {};
    if (isObj(th.stabilization) && typeof th.stabilization.medic === 'string') medics.add(th.stabilization.medic);
  }
  return views.map((v) => (medics.has(v.id) && !v.markers.includes('stabilizing') ? { ...v, markers: [...v.markers, 'stabilizing'] } : v));
}

/** The map's shape from the scenario/state: a width x height board, explicit hexes, or none. */
export interface MapShape {
  width?: number;
  height?: number;
  hexes?: Hex[];
  blocked: Hex[];
  megahexes: boolean;
}

/** The most hexes a board's side may have here (TFT scenarios allow 200): a larger one would hang the page drawing it. */
export const MAX_BOARD_SIDE = 1000;
/** A board's width or height: a whole number of hexes, 1 to MAX_BOARD_SIDE; anything else is not a board. */
const side = (v: unknown): number | undefined => (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_BOARD_SIDE ? (v as number) : undefined);

export function mapShape(state: unknown): MapShape {
  const s = isObj(state) ? state : {};
  const m = isObj(s.map) ? s.map : isObj(s.board) ? s.board : {};
  const hexes = Array.isArray(m.hexes) ? m.hexes.map(asHex).filter((h): h is Hex => !!h) : undefined;
  const terrain = Array.isArray(m.terrain) ? m.terrain : Array.isArray(m.blocked) ? m.blocked : [];
  const blocked = terrain
    .map((t) => (isObj(t) && (t.blocks === true || t.kind === 'wall' || t.type === 'wall') ? asHex(t.hex ?? t) : asHex(t)))
    .filter((h): h is Hex => !!h);
  const opts = isObj(s.options) ? s.options : {};
  return {
    width: pick(m, ['width', 'w', 'cols'], side),
    height: pick(m, ['height', 'h', 'rows'], side),
    hexes: hexes && hexes.length > 0 ? hexes : undefined,
    blocked,
    megahexes: opts.hitech !== undefined && opts.hitech !== false && opts.hitech !== 'off',
  };
}

/** The turn or round and phase, for the status bar. */
export interface ClockView {
  system: string;
  turn: number;
  phase?: string;
  segment?: number;
  pendingKind?: string;
  pendingFigures: string[];
  over: boolean;
}

export function clockView(state: unknown, report: unknown): ClockView {
  const s = isObj(state) ? state : {};
  const r = isObj(report) ? report : {};
  const pending = isObj(r.pending) ? r.pending : null;
  // An AD&D state counts absolute segments (`now`): its round and segment, until the report for
  // this step arrives (without them the header read "round 0" after every step).
  const now = s.system === 'adnd' ? num(s.now) : undefined;
  return {
    system: str(r.system) ?? str(s.system) ?? '',
    turn: num(r.turn) ?? pick(s, ['turn', 'round'], num) ?? (now !== undefined ? roundOf(now) : 0),
    phase: pick(s, ['phase'], str),
    segment: pick(r, ['segmentOfRound'], num) ?? pick(s, ['segment', 'clock'], num) ?? (now ? segmentOfRound(now) : undefined),
    pendingKind: pending ? str(pending.kind) : undefined,
    pendingFigures: pending && Array.isArray(pending.figures) ? pending.figures.filter((x): x is string => typeof x === 'string') : [],
    over: isObj(r) && 'pending' in r && r.pending === null,
  };
}

/**
 * Marks figures engaged (tft-core: adjacent to a standing enemy and in one of its front hexes),
 * unless the state already says. Display only; the server decides what engagement allows.
 */
export function markEngaged(figs: FigureView[], arcsOf: (f: FigureView) => { hex: Hex; arc: string }[]): FigureView[] {
  const able = (f: FigureView) => f.hex && !f.prone && (f.state === 'healthy' || f.state === 'reeling');
  return figs.map((f) => {
    if (f.engaged || !f.hex || f.state === 'dead') return f;
    const k = `${f.hex.q},${f.hex.r}`;
    const engaged = figs.some((e) => e.side !== f.side && able(e) && e.facing !== undefined && arcsOf(e).some((a) => a.arc === 'front' && `${a.hex.q},${a.hex.r}` === k));
    return engaged ? { ...f, engaged, markers: f.markers.includes('engaged') ? f.markers : [...f.markers, 'engaged'] } : f;
  });
}

/** A name's initials for a map token: "Lenny" -> "Le", "orc two" -> "OT". */
export function initials(name: string): string {
  const parts = name.split(/[\s_-]+/).filter(Boolean);
  if (parts.length === 0) return '?';
  if (parts.length === 1) return parts[0].slice(0, 2);
  return (parts[0][0] + parts[1][0]).toUpperCase();
}

/**
 * Figures told apart where the scenario's names are not: a name two figures share gets the
 * figure's id ("Orc (orc3)", displayNames), and map tokens whose initials collide are numbered in figure
 * order ("O1", "O2"...; "BR1", "BS1" where another token starts alike). Every token differs from
 * every other. Unique names and initials stay as they are.
 */
export function distinctNames(figs: readonly FigureView[]): FigureView[] {
  // The names the log's narration shows too (the engine's displayNames), so log and map agree.
  const shown = displayNames(figs);
  const tokens = new Map<string, string[]>();
  for (const f of figs) {
    const t = initials(f.name).toUpperCase();
    tokens.set(t, [...(tokens.get(t) ?? []), f.id]);
  }
  // A colliding group is numbered by its first letter ("O1") unless another token starts with
  // that letter: then by its whole initials ("BR1", "BS1"), so that "Blue rifleman"/"Blue
  // rifleman 2" and "Blue SMG gunner"/"Blue shotgunner" are not B1, B2 twice, and the Red SMG
  // gunner beside the Red rifleman's "RR" is "RS1", not "R1" (read as a rifleman).
  const groups = [...tokens.entries()].filter(([, ids]) => ids.length > 1);
  const singles = new Set([...tokens.entries()].filter(([, ids]) => ids.length === 1).map(([t]) => t));
  const prefix = new Map<string, string>();
  for (const [t] of groups) {
    const byLetter = groups.filter(([u]) => u[0] === t[0]).length === 1 && ![...singles].some((u) => u[0] === t[0]);
    prefix.set(t, byLetter ? t[0] : t);
  }
  return figs.map((f) => {
    const t = initials(f.name).toUpperCase();
    const same = tokens.get(t) ?? [];
    const short = same.length > 1 ? `${prefix.get(t)}${same.indexOf(f.id) + 1}` : initials(f.name);
    return { ...f, name: shown.get(f.id) ?? f.name, short };
  });
}

/** A TFT side by the scenario's name for it (`sides[].name`, kept in the state as sideNames), else its id. */
export function sideName(state: unknown, side: string): string {
  const names = isObj(state) && isObj(state.sideNames) ? state.sideNames : null;
  const n = names?.[side];
  return typeof n === 'string' && n !== '' ? n : side;
}
