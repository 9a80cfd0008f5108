// Whole numbers read from text, the one reading for every option of the command line (-n,
// --workers, --max-steps, --turn, --port, fray odds' numbers, the faces of --dice) and of the
// server's own process (start.ts): each takes the same texts and refuses the others in the same
// words as the lab's own range checks (lab/odds.ts).
import { InputError } from './errors.ts';
import { quote } from './issues.ts';

/** Decimal digits, a sign and spaces around allowed: not 1e3, 0x10, 1.5 or 1_000, which Number() would read. */
const DECIMAL_WHOLE = /^\s*[+-]?\d+\s*$/;

/** `text` as a whole number written in decimal digits, else NaN (-0 is 0). */
export function readWhole(text: string): number {
  return DECIMAL_WHOLE.test(text) ? Number(text) + 0 : Number.NaN;
}

export interface WholeRange {
  min: number;
  max: number;
}

/**
 * Option `flag`'s text as a whole number in `range`, or an InputError naming the flag: "must be
 * a whole number from 1 to 64, got '0x10'". Without a range, any whole number (the caller checks
 * its own: fray odds' numbers are checked by the lab, in the same words), and "must be a whole
 * number, got '1e3'".
 */
export function wholeNumber(text: string, flag: string, range?: WholeRange): number {
  const n = readWhole(text);
  if (!Number.isNaN(n) && (range === undefined || (n >= range.min && n <= range.max))) return n;
  const bounds = range === undefined ? '' : ` from ${range.min} to ${range.max}`;
  throw new InputError([{ path: flag, message: `must be a whole number${bounds}, got ${quote(text)}` }], 'option');
}
