// Fuzzing the command line: random argument vectors for every command and every flag its
// --help lists (fray serve always ends with a bad --port: a valid one would start a server),
// with hostile option values, unknown and repeated options, missing values, and files that are
// examples, mutated scenarios (YAML and JSON), junk, a folder or nothing. Every run ends with a
// known exit code (0 done, 1 bad input, 2 the dice ran out, 3 --max-steps), a refusal is a
// short message without a stack trace, and nothing is written but the files asked for. Then
// each flag with each of its bad values: exit 1, and the message names the flag.
// FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { applyMutation, badTexts, exampleScenarios, fuzzParams, idsIn, type Json, mutation } from '../engine/fuzz.test-util.ts';
import { fray, refused } from './testing.ts';

const out = mkdtempSync(join(tmpdir(), 'fray-cli-fuzz-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The lab's experiment files (examples/lab: `variants:`, a `scenario:` beside them). */
const experiments = readdirSync('examples/lab')
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => parse(readFileSync(`examples/lab/${f}`, 'utf8')) as Json)
  .filter((x) => x !== null && typeof x === 'object' && 'variants' in x);

const VALUES = ['', ' ', '-1', '0', '1', '1.5', '2', '7', '12', '1e3', '99999999999999999999', 'NaN', 'Infinity', '0x10', 'abc', '🐉', 'x'.repeat(300), '3d6', '2d+1', '--json', '-', '\u0000', '1,2,3', '__proto__'];
const FILES = ['examples/tft/duel.yaml', 'examples/adnd/melee.yaml', 'examples/tft/hanging-by-a-thread.yaml', 'examples/lab/sweep-variants.yaml', 'examples', 'no-such-file.yaml', '', 'mutated.yaml', 'mutated.json', 'junk.yaml', 'examples/lab/mutated-experiment.yaml'];
const SMALL_N = ['0', '-1', '1.5', 'abc', '3', '1e10', '', '2'];
/** Ports `fray serve` refuses before it opens anything: the fuzzer ends every serve with one. */
const BAD_PORTS = ['', '-1', '65536', '1.5', 'abc', '0x10', '1e3', '99999999999999999999'];

/** Each command: its options (null: a flag) with the values worth trying, and whether it takes a file or a dice expression. */
const COMMANDS: Record<string, { arg: 'file' | 'dice' | 'none'; opts: Record<string, string[] | null> }> = {
  run: { arg: 'file', opts: { '--seed': VALUES, '--dice': [...VALUES, '6,6,6,6', '7,1', '1 2 3'], '--json': null, '--max-steps': VALUES } },
  validate: { arg: 'file', opts: {} },
  explain: { arg: 'file', opts: { '--seed': VALUES, '--dice': VALUES, '--turn': VALUES, '--json': null } },
  schema: { arg: 'none', opts: { '--system': ['tft', 'adnd', 'nope', '', '__proto__', 'constructor', 'toString'] } },
  odds: {
    arg: 'dice',
    opts: Object.fromEntries([
      ...['--at-most', '--at-least', '--adjdx', '--armor', '--shield', '--clip', '--targets', '--st', '--wounds', '--fatigue', '--need', '--bonus', '--dex', '--level', '--threshold', '--hp', '--death-at'].map((o) => [o, VALUES]),
      ['--damage', ['2d', '2d+1', '1-8', '1000d6', '3d6+1d4', '', 'd0', '0d6', ...VALUES]],
      ['--ruleset', ['legacy', 'classic', 'nope']],
      ['--burst', ['single', 'four', 'half', 'full', 'nope']],
      ['--sweep', ['new', 'classic', 'nope']],
      ['--svg', [join(out, 'o.svg'), join(out, 'nope', 'o.svg'), out, '']],
      ['--hand', ['alone', 'missile', 'primary', 'secondary', 'nope', '']],
      ...['--json', '--per-die', '--defend', '--ap', '--he', '--multiple-swing', '--no-thread', '--no-naturals', '--no-crits', '--parry', '--two-weapons-skill'].map((o) => [o, null]),
    ]),
  },
  sim: {
    arg: 'file',
    opts: { '-n': SMALL_N, '--n': SMALL_N, '--seed': VALUES, '--workers': ['0', '65', 'abc', '1', '1.5'], '--events': null, '--json': null, '--no-progress': null, '--svg': [join(out, 's.svg'), out], '--report': [join(out, 's.html'), out, ''] },
  },
  compare: {
    arg: 'file',
    opts: {
      '-n': SMALL_N,
      '--variant': ['A:figures.bjorn.st=12', 'B:options.ruleset=classic', 'bad', ':', 'A:', 'A:x=1', 'A:figures.nobody.st=1', 'A:figures.bjorn.st=abc', '🐉:a=b'],
      '--vary': ['figures.bjorn.st=10..12', 'figures.bjorn.st=12..10', 'x=1..3', 'figures.bjorn.st=1..1000000', 'a', '=..'],
      '--metric': ['win:north', 'win:nobody', 'state:cedric=dead', 'bogus', ''],
      '--n': SMALL_N,
      '--seed': VALUES,
      '--workers': ['0', '65', 'abc', '1', '2'],
      '--events': null,
      '--json': null,
      '--report': [join(out, 'c.html'), out],
      '--svg': [join(out, 'c.svg'), join(out, 'nope', 'c.svg')],
      '--csv': [join(out, 'c.csv'), out, ''],
      '--no-progress': null,
    },
  },
  serve: { arg: 'none', opts: { '--port': BAD_PORTS, '--host': ['127.0.0.1', '::1', 'nope.invalid', ''], '--db': ['sqlite::memory:', 'postgres://nobody@127.0.0.1:1/x', '', 'x'.repeat(300)], '--build': null } },
};

const argv = fc
  .record({
    command: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...Object.keys(COMMANDS)) }, { weight: 1, arbitrary: fc.constantFrom('nope', '--version', '') }),
    file: fc.constantFrom(...FILES),
    dice: fc.constantFrom('3d6', '2d+1', 'd%', '1-8', '1000d1000000', '1d6+', 'x', '', '0-0', '3d6+1d4-2', '99999999999d6', '-1d6'),
    options: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 4 }),
    extra: fc.oneof({ weight: 6, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.constantFrom<string[]>(['--bogus'], ['-x'], ['extra-arg'], ['--seed'], ['--help']) }),
    dropArg: fc.boolean(),
    experiment: fc.boolean(),
  })
  .map(({ command, file, dice, options, extra, dropArg, experiment }) => {
    const spec = COMMANDS[command];
    const args = [command];
    // compare: a mutated experiment file half the time.
    if (spec?.arg === 'file' && !(dropArg && file === '')) args.push(command === 'compare' && experiment ? 'examples/lab/mutated-experiment.yaml' : file);
    if (spec?.arg === 'dice' && !dropArg) args.push(dice);
    const names = Object.keys(spec?.opts ?? {});
    for (const [o, v, valueless] of options) {
      if (names.length === 0) break;
      const name = names[o % names.length];
      const values = spec.opts[name];
      args.push(name);
      // A value left out now and then: the option then takes the next word, or none.
      if (values !== null && !(valueless && v % 5 === 0)) args.push(values[v % values.length]);
    }
    // The lab commands run small: a valid -n of their own choosing would run 10,000 fights.
    if ((command === 'sim' || command === 'compare') && !args.includes('-n') && !args.includes('--n')) args.push('-n', '3');
    // Last, so that it wins: the port is checked before anything is opened or built.
    if (command === 'serve') return [...args, ...extra, '--port', BAD_PORTS[options.length % BAD_PORTS.length]];
    return [...args, ...extra];
  });

