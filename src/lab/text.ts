// Plain-text output for the lab's commands: aligned tables and horizontal bar charts.

/** An aligned table; numbers right-aligned, text left-aligned. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header.map(String), ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmtNum(c) : c)))];
  const right = header.map((_, j) => rows.length > 0 && rows.every((r) => typeof r[j] === 'number' || /^[-+]?[\d.,]+%?$/.test(String(r[j]))));
  const width = header.map((_, j) => Math.max(...cells.map((r) => (r[j] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, j) => (right[j] ? (c ?? '').padStart(width[j]) : (c ?? '').padEnd(width[j])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), width.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function fmtNum(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(1) : a >= 1 ? x.toFixed(3) : x.toFixed(4);
}

/**
 * An estimate as the lab's tables print it: always three decimals, so a column reads alike
 * (12.000 [10.600, 13.400], -0.934 [-1.338, -0.531]); never "-0.000".
 */
export function fixed3(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const t = x.toFixed(3);
  return /^-0\.0+$/.test(t) ? t.slice(1) : t;
}

/** "1 fight", "2 fights", "1,000 fights": the rules' counter (one for narration and reports). */
export { count } from '../rules/words.ts';

/** A probability as a percentage (`12.50%`); never "-0.0%" (a bound just below zero rounds to 0.0%). */
export function pct(p: number, digits = 2): string {
  const t = (p * 100).toFixed(digits);
  return `${/^-0\.?0*$/.test(t) ? t.slice(1) : t}%`;
}

/** An estimate or bound as every lab table prints it: a rate (`isRateMetric`) as a percentage with one decimal, else three decimals. */
export const estimate = (x: number, rate: boolean): string => (rate ? pct(x, 1) : fixed3(x));

/** One bar per row, scaled to the largest value: `label | ##### 12.50%`. */
export function bars(rows: readonly { label: string; value: number; text?: string }[], width = 40): string {
  const max = Math.max(0, ...rows.map((r) => r.value));
  const lw = Math.max(0, ...rows.map((r) => r.label.length));
  return rows
    .map((r) => {
      const n = max > 0 ? (r.value / max) * width : 0;
      const full = Math.floor(n);
      const bar = '█'.repeat(full) + (n - full >= 0.5 ? '▌' : '');
      return `${r.label.padStart(lw)} │${bar} ${r.text ?? fmtNum(r.value)}`;
    })
    .join('\n');
}
