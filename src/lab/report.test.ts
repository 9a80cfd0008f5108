// The lab's reports: the Vega-Lite specs and the page, asserted on the spec and the produced
// SVG/HTML text (what a reader needs to see), never on pixels.
import { describe, expect, it } from 'vitest';
import type { GridResult } from './experiment.ts';
import { categoryChart, distChart, distLabels, facetColumns, gridTable, htmlPage, renderSvg, statesChart, sweepChart, titleLines, variantColor, winChart } from './report.ts';
import type { SimReport } from './summary.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read nested Vega-Lite specs by their documented fields
type Spec = Record<string, any>;

/** A sweep as sweep-variants.yaml makes it [931c742c]: three rules, DX 13..15, 1..4 goblins; Multiple Swing is not run below DX 14 (R-S7). */
const VARIANTS = ['classic', 'new', 'new + Multiple Swing'];
const sweepPoints = () =>
  [1, 2, 3, 4].flatMap((goblins) =>
    [13, 14, 15].flatMap((dx) =>
      VARIANTS.filter((v) => dx >= 14 || v !== 'new + Multiple Swing').map((variant, i) => {
        const est = 10 + i + dx / 10 + goblins;
        return { variant, x: dx, facet: String(goblins), est, lo: est - 0.3, hi: est + 0.3 };
      }),
    ),
  );
const sweepOpts = { title: 'Sweeping blows under three rules', xTitle: 'DX', yTitle: "Swordsman's expected damage per turn (hits)", facetTitle: 'goblins', variants: VARIANTS, subtitle: '3,000 fights per point and variant, seed 931' };

