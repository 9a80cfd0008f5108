// Experiment files on bad input (audit): each error names the field path (variants[1].set,
// vary[0].to, scenario.system) and the reason in plain words, through src/core/issues.ts, never
// a raw zod text; and no input, however large or odd, gets anything but an InputError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { InputError } from '../core/errors.ts';
import { parseExperiment } from './experiment.ts';
import { parseSetting, parseVariant, parseVary } from './variants.ts';

/** The issues parseExperiment throws for `raw`, as "path: message" lines. */
function issues(raw: unknown): string[] {
  try {
    parseExperiment(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).issues.map((i) => `${i.path}: ${i.message}`);
  }
  return expect.unreachable('no error');
}

const base = { name: 'x', scenario: 'a.yaml', variants: [{ name: 'a' }] };

describe('experiment files: settings', () => {
  it('an empty key or an empty part of a path is an error of the variant\'s set, in words (not "Invalid key in record")', () => {
    const empty = issues({ ...base, variants: [{ name: 'a', set: { '': 1 } }] });
    expect(empty).toEqual(['variants[0].set: a setting needs a path (figures.hero.dx, or an option: sweep)']);
    expect(issues({ ...base, variants: [{ name: 'a' }, { name: 'b', set: { 'figures..dx': 1 } }] })).toEqual([
      "variants[1].set: the path 'figures..dx' has an empty part between dots (figures.hero.dx)",
    ]);
    expect(issues({ ...base, variants: [{ name: 'a', set: { 'x.': 1 } }] }).join()).not.toMatch(/Invalid key/);
  });
  it("a comma in a variant's name written { name: a, b } ends the name (YAML): its unknown field says to quote the name", () => {
    const raw = parse('name: x\nscenario: s.yaml\nvariants:\n  - { name: Thread, dying left, set: {} }\n  - { name: b, extra: 1 }\n');
    expect(issues(raw)).toEqual([
      "variants[0].dying left: unknown field 'dying left': a comma ends the name in { name: ..., ... }; quote the name ('Thread, dying left')",
      // A field with a value is another mistake: no hint.
      "variants[1].extra: unknown field 'extra'",
    ]);
  });
  it('a key is the path as written: a = in it is not read as KEY=VALUE', () => {
    const e = parseExperiment({ ...base, variants: [{ name: 'a', set: { 'a=b': 1, ' sweep ': 'new', 'figures.hero.dx': 14 } }] }).experiment;
    expect(e.variants[0].settings).toEqual([
      { path: 'options.a=b', value: 1 },
      { path: 'options.sweep', value: 'new' },
      { path: 'figures.hero.dx', value: 14 },
    ]);
  });
  it('--variant and --vary refuse an empty part of a path, naming the flag', () => {
    expect(() => parseVariant('a:figures..dx=3')).toThrow(/--variant a: the path 'figures\.\.dx' has an empty part/);
    expect(() => parseVary('figures..dx=1..3')).toThrow(/the path 'figures\.\.dx' has an empty part/);
    expect(() => parseSetting(`${'k'.repeat(300)}=1`, '--variant a')).toThrow(/the path 'k{37}\.\.\.' is 300 characters long; at most 200/);
  });
  it('a long variant name, KEY=VALUE or range text is quoted by its start only', () => {
    expect(() => parseVariant(`${'n'.repeat(300)}:`)).toThrow(/the name 'n{37}\.\.\.' is 300 characters long; at most 100/);
    expect(() => parseSetting('z'.repeat(300), '--variant a')).toThrow(/'z{37}\.\.\.' is not KEY=VALUE/);
    expect(() => parseVary(`dx=${'1'.repeat(100)}..`)).toThrow(/'1{37}\.\.\.' is not a range/);
    expect(() => parseVary(`dx=${Array.from({ length: 1002 }, (_, k) => k).join(',')}`)).toThrow(/1002 values; at most 1001/);
  });
});

