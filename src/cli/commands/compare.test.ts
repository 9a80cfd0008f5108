// `fray compare` on a scenario: a sweep without variants, and variants the scenario refuses.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fray, refused } from '../testing.ts';

const DUEL = 'examples/tft/duel.yaml';
const quiet = ['-n', '20', '--no-progress'];

describe('fray compare <scenario>', () => {
  it('--vary without --variant sweeps the scenario as written: one column, named base (it was refused)', async () => {
    const r = await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=11..12', ...quiet]);
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.split('\n');
    expect(lines[1]).toMatch(/^figures\.bjorn\.dx +base$/);
    expect(lines.filter((l) => /^ +1[12] +\d/.test(l))).toHaveLength(2);
    // Neither variants nor a sweep: the refusal says both ways.
    refused(await fray(['compare', DUEL, ...quiet]), /--variant: give at least one --variant NAME:KEY=VALUE .*, or --vary PATH=A\.\.B to sweep the scenario as written/);
  });

  it('a variant whose settings make the scenario invalid is named, as with --vary (it was "invalid scenario: options.sweeep")', async () => {
    refused(
      await fray(['compare', DUEL, '--variant', 'base:', '--variant', 'typo:sweeep=classic', ...quiet]),
      /^fray: invalid variant: variant 'typo': options\.sweeep: unknown field 'sweeep'$/,
    );
    refused(
      await fray(['compare', DUEL, '--variant', 'base:', '--variant', 'old:ruleset=clasic', ...quiet]),
      /^fray: invalid variant: variant 'old': options\.ruleset: expected one of "legacy", "classic", got 'clasic'$/,
    );
  });

  it("a --metric that is not measured is an error of the flag (it said \"invalid experiment: metric\"); an experiment file's own is its field", async () => {
    refused(await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=11..12', '--metric', 'win:nort', ...quiet]), /^fray: invalid option: --metric: 'win:nort' is not measured here \(known: win:north, /);
    const experiment = { 'e.yaml': `name: x\nscenario: ${process.cwd()}/${DUEL}\nmetric: taken:bob\nvariants: [{ name: a }]\n` };
    refused(await fray(['compare', 'e.yaml', ...quiet], experiment), /^fray: invalid experiment: metric: 'taken:bob' is not measured here/);
  });

  it('a uses: metric with events on names the actions counted (it told to turn on the events already on)', async () => {
    const r = await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=11..12', '--events', '--metric', 'uses:bjorn=first-aid', ...quiet]);
    refused(r, /--metric: 'uses:bjorn=first-aid' is not measured here \(known: win:north, .*uses:ID=TYPE; uses:ID=TYPE counts the actions attack, sweep, fire, throw-grenade, fire-grenade, cast\)$/);
    expect(r.err).not.toMatch(/--events/);
  });

  it('R-T1: the differences list the end states that moved (thread off: dying becomes dead) as percentages; it said every quantity came out the same', async () => {
    const r = await fray(['compare', DUEL, '--variant', 'base:', '--variant', 'off:thread=false', ...quiet]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toMatch(/none: every quantity compared came out the same/);
    expect(r.out).toMatch(/^off +state:cedric=dead +\+\d+\.\d% \[/m);
  });

  it('R-A4, R-A10 [3380eb42]: an AD&D grid says what each point changed at the start: dexterity 13 after 12 (level 4) moves the critical threshold alone, on the same 8 faces', async () => {
    const r = await fray(['compare', 'examples/lab/two-weapons.yaml', '--vary', 'figures.hero.dex=12..14', '-n', '10', '--no-progress']);
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.split('\n');
    const head = lines.indexOf('At the start (AD&D: to-hit per hand R-A4, R-A11; critical hits R-A10), and what each point changed from the one before:');
    expect(head).toBeGreaterThan(0);
    // The seed's row 10-15: -6 / -8 for two weapons; (12 + 4) / 2 = 8.
    expect(lines[head + 2]).toBe('  figures.hero.dex 12, longsword + dagger: Garrick: long sword (primary) d20 - 6; dagger (secondary) d20 - 8; needs 14 against Gnoll champion; critical d20 <= 8 (threshold 8); extra attack on d100 <= 25 a round; first action in round 1 segment 5; Gnoll champion: battle axe d20 + 0; needs 10 against Garrick; critical d20 <= 7 (threshold 7.5); first action in round 1 segment 7');
    expect(lines[head + 4]).toBe('  figures.hero.dex 13 (every variant): Garrick: critical d20 <= 8 (threshold 8) -> critical d20 <= 8 (threshold 8.5) (the same faces confirm: the same fights)');
    expect(lines[head + 5]).toBe('  figures.hero.dex 14 (every variant): Garrick: critical d20 <= 8 (threshold 8.5) -> critical d20 <= 9 (threshold 9)');
    // A TFT grid has no such section.
    expect((await fray(['compare', DUEL, '--vary', 'figures.bjorn.dx=11..12', ...quiet])).out).not.toContain('At the start');
    // The page has it too, under the grid's table.
    const page = join(mkdtempSync(join(tmpdir(), 'fray-compare-')), 'two.html');
    expect((await fray(['compare', 'examples/lab/two-weapons.yaml', '--vary', 'figures.hero.dex=12..13', '-n', '10', '--no-progress', '--report', page])).code).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain('figures.hero.dex 13 (every variant): Garrick: critical d20 &lt;= 8 (threshold 8) -&gt; critical d20 &lt;= 8 (threshold 8.5) (the same faces confirm: the same fights)');
  });

  it('R-A5 [3380eb42]: a level moves the extra-attack chance too (5% x level + 5% for a fighter): level 2 after 1 at dexterity 17 is not "the same fights", though its criticals confirm on the same 9 faces', async () => {
    const r = await fray(['compare', 'examples/lab/two-weapons.yaml', '--vary', 'figures.hero.level=1..2', '--vary', 'figures.hero.dex=17', '-n', '10', '--no-progress']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('  figures.hero.level 2, figures.hero.dex 17 (every variant): Garrick: critical d20 <= 9 (threshold 9); extra attack on d100 <= 10 a round -> critical d20 <= 9 (threshold 9.5); extra attack on d100 <= 15 a round\n');
    expect(r.out).not.toContain('the same fights');
  });

  it('R-A10, R-A11 [3380eb42]: with two varied parameters a point is compared with the one that differs in one value, named (the row above differs in both)', async () => {
    const r = await fray(['compare', 'examples/lab/two-weapons.yaml', '--vary', 'figures.hero.dex=12,14', '--vary', 'figures.hero.level=4,5', '-n', '10', '--no-progress']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('and what each point changed from the point named after it:\n');
    // Dexterity 14 at level 4 after dexterity 12 at level 4: the threshold alone; not after level 5 at 12 (need, extra attack too).
    expect(r.out).toContain('\n  figures.hero.dex 14, figures.hero.level 4 (after figures.hero.dex 12; every variant): Garrick: critical d20 <= 8 (threshold 8) -> critical d20 <= 9 (threshold 9)\n');
    expect(r.out).toContain('\n  figures.hero.dex 14, figures.hero.level 5 (after figures.hero.level 4; every variant): Garrick: needs 14 against Gnoll champion; critical d20 <= 9 (threshold 9); extra attack on d100 <= 25 a round -> needs 12 against Gnoll champion; critical d20 <= 9 (threshold 9.5); extra attack on d100 <= 30 a round\n');
  });
});

describe('docs/LAB.md: the examples measured as quoted (the same seed and fights; a point of the grid plays the same fights alone)', () => {
  const doc = readFileSync('docs/LAB.md', 'utf8').replace(/\s+/g, ' ');
  const row = (out: string, at: string) => out.split('\n').find((l) => new RegExp(`^ *${at} `).test(l)) ?? '';
  it('axe-or-shield [931c742c R-S2, R-S6]: the classic sweep, swept 1.54 times a fight at DX 14, -4.3 points, at DX 16 1.74 times, -0.8; the sword and shield +4.1 and +0.7', async () => {
    const r = await fray(['compare', 'examples/lab/axe-or-shield.yaml', '--vary', 'figures.hero.dx=14,16', '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(row(r.out, '14')).toMatch(/^ +14 +87\.6% \[[^\]]+\] +83\.3% \[[^\]]+\] +-4\.3% \[-6\.4%, -2\.3%\] +91\.8% \[[^\]]+\] +\+4\.1% \[/);
    expect(row(r.out, '16')).toMatch(/^ +16 +94\.9% \[[^\]]+\] +94\.2% \[[^\]]+\] +-0\.8% \[-2\.0%, 0\.5%\] +95\.5% \[[^\]]+\] +\+0\.7% \[-0\.5%, 1\.8%\]/);
    expect(doc).toContain('at DX 14 87.6% and 91.8% (+4.1)');
    expect(doc).toContain('at DX 16 94.9% and 95.5% (+0.7, -0.5 to +1.8');
    expect(doc).toContain('wins less for it: 83.3%, -4.3 points (-6.4 to -2.3)');
    expect(doc).toContain('wins 94.2%, -0.8 points (-2.0 to +0.5)');
    const uses = await fray(['compare', 'examples/lab/axe-or-shield.yaml', '--vary', 'figures.hero.dx=14,16', '--metric', 'uses:hero=sweep', '--no-progress']);
    expect(row(uses.out, '14')).toMatch(/^ +14 +0\.000 \[0\.000, 0\.000\] +1\.540 \[/);
    expect(row(uses.out, '16')).toMatch(/^ +16 +0\.047 \[0\.036, 0\.058\] +1\.736 \[/);
    expect(doc).toContain('it sweeps from DX 14: 1.54 times a fight there');
    expect(doc).toContain('at DX 16 it sweeps 1.74 times a fight');
  }, 120_000); // 24,000 fights in two grids: room for a loaded machine
  it('thread-skirmish [82345e2a R-T1..R-T4]: ended:red=dead, standard TFT against the dying played out with Doc untrained (two of its four variants: each plays the same fights alone)', async () => {
    const r = await fray(['compare', 'examples/lab/thread-skirmish.yaml', '--variant', 'standard TFT:thread=false', '--variant', 'Thread played out, Doc untrained:threadAftermath=on,figures.doc.talents=[]', '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')[3]).toMatch(/^2\.277 \[[^\]]+\] +2\.298 \[[^\]]+\] +\+0\.021 \[-0\.034, 0\.075\]$/);
    expect(doc).toContain('Under standard TFT red ends with 2.277 dead a fight');
    expect(doc).toContain("red's dead are 2.298 with Doc untrained (+0.021, interval -0.034 to +0.075)");
  });
  it('two-weapons-or-shield [3380eb42 R-A4, R-A11]: level 1, where the skill changes nothing (both hands hit on a natural 20 alone), and level 5', async () => {
    const r = await fray(['compare', 'examples/lab/two-weapons-or-shield.yaml', '--vary', 'figures.hero.level=1,5', '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(row(r.out, '1')).toMatch(/^ +1 +56\.5% \[[^\]]+\] +16\.8% \[[^\]]+\] +-39\.8% \[[^\]]+\] +16\.8% \[[^\]]+\] +-39\.8% \[/);
    expect(row(r.out, '5')).toMatch(/^ +5 +90\.5% \[[^\]]+\] +58\.5% \[[^\]]+\] +-32\.0% \[[^\]]+\] +72\.6% \[[^\]]+\] +-17\.9% \[/);
    expect(doc).toContain('At level 1 he wins 56.5% with the shield and 16.8% with two weapons (-39.8 points)');
    expect(doc).toContain('At level 5: 90.5%, 58.5% (-32.0) and 72.6% with the skill (-17.9)');
  });
});
