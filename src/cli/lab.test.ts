// The lab's commands (odds, sim, compare) and `run --max-steps` on bad input: a clear error
// naming the flag or field, exit 1, never a stack trace; and the outputs the audit found wrong.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextU32, seedRng } from '../core/rng.ts';
import type { GridResult } from '../lab/experiment.ts';
import { gridTable } from '../lab/report.ts';
import { isRateMetric } from '../lab/summary.ts';
import { pct } from '../lab/text.ts';
import { formatGrid, gridCharts } from './commands/compare.ts';
import { fray, refused } from './testing.ts';

const DUEL = 'examples/tft/duel.yaml';
const tmp = () => mkdtempSync(join(tmpdir(), 'fray-lab-'));

describe('fray odds: modes and refusals', () => {
  it('R-S3, R-H8: --per-die with --sweep is refused (a sweep is melee; the per-die branch never halved)', async () => {
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--sweep', 'new', '--targets', '2', '--per-die']), /--per-die/, /--sweep/);
  });
  it('flags of two modes, or meaningless here, are refused naming them', async () => {
    refused(await fray(['odds', '--adjdx', '13', '--need', '12', '--damage', '2d']), /--adjdx/, /--need/);
    refused(await fray(['odds', '3d6', '--adjdx', '13', '--damage', '2d']), /expression/, /--adjdx/);
    refused(await fray(['odds', '3d6', '--armor', '2']), /--armor/);
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--targets', '3']), /--targets/, /--sweep/);
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--hp', '10']), /--hp/, /--st/);
    refused(await fray(['odds', '--need', '13', '--damage', '1d8', '--st', '10']), /--st/, /--hp/);
    refused(await fray(['odds', '3d6', '--at-most', '10', '--at-least', '12']), /--at-most/, /--at-least/);
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--clip', '10']), /--clip/, /--burst half or full/);
    const ok = await fray(['odds', '--adjdx', '13', '--damage', '2d', '--armor', '2', '--st', '12']);
    expect(ok.code).toBe(0);
  });
  it('R-H10: a burst that fires no round is refused with the reason; a clip with a four-round burst means nothing', async () => {
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--burst', 'half', '--clip', '1']), /clip/, /would fire no round/);
    // A four-round burst fires 4 whatever the clip: --clip is refused with it (only with half or full).
    refused(await fray(['odds', '--adjdx', '13', '--damage', '2d', '--burst', 'four', '--clip', '2']), /--clip/, /only with --burst half or full/);
    expect((await fray(['odds', '--adjdx', '13', '--damage', '2d', '--burst', 'half', '--clip', '2'])).code).toBe(0);
  });
  it('R-S6: the classic sweep reaches at most 3 targets', async () => {
    refused(await fray(['odds', '--adjdx', '17', '--damage', '3d', '--sweep', 'classic', '--targets', '5']), /targets/, /R-S6/, /at most 3/);
    expect((await fray(['odds', '--adjdx', '17', '--damage', '3d', '--sweep', 'classic', '--targets', '3'])).code).toBe(0);
  });
  // Refused before enumerating, within this test's own limit (a hang guard, not a speed check).
  it('an expression too large to enumerate is refused at once', async () => {
    refused(await fray(['odds', '1000d100']), /expression/, /too large/);
    refused(await fray(['odds', '--need', '10', '--damage', '3d100000']), /damage/, /too large/);
  }, 20_000);
  it('a sweep labels the per-target and the total expectation', async () => {
    const r = await fray(['odds', '--adjdx', '17', '--damage', '3d+1', '--armor', '1', '--sweep', 'new', '--targets', '3']);
    expect(r.out).toMatch(/Expected damage per target [\d.]+ \(.*\); over all 3 targets, [\d.]+/);
  });
});

describe('fray run --max-steps', () => {
  it('must be a whole number from 1', async () => {
    for (const v of ['abc', '0', '-1', '1.5']) refused(await fray(['run', DUEL, `--max-steps=${v}`]), /--max-steps/);
    const r = await fray(['run', DUEL, '--max-steps', '3']);
    expect(r.code).toBe(3);
  });
});

