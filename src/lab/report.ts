// Reports (issue 8 part 4): Vega-Lite specs compiled to Vega and rendered to SVG in Node
// (`new vega.View(vega.parse(spec), { renderer: 'none' }).toSVG()`), and a self-contained HTML
// page with the tables and the charts inline. No hand-drawn chart code.
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { GridPoint, GridResult } from './experiment.ts';
import type { DistRow } from './odds.ts';
import type { Interval } from './stats.ts';
import { type SimReport, isRateMetric, statesOf } from './summary.ts';
import { count, estimate } from './text.ts';

export type VlSpec = vl.TopLevelSpec;

/** Renders a Vega-Lite spec to an SVG text. */
export async function renderSvg(spec: VlSpec): Promise<string> {
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

// Legend labels are measured by an estimate in Node (no canvas), which cuts names such as
// "new + Multiple Swing" at the default 160 px: no limit. Symbols at full opacity, not the
// faint fill of the 95% band layer they would otherwise take.
const FONT = {
  config: {
    font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
    view: { stroke: '#ddd' },
    axis: { labelFontSize: 11, titleFontSize: 12 },
    legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 0, symbolOpacity: 1 },
    title: { subtitleColor: '#555', subtitleFontSize: 11 },
  },
};

/** The colours of variants, in the order the experiment names them (Vega's tableau10). */
export const VARIANT_COLORS = ['#4c78a8', '#f58518', '#e45756', '#72b7b2', '#54a24b', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d', '#bab0ac'];

/** Variant i's colour: the same in every chart and in the page's tables. */
export function variantColor(i: number): string {
  return VARIANT_COLORS[i % VARIANT_COLORS.length];
}

/** A colour scale fixed to the variants in their order, so a variant keeps its colour whatever points it has. */
function variantScale(variants: readonly string[]) {
  return { domain: [...variants], range: variants.map((_, i) => variantColor(i)) };
}

/** Variants in their first appearance in `points` when the caller does not give the experiment's order. */
function variantsOf(points: readonly { variant: string }[], given?: readonly string[]): string[] {
  return given ? [...given] : [...new Set(points.map((p) => p.variant))];
}

/** Win rate per side and variant, with the 95% Wilson interval as an error bar. */
export function winChart(r: SimReport): VlSpec {
  const values = r.variants.flatMap((v) => [...v.wins.map((w) => ({ variant: v.name, side: w.side, p: w.est, lo: w.lo, hi: w.hi })), { variant: v.name, side: 'draw', p: v.draw.est, lo: v.draw.lo, hi: v.draw.hi }]);
  // The sides in the scenario's order, then draw in grey (not alphabetical, with draw first).
  const sides = [...new Set(r.variants.flatMap((v) => v.wins.map((w) => w.side))), 'draw'];
  const colors = sides.map((s, i) => (s === 'draw' ? '#9e9e9e' : variantColor(i)));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Win rate per side', subtitle: `${count(r.fights, 'fight')} per variant, seed ${r.seed}; black bars: 95% Wilson intervals` },
    data: { values },
    width: Math.max(260, 110 * r.variants.length),
    height: 220,
    encoding: {
      x: { field: 'variant', type: 'nominal', sort: null, title: null, axis: { labelAngle: 0 } },
      xOffset: { field: 'side', type: 'nominal', sort: sides },
      color: { field: 'side', type: 'nominal', title: 'side', sort: sides, scale: { domain: sides, range: colors } },
    },
    layer: [
      { mark: { type: 'bar' }, encoding: { y: { field: 'p', type: 'quantitative', title: 'share of fights', scale: { domain: [0, 1] }, axis: { format: '%' } } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { value: 'black' } } },
    ],
    ...FONT,
  } as VlSpec;
}

