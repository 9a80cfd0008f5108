// `fray odds`: exact distributions (issue 8 part 1).
//   fray odds 3d6 [--at-most 12 | "3d6<=12"]            a dice expression
//   fray odds --adjdx 13 --damage 2d+1 --armor 2 ...     one TFT attack (melee, HiTech, sweep)
//   fray odds --need 14 --damage 1d8+3 ...               one AD&D swing
// A table and a bar chart, or --json.
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import {
  type AdndAttackInput,
  type AdndAttackResult,
  adndAttackOdds,
  type Burst,
  type Comparison,
  type DiceOddsResult,
  type DistRow,
  confirmText,
  diceOdds,
  type Hand,
  MAX_THRESHOLD,
  type StateOdds,
  splitThreshold,
  type TftAttackInput,
  type TftAttackResult,
  tftAttackOdds,
} from '../../lab/odds.ts';
import { quote } from '../../core/issues.ts';
import { CRITICALS_OFF } from '../../rules/adnd/combat.ts';
import { formatLedger } from '../../core/ledger.ts';
import { distChart, renderSvg } from '../../lab/report.ts';
import { bars, pct, table } from '../../lab/text.ts';
import { namedByFlags } from '../errors.ts';
import type { CliContext } from '../io.ts';
import { wholeNumber } from '../../core/numbers.ts';
import { checkOutputPath, writeOutput } from '../output.ts';

interface OddsOpts {
  json?: boolean;
  svg?: string;
  atMost?: string;
  atLeast?: string;
  adjdx?: string;
  damage?: string;
  armor?: string;
  shield?: string;
  perDie?: boolean;
  defend?: boolean;
  ruleset?: string;
  ap?: boolean;
  he?: boolean;
  burst?: string;
  clip?: string;
  sweep?: string;
  targets?: string;
  multipleSwing?: boolean;
  st?: string;
  wounds?: string;
  fatigue?: string;
  thread?: boolean;
  need?: string;
  bonus?: string;
  naturals?: boolean;
  crits?: boolean;
  dex?: string;
  level?: string;
  threshold?: string;
  parry?: boolean;
  hand?: string;
  twoWeaponsSkill?: boolean;
  hp?: string;
  deathAt?: string;
}

/** --at-most and --at-least: as a threshold written in the expression (3d6<=12). */
const THRESHOLDS = { min: -MAX_THRESHOLD, max: MAX_THRESHOLD };

/** A whole number from an option (the lab checks each one's own range, in the same words). */
const int = (v: string | undefined, name: string): number | undefined => (v === undefined ? undefined : wholeNumber(v, `--${name}`));

/** --threshold: a number in decimal (it may be a half: the default is (dex + level) / 2). */
function decimal(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v)) throw new InputError([{ path: `--${name}`, message: `must be a number in decimal (e.g. 6.5), got ${quote(v)}` }], 'option');
  return Number(v);
}

/** The lab's input fields (src/lab/odds.ts) as the flags that set them. */
const LAB_FLAGS: Record<string, string> = {
  adjdx: '--adjdx',
  armor: '--armor',
  shield: '--shield',
  perDie: '--per-die',
  burst: '--burst',
  clip: '--clip',
  targets: '--targets',
  st: '--st',
  wounds: '--wounds',
  fatigue: '--fatigue',
  damage: '--damage',
  need: '--need',
  bonus: '--bonus',
  dex: '--dex',
  level: '--level',
  threshold: '--threshold',
  hand: '--hand',
  twoWeaponsSkill: '--two-weapons-skill',
  hp: '--hp',
};

/** Runs `f`; an InputError on one of the lab's fields is rethrown naming the flag instead. */
function asFlags<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw namedByFlags(e, LAB_FLAGS);
  }
}

function need<T>(v: T | undefined, name: string, why: string): T {
  if (v === undefined) throw new InputError([{ path: `--${name}`, message: `required ${why}` }], 'option');
  return v;
}

/** The bursts of --burst (R-H10). */
const BURSTS: readonly Burst[] = ['single', 'four', 'half', 'full'];