describe('fray sim / compare: outputs, seeds, workers', () => {
  it('an unwritable --report or --svg is refused before the run, exit 1 (sim and compare)', async () => {
    const dir = tmp();
    refused(await fray(['sim', DUEL, '-n', '10', '--no-progress', '--report', '/nonexistent/dir/x.html']), /--report/, /does not exist/);
    refused(await fray(['sim', DUEL, '-n', '10', '--no-progress', '--svg', dir]), /--svg/, /directory/);
    // A file where the folder should be.
    refused(await fray(['sim', DUEL, '-n', '10', '--no-progress', '--report', 'README.md/x.html']), /--report/, /is not a directory/);
    refused(await fray(['compare', DUEL, '--variant', 'a:', '--variant', 'b:thread=false', '-n', '10', '--no-progress', '--report', dir]), /--report/, /directory/);
    refused(await fray(['compare', DUEL, '--variant', 'a:', '--vary', 'figures.cedric.st=12..13', '-n', '10', '--no-progress', '--svg', '/nonexistent/x.svg']), /--svg/);
  });
  it('seeds: 1.5 and numbers that fold onto others (2^32 + 1 plays as 0) are refused; text is fine', async () => {
    for (const s of ['1.5', '4294967297', '-1']) refused(await fray(['sim', DUEL, '-n', '10', '--no-progress', '--seed', s]), /--seed/, /whole number from 0 to 4294967295/);
    expect(nextU32(seedRng(4294967297))).toBe(nextU32(seedRng(0)));
    expect((await fray(['sim', DUEL, '-n', '10', '--no-progress', '--seed', 'abc'])).code).toBe(0);
    expect((await fray(['sim', DUEL, '-n', '10', '--no-progress', '--seed', '4294967295'])).code).toBe(0);
  });
  it('--workers has one limit for sim and compare', async () => {
    refused(await fray(['sim', DUEL, '-n', '10', '--no-progress', '--workers', '65']), /--workers/, /1 to 64/);
    refused(await fray(['compare', DUEL, '--variant', 'a:', '--vary', 'figures.cedric.st=12..13', '-n', '10', '--no-progress', '--workers', '65']), /--workers/, /1 to 64/);
  });
  it('wording: 1 fight, won by SIDE', async () => {
    const r = await fray(['sim', DUEL, '-n', '1', '--no-progress']);
    expect(r.out).toMatch(/: 1 fight\n/);
    expect(r.out).toMatch(/won by (north|south)/);
    expect(r.out).not.toMatch(/NaN/);
  });
});