/** How each figure ended, per variant (stacked bars of the five states). */
export function statesChart(r: SimReport): VlSpec {
  const all = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];
  const colors = ['#4c9f70', '#e3b23c', '#8d99ae', '#d1495b', '#2b2d42'];
  // Only the states the system has (AD&D: no reeling), each with its colour.
  const order: string[] = [...statesOf(r.variants[0]?.system)];
  const values = r.variants.flatMap((v) => v.figures.flatMap((f) => order.map((st, i) => ({ variant: v.name, figure: f.name, state: st, order: i, p: f.states[st].est }))));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'How each figure ended',
    data: { values },
    width: 260,
    height: { step: 22 },
    mark: 'bar',
    encoding: {
      y: { field: 'figure', type: 'nominal', title: null, sort: null },
      // The variants in the run's order, as the win chart and the table (sort: null on a row facet still sorted by name).
      ...(r.variants.length > 1 ? { row: { field: 'variant', type: 'nominal', title: null, sort: r.variants.map((v) => v.name) } } : {}),
      x: { field: 'p', type: 'quantitative', stack: 'normalize', title: 'share of fights', axis: { format: '%' } },
      color: { field: 'state', type: 'nominal', sort: order, scale: { domain: order, range: order.map((st) => colors[all.indexOf(st)]) } },
      order: { field: 'order', type: 'quantitative' },
    },
    ...FONT,
  } as VlSpec;
}

/** Steps between labelled values of a distribution's axis: 1, 2, 5, 10, 20, 25, 50, 100, ... */
const LABEL_STEPS = [1, 2, 5, 10, 20, 25, 50];

/**
 * The values of a distribution's axis that get a label: every one while they fit, else the
 * multiples of the smallest round step that leaves each label room (DejaVu Sans at 11 px: about
 * 7 px a digit, and a gap). An ordinal axis labels every bar: 65 totals on 640 px overlapped.
 */
export function distLabels(values: readonly number[], width: number): number[] {
  if (values.length === 0) return [];
  const chars = Math.max(...values.map((v) => String(v).length));
  const need = ((chars * 7 + 2) * values.length) / width;
  let step = 1;
  for (let scale = 1; step < need; scale *= 100) {
    const s = LABEL_STEPS.map((x) => x * scale).find((x) => x >= need);
    if (s !== undefined) step = s;
  }
  return step === 1 ? [...values] : values.filter((v) => v % step === 0);
}

/**
 * A distribution as bars (fray odds --svg). Each paragraph of `subtitle` (how the damage was
 * counted) starts a line under the title, wrapped no wider than the chart with its axis or the
 * title (DejaVu Sans: about 6.5 px a character at 11 px, 7.5 bold at 13): Vega never wraps.
 */
export function distChart(rows: readonly DistRow[], title: string, xTitle = 'value', subtitle: readonly string[] = []): VlSpec {
  const width = Math.min(640, Math.max(240, rows.length * 16));
  const chars = Math.floor(Math.max(width + 60, title.length * 7.5) / 6.5);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: subtitle.length ? { text: title, subtitle: subtitle.flatMap((p) => titleLines(p, chars)) } : title,
    data: { values: rows.map((r) => ({ value: r.value, p: r.p })) },
    width,
    height: 200,
    mark: { type: 'bar', color: '#3a6ea5' },
    encoding: {
      x: { field: 'value', type: 'ordinal', title: xTitle, axis: { labelAngle: 0, values: distLabels(rows.map((r) => r.value), width) } },
      y: { field: 'p', type: 'quantitative', title: 'probability', axis: { format: '%' } },
    },
    ...FONT,
  } as VlSpec;
}

/** What a grid chart says beyond its data: titles, the variants in their order, a subtitle saying what was run. */
export interface GridChartOptions {
  title: string;
  xTitle?: string;
  yTitle: string;
  facetTitle?: string;
  percent?: boolean;
  /** The experiment's variants in order: fixes each one's colour and the legend's order. */
  variants?: readonly string[];
  /** A line under the title: fights, seed (so a chart alone says how it was made). */
  subtitle?: string;
}

type GridPointIn = { variant: string; x: number | string; facet?: string; est: number; lo: number; hi: number };

/**
 * The panels in the grid's order (the points come in it): Vega sorts facets by value even with
 * sort: null (off, new, classic were drawn classic, new, off; goblins 3, 2 as 2, 3).
 */
function facetOrder(points: readonly GridPointIn[]): string[] {
  return [...new Set(points.flatMap((p) => (p.facet === undefined ? [] : [p.facet])))];
}

/** Panels per row: up to 3 in one row, 4 as 2 x 2, more in rows of 3 (a page's width, printed too). */
export function facetColumns(panels: number): number {
  return panels <= 3 ? panels : panels === 4 ? 2 : 3;
}

/**
 * A long axis title in lines of at most `max` characters (Vega draws a list as lines): a y
 * title longer than its panel is tall would run into the next row of panels.
 */
