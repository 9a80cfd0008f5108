import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { DiceSyntaxError, diceBounds, formatDice, parseDice, rangeToDice } from './notation.ts';

const shape = (t: string) => {
  const e = parseDice(t);
  return { dice: e.dice.map((g) => [g.sign * g.count, g.sides]), modifier: e.modifier };
};

describe('parseDice: the notations the games use', () => {
  it.each([
    ['3d6', [[3, 6]], 0],
    ['4d6', [[4, 6]], 0],
    ['d10', [[1, 10]], 0],
    ['d20', [[1, 20]], 0],
    ['d100', [[1, 100]], 0],
    ['d%', [[1, 100]], 0],
    ['2d4', [[2, 4]], 0],
    ['5', [], 5],
    ['-1', [], -1],
    ['1d8+1d6+2', [[1, 8], [1, 6]], 2],
    ['2d6-1d4', [[2, 6], [-1, 4]], 0],
    ['2D6 + 3 - 1', [[2, 6]], 2],
    ['-1d6+3', [[-1, 6]], 3],
  ])('%s', (text, dice, modifier) => {
    expect(shape(text)).toEqual({ dice, modifier });
  });

  it.each([
    ['2d+1', [[2, 6]], 1],
    ['1d-1', [[1, 6]], -1],
    ['3d-1', [[3, 6]], -1],
    ['2d-2', [[2, 6]], -2],
    ['1d', [[1, 6]], 0],
    ['3d+1', [[3, 6]], 1],
    ['d', [[1, 6]], 0],
  ])('TFT [tft-core weapon table]: %s reads d without sides as d6', (text, dice, modifier) => {
    expect(shape(text)).toEqual({ dice, modifier });
  });

  it('R-T2, R-T3 [82345e2a]: thread and stabilization rolls "Nd" against IQ read as Nd6', () => {
    expect(shape('4d')).toEqual({ dice: [[4, 6]], modifier: 0 });
    expect(shape('7d')).toEqual({ dice: [[7, 6]], modifier: 0 });
  });

  it('R-A3, R-A5, R-A10 [3380eb42]: surprise d100 (also d%), extra-attack segment d10, critical d20', () => {
    expect(shape('d100')).toEqual(shape('d%'));
    expect(diceBounds(parseDice('d100'))).toEqual({ min: 1, max: 100 });
    expect(diceBounds(parseDice('d10'))).toEqual({ min: 1, max: 10 });
    expect(diceBounds(parseDice('d20'))).toEqual({ min: 1, max: 20 });
  });

  it('R-H12 [f04d4dae]: grenade scatter 1d6', () => {
    expect(diceBounds(parseDice('1d6'))).toEqual({ min: 1, max: 6 });
  });

  it('keeps the original text', () => {
    expect(parseDice(' 2d+1 ').text).toBe(' 2d+1 ');
  });
});

describe('AD&D ranges [adnd-1e weapon table]', () => {
  it.each([
    ['1-8', [[1, 8]], 0],
    ['1-10', [[1, 10]], 0],
    ['1-6', [[1, 6]], 0],
    ['1-12', [[1, 12]], 0],
    ['3-18', [[3, 6]], 0],
    ['2-8', [[2, 4]], 0],
    ['2-12', [[2, 6]], 0],
    ['2-16', [[2, 8]], 0],
    ['2-7', [[1, 6]], 1],
    // A vampire's 5-10 is d6+4, not five d2 (no range is read as d2s).
    ['5-10', [[1, 6]], 4],
    ['2-4', [[1, 3]], 1],
    ['0-3', [[1, 4]], -1],
    ['4-4', [], 4],
  ])('%s converts to the usual dice', (text, dice, modifier) => {
    expect(shape(text)).toEqual({ dice, modifier });
  });

  it('keeps the range and its text; formatDice writes the dice', () => {
    const e = parseDice('3-18');
    expect(e.range).toEqual({ low: 3, high: 18 });
    expect(e.text).toBe('3-18');
    expect(formatDice(e)).toBe('3d6');
    expect(formatDice('2-7')).toBe('1d6+1');
  });

  it('every range converts to dice with exactly the range as bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const { dice, modifier } = rangeToDice(low, high);
        expect(diceBounds({ dice, modifier, text: '' })).toEqual({ min: low, max: high });
      }),
    );
  });

  it('a range whose end is below its start is an error naming the column', () => {
    expect(() => parseDice('8-2')).toThrow(/range end 2 is below its start 8 at column 3/);
  });

  it('a range is only the whole text: 1d4+3-18 is a sum', () => {
    expect(shape('1d4+3-18')).toEqual({ dice: [[1, 4]], modifier: -15 });
  });
});

