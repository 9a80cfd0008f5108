// A small benchmark harness: each section is a file exporting a BenchSection, registered in
// the list in bench/run.ts. A measurement repeats a calibrated batch `runs` times after
// warm-up and keeps the median, so one slow run (the machine is shared) does not decide it.
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Measurement {
  section: string;
  name: string;
  /** Median over the runs, in `unit`. */
  median: number;
  unit: string;
  /** Every run, in `unit`. */
  runs: number[];
  note?: string;
}

export interface Ratio {
  section: string;
  name: string;
  value: number;
  of: [string, string];
}

export interface BenchOptions {
  /** Measured runs (the median is reported). */
  runs: number;
  /** Unmeasured runs first, for the JIT. */
  warmup: number;
  /** Milliseconds one run should last; the batch size is calibrated to it. */
  targetMs: number;
}

export interface BenchSection {
  /** Short id for `--only` ("core", "lab", "tft"). */
  name: string;
  title: string;
  run(h: Harness): void | Promise<void>;
}

/** Keeps results alive so the JIT cannot drop the measured work. */
let sink = 0;
export function consume(x: unknown): void {
  if (typeof x === 'number') sink = (sink + x) | 0;
  else if (x !== undefined && x !== null) sink = (sink + 1) | 0;
}

export class Harness {
  readonly measurements: Measurement[] = [];
  readonly ratios: Ratio[] = [];
  section = '';
  constructor(
    readonly opts: BenchOptions,
    private readonly print: (line: string) => void,
  ) {}

  /** Runs `fn(n)` (which must do n operations) until a batch lasts about targetMs; returns n. */
  private calibrate(fn: (n: number) => unknown): number {
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      consume(fn(n));
      const dt = performance.now() - t0;
      if (dt >= this.opts.targetMs / 4 || n >= 2 ** 40) return Math.max(1, Math.round((n * this.opts.targetMs) / Math.max(dt, 1e-3)));
      n *= dt < 1 ? 16 : 4;
    }
  }

  private sample(fn: (n: number) => unknown, n: number): number[] {
    for (let i = 0; i < this.opts.warmup; i++) consume(fn(n));
    const out: number[] = [];
    for (let i = 0; i < this.opts.runs; i++) {
      const t0 = performance.now();
      consume(fn(n));
      out.push(performance.now() - t0);
    }
    return out;
  }

  /**
   * Throughput: `batch(n)` performs n operations (a loop you write, so the loop itself is what a
   * hot path would run). Reports operations per second.
   */
  rate(name: string, batch: (n: number) => unknown, note?: string): Measurement {
    const n = this.calibrate(batch);
    const ms = this.sample(batch, n);
    const runs = ms.map((t) => n / (t / 1000));
    return this.record({ section: this.section, name, median: median(runs), unit: 'ops/s', runs, note });
  }

  /**
   * Several throughputs measured interleaved (run 1 of each, then run 2 of each...), so a
   * change in machine load falls on all of them alike; ratio() of two of them then pairs the
   * runs.
   */
  rates(cases: readonly { name: string; batch: (n: number) => unknown; note?: string }[]): Measurement[] {
    const ns = cases.map((c) => this.calibrate(c.batch));
    for (let w = 0; w < this.opts.warmup; w++) {
      cases.forEach((c, k) => {
        consume(c.batch(ns[k]));
      });
    }
    const ms: number[][] = cases.map(() => []);
    for (let r = 0; r < this.opts.runs; r++) {
      cases.forEach((c, k) => {
        const t0 = performance.now();
        consume(c.batch(ns[k]));
        ms[k].push(performance.now() - t0);
      });
    }
    return cases.map((c, k) => {
      const runs = ms[k].map((t) => ns[k] / (t / 1000));
      return this.record({ section: this.section, name: c.name, median: median(runs), unit: 'ops/s', runs, note: c.note });
    });
  }

  /** Latency: microseconds per call of `fn`. */
  time(name: string, fn: () => unknown, note?: string): Measurement {
    const batch = (n: number) => {
      let last: unknown;
      for (let i = 0; i < n; i++) last = fn();
      return last;
    };
    const n = this.calibrate(batch);
    const ms = this.sample(batch, n);
    const runs = ms.map((t) => (t * 1000) / n);
    return this.record({ section: this.section, name, median: median(runs), unit: 'us', runs, note });
  }

  /** a / b: the median of run-by-run ratios when both have the same number of runs (rates()), else of medians. */
  ratio(name: string, a: Measurement, b: Measurement): Ratio {
    const value = a.runs.length === b.runs.length ? median(a.runs.map((x, i) => x / b.runs[i])) : a.median / b.median;
    const r: Ratio = { section: this.section, name, value, of: [a.name, b.name] };
    this.ratios.push(r);
    this.print(`  ${pad(name, 44)} ${r.value.toFixed(2)}x`);
    return r;
  }

  note(text: string): void {
    this.print(`  ${text}`);
  }

  private record(m: Measurement): Measurement {
    this.measurements.push(m);
    const spread = `[${fmt(Math.min(...m.runs), m.unit)} .. ${fmt(Math.max(...m.runs), m.unit)}]`;
    this.print(`  ${pad(m.name, 44)} ${pad(fmt(m.median, m.unit), 16)} ${spread}${m.note ? `  ${m.note}` : ''}`);
    return m;
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function fmt(v: number, unit: string): string {
  if (unit === 'ops/s') {
    if (v >= 1e6) return `${(v / 1e6).toFixed(1)} M/s`;
    if (v >= 1e3) return `${(v / 1e3).toFixed(1)} k/s`;
    return `${v.toFixed(1)} /s`;
  }
  if (unit === 'us') return v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${v < 10 ? v.toFixed(3) : v.toFixed(1)} us`;
  return `${v} ${unit}`;
}

export function machine(): { cpus: number; model: string; node: string; platform: string } {
  const cpus = os.cpus();
  return { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.arch()}` };
}
