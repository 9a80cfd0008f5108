// The Monte Carlo arena (issue 8 parts 2 and 3): whole fights through the real engine and rules
// (system.setup / clone / runToEnd with the AI policies), logging off unless an event tap is
// asked for. Work is cut into fixed chunks of CHUNK fights; chunk c draws from its own stream
// seedRng(seed, c), and each fight of it starts from a fresh generator seeded by that stream,
// so every variant of a comparison plays fight j of chunk c on the same dice (common random
// numbers) and results never depend on how chunks are spread over workers (merged in chunk
// order).
import { SeededDice } from '../core/dice/source.ts';
import type { RngState } from '../core/rng.ts';
import { nextU32, seedRng } from '../core/rng.ts';
import { displayNames } from '../engine/names.ts';
import { runToEnd } from '../engine/run.ts';
import type { FigureState, FigureSummary, GameEvent, GameSystem } from '../engine/types.ts';
import type { AdndState } from '../rules/adnd/model.ts';
import { type AttackSheet, attackSheets, sheetFacts, sheetText } from '../rules/adnd/sheet.ts';
import { getSystem } from '../rules/index.ts';

/** Fights per chunk: fixed, so a seed's result is the same for any number of workers. */
export const CHUNK = 250;

export const FIGURE_STATES: readonly FigureState[] = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];
/** Event types counted as a figure's "uses" (with the event tap on). */
export const USE_TYPES: readonly string[] = ['attack', 'sweep', 'fire', 'throw-grenade', 'fire-grenade', 'cast'];

export interface ArenaJob {
  /** One raw scenario per variant (settings applied); variant 0 is the baseline of differences. */
  variants: { name: string; raw: Record<string, unknown> }[];
  seed: number | string;
  fights: number;
  /** Count damage dealt and actions through a light event tap (slower: events are built). */
  events: boolean;
  maxSteps?: number;
}

/** Per-fight quantities of one variant, by key (see keysOf). */
export interface Sums {
  keys: string[];
  n: number;
  sum: number[];
  sumSq: number[];
}

export interface ChunkResult {
  chunk: number;
  /** Per variant. */
  variants: Sums[];
  /** Per variant v >= 1: paired differences (v - baseline) over the keys both have. */
  diffs: (Sums | null)[];
  /** Fights that hit maxSteps without ending (counted as draws). */
  unfinished: number[];
}

export interface FigureInfo {
  id: string;
  name: string;
  side: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any registered system
type AnySystem = GameSystem<any, any, any>;

/** One variant made ready to play: its system, start state and the index of every key. */
export class Prepared {
  readonly system: AnySystem;
  readonly base: unknown;
  readonly sides: string[];
  readonly figures: FigureInfo[];
  readonly keys: string[];
  private readonly startVital: number[];
  private readonly startDealt: number[];
  private readonly figIndex = new Map<string, number>();
  private readonly vals: Float64Array;
  private readonly kWin: number;
  private readonly kDraw: number;
  private readonly kTurns: number;
  private readonly kTaken: number;
  private readonly kDealt: number;
  private readonly kDpt: number;
  private readonly kState: number;
  private readonly kEnded: number;
  /** Each figure's side, by the index of `sides` (the ended: keys). */
  private readonly sideIndex: number[];
  private readonly kUses: number;
  private readonly tap: ((e: GameEvent) => void) | null;
  /**
   * The system keeps each figure's damage dealt as it plays (GameSystem.tallies; TFT: the
   * core's Figure.tally, kept whatever emit is), so dealt and dealt-per-turn are measured
   * without events.
   */
  readonly tallied: boolean;

