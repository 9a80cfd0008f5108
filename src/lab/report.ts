// Reports (issue 8 part 4): Vega-Lite specs compiled to Vega and rendered to SVG in Node
// (`new vega.View(vega.parse(spec), { renderer: 'none' }).toSVG()`), and a self-contained HTML
// page with the tables and the charts inline. No hand-drawn chart code.
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { DistRow } from './odds.ts';
import type { SimReport } from './summary.ts';
import { count } from './text.ts';

export type VlSpec = vl.TopLevelSpec;

/** Renders a Vega-Lite spec to an SVG text. */
export async function renderSvg(spec: VlSpec): Promise<string> {
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

const FONT = { config: { font: 'DejaVu Sans, Helvetica, Arial, sans-serif', view: { stroke: '#ddd' }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11, titleFontSize: 12 } } };

/** Win rate per side and variant, with the 95% Wilson interval as an error bar. */
export function winChart(r: SimReport): VlSpec {
  const values = r.variants.flatMap((v) => [...v.wins.map((w) => ({ variant: v.name, side: w.side, p: w.est, lo: w.lo, hi: w.hi })), { variant: v.name, side: 'draw', p: v.draw.est, lo: v.draw.lo, hi: v.draw.hi }]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Win rate (${count(r.fights, 'fight')} per variant, 95% Wilson intervals)`,
    data: { values },
    width: Math.max(220, 90 * r.variants.length),
    height: 220,
    encoding: {
      x: { field: 'variant', type: 'nominal', sort: null, title: null, axis: { labelAngle: 0 } },
      xOffset: { field: 'side', type: 'nominal' },
      color: { field: 'side', type: 'nominal', title: 'side' },
    },
    layer: [
      { mark: { type: 'bar' }, encoding: { y: { field: 'p', type: 'quantitative', title: 'P(win)', scale: { domain: [0, 1] }, axis: { format: '%' } } } },
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { value: 'black' } } },
    ],
    ...FONT,
  } as VlSpec;
}

/** How each figure ended, per variant (stacked bars of the five states). */
export function statesChart(r: SimReport): VlSpec {
  const order = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];
  const values = r.variants.flatMap((v) => v.figures.flatMap((f) => order.map((st, i) => ({ variant: v.name, figure: f.name, state: st, order: i, p: f.states[st].est }))));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'How each figure ended',
    data: { values },
    width: 260,
    height: { step: 22 },
    mark: 'bar',
    encoding: {
      y: { field: 'figure', type: 'nominal', title: null },
      ...(r.variants.length > 1 ? { row: { field: 'variant', type: 'nominal', title: null, sort: null } } : {}),
      x: { field: 'p', type: 'quantitative', stack: 'normalize', title: 'share of fights', axis: { format: '%' } },
      color: { field: 'state', type: 'nominal', sort: order, scale: { domain: order, range: ['#4c9f70', '#e3b23c', '#8d99ae', '#d1495b', '#2b2d42'] } },
      order: { field: 'order', type: 'quantitative' },
    },
    ...FONT,
  } as VlSpec;
}

/** A distribution as bars (fray odds --svg). */
export function distChart(rows: readonly DistRow[], title: string, xTitle = 'value'): VlSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    data: { values: rows.map((r) => ({ value: r.value, p: r.p })) },
    width: Math.min(640, Math.max(240, rows.length * 16)),
    height: 200,
    mark: { type: 'bar', color: '#3a6ea5' },
    encoding: {
      x: { field: 'value', type: 'ordinal', title: xTitle, axis: { labelAngle: 0 } },
      y: { field: 'p', type: 'quantitative', title: 'probability', axis: { format: '%' } },
    },
    ...FONT,
  } as VlSpec;
}

/** One line per variant of a metric against a varied parameter, with its 95% band; facets by a second parameter. */
export function sweepChart(
  points: readonly { variant: string; x: number | string; facet?: string; est: number; lo: number; hi: number }[],
  o: { title: string; xTitle: string; yTitle: string; facetTitle?: string; percent?: boolean },
): VlSpec {
  const y = { field: 'est', type: 'quantitative', title: o.yTitle, ...(o.percent ? { axis: { format: '%' } } : {}) };
  const layers = [
    { mark: { type: 'area', opacity: 0.18 }, encoding: { y: { field: 'lo', type: 'quantitative', title: o.yTitle }, y2: { field: 'hi' } } },
    { mark: { type: 'line', point: true }, encoding: { y } },
  ];
  const enc = {
    x: { field: 'x', type: 'quantitative', title: o.xTitle, axis: { tickMinStep: 1 } },
    color: { field: 'variant', type: 'nominal', title: 'variant', sort: null },
  };
  const hasFacet = points.some((p) => p.facet !== undefined);
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    data: { values: points.map((p) => ({ ...p })) },
    ...FONT,
  };
  if (!hasFacet) return { ...base, width: 420, height: 260, encoding: enc, layer: layers } as VlSpec;
  return {
    ...base,
    facet: { column: { field: 'facet', type: 'ordinal', title: o.facetTitle ?? '' } },
    spec: { width: 200, height: 220, encoding: enc, layer: layers },
  } as VlSpec;
}

/**
 * A metric per variant as bars with their 95% intervals, for a grid with no varied parameter
 * (one group) or whose values are not numbers (a group per value); facets by a second parameter.
 */
export function categoryChart(
  points: readonly { variant: string; x: string; facet?: string; est: number; lo: number; hi: number }[],
  o: { title: string; xTitle?: string; yTitle: string; facetTitle?: string; percent?: boolean },
): VlSpec {
  const groups = new Set(points.map((p) => p.x)).size;
  const variants = new Set(points.map((p) => p.variant)).size;
  const y = { field: 'est', type: 'quantitative', title: o.yTitle, ...(o.percent ? { axis: { format: '%' } } : {}) };
  const enc = o.xTitle
    ? {
        x: { field: 'x', type: 'nominal', sort: null, title: o.xTitle, axis: { labelAngle: 0 } },
        xOffset: { field: 'variant', type: 'nominal', sort: null },
        color: { field: 'variant', type: 'nominal', title: 'variant', sort: null },
      }
    : {
        x: { field: 'variant', type: 'nominal', sort: null, title: null, axis: { labelAngle: 0 } },
        color: { field: 'variant', type: 'nominal', title: 'variant', sort: null, legend: null },
      };
  const layers = [
    { mark: { type: 'bar' }, encoding: { y } },
    { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { value: 'black' } } },
  ];
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${o.title} (95% intervals)`,
    data: { values: points.map((p) => ({ ...p })) },
    ...FONT,
  };
  const width = Math.max(220, Math.min(900, 40 * groups * variants + 40));
  if (!points.some((p) => p.facet !== undefined)) return { ...base, width, height: 240, encoding: enc, layer: layers } as VlSpec;
  return {
    ...base,
    facet: { column: { field: 'facet', type: 'ordinal', title: o.facetTitle ?? '' } },
    spec: { width: Math.max(160, width / 2), height: 220, encoding: enc, layer: layers },
  } as VlSpec;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface HtmlSection {
  title: string;
  /** Preformatted text (tables from lab/text.ts) and/or SVGs. */
  text?: string;
  svgs?: string[];
  note?: string;
}

/** A self-contained page: no scripts, no external files; charts are inline SVG. */
export function htmlPage(title: string, sections: readonly HtmlSection[], meta: string): string {
  const body = sections
    .map(
      (s) => `<section><h2>${esc(s.title)}</h2>${s.note ? `<p>${esc(s.note)}</p>` : ''}${s.text ? `<pre>${esc(s.text)}</pre>` : ''}${(s.svgs ?? [])
        .map((svg) => `<figure>${svg}</figure>`)
        .join('')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
pre { background: #f7f7f7; padding: .8em; overflow-x: auto; font-size: 12px; line-height: 1.35; }
figure { margin: 1em 0; } .meta { color: #666; font-size: .9em; }
</style></head>
<body><h1>${esc(title)}</h1><p class="meta">${esc(meta)}</p>
${body}
</body></html>
`;
}
