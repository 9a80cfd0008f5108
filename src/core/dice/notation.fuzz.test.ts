// Fuzzing dice notation at its limits: expressions with the largest counts, sides and constants
// the parser allows, AD&D ranges over the whole allowed span, and random texts over the
// notation's characters and others. parse(format(e)) is e, whatever e parseDice returned; a
// refusal is a DiceSyntaxError (an InputError) naming the field and a column inside the text;
// bounds are finite. FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams } from '../../engine/fuzz.test-util.ts';
import { DICE_LIMITS, DiceSyntaxError, diceBounds, formatDice, parseDice } from './notation.ts';

const shape = (t: string) => {
  const e = parseDice(t);
  return { dice: e.dice.map((g) => [g.sign, g.count, g.sides]), modifier: e.modifier };
};

/** Null when `text` parses, formats and parses again to the same thing, or is refused cleanly; else what went wrong. */
function check(text: string): string | null {
  let e: ReturnType<typeof parseDice>;
  try {
    e = parseDice(text, 'weapons[0].damage');
  } catch (err) {
    if (!(err instanceof DiceSyntaxError)) return `threw ${(err as Error)?.stack ?? String(err)}`;
    if (err.issues[0].path !== 'weapons[0].damage') return `path ${err.issues[0].path}`;
    if (!(err.column >= 1 && err.column <= text.length + 1)) return `column ${err.column} outside the text (length ${text.length}): ${err.message}`;
    return null;
  }
  const { min, max } = diceBounds(e);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) return `bounds ${min}..${max}`;
  for (const tft of [false, true]) {
    const f = formatDice(e, { tft });
    let again: ReturnType<typeof shape>;
    try {
      again = shape(f);
    } catch (err) {
      return `formatDice wrote ${JSON.stringify(f)}, which does not parse: ${(err as Error).message}`;
    }
    const was = { dice: e.dice.map((g) => [g.sign, g.count, g.sides]), modifier: e.modifier };
    if (JSON.stringify(again) !== JSON.stringify(was)) return `${JSON.stringify(f)} reads as ${JSON.stringify(again)}, not ${JSON.stringify(was)}`;
  }
  return null;
}

const near = (limit: number) => fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: limit - 2, max: limit + 2 }), fc.integer({ min: 0, max: limit }));
const term = fc.oneof(
  fc.record({ count: fc.option(near(DICE_LIMITS.count)), sides: fc.option(fc.oneof(near(DICE_LIMITS.sides), fc.constant('%'))) }).map(({ count, sides }) => `${count ?? ''}d${sides ?? ''}`),
  near(DICE_LIMITS.constant).map(String),
);
const expression = fc
  .tuple(fc.constantFrom('', '-', '+', ' '), fc.array(fc.tuple(fc.constantFrom('+', '-', ' + ', '- '), term), { minLength: 1, maxLength: 4 }))
  .map(([lead, ts]) => lead + ts.map(([op, t], i) => (i === 0 ? t : op + t)).join(''));
const range = fc.tuple(near(DICE_LIMITS.sides), near(DICE_LIMITS.sides), fc.constantFrom('-', ' - ', '-')).map(([a, b, sep]) => `${Math.min(a, b)}${sep}${Math.max(a, b)}`);
const anyText = fc.string({ unit: fc.constantFrom(...'0123456789dD%+- \t', 'x', '.', 'e', '١', 'ｄ', '\n', '🐉'), maxLength: 24 });

describe('fuzz: dice notation [DESIGN contracts: bad input names the field and the reason]', () => {
  it('expressions at the limits: parse(format(e)) is e, or a refusal names the field and a column', () => {
    fc.assert(fc.property(expression, (t) => {
          expect(check(t), t).toBeNull();
        }), fuzzParams(2000));
  });

  it('AD&D ranges over the whole allowed span: parse(format(e)) is e', () => {
    fc.assert(fc.property(range, (t) => {
          expect(check(t), t).toBeNull();
        }), fuzzParams(2000));
  });

  it('any text: parsed and written back, or refused with the field and a column inside the text', () => {
    fc.assert(fc.property(anyText, (t) => {
          expect(check(t), JSON.stringify(t)).toBeNull();
        }), fuzzParams(3000));
  });
});