  constructor(
    readonly name: string,
    raw: Record<string, unknown>,
    readonly events: boolean,
    readonly maxSteps = 100_000,
  ) {
    // Scenario dice lists script a fight for the table; the arena rolls its own.
    const { dice: _dice, ...rest } = raw;
    this.system = getSystem(raw.system);
    this.base = this.system.setup(rest);
    const s = this.system.summary(this.base);
    // Figures as the table and `fray run` name them: two orcs are "Orc (orc2)" and "Orc (orc3)", not "Orc" twice.
    const names = displayNames(s.figures);
    this.figures = s.figures.map((f) => ({ id: f.id, name: names.get(f.id) ?? f.name, side: f.side }));
    this.sides = [...new Set(s.figures.map((f) => f.side))];
    this.startVital = s.figures.map(vital);
    const t0 = this.system.tallies?.(this.base) ?? null;
    this.tallied = t0 !== null && t0.length === s.figures.length;
    this.startDealt = s.figures.map((_, i) => (this.tallied && t0 ? t0[i].dealt : 0));
    s.figures.forEach((f, i) => {
      this.figIndex.set(f.id, i);
    });
    const keys: string[] = [];
    this.kWin = keys.length;
    for (const side of this.sides) keys.push(`win:${side}`);
    this.kDraw = keys.length;
    keys.push('draw');
    this.kTurns = keys.length;
    keys.push('turns');
    this.kTaken = keys.length;
    for (const f of this.figures) keys.push(`taken:${f.id}`);
    this.kState = keys.length;
    for (const f of this.figures) for (const st of FIGURE_STATES) keys.push(`state:${f.id}=${st}`);
    // How many of a side's figures end in each state: one number per fight, so a side's dead
    // get a paired interval of their own (the figures' rates cannot be added into one).
    this.kEnded = keys.length;
    for (const side of this.sides) for (const st of FIGURE_STATES) keys.push(`ended:${side}=${st}`);
    this.sideIndex = this.figures.map((f) => this.sides.indexOf(f.side));
    this.kDealt = keys.length;
    this.kDpt = keys.length;
    this.kUses = keys.length;
    if (events || this.tallied) {
      this.kDealt = keys.length;
      for (const f of this.figures) keys.push(`dealt:${f.id}`);
      this.kDpt = keys.length;
      for (const f of this.figures) keys.push(`dealt-per-turn:${f.id}`);
      this.kUses = keys.length;
    }
    if (events) for (const f of this.figures) for (const t of USE_TYPES) keys.push(`uses:${f.id}=${t}`);
    this.keys = keys;
    this.vals = new Float64Array(keys.length);
    this.tap = events ? (e) => this.onEvent(e) : null;
  }

  private onEvent(e: GameEvent): void {
    const ev = e as GameEvent & Record<string, unknown>;
    if (ev.type === 'damage' && typeof ev.from === 'string' && typeof ev.amount === 'number') {
      if (this.tallied) return; // read from the summary's tally after the fight
      const i = this.figIndex.get(ev.from);
      if (i !== undefined) this.vals[this.kDealt + i] += ev.amount;
      return;
    }
    // AD&D: spell damage is dealt by its caster (the event's figure is the one struck).
    if (ev.type === 'spell-damage' && typeof ev.caster === 'string' && ev.damage && typeof (ev.damage as { total?: unknown }).total === 'number') {
      const i = this.figIndex.get(ev.caster);
      if (i !== undefined) this.vals[this.kDealt + i] += (ev.damage as { total: number }).total;
      return;
    }
    const who = (typeof ev.figure === 'string' ? ev.figure : typeof ev.attacker === 'string' ? ev.attacker : undefined) as string | undefined;
    if (who === undefined) return;
    const t = USE_TYPES.indexOf(ev.type);
    if (t < 0) return;
    const i = this.figIndex.get(who);
    if (i === undefined) return;
    this.vals[this.kUses + i * USE_TYPES.length + t] += 1;
    // AD&D: an attack event carries its damage ledger.
    if (ev.type === 'attack' && ev.hit === true && ev.damage && typeof (ev.damage as { total?: unknown }).total === 'number') {
      this.vals[this.kDealt + i] += (ev.damage as { total: number }).total;
    }
  }