const WHOLE = ['', 'abc', '1.5', '1e3', '0x10', '99999999999999999999', 'x'.repeat(300)];
const SEEDS = ['', '1.5', '-1', '99999999999999999999', 'x'.repeat(300)];
const FACES = ['', 'abc', '1.5', '-1', '0', '0x10'];
const CHOICE = ['', 'nope', '0'];
const PATHS = ['', out, join(out, 'nope', 'x.svg')];
const DUEL = 'examples/tft/duel.yaml';
const TFT = ['odds', '--adjdx', '13', '--damage', '2d'];
const ADND = ['odds', '--need', '14', '--damage', '1d8'];

/** Each flag that takes a value: a command line it fits, and values it must refuse. */
const BAD: [string[], string, string[]][] = [
  [['run', DUEL], '--seed', SEEDS],
  [['run', DUEL], '--dice', FACES],
  [['run', DUEL], '--max-steps', [...WHOLE, '0', '-1']],
  [['explain', DUEL], '--seed', SEEDS],
  [['explain', DUEL], '--dice', FACES],
  [['explain', DUEL], '--turn', [...WHOLE, '0', '-1']],
  [['schema'], '--system', CHOICE],
  [['serve'], '--port', BAD_PORTS],
  ...['-n', '--n', '--seed', '--workers', '--report', '--svg'].map((f): [string[], string, string[]] => [
    ['sim', DUEL, '--no-progress'],
    f,
    f === '--seed' ? SEEDS : f.startsWith('--') && f !== '--n' && f !== '--workers' ? PATHS : [...WHOLE, '0', '-1'],
  ]),
  ...['--variant', '--vary', '--metric', '-n', '--n', '--seed', '--workers', '--report', '--svg', '--csv'].map((f): [string[], string, string[]] => [
    ['compare', DUEL, '--no-progress', '--vary', 'figures.bjorn.dx=10..11'],
    f,
    {
      '--variant': ['', 'ruleset=classic', 'x'.repeat(300)],
      '--vary': ['', 'abc', 'figures.bjorn.dx=12..10'],
      '--metric': ['', ' ', 'abc', 'win:nobody'],
      '--seed': SEEDS,
      '--report': PATHS,
      '--svg': PATHS,
      '--csv': PATHS,
    }[f] ?? [...WHOLE, '0', '-1'],
  ]),
  [['odds', '3d6'], '--at-most', WHOLE],
  [['odds', '3d6'], '--at-least', WHOLE],
  [['odds', '3d6'], '--svg', PATHS],
  [TFT, '--adjdx', WHOLE],
  // TFT damage may have no dice (a plain 2, or 0d+2: rules/tft/core.ts parseDamage), up to 100.
  [TFT, '--damage', ['', 'abc', '1.5', '101d6', '-1d6']],
  ...['--armor', '--shield', '--clip', '--targets', '--st', '--wounds', '--fatigue'].map((f): [string[], string, string[]] => [TFT, f, [...WHOLE, '-1']]),
  ...['--ruleset', '--burst', '--sweep'].map((f): [string[], string, string[]] => [TFT, f, CHOICE]),
  [TFT, '--svg', PATHS],
  [ADND, '--need', WHOLE],
  [ADND, '--damage', ['', 'abc', '1.5', '0d6']],
  ...['--bonus', '--level', '--hp', '--death-at'].map((f): [string[], string, string[]] => [ADND, f, WHOLE]),
  [ADND, '--dex', [...WHOLE, '0', '19/50']],
  [ADND, '--threshold', ['', 'abc', '1e3', '0x10']],
  [ADND, '--hand', CHOICE],
];