/** The flags of each mode (commander keys), as the user types them. */
const TFT_FLAGS = ['adjdx', 'armor', 'shield', 'perDie', 'defend', 'ruleset', 'ap', 'he', 'burst', 'clip', 'sweep', 'targets', 'multipleSwing', 'st', 'wounds', 'fatigue', 'thread'] as const;
const ADND_FLAGS = ['need', 'bonus', 'naturals', 'crits', 'dex', 'level', 'threshold', 'parry', 'hand', 'twoWeaponsSkill', 'hp', 'deathAt'] as const;
const DICE_FLAGS = ['atMost', 'atLeast'] as const;
const FLAG_NAMES: Record<string, string> = { thread: '--no-thread', naturals: '--no-naturals', crits: '--no-crits' };
const flagName = (k: string) => FLAG_NAMES[k] ?? `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function mixed(path: string, message: string): InputError {
  return new InputError([{ path, message }], 'option');
}

/**
 * Refuses flags that mix the modes (a dice expression, a TFT attack, an AD&D swing) or that
 * mean nothing in the mode chosen or beside another flag (docs/LAB.md), naming them and why;
 * `given(k)` tells whether the user gave flag k, `opts` holds the values.
 */
function checkModes(expression: string | undefined, given: (k: string) => boolean, opts: OddsOpts): void {
  const tft = TFT_FLAGS.filter(given);
  const adnd = ADND_FLAGS.filter(given);
  const dice = DICE_FLAGS.filter(given);
  const list = (ks: readonly string[]) => ks.map(flagName).join(', ');
  if (given('adjdx') && given('need')) throw mixed('--need', '--adjdx (a TFT attack) and --need (an AD&D swing) are two different modes: give one');
  if (given('adjdx') || given('need')) {
    const mode = given('adjdx') ? '--adjdx (TFT)' : '--need (AD&D)';
    if (expression !== undefined) throw mixed('expression', `a dice expression (${quote(expression)}) cannot be combined with ${mode}: give one`);
    if (dice.length) throw mixed(flagName(dice[0]), `${list(dice)} go with a dice expression, not with ${mode}`);
    if (given('adjdx') && adnd.length) throw mixed(flagName(adnd[0]), `${list(adnd)} ${adnd.length === 1 ? 'is an AD&D flag' : 'are AD&D flags'} (with --need), not for a TFT attack (--adjdx)${given('hp') ? '; the TFT target is --st' : ''}`);
    if (given('need') && tft.length) throw mixed(flagName(tft[0]), `${list(tft)} ${tft.length === 1 ? 'is a TFT flag' : 'are TFT flags'} (with --adjdx), not for an AD&D swing (--need)${given('st') ? '; the AD&D target is --hp' : ''}`);
  } else {
    const attack = [...tft, ...adnd, ...(given('damage') ? ['damage'] : [])];
    if (attack.length) throw mixed(flagName(attack[0]), `${list(attack)} ${attack.length === 1 ? 'is an attack flag' : 'are attack flags'}: give --adjdx (a TFT attack) or --need (an AD&D swing)${expression !== undefined ? `, or the dice expression ${quote(expression)} alone` : ''}`);
    if (given('atMost') && given('atLeast')) throw mixed('--at-least', '--at-most and --at-least: give one threshold (or write it in the expression, "3d6<=12")');
    if (dice.length && expression !== undefined && splitThreshold(expression).op !== undefined) throw mixed(flagName(dice[0]), `the expression ${quote(expression)} already has a threshold`);
  }
  if (given('targets') && !given('sweep')) throw mixed('--targets', 'goes with --sweep new|classic (the targets of a sweeping blow)');
  if (given('multipleSwing') && !given('sweep')) throw mixed('--multiple-swing', 'goes with --sweep new|classic');
  if (given('sweep') && given('perDie')) throw mixed('--per-die', 'per-die armor (R-H8) is armor against missiles; a sweeping blow (--sweep) is a melee attack');
  if (given('sweep') && given('burst')) throw mixed('--burst', 'a sweeping blow (--sweep) is a melee attack, not a burst');
  // A burst's value is checked after this: an unknown one is an error of --burst, not of --clip.
  if (given('clip') && (opts.burst === undefined || opts.burst === 'single' || opts.burst === 'four')) {
    throw mixed('--clip', 'only with --burst half or full: the clip sets how many rounds those fire (a single shot fires 1 round, a four-shot burst 4; R-H10)');
  }
  if (given('multipleSwing') && opts.sweep === 'classic') throw mixed('--multiple-swing', 'only with --sweep new: the classic rule is -4 DX flat whatever the targets (R-S6); Multiple Swing makes the new rule -2 per extra target (R-S7)');
  for (const [k, what] of [['ap', 'armor-piercing'], ['he', 'high-explosive']] as const) {
    if (given(k) && given('sweep')) throw mixed(flagName(k), `${what} ammunition (R-H9) is a firearm's; a sweeping blow (--sweep) is a melee attack`);
  }
  if (given('ap') && !given('armor') && !given('shield')) throw mixed('--ap', 'armor-piercing halves the armor (R-H9): give the --armor (or --shield) it halves');
  for (const k of ['wounds', 'fatigue', 'thread'] as const) if (given(k) && !given('st')) throw mixed(flagName(k), 'describes the target: give its --st too');
  if (given('deathAt') && !given('hp')) throw mixed('--death-at', 'describes the target: give its --hp too');
  // The critical chain (R-A10): --dex and --level make its threshold, --threshold gives it, --parry
  // lowers its third roll. With --hand, --dex also picks the to-hit column's row (R-A4).
  const hand = given('hand');
  for (const k of ['threshold', 'dex', 'level', 'parry'] as const) {
    if (k === 'dex' && hand) continue;
    if (given(k) && given('crits')) throw mixed(flagName(k), `${k === 'parry' ? 'lowers the third roll of a critical hit' : 'sets the confirmation of a critical hit'} (R-A10); --no-crits turns critical hits off`);
  }
  for (const k of ['dex', 'level'] as const) {
    if (k === 'dex' && hand) continue;
    if (given(k) && given('threshold')) throw mixed(flagName(k), 'makes the critical threshold (dex + level) / 2, which --threshold gives outright: give one');
  }
  if (hand && !given('dex')) throw mixed('--hand', "reads the seed's dexterity table (R-A4): give the attacker's --dex too");
  if (given('twoWeaponsSkill') && opts.hand !== 'primary' && opts.hand !== 'secondary') throw mixed('--two-weapons-skill', 'only with --hand primary or secondary: the skill moves the two-weapon columns to the next better row (R-A4)');
}