export function titleLines(title: string, max = 30): string | string[] {
  if (title.length <= max) return title;
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.length ? lines[lines.length - 1] : undefined;
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function titleOf(o: GridChartOptions, what: string) {
  return { text: o.title, subtitle: o.subtitle ? `${o.subtitle}; ${what}` : what };
}

/**
 * One line per variant of a metric against a varied parameter, with its 95% band; a panel per
 * value of a second parameter. Lines that coincide (variants that play alike there) stay
 * visible: the first variant is drawn widest, each later one narrower on top of it.
 */
export function sweepChart(points: readonly GridPointIn[], o: GridChartOptions): VlSpec {
  const variants = variantsOf(points, o.variants);
  const rank = new Map(variants.map((v, i) => [v, i]));
  const widest = Math.min(variants.length, 4);
  const yTitle = titleLines(o.yTitle);
  const y = { field: 'est', type: 'quantitative', title: yTitle, ...(o.percent ? { axis: { format: '%' } } : {}) };
  const layers = [
    { mark: { type: 'area', opacity: 0.18 }, encoding: { y: { field: 'lo', type: 'quantitative', title: yTitle }, y2: { field: 'hi' } } },
    { mark: { type: 'line' }, encoding: { y, strokeWidth: { field: 'w', type: 'quantitative', scale: null, legend: null } } },
    { mark: { type: 'point', filled: true, opacity: 1 }, encoding: { y, size: { field: 's', type: 'quantitative', scale: null, legend: null } } },
  ];
  const xs = [...new Set(points.map((p) => p.x))].filter((x): x is number => typeof x === 'number').sort((a, b) => a - b);
  const enc = {
    // Ticks at the measured values when there are few of them (4, 8, 12, 16; not 4, 5, 6...).
    x: { field: 'x', type: 'quantitative', title: o.xTitle, axis: { tickMinStep: 1, ...(xs.length > 0 && xs.length <= 12 ? { values: xs, labelFlush: false } : {}) } },
    color: { field: 'variant', type: 'nominal', title: 'variant', sort: variants, scale: variantScale(variants) },
  };
  const hasFacet = points.some((p) => p.facet !== undefined);
  const values = points.map((p) => {
    const k = Math.max(0, widest - 1 - (rank.get(p.variant) ?? 0));
    return { ...p, w: 2 + 1.25 * k, s: 25 + 25 * k };
  });
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: titleOf(o, 'bands: 95% intervals'),
    data: { values },
    ...FONT,
  };
  if (!hasFacet) return { ...base, width: 440, height: 280, encoding: enc, layer: layers } as VlSpec;
  return {
    ...base,
    facet: { field: 'facet', type: 'ordinal', title: o.facetTitle ?? '', sort: facetOrder(points), header: { labelFontSize: 12, titleFontSize: 12 } },
    columns: facetColumns(new Set(points.map((p) => p.facet)).size),
    spec: { width: 260, height: 200, encoding: enc, layer: layers },
  } as VlSpec;
}

/**
 * A metric per variant as bars with their 95% intervals, for a grid with no varied parameter
 * (one group) or whose values are not numbers (a group per value); facets by a second parameter.
 */
export function categoryChart(points: readonly (GridPointIn & { x: string })[], o: GridChartOptions): VlSpec {
  const variants = variantsOf(points, o.variants);
  const groups = new Set(points.map((p) => p.x)).size;
  const y = { field: 'est', type: 'quantitative', title: titleLines(o.yTitle), ...(o.percent ? { axis: { format: '%' } } : {}) };
  const color = { field: 'variant', type: 'nominal', title: 'variant', sort: variants, scale: variantScale(variants) };
  const enc = o.xTitle
    ? {
        x: { field: 'x', type: 'nominal', sort: null, title: o.xTitle, axis: { labelAngle: 0 } },
        xOffset: { field: 'variant', type: 'nominal', sort: variants },
        color,
      }
    : {
        x: { field: 'variant', type: 'nominal', sort: variants, title: null, axis: { labelAngle: 0 } },
        color: { ...color, legend: null },
      };
  const layers = [
    { mark: { type: 'bar' }, encoding: { y } },
    { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { value: 'black' } } },
  ];
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: titleOf(o, 'black bars: 95% intervals'),
    data: { values: points.map((p) => ({ ...p })) },
    ...FONT,
  };
  const width = Math.max(220, Math.min(900, 40 * groups * variants.length + 40));
  if (!points.some((p) => p.facet !== undefined)) return { ...base, width, height: 240, encoding: enc, layer: layers } as VlSpec;
  return {
    ...base,
    facet: { field: 'facet', type: 'ordinal', title: o.facetTitle ?? '', sort: facetOrder(points) },
    columns: facetColumns(new Set(points.map((p) => p.facet)).size),
    spec: { width: Math.max(160, Math.min(420, width / 2)), height: 220, encoding: enc, layer: layers },
  } as VlSpec;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A varied value as the tables print it: text as it is, anything else as JSON. */