describe('DiceSyntaxError', () => {
  const err = (t: string): DiceSyntaxError => {
    try {
      parseDice(t);
    } catch (e) {
      if (e instanceof DiceSyntaxError) return e;
      throw e;
    }
    throw new Error(`${t} parsed`);
  };

  it('is an InputError naming the field, the column and the reason', () => {
    const e = err('2dx');
    expect(e).toBeInstanceOf(InputError);
    expect(e.column).toBe(3);
    expect(e.reason).toMatch(/^expected die sides after 'd' \(column 2\), got 'x' at column 3$/);
    expect(e.issues[0].path).toBe('dice');
    expect(e.message).toContain("'2dx'");
  });

  it('uses the path it is given', () => {
    try {
      parseDice('2d6+', 'weapons[3].damage');
    } catch (e) {
      expect((e as InputError).issues[0].path).toBe('weapons[3].damage');
      expect((e as DiceSyntaxError).column).toBe(5);
      return;
    }
    throw new Error('did not throw');
  });

  it.each([
    ['', 1, /empty/],
    ['   ', 1, /empty/],
    ['2d6+', 5, /after '\+' \(column 4\), got the end/],
    ['0d6', 1, /dice count must be at least 1/],
    ['2d0', 3, /die sides must be at least 1/],
    ['3d6 2', 5, /expected '\+', '-' or the end, got '2'/],
    ['3d6*2', 4, /expected '\+', '-' or the end, got '\*'/],
    ['+-3', 2, /expected a number or a die such as 3d6 after '\+' \(column 1\), got '-'/],
    ['1001d6', 1, /dice count 1001 is too large/],
    ['1d2000000', 3, /die sides 2000000 is too large/],
    ['x', 1, /got 'x'/],
    ['0-1000000', 3, /range 0-1000000 spans 1000001 values \(at most 1000000\)/],
  ])('%j fails at column %i', (text, column, reason) => {
    const e = err(text);
    expect(e.column).toBe(column);
    expect(e.reason).toMatch(reason);
  });

  it('a number written with leading zeros is read as its value, not refused as too large', () => {
    expect(shape('00000000001d6+000000000002')).toEqual({ dice: [[1, 6]], modifier: 2 });
    expect(shape('00000001-00000008')).toEqual({ dice: [[1, 8]], modifier: 0 });
  });

  it('non-text input is rejected, not crashed on', () => {
    expect(() => parseDice(3 as unknown as string)).toThrow(DiceSyntaxError);
  });
});

describe('formatDice', () => {
  it('is canonical', () => {
    expect(formatDice('d20')).toBe('1d20');
    expect(formatDice('2d+1')).toBe('2d6+1');
    expect(formatDice('2d+1', { tft: true })).toBe('2d+1');
    expect(formatDice('3+1d6-1')).toBe('1d6+2');
    expect(formatDice('-2d4-1')).toBe('-2d4-1');
    expect(formatDice('3-3')).toBe('3');
    expect(formatDice('1d6-1d6+0')).toBe('1d6-1d6');
    expect(formatDice('2-2')).toBe('2');
    expect(formatDice('-0')).toBe('0');
  });

  const group = fc.record({
    count: fc.integer({ min: 1, max: 1000 }),
    sides: fc.integer({ min: 1, max: 1000 }),
    sign: fc.constantFrom(1 as const, -1 as const),
  });
  const expr = fc.record({
    dice: fc.array(group, { maxLength: 5 }),
    modifier: fc.integer({ min: -1000, max: 1000 }),
  });

  it('property: parse(format(e)) is e', () => {
    fc.assert(
      fc.property(expr, fc.boolean(), (e, tft) => {
        const back = parseDice(formatDice({ ...e, text: '' }, { tft }));
        expect({ dice: back.dice, modifier: back.modifier }).toEqual(e);
      }),
    );
  });

  // Texts built from the grammar's pieces, so most of them parse.
  const token = fc.constantFrom('d', 'D', '1', '2', '3', '6', '12', '20', '%', '+', '-', ' ', '0', '100');
  const texty = fc.array(token, { maxLength: 12 }).map((t) => t.join(''));

  it('property: format(parse(x)) re-parses to the same expression', () => {
    fc.assert(
      fc.property(texty, (t) => {
        let e: ReturnType<typeof parseDice>;
        try {
          e = parseDice(t);
        } catch (err) {
          expect(err).toBeInstanceOf(DiceSyntaxError);
          return;
        }
        const again = parseDice(formatDice(e));
        expect({ dice: again.dice, modifier: again.modifier }).toEqual({ dice: e.dice, modifier: e.modifier });
        expect(diceBounds(again)).toEqual(diceBounds(e));
      }),
      { numRuns: 2000 },
    );
  });

  it('fuzz: any string either parses or throws DiceSyntaxError with a column inside it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), texty), (t) => {
        try {
          parseDice(t);
        } catch (err) {
          expect(err).toBeInstanceOf(DiceSyntaxError);
          const c = (err as DiceSyntaxError).column;
          expect(c >= 1 && c <= t.length + 1).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