/** --dex: a whole number, or an exceptional score such as 18/95 (the seed's table has 18/xx rows). */
const dexOption = (v: string | undefined): number | string | undefined => (v?.includes('/') ? v.trim() : int(v, 'dex'));

export function registerOdds(program: Command, ctx: CliContext): void {
  program
    .command('odds')
    .description('exact odds: a dice expression ("3d6<=12"), a TFT attack (--adjdx) or an AD&D swing (--need)')
    .argument('[expression...]', 'dice notation, optionally with <=, >=, <, >, = and a number (words are joined: 3d6 "<=" 12)')
    .option('--json', 'print one JSON object')
    .option('--svg <file.svg>', 'also write the distribution as a bar chart: the totals of a dice expression, the damage of an attack')
    .option('--at-most <n>', 'P(total <= n) of the expression')
    .option('--at-least <n>', 'P(total >= n) of the expression')
    .option('--adjdx <n>', 'TFT: adjDX of the attack (all modifiers included; a sweep penalty is added)')
    .option('--damage <dice>', 'damage: TFT notation (2d+1) or AD&D dice with bonuses (1d8+3)')
    .option('--armor <n>', 'TFT: hits stopped by armor (and shield, without --shield)', '0')
    .option('--per-die', 'TFT: armor stops per die (HiTech armor against missiles, R-H8)')
    .option('--shield <n>', "TFT: a ready shield's hits stopped, apart from --armor (default: none); with --per-die once per hit after the armor (tft-core shields)")
    .option('--defend', 'TFT: the target defends or dodges (4d6)')
    .option('--ruleset <r>', 'TFT: legacy or classic', 'legacy')
    .option('--ap', 'TFT: armor-piercing (armor counts half, R-H9)')
    .option('--he', 'TFT: high explosive (damage through armor doubled, R-H9); with --ap, a HEAP round')
    .option('--burst <b>', 'TFT: single, four, half or full (R-H10)')
    .option('--clip <n>', 'TFT: clip size for half and full bursts (only with those)', '30')
    .option('--sweep <variant>', 'TFT: sweeping blow, new or classic (R-S2..R-S6)')
    .option('--targets <n>', 'TFT: sweep targets (2 or more)')
    .option('--multiple-swing', 'TFT: the attacker has Multiple Swing (R-S7; with --sweep new)')
    .option('--st <n>', 'TFT target: ST (gives the chance of each state)')
    .option('--wounds <n>', 'TFT target: wounds already taken', '0')
    .option('--fatigue <n>', 'TFT target: fatigue', '0')
    .option('--no-thread', 'TFT target: standard TFT states instead of Hanging by a Thread (R-T1)')
    .option('--need <n>', 'AD&D: d20 total needed to hit')
    .option('--bonus <n>', 'AD&D: to-hit bonus added to the d20', '0')
    .option('--no-naturals', 'AD&D: no automatic natural 20 / natural 1 (R-A11 option)')
    .option('--no-crits', "AD&D: no critical hits, a natural 20 just hits (a scenario's criticals: off, R-A10)")
    .option('--dex <n>', 'AD&D: attacker dexterity, such as 13 or 18/95 (critical threshold; with --hand, the to-hit column)', '11')
    .option('--level <n>', 'AD&D: attacker level or hit dice (critical threshold)', '1')
    .option('--threshold <x>', 'AD&D: critical confirmation threshold (default: (dex + level) / 2)')
    .option('--parry', 'AD&D: the target parries this attacker (third roll -3)')
    .option('--hand <h>', "AD&D: add the dexterity table's to-hit for --dex (R-A4): alone (one weapon), missile, primary or secondary (two weapons); --bonus is then the other bonuses")
    .option('--two-weapons-skill', 'AD&D: with --hand primary or secondary, the next better row of the two-weapon columns (R-A4)')
    .option('--hp <n>', 'AD&D target: hit points (gives the chance of each state)')
    .option('--death-at <n>', 'AD&D: 0 (dead at 0 hp) or -10 (unconscious at 0, dying to -9)', '0')
    .addHelpText(
      'after',
      `
Three modes, which do not mix: a dice expression, a TFT attack (--adjdx) or an AD&D swing
(--need). Every figure is exact, printed with its fraction.

Examples:
  fray odds "3d6<=12"
  fray odds 4d6 --at-least 20
  fray odds --adjdx 13 --damage 2d+1 --armor 2 --st 12
  fray odds --adjdx 15 --damage 3d --armor 3 --per-die --ap --burst four
  fray odds --adjdx 17 --damage 3d+1 --armor 1 --sweep new --targets 3
  fray odds --need 14 --bonus 1 --damage 1d8+3 --dex 16 --level 5 --hp 20 --death-at -10
  fray odds --need 14 --bonus 5 --damage 1d8+5 --dex 17 --level 4 --hand primary
  fray odds --adjdx 13 --damage 2d+1 --armor 2 --svg damage.svg`,
    )
    .action(async (words: string[], opts: OddsOpts, cmd: Command) => {
      const { io } = ctx;
      checkOutputPath(opts.svg, '--svg');
      const expression = words.length > 0 ? words.join(' ') : undefined;
      checkModes(expression, (k) => cmd.getOptionValueSource(k) === 'cli', opts);
      let result: DiceOddsResult | TftAttackResult | AdndAttackResult;
      if (opts.adjdx !== undefined) {
        const st = int(opts.st, 'st');
        const sweep = opts.sweep;
        if (sweep !== undefined && sweep !== 'new' && sweep !== 'classic') throw new InputError([{ path: '--sweep', message: `must be new or classic, got ${quote(sweep)}` }], 'option');
        if (opts.ruleset !== 'legacy' && opts.ruleset !== 'classic') throw new InputError([{ path: '--ruleset', message: `must be legacy or classic, got ${quote(String(opts.ruleset))}` }], 'option');
        if (opts.burst !== undefined && !BURSTS.includes(opts.burst as Burst)) throw new InputError([{ path: '--burst', message: `must be single, four, half or full, got ${quote(opts.burst)}` }], 'option');
        const input: TftAttackInput = {
          adjDX: int(opts.adjdx, 'adjdx') as number,
          damage: need(opts.damage, 'damage', 'with --adjdx (e.g. 2d+1)'),
          armor: int(opts.armor, 'armor'),
          shield: int(opts.shield, 'shield'),
          perDie: opts.perDie,
          defend: opts.defend,
          ruleset: opts.ruleset,
          ap: opts.ap,
          he: opts.he,
          burst: opts.burst as Burst | undefined,
          clip: int(opts.clip, 'clip'),
          sweep: sweep ? { variant: sweep, targets: need(int(opts.targets, 'targets'), 'targets', 'with --sweep'), multipleSwing: opts.multipleSwing } : undefined,
          target: st !== undefined ? { st, wounds: int(opts.wounds, 'wounds'), fatigue: int(opts.fatigue, 'fatigue'), thread: opts.thread } : undefined,
        };
        result = asFlags(() => tftAttackOdds(input));
      } else if (opts.need !== undefined) {
        const deathAt = int(opts.deathAt, 'death-at');
        if (deathAt !== 0 && deathAt !== -10) throw new InputError([{ path: '--death-at', message: `must be 0 or -10, got ${deathAt}` }], 'option');
        const input: AdndAttackInput = {
          need: int(opts.need, 'need') as number,
          bonus: int(opts.bonus, 'bonus'),
          damage: need(opts.damage, 'damage', 'with --need (e.g. 1d8+3)'),
          naturals: opts.naturals,
          // --no-crits is the scenario option `criticals: off` (R-A10 switch).
          criticals: opts.crits === false ? 'off' : 'seed',
          dex: dexOption(opts.dex),
          level: int(opts.level, 'level'),
          threshold: decimal(opts.threshold, 'threshold'),
          parry: opts.parry,
          hand: opts.hand as Hand | undefined,
          twoWeaponsSkill: opts.twoWeaponsSkill,
          hp: int(opts.hp, 'hp'),
          deathAt,
        };
        result = asFlags(() => adndAttackOdds(input));
      } else {
        if (expression === undefined) throw new InputError([{ path: 'expression', message: 'required: give a dice expression (3d6), or --adjdx (TFT) or --need (AD&D)' }], 'option');
        const text = expression;
        const split = splitThreshold(text);
        let threshold: { op: Comparison; value: number } | undefined;
        if (split.op !== undefined) threshold = { op: split.op, value: split.value as number };
        else if (opts.atMost !== undefined) threshold = { op: '<=', value: wholeNumber(opts.atMost, '--at-most', THRESHOLDS) };
        else if (opts.atLeast !== undefined) threshold = { op: '>=', value: wholeNumber(opts.atLeast, '--at-least', THRESHOLDS) };
        result = diceOdds(split.expr, threshold);
      }
      if (opts.json) io.out(JSON.stringify(result));
      else io.out(formatOdds(result));
      if (opts.svg) writeOutput(io, opts.svg, '--svg', await renderSvg(oddsChart(result)));
    });
}