describe('sweepChart', () => {
  it('one panel per number of targets, in the grid order, 4 panels as 2 x 2 (a page wide, printed too)', () => {
    const spec = sweepChart(sweepPoints(), sweepOpts) as Spec;
    expect(spec.facet.field).toBe('facet');
    expect(spec.facet.title).toBe('goblins');
    expect(spec.facet.sort).toEqual(['1', '2', '3', '4']);
    expect(spec.columns).toBe(2);
    expect(new Set(spec.data.values.map((v: Spec) => v.facet))).toEqual(new Set(['1', '2', '3', '4']));
    expect([1, 2, 3, 4, 5, 6].map(facetColumns)).toEqual([1, 2, 3, 2, 3, 3]);
  });
  it("panels in the grid's order, not sorted by value (lines and bars alike: off, new, classic; 3 goblins before 2)", async () => {
    const facets = ['off', 'new', 'classic'];
    const pts = facets.flatMap((facet) => [13, 14].map((x) => ({ variant: 'classic', x, facet, est: 10, lo: 9, hi: 11 })));
    const bars = ['3 goblins', '2 goblins'].map((facet) => ({ variant: 'classic', x: 'greatsword', facet, est: 10, lo: 9, hi: 11 }));
    for (const [svg, names] of [
      [await renderSvg(sweepChart(pts, { ...sweepOpts, facetTitle: 'sweep' })), facets],
      [await renderSvg(categoryChart(bars, { ...sweepOpts, facetTitle: 'goblins' })), ['3 goblins', '2 goblins']],
    ] as const) {
      const at = names.map((n) => svg.indexOf(`>${n}<`));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });
  it('the 95% interval is drawn as a band from lo to hi under each line, and the subtitle says so', () => {
    const spec = sweepChart(sweepPoints(), sweepOpts) as Spec;
    const band = spec.spec.layer.find((l: Spec) => l.mark.type === 'area');
    expect(band.encoding.y.field).toBe('lo');
    expect(band.encoding.y2.field).toBe('hi');
    expect(spec.title.subtitle).toMatch(/95% intervals/);
    expect(spec.title.subtitle).toMatch(/seed 931/);
  });
  it("each variant keeps its colour and place in the legend, in the experiment's order, even where the first points lack it", () => {
    // Multiple Swing first appears at DX 14; the data start at DX 13: the domain must not follow the data.
    const pts = sweepPoints().reverse();
    const spec = sweepChart(pts, sweepOpts) as Spec;
    expect(spec.spec.encoding.color.scale.domain).toEqual(VARIANTS);
    expect(spec.spec.encoding.color.scale.range).toEqual(VARIANTS.map((_, i) => variantColor(i)));
    const bars = categoryChart(
      pts.map((p) => ({ ...p, x: String(p.x) })),
      { ...sweepOpts },
    ) as Spec;
    expect(bars.spec.encoding.color.scale.domain).toEqual(VARIANTS);
  });
  it('lines that coincide stay visible: the first variant is drawn widest, each later one narrower', () => {
    const spec = sweepChart(sweepPoints(), sweepOpts) as Spec;
    const width = (v: string) => spec.data.values.find((p: Spec) => p.variant === v).w;
    expect(width('classic')).toBeGreaterThan(width('new'));
    expect(width('new')).toBeGreaterThan(width('new + Multiple Swing'));
    const line = spec.spec.layer.find((l: Spec) => l.mark.type === 'line');
    expect(line.encoding.strokeWidth).toMatchObject({ field: 'w', scale: null, legend: null });
  });
  it('ticks at the measured values (range 4, 8, 12, 16: not every whole number between)', () => {
    const pts = [4, 8, 12, 16].map((x) => ({ variant: 'a', x, est: 0.5, lo: 0.4, hi: 0.6 }));
    const spec = sweepChart(pts, { title: 't', xTitle: 'range (hexes)', yTitle: 'P(red wins)', percent: true }) as Spec;
    expect(spec.encoding.x.axis.values).toEqual([4, 8, 12, 16]);
    expect(spec.encoding.x.title).toBe('range (hexes)');
  });
  it('the SVG names the variants whole in the legend, with the axis and panel titles, and no undefined or NaN', async () => {
    const svg = await renderSvg(sweepChart(sweepPoints(), sweepOpts));
    expect(svg).toContain('>new + Multiple Swing<');
    expect(svg).not.toMatch(/…/);
    expect(svg).toContain('>DX<');
    expect(svg).toContain('>goblins<');
    expect(svg).toMatch(/>Swordsman's expected damage</);
    expect(svg).toContain('>3,000 fights per point and variant, seed 931; bands: 95% intervals<');
    expect(svg).not.toMatch(/undefined|NaN/);
  });
  it('a y title longer than a panel is tall is broken into lines', () => {
    expect(titleLines("Swordsman's expected damage per turn (hits)")).toEqual(["Swordsman's expected damage", 'per turn (hits)']);
    expect(titleLines('P(red wins)')).toBe('P(red wins)');
    const spec = sweepChart(sweepPoints(), sweepOpts) as Spec;
    expect(spec.spec.layer[1].encoding.y.title).toEqual(["Swordsman's expected damage", 'per turn (hits)']);
  });
});

describe('winChart', () => {
  const interval = (est: number) => ({ est, lo: est - 0.01, hi: est + 0.01 });
  const report: SimReport = {
    seed: 7,
    fights: 1000,
    events: false,
    diffs: [],
    variants: [{ name: 'Duel', system: 'tft', fights: 1000, unfinished: 0, wins: [{ side: 'south', ...interval(0.4) }, { side: 'north', ...interval(0.59) }], draw: interval(0.01), turns: interval(5), figures: [], ends: [] }],
  };
  it("sides in the scenario's order, then draw in grey, with error bars and what was run", () => {
    const spec = winChart(report) as Spec;
    expect(spec.encoding.color.scale.domain).toEqual(['south', 'north', 'draw']);
    expect(spec.encoding.color.scale.range[2]).toBe('#9e9e9e');
    expect(spec.layer.some((l: Spec) => l.mark.type === 'rule' && l.encoding.y.field === 'lo' && l.encoding.y2.field === 'hi')).toBe(true);
    expect(spec.title.subtitle).toMatch(/1,000 fights per variant, seed 7.*95% Wilson/);
  });
});

describe('statesChart', () => {
  const interval = (est: number) => ({ est, lo: est, hi: est });
  const states = { healthy: interval(0.5), reeling: interval(0), unconscious: interval(0.1), dying: interval(0.2), dead: interval(0.2) };
  const figure = (id: string, name: string, side: string) => ({ id, name, side, states, taken: interval(3) });
  const report: SimReport = {
    seed: 7,
    fights: 100,
    events: false,
    diffs: [],
    variants: [
      {
        name: 'Orcs at the bridge',
        system: 'adnd',
        fights: 100,
        unfinished: 0,
        wins: [{ side: 'party', ...interval(0.6) }, { side: 'orcs', ...interval(0.4) }],
        draw: interval(0),
        turns: interval(7),
        figures: [figure('aldric', 'Sir Aldric', 'party'), figure('brenna', 'Brenna', 'party'), figure('orc1', 'Orc sergeant', 'orcs'), figure('ogre', 'Ogre', 'orcs')],
        ends: [],
      },
    ],
  };
  it("figures in the scenario's order (sides together, as in the table beside it), not sorted by name", async () => {
    const svg = await renderSvg(statesChart(report));
    const at = ['Sir Aldric', 'Brenna', 'Orc sergeant', 'Ogre'].map((n) => svg.indexOf(`>${n}<`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
  it("variants in the run's order, the baseline first, not sorted by name ('Bjorn DX 14' came before 'base')", async () => {
    const names = ['base', 'thread off', 'Bjorn DX 14'];
    const svg = await renderSvg(statesChart({ ...report, variants: names.map((name) => ({ ...report.variants[0], name })) }));
    const at = names.map((n) => svg.indexOf(`>${n}<`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe('the page', () => {
  const grid: GridResult = {
    name: 'Sweeping blows under three rules',
    metric: 'dealt-per-turn:hero',
    fights: 100,
    seed: 931,
    vary: [{ path: 'figures.hero.dx', title: 'DX', values: [13, 14] }],
    variants: ['classic', 'new + Multiple Swing'],
    points: [
      { variant: 'classic', at: [13], metric: { est: 13.606, lo: 13.187, hi: 14.025 } },
      { variant: 'new + Multiple Swing', at: [13], error: 'figures[0].talents[0]: Multiple Swing needs basic DX 14+ (R-S7)' },
      { variant: 'classic', at: [14], metric: { est: 9.5, lo: 9.1, hi: 9.9 } },
      { variant: 'new + Multiple Swing', at: [14], metric: { est: 10, lo: 9.6, hi: 10.4 }, diff: { est: 0.5, lo: Number.NaN, hi: Number.NaN } },
    ],
  };
  it('the grid table: estimates and intervals in right-aligned columns of their own, the chart colours, "not run" where invalid', () => {
    const html = gridTable(grid);
    expect(html).toContain('<td class="num">13.606</td><td class="num ci">[13.187, 14.025]</td>');
    expect(html).toContain('<td class="num diff">+0.500</td><td class="num ci">n/a</td>');
    expect(html).toContain(`background:${variantColor(1)}`);
    expect(html).toMatch(/<td colspan="4" class="na" title="[^"]*R-S7[^"]*">not run<\/td>/);
    expect(html).toContain('minus classic');
    expect(html).not.toMatch(/undefined|NaN/);
  });
  it('rates in the grid table are percentages with one decimal', () => {
    const html = gridTable({ ...grid, metric: 'win:north', points: [{ variant: 'classic', at: [13], metric: { est: 0.5, lo: 0.45, hi: 0.55 } }] });
    expect(html).toContain('<td class="num">50.0%</td><td class="num ci">[45.0%, 55.0%]</td>');
  });
  it('charts first and shrunk to the page width (zoom, print); what was run and the command that reproduces it', () => {
    const page = htmlPage('T <1>', [{ title: 'S', svgs: ['<svg width="1200"></svg>'], html: '<table></table>', text: 'x' }], 'Scenario a.yaml; seed 1', 'fray compare e.yaml -n 10 --seed 1');
    expect(page).toMatch(/figure svg \{ max-width: 100%; height: auto; \}/);
    expect(page).toMatch(/@media print/);
    expect(page.indexOf('<svg')).toBeLessThan(page.indexOf('<table'));
    expect(page).toContain('<code>fray compare e.yaml -n 10 --seed 1</code>');
    expect(page).toContain('<h1>T &lt;1&gt;</h1>');
  });
});

describe('distChart', () => {
  const rows = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, p: 1 / (hi - lo + 1), exact: `1/${hi - lo + 1}` }));
  it('labels every total while they fit (3d6), and only round steps when 65 damages share 640 px', () => {
    const few = distChart(rows(3, 18), '3d6') as Spec;
    expect(few.encoding.x.axis.values).toEqual(rows(3, 18).map((r) => r.value));
    const many = distChart(rows(0, 64), 'a four-round burst') as Spec;
    expect(many.width).toBe(640);
    expect(many.encoding.x.axis.values).toEqual(Array.from({ length: 33 }, (_, i) => 2 * i));
    expect(distLabels(rows(50, 5000).map((r) => r.value), 640)).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
  });
  it('a subtitle under the title, each paragraph on lines of its own no wider than the chart or the title (Vega never wraps)', async () => {
    const damage = 'Damage: 3d per hit; each hit of the burst rolls its own damage, a 3 or 4 multiplies the first only (R-H10); armor off each die (R-H8): 3';
    const spec = distChart(rows(0, 9), 'a burst', 'damage', ['adjDX 9 on 3d6 = +13 as given', damage]);
    const chart = spec as Spec;
    expect(chart.title.text).toBe('a burst');
    const lines: string[] = chart.title.subtitle;
    expect(lines[0]).toBe('adjDX 9 on 3d6 = +13 as given');
    expect(lines.slice(1).join(' ')).toBe(damage);
    // 240 px of bars and 60 of axis at about 6.5 px a character: 46 characters a line.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(46);
    expect(lines.length).toBeGreaterThan(3);
    const svg = await renderSvg(spec);
    expect(svg).toContain('armor off each die (R-H8): 3');
    expect((distChart(rows(3, 18), '3d6') as Spec).title).toBe('3d6');
  });
});
