// `fray odds` on bad input (audit): every refusal is a clear error naming the flag (or the
// expression), exit 1, on one line per issue, quoting at most a short start of what was typed;
// odd but meaningful input gets a correct result. The property at the end throws random
// argument lists at the command: never a stack trace or an internal error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fray, refused } from './testing.ts';

const odds = (...args: string[]) => fray(['odds', ...args]);
const tft = (...args: string[]) => odds('--adjdx', '13', '--damage', '2d', ...args);
const adnd = (...args: string[]) => odds('--need', '14', '--damage', '1d8', ...args);

describe('fray odds: thresholds', () => {
  it('a threshold written as separate words is read (3d6 "<=" 99), and one outside the totals says so', async () => {
    const r = await odds('3d6', '<=', '99');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/P\(3d6 <= 99\) = 100\.000% \(1\) \(99 is outside the totals 3\.\.18\)/);
    const ge0 = await odds('3d6>=0');
    expect(ge0.out).toMatch(/P\(3d6 >= 0\) = 100\.000% \(1\)/);
    const neg = await odds('3d6', '--at-most', '-3');
    expect(neg.out).toMatch(/P\(3d6 <= -3\) = 0\.000% \(0\)/);
  });
  it('≤, ≥ and == are comparisons too', async () => {
    expect((await odds('3d6 ≤ 12')).out).toMatch(/P\(3d6 <= 12\) = 74\.074% \(20\/27\)/);
    expect((await odds('3d6 == 12')).out).toMatch(/P\(3d6 = 12\) = 11\.574% \(25\/216\)/);
  });
  it('a threshold that is not a whole number, missing, or after nothing is an error of the threshold', async () => {
    refused(await odds('3d6<=1.5'), /expression: the threshold '1\.5' is not a whole number/);
    refused(await odds('3d6', '<=', '1.5'), /the threshold '1\.5' is not a whole number/);
    refused(await odds('3d6<='), /'<=' needs a whole number after it/);
    refused(await odds('<=12'), /nothing before '<='/);
    refused(await odds('3d6!=12'), /'!=' is not a comparison/);
    refused(await odds('3d6<=12<=4'), /the threshold '12<=4' is not a whole number/);
    refused(await odds('3d6<=99999999999999999999'), /the threshold '99999999999999999999' is out of range/);
  });
  it('--at-most and --at-least are whole numbers in decimal, in range', async () => {
    refused(await odds('3d6', '--at-most', '1e3'), /--at-most: must be a whole number from -1000000000000 to 1000000000000, got '1e3'/);
    refused(await odds('3d6', '--at-least', '0x10'), /--at-least: must be a whole number from -1000000000000 to 1000000000000, got '0x10'/);
    refused(await odds('3d6', '--at-most', '1.5'), /--at-most: must be a whole number from -1000000000000 to 1000000000000, got '1\.5'/);
    refused(await odds('3d6', '--at-most', '99999999999999999999'), /--at-most: must be a whole number from -1000000000000 to 1000000000000, got '99999999999999999999'/);
  });
  it('no expression and no mode: the error names the expression (not a flag --expression)', async () => {
    const r = await odds();
    refused(r, /^fray: invalid option: expression: required/m);
    expect(r.err).not.toMatch(/--expression/);
  });
});