export function label(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A point of the grid in words: each varied parameter's title and value (`DX 12, goblins 3`). */
export const pointLabel = (g: GridResult, at: readonly unknown[]): string => at.map((v, i) => `${g.vary[i]?.title ?? ''} ${label(v)}`.trim()).join(', ');

/** At most this many reasons under a grid; the rest are counted. */
const NOT_RUN_LINES = 8;

/**
 * Why variants were not run, for the text table and the page: one line per variant and reason,
 * naming the first point it failed at and how many more (`side.goblins.count 0` says nothing
 * in the reason itself), and a count of the lines left out.
 */
export function notRun(g: GridResult): string[] {
  const groups = new Map<string, unknown[][]>();
  for (const p of g.points) {
    if (!p.error) continue;
    const k = JSON.stringify([p.variant, p.error]);
    groups.set(k, [...(groups.get(k) ?? []), p.at]);
  }
  const lines = [...groups].map(([k, ats]) => {
    const [variant, error] = JSON.parse(k) as [string, string];
    const at = g.vary.length ? ` at ${pointLabel(g, ats[0])}${ats.length > 1 ? ` and ${count(ats.length - 1, 'more point')}` : ''}` : '';
    return `${variant}${at}: ${error}`;
  });
  return lines.length > NOT_RUN_LINES ? [...lines.slice(0, NOT_RUN_LINES), `... and ${count(lines.length - NOT_RUN_LINES, 'more reason')}`] : lines;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
const csvField = (x: unknown): string => {
  const t = typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x === undefined ? '' : label(x);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/**
 * The grid as CSV for a spreadsheet: one row per point and variant, the numbers of `--json` as
 * they are (a rate as a share, 0.625), the paired difference from the first variant, and why a
 * variant did not run at a point.
 */
export function gridCsv(g: GridResult): string {
  const head = [...g.vary.map((a) => a.title), 'variant', 'metric', 'estimate', 'lo95', 'hi95', `minus ${g.variants[0]}`, 'minus lo95', 'minus hi95', 'fights', 'not run because'];
  // Point by point as the table reads, each in the experiment's variant order (a point's errors come first in `points`).
  const at = [...new Set(g.points.map((p) => JSON.stringify(p.at)))];
  const order = (p: GridPoint) => at.indexOf(JSON.stringify(p.at)) * g.variants.length + g.variants.indexOf(p.variant);
  const rows = [...g.points].sort((a, b) => order(a) - order(b)).map((p) => [...p.at, p.variant, g.metric, p.metric?.est, p.metric?.lo, p.metric?.hi, p.diff?.est, p.diff?.lo, p.diff?.hi, p.metric ? g.fights : undefined, p.error]);
  return `${[head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * The grid as an HTML table for the page: a row per point; per variant its estimate and 95%
 * interval in columns of their own (numbers right-aligned, so estimates line up), and for each
 * later variant the paired difference from the first; the variant's colour as in the charts.
 * Formats as the text table (`formatGrid`): rates as percentages with one decimal, other
 * quantities with three.
 */
export function gridTable(g: GridResult): string {
  const isRate = isRateMetric(g.metric);
  const f = (x: number) => estimate(x, isRate);
  const est = (i: Interval | undefined, sign = false) => (i && Number.isFinite(i.est) ? `${sign && i.est >= 0 ? '+' : ''}${f(i.est)}` : 'n/a');
  const ci = (i: Interval | undefined) => (i && Number.isFinite(i.est) && Number.isFinite(i.lo) && Number.isFinite(i.hi) ? `[${f(i.lo)}, ${f(i.hi)}]` : 'n/a');
  const base = g.variants[0];
  const span = (i: number) => (i === 0 ? 2 : 4);
  const head1 = [
    ...g.vary.map((a) => `<th rowspan="2" class="num">${esc(a.title)}</th>`),
    ...g.variants.map((v, i) => `<th colspan="${span(i)}" class="variant"><span class="swatch" style="background:${variantColor(i)}"></span>${esc(v)}</th>`),
  ];
  const head2 = g.variants.flatMap((_, i) => ['<th class="num">estimate</th>', '<th class="num ci">95% interval</th>', ...(i === 0 ? [] : [`<th class="num">minus ${esc(base)}</th>`, '<th class="num ci">95% interval</th>'])]);
  const keys = new Map<string, unknown[]>();
  for (const p of g.points) keys.set(JSON.stringify(p.at), p.at);
  const rows = [...keys.values()].map((at) => {
    const k = JSON.stringify(at);
    const cells = at.map((v) => `<td class="num">${esc(label(v))}</td>`);
    g.variants.forEach((v, i) => {
      const p = g.points.find((x) => x.variant === v && JSON.stringify(x.at) === k);
      if (!p?.metric) {
        cells.push(`<td colspan="${span(i)}" class="na"${p?.error ? ` title="${esc(p.error)}"` : ''}>not run</td>`);
        return;
      }
      cells.push(`<td class="num">${est(p.metric)}</td>`, `<td class="num ci">${ci(p.metric)}</td>`);
      if (i > 0) cells.push(`<td class="num diff">${est(p.diff, true)}</td>`, `<td class="num ci">${ci(p.diff)}</td>`);
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  const errors = notRun(g);
  return [
    `<table class="grid"><thead><tr>${head1.join('')}</tr><tr>${head2.join('')}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table>',
    errors.length ? `<p class="errors">Not run where the variant is invalid:</p><ul class="errors">${errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : '',
  ].join('\n');
}

export interface HtmlSection {
  title: string;
  note?: string;
  /** Charts (SVG texts): shown first, under the note. */
  svgs?: string[];
  /** A table built by this module (gridTable): trusted HTML. */
  html?: string;
  /** Preformatted text (tables from lab/format.ts). */
  text?: string;
}

/**
 * A self-contained page: no scripts, no external files; charts are inline SVG and shrink to the
 * page's width (zoom, print). `meta` says what was run; `command` reproduces it.
 */
export function htmlPage(title: string, sections: readonly HtmlSection[], meta: string, command?: string): string {
  const body = sections
    .map(
      (s) =>
        `<section><h2>${esc(s.title)}</h2>${s.note ? `<p>${esc(s.note)}</p>` : ''}${(s.svgs ?? []).map((svg) => `<figure>${svg}</figure>`).join('')}${s.html ?? ''}${
          s.text ? `<pre>${esc(s.text)}</pre>` : ''
        }</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 2em auto; padding: 0 1em; max-width: 1200px; color: #222; }
h1 { font-size: 1.5em; margin-bottom: .3em; } h2 { font-size: 1.15em; border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
pre { background: #f7f7f7; padding: .8em; overflow-x: auto; font-size: 12px; line-height: 1.35; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
.meta { color: #555; font-size: .9em; margin: .2em 0; } code { font-size: .95em; background: #f3f3f3; padding: 0 .25em; }
table.grid { border-collapse: collapse; font-size: 13px; margin: 1em 0; }
table.grid th, table.grid td { padding: .2em .6em; border-bottom: 1px solid #eee; white-space: nowrap; }
table.grid thead th { border-bottom: 1px solid #bbb; vertical-align: bottom; font-weight: 600; }
table.grid th.variant { text-align: center; border-left: 1px solid #ddd; }
table.grid .num { text-align: right; font-variant-numeric: tabular-nums; }
table.grid .ci { color: #666; font-size: .92em; } table.grid .na { color: #999; text-align: center; font-style: italic; }
table.grid tbody tr:nth-child(even) { background: #fafafa; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 50%; margin-right: .4em; vertical-align: baseline; }
.errors { color: #555; font-size: .9em; }
@media print { body { margin: 0; padding: 0; max-width: none; } figure, tr { break-inside: avoid; } pre { white-space: pre-wrap; overflow: visible; }
  table.grid { font-size: 9px; } table.grid th, table.grid td { padding: .1em .3em; } table.grid .ci { font-size: 1em; } }
</style></head>
<body><h1>${esc(title)}</h1><p class="meta">${esc(meta)}</p>${command ? `<p class="meta">Reproduce: <code>${esc(command)}</code></p>` : ''}
${body}
</body></html>
`;
}
