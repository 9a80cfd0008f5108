// `fray sim` / `fray compare` and the files they read, on bad input (audit): experiment and
// scenario files that are empty, folders, not mappings, badly nested or malformed; flags with
// odd values. Each is a clear error naming the field or flag, exit 1, never a stack trace.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../core/errors.ts';
import { parseFights, parseWorkers } from './commands/sim.ts';
import { parseSeed } from './dice-options.ts';
import { MAX_SEED } from '../core/rng.ts';
import { MAX_DEPTH, duplicateJsonKey, parseScenarioText } from '../server/scenario-text.ts';
import { fray, refused } from './testing.ts';

const DUEL = 'examples/tft/duel.yaml';
const DUEL_PATH = `${process.cwd()}/${DUEL}`;
const quiet = ['-n', '5', '--no-progress'];
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('reading files', () => {
  it('a folder is named as a folder, for the scenario of sim and of an experiment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-in-'));
    refused(await fray(['sim', dir, ...quiet]), /cannot read the file: it is a folder, not a file/);
    refused(await fray(['compare', 'e.yaml', ...quiet], { 'e.yaml': `name: x\nscenario: ${dir}\nvariants: [{ name: a }]\n` }), /scenario: cannot read .*: it is a folder, not a file/);
    refused(await fray(['compare', 'e.yaml', ...quiet], { 'e.yaml': 'name: x\nscenario: nope.yaml\nvariants: [{ name: a }]\n' }), /scenario: cannot read .*nope\.yaml: no such file/);
  });
  it('YAML errors: the first line of the reason, no dangling colon; duplicate keys are refused', async () => {
    const r = await fray(['compare', 'e.yaml'], { 'e.yaml': `name: x\nname: y\nscenario: ${DUEL_PATH}\nvariants: [{ name: a }]\n` });
    refused(r, /: e\.yaml: YAML syntax: Map keys must be unique at line 2, column 1$/m);
  });
  it('a YAML warning (an unresolved tag) is an error naming the line, not a Node warning printed with an excerpt', async () => {
    const warn = vi.spyOn(process, 'emitWarning');
    try {
      refused(await fray(['validate', 's.yaml'], { 's.yaml': 'system: !!foo tft\nname: x\n' }), /: s\.yaml: YAML: Unresolved tag: tag:yaml\.org,2002:foo at line 1, column 9$/m);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
  it('JSON: a key twice in one object is refused as YAML refuses it (JSON.parse kept the last silently)', async () => {
    const text = `{"name": "x", "scenario": "${DUEL_PATH}",\n "name": "y", "variants": [{ "name": "a" }]}`;
    refused(await fray(['compare', 'e.json', ...quiet], { 'e.json': text }), /: e\.json: JSON: the key 'name' appears twice in one object \(line 2\); keys must be unique/);
    expect(duplicateJsonKey('{"a": {"b": 1}, "c": {"b": 2}, "d": ["b", "b"], "e\\"": 1, "e\\u0022": 2}')).toEqual({ key: 'e"', line: 1 });
  });
  it('duplicateJsonKey: none in what JSON.stringify writes, the one added otherwise (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1 }), (o) => {
        const text = JSON.stringify(o, null, 1);
        expect(duplicateJsonKey(text)).toBeUndefined();
        const [k] = Object.keys(o);
        expect(duplicateJsonKey(`{${JSON.stringify(k)}: 0, ${text.slice(1)}`)?.key).toBe(k);
      }),
      { numRuns: 300 },
    );
  });
  it('an empty file, a list or a word: what the file should be (an experiment, for compare)', async () => {
    refused(await fray(['compare', 'e.yaml'], { 'e.yaml': '' }), /: e\.yaml: the file is empty/);
    refused(await fray(['compare', 'e.yaml'], { 'e.yaml': '- a\n- b\n' }), /: e\.yaml: an experiment is a mapping with `name`, `scenario`, `variants`.*; got a list/);
    refused(await fray(['sim', 's.yaml'], { 's.yaml': 'hello' }), /: s\.yaml: a scenario is a mapping with `system`, `figures`...; got 'hello'/);
  });
  it('deep nesting is refused before anything recurses through it (it was an internal error, a stack overflow)', async () => {
    const deepJson = `{"system":"tft","name":"x","figures":${nested(100_000)}}`;
    const sim = await fray(['sim', 's.json', ...quiet], { 's.json': deepJson });
    refused(sim, new RegExp(`figures\\[0\\]\\[0\\].*: nested more than ${MAX_DEPTH} levels deep`));
    const exp = JSON.stringify({ name: 'x', scenario: DUEL_PATH, fights: 5, variants: [{ name: 'a', set: { 'options.deep': 0 } }] }).replace('0}}', `${nested(100_000)}}}`);
    refused(await fray(['compare', 'e.json', ...quiet], { 'e.json': exp }), /variants\[0\]\.set\.options\.deep.*: nested more than 64 levels deep/);
    refused(await fray(['compare', 'e.yaml', ...quiet], { 'e.yaml': `name: x\nscenario: ${DUEL_PATH}\nvariants: [{ name: a, set: { options.deep: ${nested(5000)} } }]\n` }), /: e\.yaml: nested too deeply to read/);
  });
  it('parseScenarioText takes any text: a mapping or an InputError (property)', () => {
    const yamlish = fc.array(fc.constantFrom('a', ':', ' ', '\n', '-', '[', ']', '{', '}', ',', '"', "'", '&x', '*x', '!!', '#', '1', 'system', 'tft', '\t', '|', '>', '?'), { maxLength: 40 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.oneof(yamlish, fc.string({ unit: 'binary', maxLength: 40 })), fc.boolean(), (text, json) => {
        try {
          const r = parseScenarioText(text, json ? 'x.json' : 'x.yaml');
          expect(typeof r === 'object' && r !== null && !Array.isArray(r)).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('sim and compare flags', () => {
  it('-n, --workers: one message, quoting a short start', async () => {
    for (const n of ['0', '-1', '1e12', '1.5', '', 'abc']) refused(await fray(['sim', DUEL, '--no-progress', '-n', n]), /-n: must be a whole number from 1 to 1000000000, got '.*'/);
    for (const w of ['0', '99', 'abc', '2.5']) refused(await fray(['compare', DUEL, '--variant', 'a:', '--no-progress', '-n', '5', '--workers', w]), /--workers: must be a whole number from 1 to 64, got '.*'/);
    refused(await fray(['sim', DUEL, '--no-progress', '-n', '9'.repeat(500)]), /-n: must be a whole number from 1 to 1000000000, got '9{37}\.\.\.'/);
  });
  it('--seed: empty or very long text is refused (it printed an empty or a huge seed)', async () => {
    refused(await fray(['sim', DUEL, ...quiet, '--seed', '']), /--seed: is empty/);
    refused(await fray(['sim', DUEL, ...quiet, '--seed', '  ']), /--seed: is empty/);
    refused(await fray(['compare', DUEL, '--variant', 'a:', ...quiet, '--seed', 's'.repeat(1000)]), /--seed: 's{37}\.\.\.' is 1000 characters long; a text seed has at most 200/);
    const ok = await fray(['sim', DUEL, ...quiet, '--seed', 'abc']);
    expect(ok.code, ok.err).toBe(0);
  });
  it('--report to a folder is refused before the run (sim, compare, an experiment)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-in-'));
    refused(await fray(['sim', DUEL, ...quiet, '--report', dir]), /--report: cannot write .*: it is a directory/);
    refused(await fray(['compare', 'examples/lab/thread-survival.yaml', ...quiet, '--report', dir]), /--report: cannot write .*: it is a directory/);
  });
  it('--svg or --report followed by another option is refused before the run: the file name is missing (the chart went to a file named --no-progress)', async () => {
    refused(await fray(['sim', DUEL, '-n', '3', '--svg', '--no-progress']), /--svg: cannot write '--no-progress': the file name is missing/);
    refused(await fray(['compare', DUEL, '--variant', 'a:', '-n', '3', '--report', '--json']), /--report: cannot write '--json': the file name is missing/);
    refused(await fray(['odds', '3d6', '--svg', '-x']), /--svg: cannot write '-x': the file name is missing/);
  });
  it('a --variant setting that names nothing names the variant (without --vary too)', async () => {
    refused(await fray(['compare', DUEL, '--variant', 'a:figures.nobody.st=3', ...quiet]), /variant 'a': figures\.nobody\.st: no element with id 'nobody'/);
    refused(await fray(['compare', DUEL, '--variant', 'a:figures..st=3', ...quiet]), /--variant a: the path 'figures\.\.st' has an empty part/);
  });
  it('a long --metric is quoted by its start', async () => {
    const r = await fray(['compare', DUEL, '--variant', 'a:', '--vary', 'figures.cedric.st=12..12', ...quiet, '--metric', 'm'.repeat(2000)]);
    refused(r, /metric: 'm{37}\.\.\.' is not measured here/);
    expect(r.err.length).toBeLessThan(800);
  });
  it('parseFights, parseWorkers and parseSeed take any text: a number in range or an InputError (property)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom('1e3', '0x10', '1_000', ' 7 ', '-0', 'Infinity', 'NaN'));
    fc.assert(
      fc.property(text, (t) => {
        const checks: [() => unknown, (v: unknown) => boolean][] = [
          [() => parseFights(t, 1), (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1e9],
          [() => parseWorkers(t), (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 64],
          [() => parseSeed(t, 1), (v) => (typeof v === 'string' && v.trim() !== '' && v.length <= 200) || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_SEED)],
        ];
        for (const [f, ok] of checks) {
          let v: unknown;
          try {
            v = f();
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
            continue;
          }
          expect(ok(v), `${JSON.stringify(t)} -> ${String(v)}`).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('fray compare: flags that would be ignored or misread', () => {
  it('--metric without --vary on a scenario is refused (every quantity is reported then; it was silently ignored)', async () => {
    refused(await fray(['compare', DUEL, '--variant', 'a:', '--metric', 'turns', ...quiet]), /^fray: invalid option: --metric: goes with --vary \(or an experiment file\)/);
  });
  it('an empty --metric is refused, with --vary and with an experiment file (it was read as none: the default metric)', async () => {
    for (const file of [DUEL, 'examples/lab/sweep-variants.yaml']) {
      for (const metric of ['', ' ']) refused(await fray(['compare', file, '--vary', 'figures.0.dx=13..14', '--metric', metric, ...quiet]), /^fray: invalid option: --metric: is empty: give a metric/);
    }
  });
  it("a --variant of settings with no NAME: is refused, naming the flag", async () => {
    refused(await fray(['compare', DUEL, '--variant', 'ruleset=classic', ...quiet]), /^fray: invalid variant: --variant: 'ruleset=classic' has no name/);
  });
  it('a missing file: "invalid experiment or scenario", not "invalid compare"', async () => {
    const r = await fray(['compare', 'no/such.yaml', ...quiet]);
    refused(r);
    expect(r.err).toBe('fray: invalid experiment or scenario: no/such.yaml: cannot read the file: no such file');
  });
  it('the grid counts its points (values of the varied parameters) and its variants apart', async () => {
    const r = await fray(['compare', DUEL, '--variant', 'a:', '--variant', 'b:thread=false', '--vary', 'figures.cedric.st=12..14', ...quiet]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/\n3 points x 2 variants in [\d.]+ s$/);
  });
});
