// Whole numbers read from text: the one reading of the command line's and the server's options.
import { describe, expect, it } from 'vitest';
import { readWhole, wholeNumber } from './numbers.ts';

describe('wholeNumber', () => {
  it('reads decimal digits with a sign and spaces around; -0 is 0', () => {
    expect([' 7 ', '+3', '-12', '007'].map((t) => wholeNumber(t, '-n'))).toEqual([7, 3, -12, 7]);
    expect(Object.is(wholeNumber('-0', '-n'), 0)).toBe(true);
    expect(wholeNumber('64', '--workers', { min: 1, max: 64 })).toBe(64);
    expect(() => wholeNumber('65', '--workers', { min: 1, max: 64 })).toThrow(/must be a whole number from 1 to 64, got '65'/);
    expect(['1e3', '0x10', '1.5', '1_000', '', ' ', 'Infinity', '3 4'].map(readWhole)).toEqual(Array(8).fill(Number.NaN));
  });
});