/** The flags `fray CMD --help` lists (help aside), by the names its usage gives. */
async function helpFlags(command: string): Promise<string[]> {
  const help = (await fray([command, '--help'])).out;
  const start = help.indexOf('Options:');
  const options = help.slice(start, help.indexOf('\n\n', start));
  return [...options.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)/gm)].flatMap((m) => [m[1], m[2]]).filter((f): f is string => f !== undefined && f !== '-h' && f !== '--help');
}

describe('fuzz: the command line [DESIGN contracts: bad input gets a clear error naming the field]', () => {
  it('covers every command of `fray --help` and every flag of its --help, and each flag that takes a value has bad values below', async () => {
    const help = (await fray(['--help'])).out;
    const commands = [...help.slice(help.indexOf('Commands:'), help.indexOf('Examples:')).matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]).filter((c) => c !== 'help');
    expect(Object.keys(COMMANDS).sort()).toEqual(commands.sort());
    for (const c of commands) {
      const flags = await helpFlags(c);
      expect(flags.length > 0 || c === 'validate', c).toBe(true);
      expect(Object.keys(COMMANDS[c].opts).sort(), c).toEqual(flags.sort());
      const valued = flags.filter((f) => COMMANDS[c].opts[f] !== null);
      // fray serve's --host and --db are judged by listening and opening them (commands/serve.test.ts).
      const withBad = new Set([...BAD.filter(([argv]) => argv[0] === c).map(([, f]) => f), ...(c === 'serve' ? ['--host', '--db'] : [])]);
      expect(valued.filter((f) => !withBad.has(f)), c).toEqual([]);
    }
  });

  it.each(BAD.flatMap(([argv, flag, values]) => values.map((v) => [argv.join(' '), flag, v.slice(0, 20), argv, v] as const)))(
    'fray %s %s %j: exit 1, naming the flag',
    async (_, flag, _short, argv, value) => {
      const r = await fray([...argv, flag, value, ...(['sim', 'compare'].includes(argv[0]) && flag !== '-n' && flag !== '--n' ? ['-n', '3'] : [])]);
      refused(r);
      // -n, --n <fights>: its messages name it -n.
      expect(r.err).toContain(flag === '--n' ? '-n' : flag);
    },
  );

  it('random argument vectors end with a known exit code; a refusal is short and has no stack trace', async () => {
    const scenario = fc.nat(exampleScenarios.length - 1).chain((i) => fc.tuple(fc.constant(exampleScenarios[i].raw), fc.array(mutation(idsIn(exampleScenarios[i].raw)), { minLength: 1, maxLength: 2 })));
    const experiment = fc.tuple(fc.constantFrom(...experiments), fc.array(mutation(), { minLength: 1, maxLength: 2 }));
    await fc.assert(
      fc.asyncProperty(argv, scenario, experiment, fc.constantFrom(...badTexts), async (args, [raw, ms], [exp, es], junk) => {
        const mutated = ms.reduce(applyMutation, raw);
        const files = {
          'mutated.yaml': stringify(mutated),
          'mutated.json': JSON.stringify(mutated),
          'junk.yaml': junk,
          // Its scenario (`scenario: sweep-arena.yaml`...) is read from examples/lab.
          'examples/lab/mutated-experiment.yaml': stringify(es.reduce(applyMutation, exp)),
        };
        const here = readdirSync('.').join();
        const r = await fray(args, files);
        const what = `fray ${args.map((a) => JSON.stringify(a.slice(0, 60))).join(' ')} -> ${r.code}: ${r.err.slice(0, 500)}`;
        expect([0, 1, 2, 3], what).toContain(r.code);
        expect(r.err, what).not.toMatch(/internal error|\n\s+at |TypeError|RangeError|ReferenceError/);
        for (const line of r.err.split('\n')) expect(line.length, what).toBeLessThan(400);
        if (r.code === 1) expect(r.err, what).toMatch(/\S/);
        // Nothing written but the files asked for, in the temp folder (`--svg --no-progress` wrote ./--no-progress).
        expect(readdirSync('.').join(), what).toBe(here);
      }),
      fuzzParams(150),
    );
  }, 120_000);
});