/**
 * A probability in the text report: every one with the same decimals (a table read 4.19% over a
 * headline of 35.000% and criticals of 0.0750%); each exact fraction stands beside it.
 */
const percent = (p: number) => pct(p, 3);

function distBlock(rows: readonly DistRow[]): string[] {
  return [
    table(
      ['value', 'P', 'P(<=)', 'P(>=)', 'exact'],
      rows.map((r, i) => {
        const le = rows.slice(0, i + 1).reduce((s, x) => s + x.p, 0);
        const ge = rows.slice(i).reduce((s, x) => s + x.p, 0);
        return [r.value, percent(r.p), percent(Math.min(1, le)), percent(Math.min(1, ge)), r.exact];
      }),
    ),
    '',
    bars(rows.map((r) => ({ label: String(r.value), value: r.p, text: percent(r.p) }))),
  ];
}

function statesBlock(states: readonly StateOdds[] | undefined): string[] {
  if (!states) return [];
  return ['', 'Target after this attack:', table(['state', 'P', 'P(this or worse)', 'exact'], states.map((s) => [s.state, percent(s.p), percent(s.atLeast), s.exact]))];
}

/** How each hit meets the armor (TFT) or how a swing hits (AD&D): the text report's line, the chart's subtitle. */
const damageLine = (r: TftAttackResult | AdndAttackResult) => `Damage: ${r.damageRules.join('; ')}`;

