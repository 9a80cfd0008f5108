import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.ts';
import { parseExperiment } from './experiment.ts';
import { applySettings, checkVariantNames, parseVariant, parseVary, SettingPathError } from './variants.ts';

const raw = {
  system: 'tft',
  options: { maxTurns: 3 },
  figures: [
    { id: 'hero', side: 'h', dx: 12 },
    { id: 'g1', side: 'g', dx: 10 },
    { id: 'g2', side: 'g', dx: 10 },
  ],
};

describe('variants', () => {
  it('parses NAME:KEY=VALUE,... with YAML values and bare keys as options', () => {
    const v = parseVariant('ms:sweep=new,figures.hero.talents=[multiple-swing, x],figures.hero.dx=15');
    expect(v.name).toBe('ms');
    expect(v.settings).toEqual([
      { path: 'options.sweep', value: 'new' },
      { path: 'figures.hero.talents', value: ['multiple-swing', 'x'] },
      { path: 'figures.hero.dx', value: 15 },
    ]);
    expect(parseVariant('base').settings).toEqual([]);
  });
  it("a variant with settings but no NAME: ('ruleset=classic') is refused, not run as a variant of that name with no setting", () => {
    expect(() => parseVariant('ruleset=classic')).toThrow(InputError);
    expect(() => parseVariant('ruleset=classic')).toThrow(/--variant: 'ruleset=classic' has no name: write NAME:KEY=VALUE/);
    expect(parseVariant('classic:ruleset=classic').settings).toEqual([{ path: 'options.ruleset', value: 'classic' }]);
  });
  it('applies settings to a copy: figures by id, index and *, side counts', () => {
    const out = applySettings(raw, [
      { path: 'options.sweep', value: 'classic' },
      { path: 'figures.hero.dx', value: 16 },
      { path: 'figures.*.st', value: 11 },
      { path: 'side.g.count', value: 1 },
    ]);
    expect(out.options).toEqual({ maxTurns: 3, sweep: 'classic' });
    const figs = out.figures as { id: string; dx: number; st: number }[];
    expect(figs.map((f) => f.id)).toEqual(['hero', 'g1']);
    expect(figs[0]).toMatchObject({ dx: 16, st: 11 });
    expect(raw.figures[0].dx).toBe(12);
  });
  it('bad paths name the setting', () => {
    expect(() => applySettings(raw, [{ path: 'figures.nobody.dx', value: 1 }])).toThrow(InputError);
    try {
      applySettings(raw, [{ path: 'side.g.count', value: 5 }]);
    } catch (e) {
      expect((e as InputError).issues[0].path).toBe('side.g.count');
    }
  });
  it('parses A..B ranges and lists', () => {
    expect(parseVary('figures.hero.dx=10..13')).toEqual({ path: 'figures.hero.dx', values: [10, 11, 12, 13] });
    expect(parseVary('sweep=classic,new')).toEqual({ path: 'options.sweep', values: ['classic', 'new'] });
    expect(() => parseVary('x=5..1')).toThrow(InputError);
  });
  it('experiment files: zod errors name the field', () => {
    try {
      parseExperiment({ name: 'x', scenario: 'a.yaml', variants: [{ name: 'a', set: {} }], vary: [{ path: 'dx', from: 3 }], fights: -1 });
      expect.unreachable();
    } catch (e) {
      const paths = (e as InputError).issues.map((i) => i.path);
      expect(paths).toContain('fights');
      expect(paths).toContain('vary[0].to');
    }
    const ok = parseExperiment({ name: 'x', scenario: 'a.yaml', variants: [{ name: 'a', set: { sweep: 'new' } }], vary: [{ path: 'figures.hero.dx', from: 10, to: 12 }] });
    expect(ok.experiment.variants[0].settings).toEqual([{ path: 'options.sweep', value: 'new' }]);
    expect(ok.experiment.vary[0].values).toEqual([10, 11, 12]);
  });
});

describe('variants: audit refusals', () => {
  it('a malformed range is an error of the flag, not a one-string list', () => {
    for (const v of ['x=12..', 'x=a..b', 'x=12...14', 'x=1.5..3']) expect(() => parseVary(v), v).toThrow(/not a range/);
    expect(parseVary('x=[a..b]').values).toEqual([['a..b']]);
  });
  it('a path that names nothing is a SettingPathError; a value out of range at one point is not', () => {
    expect(() => applySettings(raw, [{ path: 'figures.ghost.dx', value: 1 }])).toThrow(SettingPathError);
    expect(() => applySettings(raw, [{ path: 'side.nobody.count', value: 1 }])).toThrow(SettingPathError);
    try {
      applySettings(raw, [{ path: 'side.g.count', value: 5 }]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect(e).not.toBeInstanceOf(SettingPathError);
    }
  });
  it('duplicate variant names are refused, naming the field', () => {
    expect(() => checkVariantNames([{ name: 'a' }, { name: 'a' }], '--variant')).toThrow(/'a' is used twice/);
    expect(() => parseExperiment({ name: 'x', scenario: 'a.yaml', variants: [{ name: 'a' }, { name: 'a' }] })).toThrow(/variants\[1\]\.name/);
  });
  it('experiment seeds are whole numbers or text', () => {
    expect(() => parseExperiment({ name: 'x', scenario: 'a.yaml', variants: [{ name: 'a' }], seed: 1.5 })).toThrow(InputError);
    expect(parseExperiment({ name: 'x', scenario: 'a.yaml', variants: [{ name: 'a' }], seed: 'abc' }).experiment.seed).toBe('abc');
  });
});