describe('experiment files: vary', () => {
  it('each way a range can be wrong has its own message, on the field', () => {
    expect(issues({ ...base, vary: [{ path: 'figures.a.st', from: 18, to: 12 }] })).toEqual(['vary[0].to: 12 is below from: 18; a range goes up']);
    expect(issues({ ...base, vary: [{ path: 'figures.a.st', from: 12 }] })).toEqual(['vary[0].to: required with from: 12 (the last value of the range)']);
    expect(issues({ ...base, vary: [{ path: 'figures.a.st', to: 12 }] })).toEqual(['vary[0].from: required with to: 12 (the first value of the range)']);
    expect(issues({ ...base, vary: [{ path: 'figures.a.st', from: 1, to: 5000 }] })).toEqual(['vary[0].to: from 1 to 5000 is 4,999 steps; at most 1000']);
    expect(issues({ ...base, vary: [{ path: 'figures.a.st' }] })).toEqual(['vary[0]: give values: [...] or from and to (whole numbers, at most 1000 steps)']);
    expect(issues({ ...base, vary: [{ path: 'figures.a.st', values: [1, 2], from: 1, to: 3 }] })).toEqual(['vary[0]: give values: [...] or from and to, not both']);
    expect(issues({ ...base, vary: [{ path: 'a..b', values: [1] }] })).toEqual(["vary[0].path: the path 'a..b' has an empty part between dots (figures.hero.dx)"]);
    expect(issues({ ...base, vary: [{ path: 'dx', from: 1.5, to: 3 }] })).toEqual(['vary[0].from: expected a whole number, got 1.5']);
  });
});

describe('experiment files: the scenario', () => {
  it('a missing scenario says what to give', () => {
    expect(issues({ name: 'x', variants: [{ name: 'a' }] })).toEqual([
      'scenario: required: the scenario file (a path relative to this file) or an inline scenario (system: tft or adnd, figures: ...)',
    ]);
  });
  it('an inline scenario without a known system is an error of scenario.system (not a zod union text)', () => {
    const none = issues({ ...base, scenario: { figures: [] } });
    expect(none).toEqual(['scenario.system: required: an inline scenario names its game system (tft or adnd)']);
    expect(none.join()).not.toMatch(/\{system: required/);
    expect(issues({ ...base, scenario: { system: 'gurps', figures: [] } })).toEqual(["scenario.system: expected tft or adnd, got 'gurps'"]);
    expect(issues({ ...base, scenario: 5 })).toEqual(['scenario: expected text or an object; got 5']);
  });
});

describe('experiment files: sizes', () => {
  it('texts have a length limit (a name heads every table)', () => {
    expect(issues({ ...base, name: 'n'.repeat(100_000) })).toEqual(['name: may have at most 200 character(s)']);
    expect(issues({ ...base, metric: 'm'.repeat(1000) })).toEqual(['metric: may have at most 200 character(s)']);
    expect(issues({ ...base, variants: [{ name: 'v'.repeat(101) }] })).toEqual(['variants[0].name: may have at most 100 character(s)']);
    expect(issues({ ...base, seed: 's'.repeat(201) })[0]).toMatch(/^seed: /);
  });
  it('an unknown field with a long name is named by its start only', () => {
    const key = 'k'.repeat(5000);
    const [line] = issues({ ...base, [key]: 1 });
    expect(line.length).toBeLessThan(600);
    // core/issues.ts quotes the start of the name, in quotes (commit bfd88f4): 'kkk...'
    expect(line).toMatch(/^k+\.\.\.: unknown field 'k+\.\.\.'$/);
  });
});

describe('experiment files: any value (property)', () => {
  it('parseExperiment returns or throws an InputError whose paths and messages are short', () => {
    const field = fc.constantFrom('name', 'scenario', 'fights', 'seed', 'events', 'metric', 'metricTitle', 'variants', 'vary', 'description', 'extra');
    const doc = fc.oneof(fc.anything(), fc.dictionary(field, fc.anything()), fc.record({ name: fc.anything(), scenario: fc.anything(), variants: fc.array(fc.record({ name: fc.anything(), set: fc.anything() }, { requiredKeys: [] })), vary: fc.anything() }, { requiredKeys: [] }));
    fc.assert(
      fc.property(doc, (raw) => {
        try {
          parseExperiment(raw);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          for (const i of (e as InputError).issues) {
            expect(i.path.length).toBeLessThanOrEqual(120);
            expect(i.message.length).toBeLessThanOrEqual(400);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
  it('parseVariant and parseVary take any text: a result or an InputError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        for (const f of [() => parseVariant(text), () => parseVary(text)]) {
          try {
            f();
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