describe('fray compare: what ran and what did not', () => {
  const variants = ['--variant', 'a:', '--variant', 'b:thread=false', '-n', '10', '--no-progress'];
  it('a malformed --vary range is an error of the flag', async () => {
    for (const v of ['figures.cedric.st=12..', 'figures.cedric.st=a..b', 'figures.cedric.st=12...14']) refused(await fray(['compare', DUEL, ...variants, '--vary', v]), /--vary/, /not a range/);
  });
  it('a path that names nothing is an error of that setting, not "invalid" at every point', async () => {
    refused(await fray(['compare', DUEL, ...variants, '--vary', 'figures.nobody.st=12..13']), /figures\.nobody\.st/, /no element with id 'nobody'/);
    const exp = `name: t\nscenario: ${process.cwd()}/${DUEL}\nfights: 10\nvariants: [{ name: a }, { name: b, set: { figures.ghost.dx: 13 } }]\n`;
    refused(await fray(['compare', 'e.yaml', '--no-progress'], { 'e.yaml': exp }), /variant 'b'/, /figures\.ghost\.dx/);
  });
  it('nothing ran (an invalid inline scenario): exit 1 with the reasons', async () => {
    const exp = 'name: t\nscenario: { system: tft, figures: [] }\nfights: 10\nvariants: [{ name: a }]\n';
    refused(await fray(['compare', 'e.yaml', '--no-progress'], { 'e.yaml': exp }), /nothing ran/, /figures/);
  });
  it('nothing ran for the same reason in every variant: said once, and of the grid only where there is one', async () => {
    const exp = (vary: string) => `name: t\nscenario: { system: tft, figures: [{ id: a, side: x, st: 8, dx: 10, weapons: [broadsword], at: [1, 1] }, { id: b, side: y, st: 10, dx: 10, at: [3, 1] }] }\nfights: 10\nvariants: [{ name: one }, { name: two, set: { figures.b.dx: 11 } }]\n${vary}`;
    const r = await fray(['compare', 'e.yaml', '--no-progress'], { 'e.yaml': exp('') });
    refused(r, /^fray: invalid experiment \(nothing ran\): every variant: invalid: figures\[0\]\.weapons\[0\]: Broadsword needs ST 12/);
    expect(r.err).not.toMatch(/grid|variant 'one'/);
    refused(await fray(['compare', 'e.yaml', '--no-progress'], { 'e.yaml': exp('vary: [{ path: figures.b.st, values: [10, 11] }]\n') }), /no point of the grid ran\): every variant: invalid at every point of the grid: /);
  });
  it('a variant invalid at some points only (Multiple Swing below DX 14) still runs the rest', async () => {
    const r = await fray(['compare', 'examples/lab/sweep-variants.yaml', '-n', '20', '--no-progress', '--vary', 'figures.hero.dx=13..14', '--vary', 'side.goblins.count=2']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Not run where the variant is invalid/);
    expect(r.out).toMatch(/^\s*14\s+2\s+[\d.]+ \[/m);
    // The cell where it did not run reads as the page and the note under the table say.
    expect(r.out).toMatch(/^\s*13\s+2\s+[\d.]+ \[[^\]]*\]\s+[\d.]+ \[[^\]]*\]\s+[-+][\d.]+ \[[^\]]*\]\s+not run$/m);
  });
  it('a point where a variant did not run is named, with how many more points share the reason (the reason may not say it)', async () => {
    const r = await fray(['compare', DUEL, '--vary', 'side.south.count=0..1', '--vary', 'figures.bjorn.dx=12,13', '-n', '5', '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}base at side\.south\.count 0, figures\.bjorn\.dx 12 and 1 more point: figures: need figures on at least two sides$/m);
  });
  it('the grid says its metric in words before its name (the experiment\'s metricTitle, else metricLabel)', async () => {
    const r = await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=12', '-n', '5', '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^fray compare examples\/tft\/duel\.yaml: P\(north wins\) \(win:north\), 5 fights per point/m);
    const t = await fray(['compare', 'examples/lab/two-weapons.yaml', '--vary', 'figures.hero.dex=12', '-n', '5', '--no-progress']);
    expect(t.out).toMatch(/^AD&D two-weapon fighting: P\(Garrick wins\) \(win:party\), 5 fights/m);
    const e = await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=12', '--metric', 'ended:south=dead', '-n', '5', '--no-progress']);
    expect(e.out).toMatch(/^fray compare examples\/tft\/duel\.yaml: south: figures that end dead, per fight \(ended:south=dead\), 5 fights/m);
  });
  it('--csv writes the grid a row per point and variant, with the numbers of --json (and why a variant did not run); without a grid it is refused', async () => {
    const dir = tmp();
    const csv = join(dir, 'g.csv');
    const args = ['compare', 'examples/lab/sweep-variants.yaml', '-n', '20', '--no-progress', '--vary', 'figures.hero.dx=13..14', '--vary', 'side.goblins.count=2'];
    const r = await fray([...args, '--json', '--csv', csv]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`fray: wrote ${csv} (--csv)`);
    const grid = JSON.parse(r.out) as GridResult;
    const lines = readFileSync(csv, 'utf8').split('\r\n');
    expect(lines[0]).toBe('figures.hero.dx,side.goblins.count,variant,metric,estimate,lo95,hi95,minus classic,minus lo95,minus hi95,fights,not run because');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(grid.points.length);
    for (const p of grid.points) {
      const num = (x: number | undefined) => (x === undefined ? '' : String(x));
      const mine = `${p.at.join(',')},${p.variant},${grid.metric},${num(p.metric?.est)},${num(p.metric?.lo)},${num(p.metric?.hi)},${num(p.diff?.est)},${num(p.diff?.lo)},${num(p.diff?.hi)},${p.metric ? grid.fights : ''},`;
      const row = rows.find((l) => l.startsWith(`${p.at.join(',')},${p.variant},`));
      if (p.error) expect(row).toBe(`${mine}"${p.error.replace(/"/g, '""')}"`);
      else expect(row).toBe(mine);
    }
    // The table's order: point by point, the variants in the experiment's order (the not-run one in its place).
    expect(rows.map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['13,2,classic', '13,2,new', '13,2,new + Multiple Swing', '14,2,classic', '14,2,new', '14,2,new + Multiple Swing']);
    refused(await fray(['compare', DUEL, '--variant', 'a:', '-n', '5', '--no-progress', '--csv', csv]), /--csv: goes with --vary/);
    refused(await fray([...args, '--csv', dir]), /--csv/);
  });
  it('duplicate variant names are refused, naming the field', async () => {
    refused(await fray(['compare', DUEL, '--variant', 'a:', '--variant', 'a:thread=false', '-n', '10', '--no-progress']), /--variant/, /'a' is used twice/);
    const exp = `name: t\nscenario: ${process.cwd()}/${DUEL}\nvariants: [{ name: a }, { name: a }]\n`;
    refused(await fray(['compare', 'e.yaml', '--no-progress'], { 'e.yaml': exp }), /variants\[1\]\.name/);
  });
  it('experiment errors are formatted by zodIssues (never a bare "Invalid input")', async () => {
    const exp = 'name: t\nscenario: x.yaml\nfights: -5\nseed: [1]\nvariants: [{ name: a, extra: 2 }]\n';
    const r = await fray(['compare', 'e.yaml'], { 'e.yaml': exp });
    refused(r, /fights: must be at least 1, got -5/, /seed: expected/, /variants\[0\]\.extra: unknown field 'extra'/);
    expect(r.err).not.toMatch(/Invalid input/);
  });
  it('odds --svg writes the distribution as a bar chart (a dice expression, a TFT attack, an AD&D swing), titled with P(hit) and the expectation; an unwritable path is refused before anything', async () => {
    const dir = tmp();
    const cases: [string[], RegExp][] = [
      [['odds', '3d6'], /3d6/],
      [['odds', '--adjdx', '13', '--damage', '2d+1', '--armor', '2'], /TFT attack, adjDX 13 on 3d6: P\(hit\) 83\.8%, expected damage 5\.21/],
      [['odds', '--need', '14', '--damage', '1d8+3'], /AD&amp;D swing|AD&D swing/],
    ];
    for (const [i, [args, title]] of cases.entries()) {
      const svg = join(dir, `odds${i}.svg`);
      const r = await fray([...args, '--svg', svg]);
      expect(r.code, r.err).toBe(0);
      const text = readFileSync(svg, 'utf8');
      expect(text).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(text).toMatch(title);
      expect(text).toMatch(/probability/);
    }
    refused(await fray(['odds', '3d6', '--svg', dir]), /--svg/, /directory/);
  });

  it('--svg draws a chart with no vary and with values that are not numbers', async () => {
    const dir = tmp();
    const noVary = `name: t\nscenario: ${process.cwd()}/${DUEL}\nfights: 20\nvariants: [{ name: a }, { name: b, set: { figures.cedric.st: 14 } }]\n`;
    const words = `${noVary}vary: [{ path: thread, values: [true, false] }]\n`;
    for (const [name, text] of [['none', noVary], ['words', words]]) {
      const svg = join(dir, `${name}.svg`);
      const r = await fray(['compare', 'e.yaml', '--no-progress', '--svg', svg], { 'e.yaml': text });
      expect(r.code, r.err).toBe(0);
      expect(existsSync(svg)).toBe(true);
      expect(readFileSync(svg, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
  });
});

describe('compare grid display', () => {
  const grid = (metric: string, lo: number, hi: number, est = 0): GridResult => ({
    name: 'g',
    metric,
    fights: 100,
    seed: 1,
    vary: [],
    variants: ['a', 'b'],
    points: [
      { variant: 'a', at: [], metric: { est, lo, hi } },
      { variant: 'b', at: [], metric: { est, lo, hi }, diff: { est: 0, lo: Number.NaN, hi: Number.NaN } },
    ],
  });
  it('prints the interval itself (Wilson is not symmetric), n/a when undefined', () => {
    const t = formatGrid(grid('win:north', 0, 0.037));
    expect(t).toMatch(/0\.0% \[0\.0%, 3\.7%\]/);
    expect(t).not.toMatch(/±/);
    const one = formatGrid(grid('turns', Number.NaN, Number.NaN, 3));
    expect(one).toMatch(/3\.000 \[n\/a\]/);
    expect(one).not.toMatch(/NaN/);
  });
  it('estimates read alike down a column: three decimals always, integers too (12.000, not 12), never 0.9340 or -0.000', () => {
    const g: GridResult = {
      ...grid('turns', 10.6, 13.4, 12),
      points: [
        { variant: 'a', at: [], metric: { est: 12, lo: 10.6, hi: 13.4 } },
        { variant: 'b', at: [], metric: { est: 11.066, lo: 10.2, hi: 11.9 }, diff: { est: -0.934, lo: -1.338, hi: -0.0001 } },
      ],
    };
    const t = formatGrid(g);
    expect(t).toMatch(/12\.000 \[10\.600, 13\.400\]/);
    expect(t).toMatch(/-0\.934 \[-1\.338, 0\.000\]/);
    expect(t).not.toMatch(/\d\.\d{4}|-0\.000/);
  });
  it('a rate just below zero reads 0.0%, never -0.0% (grid text, page table and the differences of sim/compare), as numbers never read -0.000', () => {
    const g: GridResult = {
      ...grid('win:north', 0.7, 0.8, 0.75),
      points: [
        { variant: 'a', at: [], metric: { est: 0.75, lo: 0.7, hi: 0.8 } },
        { variant: 'b', at: [], metric: { est: 0.76, lo: 0.71, hi: 0.81 }, diff: { est: 0.008, lo: -0.0002, hi: 0.015 } },
      ],
    };
    expect(formatGrid(g)).toMatch(/\+0\.8% \[0\.0%, 1\.5%\]/);
    expect(gridTable(g)).toContain('>[0.0%, 1.5%]<');
    expect(formatGrid(g) + gridTable(g)).not.toMatch(/-0\.0%/);
    expect(pct(-0.0000001, 1)).toBe('0.0%');
    expect(pct(-0.001, 1)).toBe('-0.1%');
  });
  it('one test decides what a rate is, for the table and the chart: draw is a percentage in both', async () => {
    expect(isRateMetric('draw')).toBe(true);
    expect(isRateMetric('win:north')).toBe(true);
    expect(isRateMetric('state:x=dead')).toBe(true);
    expect(isRateMetric('turns')).toBe(false);
    const g = grid('draw', 0.01, 0.06, 0.03);
    expect(formatGrid(g)).toMatch(/3\.0% \[1\.0%, 6\.0%\]/);
    const [svg] = await gridCharts(g);
    expect(svg).toMatch(/>\d+%</);
  });
});

describe('--report pages say what was run', () => {
  it('compare: the scenario, metric, fights and seed, and a command that reproduces the page; charts before the table', async () => {
    const dir = tmp();
    const page = join(dir, 'p.html');
    const exp = `name: Thread by ST\nscenario: ${process.cwd()}/${DUEL}\nfights: 20\nseed: 5\nevents: false\nmetric: state:cedric=dead\nmetricTitle: P(Cedric ends dead)\nvariants: [{ name: standard TFT, set: { thread: false } }, { name: Hanging by a Thread, set: { thread: true } }]\nvary: [{ path: figures.cedric.st, title: "Cedric's ST", values: [12, 14] }]\n`;
    const r = await fray(['compare', 'e.yaml', '--no-progress', '-n', '12', '--report', page], { 'e.yaml': exp });
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/Scenario examples\/tft\/duel\.yaml \(Duel at the ford\); metric state:cedric=dead; 12 fights per point and variant, seed 5/);
    expect(html).toContain('<code>fray compare e.yaml -n 12 --seed 5</code>');
    expect(html).toContain('<table class="grid">');
    expect(html.indexOf('<svg')).toBeLessThan(html.indexOf('<table'));
    expect(html).toContain('>Hanging by a Thread<');
    expect(html).not.toMatch(/undefined|NaN/);
  });
  it("compare: a --metric other than the experiment's is not titled with the experiment's metricTitle (chart axis, page heading)", async () => {
    const dir = tmp();
    const page = join(dir, 'p.html');
    const exp = `name: Thread by ST\nscenario: ${process.cwd()}/${DUEL}\nfights: 20\nseed: 5\nevents: false\nmetric: state:cedric=dead\nmetricTitle: P(Cedric ends dead)\nvariants: [{ name: standard TFT, set: { thread: false } }]\nvary: [{ path: figures.cedric.st, title: "Cedric's ST", values: [12, 14] }]\n`;
    const r = await fray(['compare', 'e.yaml', '--no-progress', '-n', '12', '--metric', 'turns', '--report', page], { 'e.yaml': exp });
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).not.toContain('P(Cedric ends dead)');
    expect(html).toContain('<h2>turns per fight</h2>');
  });
  it("sim: titled by the scenario's name, with the command that reproduces it", async () => {
    const dir = tmp();
    const page = join(dir, 'p.html');
    const r = await fray(['sim', DUEL, '-n', '30', '--seed', 'a b', '--no-progress', '--report', page]);
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<h1>Duel at the ford</h1>');
    expect(html).toContain(`<code>fray sim ${DUEL} -n 30 --seed 'a b'</code>`);
    expect(html).toMatch(/Scenario examples\/tft\/duel\.yaml; 30 fights per variant/);
    expect(html).not.toMatch(/undefined|NaN/);
  });
});