/** A TFT attack's adjDX with its ledger (as given, a sweep's penalty, 4d6): "adjDX 9 on 3d6 = +17 adjDX as given [tft-core] ...". */
const adjDxLine = (r: TftAttackResult) => `adjDX ${r.adjDX} on ${r.dice}d6 = ${r.ledger.map((e) => `${e.delta >= 0 ? '+' : ''}${e.delta} ${e.source} [${e.rule}]`).join(' ')}`;

/**
 * The chart of an odds result: the totals of a dice expression, the damage of an attack, with
 * the attack's Damage: line under its title (and a TFT adjDX's ledger when more than the adjDX
 * given made it): the bars after armor do not explain themselves.
 */
export function oddsChart(r: DiceOddsResult | TftAttackResult | AdndAttackResult) {
  if (r.kind === 'dice') return distChart(r.distribution, r.expression, 'total');
  if (r.kind === 'tft') {
    const each = r.targets ? ` per target (${r.targets} targets)` : '';
    const subtitle = [...(r.ledger.length > 1 ? [adjDxLine(r)] : []), damageLine(r)];
    return distChart(r.damage, `TFT attack, adjDX ${r.adjDX} on ${r.dice}d6: P(hit) ${pct(r.hit.p, 1)}, expected damage ${r.expected.toFixed(2)}${each}`, `damage after armor${r.targets ? ' to each target' : ''} (0: miss or all stopped)`, subtitle);
  }
  return distChart(r.damage, `AD&D swing, d20 ${r.bonus >= 0 ? '+' : ''}${r.bonus} >= ${r.need}: P(hit) ${pct(r.hit.p, 1)}, expected damage ${r.expected.toFixed(2)}`, 'damage (0: miss)', [damageLine(r)]);
}