  /** Plays one fight on `dice`; returns the per-key values (a reused buffer) and whether it ended. */
  fight(dice: SeededDice): { vals: Float64Array; ended: boolean } {
    const v = this.vals;
    v.fill(0);
    const state = this.system.clone(this.base);
    const r = runToEnd(this.system, state, dice, this.tap, { maxSteps: this.maxSteps });
    const s = this.system.summary(state);
    if (s.winner === null) v[this.kDraw] = 1;
    else {
      const w = this.sides.indexOf(s.winner);
      if (w >= 0) v[this.kWin + w] = 1;
    }
    v[this.kTurns] = s.turns;
    const figs = s.figures;
    const tallies = this.tallied ? (this.system.tallies?.(state) ?? null) : null;
    for (let k = 0; k < figs.length; k++) {
      // A figure the GM took out of the fight (a scripted leave) is listed after those in it:
      // its place at the start, by id.
      const i = figs[k].id === this.figures[k].id ? k : (this.figIndex.get(figs[k].id) as number);
      v[this.kTaken + i] = vital(figs[k]) - this.startVital[i];
      const st = FIGURE_STATES.indexOf(figs[k].state);
      if (st >= 0) {
        v[this.kState + i * FIGURE_STATES.length + st] = 1;
        v[this.kEnded + this.sideIndex[i] * FIGURE_STATES.length + st] += 1;
      }
      if (tallies) v[this.kDealt + i] = tallies[k].dealt - this.startDealt[i];
      if (this.events || this.tallied) v[this.kDpt + i] = s.turns > 0 ? v[this.kDealt + i] / s.turns : 0;
    }
    return { vals: v, ended: r.ended };
  }
}

/** Damage taken so far, on one scale for both systems: TFT wounds, AD&D hit points lost. */
function vital(f: FigureSummary): number {
  if (typeof f.wounds === 'number') return f.wounds;
  if (typeof f.hp === 'number') return -f.hp;
  return 0;
}

export function emptySums(keys: string[]): Sums {
  return { keys, n: 0, sum: new Array<number>(keys.length).fill(0), sumSq: new Array<number>(keys.length).fill(0) };
}

export function mergeSums(a: Sums, b: Sums): void {
  a.n += b.n;
  for (let k = 0; k < a.sum.length; k++) {
    a.sum[k] += b.sum[k];
    a.sumSq[k] += b.sumSq[k];
  }
}

export function prepareJob(job: ArenaJob): Prepared[] {
  return job.variants.map((v) => new Prepared(v.name, v.raw, job.events, job.maxSteps));
}

/** Plays chunk `chunk` (its fights: CHUNK, fewer in the last) for every variant. */
export function runChunk(prepared: readonly Prepared[], job: ArenaJob, chunk: number): ChunkResult {
  const count = Math.min(CHUNK, job.fights - chunk * CHUNK);
  const stream = seedRng(job.seed, chunk);
  const sums = prepared.map((p) => emptySums(p.keys));
  const pairs = prepared.map((p, v) => (v === 0 ? null : commonKeys(prepared[0].keys, p.keys)));
  const diffs = pairs.map((pr) => (pr ? emptySums(pr.keys) : null));
  const unfinished = prepared.map(() => 0);
  const rng: RngState = { a: 0, b: 0, c: 0, d: 0 };
  const dice = new SeededDice(rng);
  const base = new Float64Array(prepared[0].keys.length);
  for (let j = 0; j < count; j++) {
    const fightSeed = nextU32(stream);
    for (let v = 0; v < prepared.length; v++) {
      const s = seedRng(fightSeed);
      rng.a = s.a;
      rng.b = s.b;
      rng.c = s.c;
      rng.d = s.d;
      const { vals, ended } = prepared[v].fight(dice);
      if (!ended) unfinished[v]++;
      const acc = sums[v];
      acc.n++;
      for (let k = 0; k < vals.length; k++) {
        acc.sum[k] += vals[k];
        acc.sumSq[k] += vals[k] * vals[k];
      }
      if (v === 0) base.set(vals);
      else {
        const pr = pairs[v] as { keys: string[]; a: number[]; b: number[] };
        const d = diffs[v] as Sums;
        d.n++;
        for (let k = 0; k < pr.keys.length; k++) {
          const x = vals[pr.b[k]] - base[pr.a[k]];
          d.sum[k] += x;
          d.sumSq[k] += x * x;
        }
      }
    }
  }
  return { chunk, variants: sums, diffs, unfinished };
}

function commonKeys(a: readonly string[], b: readonly string[]): { keys: string[]; a: number[]; b: number[] } {
  const keys: string[] = [];
  const ia: number[] = [];
  const ib: number[] = [];
  a.forEach((k, i) => {
    const j = b.indexOf(k);
    if (j >= 0) {
      keys.push(k);
      ia.push(i);
      ib.push(j);
    }
  });
  return { keys, a: ia, b: ib };
}

export function chunkCount(fights: number): number {
  return Math.ceil(fights / CHUNK);
}

export interface ArenaResult {
  seed: number | string;
  fights: number;
  events: boolean;
  /** `system`: the game system's id (tft, adnd): what a turn is called (AD&D: a round). */
  variants: { name: string; system: string; sides: string[]; figures: FigureInfo[]; start?: StartSheets; sums: Sums; diff: Sums | null; unfinished: number }[];
}

/** AD&D: each figure's swings at the start, hand by hand, with their ledgers (rules/adnd/sheet.ts), and as text lines. */
export interface StartSheets {
  sheets: AttackSheet[];
  text: string[];
  /** Each figure's numbers in short, by name (sheetFacts): what a grid's point changed. */
  facts: Record<string, string[]>;
}

/** What a variant's figures swing at the start (AD&D): what a varied score moves is read in the report, not guessed. */
function startOf(p: Prepared): StartSheets | undefined {
  if (p.system.id !== 'adnd') return undefined;
  const names = new Map(p.figures.map((f) => [f.id, f.name]));
  const sheets = attackSheets(p.base as AdndState, names);
  return { sheets, text: sheetText(sheets, names), facts: sheetFacts(sheets, names) };
}

/** Merges chunk results (in chunk order, so float sums are the same for any worker count). */
export function mergeChunks(prepared: readonly Prepared[], job: ArenaJob, chunks: readonly ChunkResult[]): ArenaResult {
  const ordered = [...chunks].sort((x, y) => x.chunk - y.chunk);
  const variants = prepared.map((p, v) => ({
    name: p.name,
    system: p.system.id,
    sides: p.sides,
    figures: p.figures,
    start: startOf(p),
    sums: emptySums(p.keys),
    diff: v === 0 ? null : emptySums(commonKeys(prepared[0].keys, p.keys).keys),
    unfinished: 0,
  }));
  for (const c of ordered) {
    c.variants.forEach((s, v) => {
      mergeSums(variants[v].sums, s);
    });
    c.diffs.forEach((d, v) => {
      if (d) mergeSums(variants[v].diff as Sums, d);
    });
    c.unfinished.forEach((u, v) => {
      variants[v].unfinished += u;
    });
  }
  return { seed: job.seed, fights: job.fights, events: job.events, variants };
}

/** Runs a whole job in this thread (chunk by chunk; `onChunk` after each, for progress). */
export function runInline(job: ArenaJob, onChunk?: (done: number, total: number) => void): ArenaResult {
  const prepared = prepareJob(job);
  const total = chunkCount(job.fights);
  const chunks: ChunkResult[] = [];
  for (let c = 0; c < total; c++) {
    chunks.push(runChunk(prepared, job, c));
    onChunk?.(c + 1, total);
  }
  return mergeChunks(prepared, job, chunks);
}