describe('fray odds: dice expressions', () => {
  it('odd but valid expressions give a result: d6, 3d-6 (3d6-6, TFT), 3-18, d%, whitespace, a sum in words', async () => {
    expect((await odds('d6')).out).toMatch(/^d6: 1\.\.6/);
    expect((await odds('3d-6')).out).toMatch(/^3d-6: -3\.\.12/);
    expect((await odds('3-18')).out).toMatch(/^3-18: 3\.\.18/);
    expect((await odds('d%')).out).toMatch(/^d%: 1\.\.100/);
    expect((await odds(' 3d6 ')).out).toMatch(/^3d6: 3\.\.18/);
    expect((await odds('3d6', '+', '2')).out).toMatch(/^3d6 \+ 2: 5\.\.20/);
  });
  it('0d6, 3d0, 3d6+, unicode digits and 1000d6 are refused naming the expression', async () => {
    refused(await odds('0d6'), /expression: dice count must be at least 1/);
    refused(await odds('3d0'), /expression: die sides must be at least 1/);
    refused(await odds('3d6+'), /expression: expected a number or a die after '\+'/);
    refused(await odds('３d６'), /expression: expected a number or a die such as 3d6, got '３'/);
    refused(await odds('1000d6'), /expression: '1000d6' is too large to enumerate exactly/);
  });
  it('a long expression is refused quoting only its start', async () => {
    const r = await odds('x'.repeat(5000));
    refused(r, /expression: 'x{37}\.\.\.' is 5,000 characters long; at most 200/);
    expect(r.err.length).toBeLessThan(200);
    const digits = await odds(`3d${'9'.repeat(150)}`);
    refused(digits, /die sides 9{12}\.\.\. is too large/);
    expect(digits.err).not.toMatch(/9{40}/);
    const sum = await odds(`${'1d6+'.repeat(60)}1`);
    refused(sum, /expression: '(1d6\+){9}1\.\.\.' is 241 characters long; at most 200/);
    expect((await odds(`${'1d6+'.repeat(45)}1`)).out).toMatch(/: 46\.\.271, mean/);
  });
  it('control characters are written as escapes: every message stays on its line', async () => {
    const r = await odds('3d6\n12');
    refused(r, /got '\\n' at column 4 in '3d6\\n12'/);
    expect(r.err.split('\n')).toHaveLength(1);
  });
  it("commander's own errors quote a long word by its start only, on one line", async () => {
    const r = await odds(`--${'z'.repeat(400)}`);
    refused(r, /unknown option '--z+\.\.\./);
    expect(r.err.length).toBeLessThan(120);
    const nl = await odds('-\nx');
    refused(nl, /^error: unknown option '-\\nx'$/);
  });
});

describe('fray odds: TFT attack flags', () => {
  it('the lab refusals name the flag, not the field (--armor, --clip, --targets, --st)', async () => {
    refused(await tft('--armor', '-1'), /^fray: invalid option: --armor: must be a whole number from 0 to 100, got -1/m);
    refused(await tft('--burst', 'full', '--clip', '0'), /^fray: invalid option: --clip: must be a whole number from 1 to 1000/m);
    refused(await tft('--sweep', 'new', '--targets', '9'), /^fray: invalid option: --targets: must be a whole number from 2 to 6/m);
    refused(await tft('--st', '0'), /^fray: invalid option: --st: must be a whole number from 1 to 200/m);
    refused(await odds('--adjdx', '999', '--damage', '2d'), /^fray: invalid option: --adjdx: must be a whole number from -50 to 100/m);
  });
  it('numbers are whole and in decimal: 0x10, 1e2 and empty text are refused', async () => {
    refused(await tft('--armor', '0x10'), /--armor: must be a whole number, got '0x10'/);
    refused(await tft('--armor', '1e2'), /--armor: must be a whole number, got '1e2'/);
    refused(await tft('--armor', ''), /--armor: must be a whole number, got ''/);
  });
  it('--damage: huge adds, long text and bad notation are errors of --damage (never of a distribution)', async () => {
    const inf = await odds('--adjdx', '13', '--damage', `2d+${'9'.repeat(400)}`);
    refused(inf, /--damage: '2d\+9+\.\.\.' is 403 characters long; at most 40/);
    expect(inf.err).not.toMatch(/mapTotal|Infinity/);
    const big = await odds('--adjdx', '13', '--damage', '100d+1000000000');
    refused(big, /--damage: '100d\+1000000000': the adds must be from -1000 to \+1000/);
    expect(big.err).not.toMatch(/mix:|distribution/);
    refused(await odds('--adjdx', '13', '--damage', 'abc'), /--damage: 'abc' is not TFT damage notation/);
    refused(await odds('--adjdx', '13', '--damage', '1000d'), /--damage: '1000d': between 0 and 100 dice/);
  });
  // It ran for minutes: now refused before enumerating, within this test's own limit (a hang guard, not a speed check).
  it('a burst too large to enumerate is refused at once (it ran for minutes)', async () => {
    refused(await odds('--adjdx', '100', '--damage', '100d', '--burst', 'full', '--clip', '1000'), /--damage: '100d' with a 'full' burst of up to 33 hits of 100 dice each is too large/);
    refused(await odds('--adjdx', '30', '--damage', '100d', '--burst', 'full', '--clip', '1000'), /too large to enumerate/);
    expect((await odds('--adjdx', '30', '--damage', '20d', '--burst', 'full', '--clip', '1000')).code).toBe(0);
  }, 20_000);
  it('--burst, --sweep and --ruleset name the flag and quote a short start', async () => {
    refused(await tft('--burst', 'many'), /--burst: must be single, four, half or full, got 'many'/);
    refused(await tft('--sweep', 'z'.repeat(300), '--targets', '2'), /--sweep: must be new or classic, got 'z{37}\.\.\.'/);
    refused(await tft('--ruleset', 'modern'), /--ruleset: must be legacy or classic, got 'modern'/);
  });
  it('the target: negative or huge wounds and fatigue are refused', async () => {
    refused(await tft('--st', '12', '--wounds', '-5'), /--wounds: must be a whole number from 0 to 10000, got -5/);
    refused(await tft('--st', '12', '--fatigue', '99999999999'), /--fatigue: must be a whole number from 0 to 10000/);
    expect((await tft('--st', '12', '--wounds', '11')).out).toMatch(/Target after this attack/);
  });
});

describe('fray odds: flags that mean nothing beside another', () => {
  /** A meaningful combination: answered. */
  const answered = async (...args: string[]) => {
    const r = await odds(...args);
    expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
  };
  it('R-H10, R-S6, R-S7, R-H9: --clip without a half or full burst, --multiple-swing on the classic sweep, AP or HE on a sweep, --ap without armor are refused naming the flag and why', async () => {
    const clip = /^fray: invalid option: --clip: only with --burst half or full: the clip sets how many rounds those fire/m;
    refused(await tft('--clip', '10'), clip);
    refused(await tft('--burst', 'single', '--clip', '10'), clip);
    refused(await tft('--burst', 'four', '--clip', '10'), clip);
    // An unknown burst is an error of --burst, not of --clip.
    refused(await tft('--burst', 'many', '--clip', '10'), /--burst: must be single, four, half or full/);
    const classic = ['--adjdx', '17', '--damage', '3d', '--sweep', 'classic', '--targets', '3'];
    refused(await odds(...classic, '--multiple-swing'), /^fray: invalid option: --multiple-swing: only with --sweep new: the classic rule is -4 DX flat/m);
    const sweep = ['--adjdx', '17', '--damage', '3d', '--armor', '2', '--sweep', 'new', '--targets', '2'];
    refused(await odds(...sweep, '--ap'), /^fray: invalid option: --ap: armor-piercing ammunition \(R-H9\) is a firearm's; a sweeping blow \(--sweep\) is a melee attack/m);
    refused(await odds(...sweep, '--he'), /^fray: invalid option: --he: high-explosive ammunition/m);
    refused(await tft('--ap'), /^fray: invalid option: --ap: armor-piercing halves the armor \(R-H9\): give the --armor \(or --shield\) it halves/m);
    // Meaningful: a clip with a half or full burst, per-die armor on a single shot, HE without armor, --ap with --armor 0, Multiple Swing on the new sweep.
    await answered('--adjdx', '13', '--damage', '2d', '--burst', 'half', '--clip', '10');
    await answered('--adjdx', '13', '--damage', '2d', '--burst', 'full', '--clip', '10');
    await answered('--adjdx', '13', '--damage', '2d', '--armor', '2', '--per-die');
    await answered('--adjdx', '13', '--damage', '2d', '--he');
    await answered('--adjdx', '13', '--damage', '2d', '--ap', '--armor', '0');
    await answered('--adjdx', '13', '--damage', '2d', '--ap', '--shield', '2', '--per-die', '--burst', 'four');
    await answered('--adjdx', '17', '--damage', '3d', '--sweep', 'new', '--targets', '3', '--multiple-swing', '--defend');
  });
  it('R-A10: --threshold, --dex, --level and --parry with --no-crits, and --dex or --level beside --threshold, are refused naming the flag and why', async () => {
    for (const [flag, ...v] of [['--threshold', '6.5'], ['--dex', '16'], ['--level', '5'], ['--parry']]) {
      refused(await adnd('--no-crits', flag, ...v), new RegExp(`^fray: invalid option: ${flag}: .* \\(R-A10\\); --no-crits turns critical hits off`, 'm'));
    }
    refused(await adnd('--dex', '16', '--threshold', '6.5'), /^fray: invalid option: --dex: makes the critical threshold \(dex \+ level\) \/ 2, which --threshold gives outright/m);
    refused(await adnd('--level', '5', '--threshold', '6.5'), /^fray: invalid option: --level: makes the critical threshold/m);
    // Flags of the other mode were refused already: a shield on an AD&D swing, AD&D flags on a TFT attack.
    refused(await adnd('--shield', '1'), /--shield is a TFT flag/);
    refused(await tft('--no-crits'), /--no-crits is an AD&D flag/);
    await answered('--need', '14', '--damage', '1d8', '--no-crits', '--no-naturals', '--hp', '8');
    await answered('--need', '14', '--damage', '1d8', '--dex', '16', '--level', '5', '--parry');
  });
});

describe('fray odds: AD&D swing flags', () => {
  it('--threshold is a number in decimal from -100 to 100', async () => {
    refused(await adnd('--threshold', ''), /--threshold: must be a number in decimal \(e\.g\. 6\.5\), got ''/);
    refused(await adnd('--threshold', '1e300'), /--threshold: must be a number in decimal \(e\.g\. 6\.5\), got '1e300'/);
    refused(await adnd('--threshold', '500'), /--threshold: must be a number from -100 to 100, got 500/);
    expect((await adnd('--threshold', '6.5')).out).toMatch(/confirmed by d20 <= 6 \(threshold 6\.5\)/);
  });
  it('--dex and --level are in range', async () => {
    refused(await adnd('--dex', '99999999999999999999'), /--dex: must be a whole number from 1 to 100, got 100000000000000000000/);
    refused(await adnd('--dex', '0'), /--dex: must be a whole number from 1 to 100, got 0/);
    refused(await adnd('--level', '-1'), /--level: must be a whole number from 0 to 100, got -1/);
  });
  it('--damage: a negative constant and totals beyond 10,000 are refused naming --damage', async () => {
    refused(await odds('--need', '14', '--damage', '-5'), /--damage: '-5' is a negative damage/);
    const big = await odds('--need', '14', '--damage', '1d8+1000000000');
    refused(big, /--damage: '1d8\+1000000000' goes from 1000000001 to 1000000008/);
    expect(big.err).not.toMatch(/mix:/);
    refused(await odds('--need', '14', '--damage', 'z'.repeat(400)), /--damage: 'z{37}\.\.\.' is 400 characters long; at most 200/);
    refused(await odds('--need', '99', '--damage', '1d8'), /--need: must be a whole number from -50 to 50/);
  });
});

/** A value an option may be given: numbers (some odd), dice, words, random text. */
const value = fc.oneof(
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom('0', '-0', '1.5', '1e3', '0x10', '', ' ', '99999999999999999999', 'NaN', 'Infinity', '-', '+', '12abc'),
  fc.constantFrom('3d6', '2d+1', '1d8+3', 'd6', '3d-6', '0d6', '3d0', '3d6+', '3-18', 'd%', '1d20>=15', '3d6<=1.5', '<=', '3d6 ≤ 12', '1000d6', '３d６'),
  fc.constantFrom('2d+99999999999999999999', '100d+1000000000', '1d8+1000000000', '-5', '3d6\n12', 'x'.repeat(300), '-\n'),
  fc.constantFrom('new', 'classic', 'single', 'four', 'half', 'full', 'legacy'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const flag = fc.constantFrom(
  '--json',
  '--at-most',
  '--at-least',
  '--adjdx',
  '--damage',
  '--armor',
  '--per-die',
  '--defend',
  '--ruleset',
  '--ap',
  '--he',
  '--burst',
  '--clip',
  '--sweep',
  '--targets',
  '--multiple-swing',
  '--st',
  '--wounds',
  '--fatigue',
  '--no-thread',
  '--need',
  '--bonus',
  '--no-naturals',
  '--no-crits',
  '--dex',
  '--level',
  '--threshold',
  '--parry',
  '--hp',
  '--death-at',
  '--bogus',
);
const token = fc.oneof({ weight: 2, arbitrary: flag }, { weight: 3, arbitrary: value });

describe('fray odds: random arguments (property)', () => {
  it('never a stack trace or an internal error: a result (exit 0) or clear errors (exit 1), each line short', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 8 }), async (args) => {
        const r = await odds(...args);
        expect([0, 1], r.err).toContain(r.code);
        expect(r.err).not.toMatch(/internal error|\n\s+at |TypeError|RangeError|invalid distribution/);
        if (r.code === 1) {
          // "fray: invalid ...:" then "  path: message" lines, or commander's "error: ..." (and its "(Did you mean ...?)").
          for (const line of r.err.split('\n')) {
            expect(line).toMatch(/^(fray: | {2}\S|error: |\(Did you mean )/);
            expect(line.length).toBeLessThan(1300);
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);
  it('the TFT and AD&D modes with random values for every flag (property)', async () => {
    const pairs = (flags: string[]) => fc.tuple(...flags.map((f) => fc.option(value, { nil: undefined }).map((v) => (v === undefined ? [] : [f, v])))).map((xs) => xs.flat());
    const tftArgs = pairs(['--armor', '--burst', '--clip', '--sweep', '--targets', '--st', '--wounds', '--fatigue', '--ruleset', '--damage']).map((xs) => ['--adjdx', '15', '--damage', '2d+1', ...xs]);
    const adndArgs = pairs(['--bonus', '--dex', '--level', '--threshold', '--hp', '--death-at', '--damage']).map((xs) => ['--need', '12', ...(xs.includes('--damage') ? [] : ['--damage', '1d8']), ...xs]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(tftArgs, adndArgs), async (args) => {
        const r = await odds(...args);
        expect([0, 1], r.err).toContain(r.code);
        expect(r.err).not.toMatch(/internal error|\n\s+at |invalid distribution/);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