/** The text report of any odds result. */
export function formatOdds(r: DiceOddsResult | TftAttackResult | AdndAttackResult): string {
  const out: string[] = [];
  if (r.kind === 'dice') {
    out.push(`${r.expression}: ${r.min}..${r.max}, mean ${r.mean.toFixed(3)} (${r.meanExact}), sd ${r.sd.toFixed(3)}`);
    if (r.threshold) {
      const t = r.threshold;
      const outside = t.value < r.min || t.value > r.max ? ` (${t.value} is outside the totals ${r.min}..${r.max})` : '';
      out.push(`P(${r.expression} ${t.op} ${t.value}) = ${percent(t.p)} (${t.exact})${outside}`);
    }
    out.push('', ...distBlock(r.distribution));
  } else if (r.kind === 'tft') {
    out.push(`TFT attack: ${adjDxLine(r)}`, damageLine(r));
    out.push(`P(hit) = ${percent(r.hit.p)} (${r.hit.exact})`);
    out.push(table(['roll', 'P', 'exact'], r.outcomes.map((o) => [o.outcome, percent(o.p), o.exact])));
    if (r.hits) out.push('', 'Hits of the burst:', table(['hits', 'P', 'exact'], r.hits.map((h) => [h.value, percent(h.p), h.exact])));
    out.push('', `Expected damage${r.targets ? ' per target' : ''} ${r.expected.toFixed(4)} (${r.expectedExact})${r.targets ? `; over all ${r.targets} targets, ${r.expectedTotal?.toFixed(4)} (${r.expectedTotalExact}) (a drop or break ends the sweep)` : ''}`);
    out.push('', `Damage after armor${r.targets ? ' to each target of the sweep' : ''} (0 = miss or all stopped):`, ...distBlock(r.damage));
    out.push(...statesBlock(r.states));
  } else {
    out.push(`AD&D swing: d20 ${r.bonus >= 0 ? '+' : ''}${r.bonus} >= ${r.need}: P(hit) = ${percent(r.hit.p)} (${r.hit.exact})`);
    out.push(damageLine(r));
    out.push(`To hit: ${formatLedger(r.toHit)}`);
    const c = r.critical;
    if (!c.on) out.push(`P(critical) = 0: ${CRITICALS_OFF}`);
    else if (c.faces > 0 && c.p === 0) out.push(`P(critical) = 0: a natural 20 misses here (d20 ${r.bonus >= 0 ? '+' : ''}${r.bonus} reaches ${20 + r.bonus} < ${r.need}; no natural 20 rule, R-A11 off)`);
    else {
      // The threshold's sum says why two dexterities (12 and 13 at level 4) confirm alike.
      out.push(`P(critical) = ${percent(c.p)} (${c.exact}): a natural 20 that hits, then ${confirmText(c.threshold)}: ${c.faces} of 20 faces`);
      out.push(`Critical threshold: ${formatLedger(c.ledger)}`);
      if (c.p > 0) out.push(table(['critical', 'P', 'exact'], c.rows.map((x) => [x.label, percent(x.p), x.exact])));
    }
    out.push('', `Expected damage ${r.expected.toFixed(4)} (${r.expectedExact})`);
    out.push('', 'Damage (0 = miss):', ...distBlock(r.damage));
    out.push(...statesBlock(r.states));
  }
  return out.join('\n');
}
