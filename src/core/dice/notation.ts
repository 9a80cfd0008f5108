// Dice notation: the texts the games write for a roll, parsed into one small expression.
//
//   3d6, 4d6, d20, d100, d%, 2d4       N dice of S sides (N defaults to 1)
//   2d, 2d+1, 1d-1, 3d-1               TFT: a `d` without sides is a d6 (tft-core weapon table)
//   1d8+1d6+2, 2d6-1d4, 5, -1          sums and differences of dice groups and constants
//   3-18, 1-8, 2-7, 2-8                AD&D damage ranges (adnd-1e weapon table), converted
//                                      to the usual dice, see rangeToDice
//
// Whitespace between tokens is allowed; `D` reads as `d`. A range is recognised only when it
// is the whole text (`1d4+3-18` is a sum). Anything else throws DiceSyntaxError, which says
// at which column and why.
import { InputError } from '../errors.ts';

/** N dice of S sides, added (sign 1) or subtracted (sign -1). */
export interface DiceGroup {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
}

export interface DiceExpr {
  /** Dice groups in the order written (faces are rolled in this order). */
  readonly dice: readonly DiceGroup[];
  /** The sum of every constant term. */
  readonly modifier: number;
  /** The text as given (an AD&D range keeps "3-18" here; formatDice gives "3d6"). */
  readonly text: string;
  /** Present when the text was an AD&D range "low-high". */
  readonly range?: { readonly low: number; readonly high: number };
}

/** Largest values the parser accepts: enough for any game, small enough to stay exact and fast. */
export const DICE_LIMITS = { count: 1000, sides: 1_000_000, constant: 1_000_000_000 } as const;

/**
 * Die sizes a range "N-N*S" may be read as (NdS). Not 2: nobody rolls a vampire's 5-10 as five
 * d2 (the usual reading is d6+4, which the fallback gives).
 */
export const STANDARD_DIE_SIZES: readonly number[] = [3, 4, 6, 8, 10, 12, 20, 100];

/** Bad notation. `column` is 1-based into `text`; `reason` is the plain-words why. */
export class DiceSyntaxError extends InputError {
  constructor(
    readonly text: string,
    readonly column: number,
    readonly reason: string,
    path = 'dice',
  ) {
    super([{ path, message: `${reason} in '${text}'` }], 'dice notation');
    this.name = 'DiceSyntaxError';
  }
}

const RANGE = /^\s*(\d+)\s*-\s*(\d+)\s*$/;

/**
 * The usual dice for an AD&D range low-high:
 *   1-N          -> 1dN
 *   N-N*S        -> NdS when S is a standard die size (2-8 -> 2d4, 3-18 -> 3d6, 2-12 -> 2d6)
 *   otherwise    -> 1d(high-low+1)+(low-1)            (2-7 -> 1d6+1, 5-10 -> 1d6+4)
 *   N-N          -> the constant N
 * The distribution of NdS is not flat, which is what these ranges meant in the books.
 */
export function rangeToDice(low: number, high: number): { dice: DiceGroup[]; modifier: number } {
  if (low === high) return { dice: [], modifier: low };
  if (low === 1) return { dice: [{ count: 1, sides: high, sign: 1 }], modifier: 0 };
  if (low >= 2 && high % low === 0 && STANDARD_DIE_SIZES.includes(high / low)) {
    return { dice: [{ count: low, sides: high / low, sign: 1 }], modifier: 0 };
  }
  return { dice: [{ count: 1, sides: high - low + 1, sign: 1 }], modifier: low - 1 };
}

/**
 * Parses dice notation. `path` names the input field in the error ("weapons[3].damage").
 * Throws DiceSyntaxError on anything it cannot read.
 */
