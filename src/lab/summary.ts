// From merged sums to what people read: rates with Wilson intervals, means and paired
// differences with normal 95% intervals, per variant and per figure.
import type { FigureState } from '../engine/types.ts';
import type { ArenaResult, FigureInfo, StartSheets, Sums } from './arena.ts';
import { FIGURE_STATES, USE_TYPES } from './arena.ts';
import { type Interval, Z95, wilson } from './stats.ts';

export interface FigureReport extends FigureInfo {
  taken: Interval;
  dealt?: Interval;
  dealtPerTurn?: Interval;
  /** P(ending in each state). */
  states: Record<string, Interval>;
  /** Mean uses per fight of each action type (with events), only those used. */
  uses?: Record<string, number>;
}

export interface VariantReport {
  name: string;
  /** The game system's id (tft, adnd). */
  system: string;
  settings?: string;
  fights: number;
  unfinished: number;
  wins: ({ side: string } & Interval)[];
  draw: Interval;
  turns: Interval;
  figures: FigureReport[];
  /** Per side, how many of its figures end in each state, per fight (the ended:SIDE=STATE metrics). */
  ends: { side: string; states: Record<string, Interval> }[];
  /** AD&D: each figure's swings at the start with their ledgers (arena.ts StartSheets). */
  start?: StartSheets;
}

export interface DiffRow extends Interval {
  variant: string;
  baseline: string;
  key: string;
}

export interface SimReport {
  seed: number | string;
  fights: number;
  events: boolean;
  variants: VariantReport[];
  diffs: DiffRow[];
  /** Filled in by the caller (wall clock lives outside the lab's pure parts). */
  seconds?: number;
  fightsPerSecond?: number;
  workers?: number;
}

export function meanOf(s: Sums, key: string): Interval | undefined {
  const k = s.keys.indexOf(key);
  if (k < 0 || s.n === 0) return undefined;
  const m = s.sum[k] / s.n;
  const v = s.n > 1 ? Math.max(0, (s.sumSq[k] - (s.sum[k] * s.sum[k]) / s.n) / (s.n - 1)) : Number.NaN;
  const half = (Z95 * Math.sqrt(v)) / Math.sqrt(s.n);
  return { est: m, lo: m - half, hi: m + half };
}

export function rateOf(s: Sums, key: string): Interval | undefined {
  const k = s.keys.indexOf(key);
  if (k < 0) return undefined;
  return wilson(Math.round(s.sum[k]), s.n);
}

export function summarize(r: ArenaResult, settings: (string | undefined)[] = []): SimReport {
  const variants = r.variants.map((v, i): VariantReport => {
    const s = v.sums;
    return {
      name: v.name,
      system: v.system,
      settings: settings[i],
      fights: s.n,
      unfinished: v.unfinished,
      wins: v.sides.map((side) => ({ side, ...(rateOf(s, `win:${side}`) as Interval) })),
      draw: rateOf(s, 'draw') as Interval,
      turns: meanOf(s, 'turns') as Interval,
      ...(v.start ? { start: v.start } : {}),
      ends: v.sides.map((side) => ({ side, states: Object.fromEntries(FIGURE_STATES.map((st) => [st, meanOf(s, `ended:${side}=${st}`) as Interval])) })),
      figures: v.figures.map((f) => {
        const states: Record<string, Interval> = {};
        for (const st of FIGURE_STATES) states[st] = rateOf(s, `state:${f.id}=${st}`) as Interval;
        const out: FigureReport = { ...f, taken: meanOf(s, `taken:${f.id}`) as Interval, states };
        // dealt: with events, or without them when the system tallies it (TFT Figure.tally)
        if (s.keys.includes(`dealt:${f.id}`)) {
          out.dealt = meanOf(s, `dealt:${f.id}`);
          out.dealtPerTurn = meanOf(s, `dealt-per-turn:${f.id}`);
        }
        if (r.events) {
          const uses: Record<string, number> = {};
          for (const t of USE_TYPES) {
            const m = meanOf(s, `uses:${f.id}=${t}`);
            if (m && m.est > 0) uses[t] = m.est;
          }
          out.uses = uses;
        }
        return out;
      }),
    };
  });
  const diffs: DiffRow[] = [];
  r.variants.forEach((v, i) => {
    if (!v.diff) return;
    // A side of one figure ends as that figure does: its ended: rows would repeat the state: rows.
    const alone = new Set(v.sides.filter((side) => v.figures.filter((f) => f.side === side).length === 1));
    for (const key of v.diff.keys) {
      // States stay: with the thread rule on and off the wins are the same and only they move.
      if (key.startsWith('uses:')) continue;
      if (key.startsWith('ended:') && alone.has(key.slice(6, key.indexOf('=')))) continue;
      const m = meanOf(v.diff, key) as Interval;
      diffs.push({ variant: v.name, baseline: r.variants[0].name, key, ...m });
    }
    void i;
  });
  return { seed: r.seed, fights: r.fights, events: r.events, variants, diffs };
}

/** The end states a figure of `system` can reach, in order: AD&D has no reeling (a TFT state, R-T1; AD&D figureState). */
export function statesOf(system: string | undefined): readonly FigureState[] {
  return system === 'adnd' ? FIGURE_STATES.filter((st) => st !== 'reeling') : FIGURE_STATES;
}

/** What one turn of `system` is called in the reports: an AD&D round, a TFT turn. */
export function turnWord(system: string | undefined): string {
  return system === 'adnd' ? 'round' : 'turn';
}

/** What damage taken and dealt is counted in: AD&D hit points, TFT hits (ST lost). */
export function damageUnit(system: string | undefined): string {
  return system === 'adnd' ? 'hp' : 'hits';
}

/** Whether a metric is a rate (a share of fights, shown as a percentage): win:SIDE, draw, state:ID=STATE. */
export function isRateMetric(metric: string): boolean {
  return metric.startsWith('win:') || metric.startsWith('state:') || metric === 'draw' || metric.startsWith('draw:');
}

/**
 * A metric in words with its unit, for a chart's y title and a page's heading where the
 * experiment gives no metricTitle ("dealt-per-turn:hero" -> "hero: damage dealt per turn (hits)").
 */
export function metricLabel(metric: string, system: string | undefined): string {
  const colon = metric.indexOf(':');
  const kind = colon < 0 ? metric : metric.slice(0, colon);
  const [id, value] = colon < 0 ? ['', ''] : metric.slice(colon + 1).split('=');
  const unit = damageUnit(system);
  const turn = turnWord(system);
  if (kind === 'win' && id) return `P(${id} wins)`;
  if (kind === 'draw') return 'P(draw)';
  if (kind === 'turns') return `${turn}s per fight`;
  if (kind === 'taken' && id) return `${id}: damage taken (${unit})`;
  if (kind === 'dealt' && id) return `${id}: damage dealt (${unit})`;
  if (kind === 'dealt-per-turn' && id) return `${id}: damage dealt per ${turn} (${unit})`;
  if (kind === 'state' && id && value) return `P(${id} ends ${value})`;
  if (kind === 'ended' && id && value) return `${id}: figures that end ${value}, per fight`;
  if (kind === 'uses' && id && value) return `${id}: ${value} actions per fight`;
  return metric;
}

/** A metric name as the experiment files and charts use it: "win:north", "dealt-per-turn:hero", "state:lenny=dead", "uses:hero=sweep", "turns". */
export function metricOf(r: ArenaResult, variant: number, metric: string): Interval | undefined {
  const s = r.variants[variant].sums;
  if (isRateMetric(metric)) return rateOf(s, metric);
  return meanOf(s, metric);
}