export function parseDice(text: string, path = 'dice'): DiceExpr {
  if (typeof text !== 'string') {
    throw new DiceSyntaxError(String(text), 0, `expected a dice notation text, got ${typeof text}`, path);
  }
  const fail = (col: number, reason: string): never => {
    throw new DiceSyntaxError(text, col, `${reason} at column ${col}`, path);
  };

  const r = RANGE.exec(text);
  if (r) {
    const low = Number(r[1]);
    const high = Number(r[2]);
    const highCol = text.lastIndexOf(r[2]) + 1;
    if (low > DICE_LIMITS.sides) fail(text.indexOf(r[1]) + 1, `range start ${r[1]} is too large`);
    if (high > DICE_LIMITS.sides) fail(highCol, `range end ${r[2]} is too large (at most ${DICE_LIMITS.sides})`);
    if (low > high) fail(highCol, `range end ${high} is below its start ${low}`);
    const { dice, modifier } = rangeToDice(low, high);
    // 0-1000000 would be a d1000001: a die that notation (formatDice's text) may not write.
    if (dice.some((g) => g.sides > DICE_LIMITS.sides)) fail(highCol, `range ${low}-${high} spans ${high - low + 1} values (at most ${DICE_LIMITS.sides})`);
    return freeze({ dice, modifier, text, range: { low, high } });
  }

  let i = 0;
  const n = text.length;
  const skipWs = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
  const readInt = (what: string, max: number): number => {
    const start = i;
    while (isDigit(text[i])) i++;
    const digits = text.slice(start, i);
    const v = Number(digits);
    if (v > max) fail(start + 1, `${what} ${digits} is too large (at most ${max})`);
    return v;
  };
  const describe = (ch: string) => (ch === undefined ? 'the end' : `'${ch}'`);

  const dice: DiceGroup[] = [];
  let modifier = 0;
  skipWs();
  if (i >= n) fail(1, 'expected a dice notation such as 3d6, got an empty text');
  let sign: 1 | -1 = 1;
  let opCol = 0;
  if (text[i] === '+' || text[i] === '-') {
    sign = text[i] === '-' ? -1 : 1;
    opCol = i + 1;
    i++;
    skipWs();
  }
  for (;;) {
    const termCol = i + 1;
    let count: number | undefined;
    if (isDigit(text[i])) count = readInt('number', DICE_LIMITS.constant);
    if (text[i] === 'd' || text[i] === 'D') {
      const dCol = i + 1;
      i++;
      let sides = 6;
      if (isDigit(text[i])) {
        const sCol = i + 1;
        sides = readInt('die sides', DICE_LIMITS.sides);
        if (sides < 1) fail(sCol, 'die sides must be at least 1');
      } else if (text[i] === '%') {
        sides = 100;
        i++;
      } else if (i < n && !(text[i] === '+' || text[i] === '-' || text[i] === ' ' || text[i] === '\t')) {
        fail(i + 1, `expected die sides after 'd' (column ${dCol}), got ${describe(text[i])}`);
      }
      if (count === undefined) count = 1;
      if (count < 1) fail(termCol, 'dice count must be at least 1');
      if (count > DICE_LIMITS.count) fail(termCol, `dice count ${count} is too large (at most ${DICE_LIMITS.count})`);
      dice.push({ count, sides, sign });
    } else if (count !== undefined) {
      modifier += sign * count;
      if (Math.abs(modifier) > DICE_LIMITS.constant) fail(termCol, `constant total is too large (at most ${DICE_LIMITS.constant})`);
    } else {
      const after = opCol > 0 ? ` after '${text[opCol - 1]}' (column ${opCol})` : '';
      fail(i + 1, `expected a number or a die such as 3d6${after}, got ${describe(text[i])}`);
    }
    skipWs();
    if (i >= n) break;
    const ch = text[i];
    if (ch !== '+' && ch !== '-') fail(i + 1, `expected '+', '-' or the end, got ${describe(ch)}`);
    sign = ch === '-' ? -1 : 1;
    opCol = i + 1;
    i++;
    skipWs();
    if (i >= n) fail(i + 1, `expected a number or a die after '${ch}' (column ${opCol}), got the end`);
  }
  return freeze({ dice, modifier, text });
}

// Parsed notation is frozen, so texts seen before need not be parsed again.
const cache = new Map<string, DiceExpr>();
const CACHE_MAX = 512;

/** parseDice with a small cache (for hot paths that roll or tabulate the same texts). */
export function parseDiceCached(text: string): DiceExpr {
  let e = cache.get(text);
  if (e === undefined) {
    e = parseDice(text);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(text, e);
  }
  return e;
}

function freeze(e: DiceExpr): DiceExpr {
  for (const g of e.dice) Object.freeze(g);
  Object.freeze(e.dice);
  if (e.range) Object.freeze(e.range);
  return Object.freeze(e);
}

export interface FormatOptions {
  /** Write d6 groups the TFT way, "2d+1" instead of "2d6+1". */
  tft?: boolean;
}

/**
 * Canonical text: dice groups in order as "NdS" (count always written), joined by + or -,
 * then the summed constant; "0" for an empty expression. parseDice(formatDice(e)) has the
 * same dice and modifier as e.
 */
export function formatDice(e: DiceExpr | string, opts: FormatOptions = {}): string {
  const x = typeof e === 'string' ? parseDice(e) : e;
  let out = '';
  for (const g of x.dice) {
    const sides = opts.tft && g.sides === 6 ? '' : String(g.sides);
    out += `${g.sign < 0 ? '-' : out ? '+' : ''}${g.count}d${sides}`;
  }
  if (x.modifier !== 0 || out === '') out += x.modifier < 0 ? `${x.modifier}` : out ? `+${x.modifier}` : `${x.modifier}`;
  return out;
}

/** Smallest and largest totals. */
export function diceBounds(e: DiceExpr): { min: number; max: number } {
  let min = e.modifier;
  let max = e.modifier;
  for (const g of e.dice) {
    if (g.sign > 0) {
      min += g.count;
      max += g.count * g.sides;
    } else {
      min -= g.count * g.sides;
      max -= g.count;
    }
  }
  return { min, max };
}

/** Total number of dice an expression rolls. */
export function diceCount(e: DiceExpr): number {
  let n = 0;
  for (const g of e.dice) n += g.count;
  return n;
}
