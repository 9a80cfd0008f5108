// Segment facts of the seed [3380eb42] that docs/rules/adnd.md had no direct test for: R-A1
// actions landing in one segment resolve together (a figure felled in it still strikes), and a
// monster's attack form keeps its own speed factor.
import { describe, expect, it } from 'vitest';
import type { AdndEvent } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { playUntil, QueueDice, QUIET } from './testing.ts';

/** A level-1 fighter with 3 hp and one weapon; `script` given, else the AI plays it. */
const fighter = (id: string, side: string, weapon = 'longsword', script?: object[]) => ({
  id,
  side,
  class: 'fighter',
  level: 1,
  hp: 3,
  ac: 5,
  dex: 12,
  proficiencies: { [weapon]: 1 },
  weapons: [{ weapon }],
  ...(script ? { script } : {}),
});
// scripted: each attacks, then passes on the parry offered in segment 5, so both blows land
const trading = (id: string, side: string, target: string) => fighter(id, side, 'longsword', [{ type: 'attack', target }, { type: 'pass', at: 5 }]);

describe('the segment resolves together (R-A1)', () => {
  it('R-A1: two long swords landing in segment 5 both strike; both fighters fall in it [3380eb42]', () => {
    const s = sys.setup({ system: 'adnd', figures: [trading('a1', 'a', 'b1'), trading('b1', 'b', 'a1')] });
    // both to-hit rolls 19 (hit, no natural 20), both damage rolls 8 (long sword 1d8 vs 3 hp)
    const dice = new QueueDice({ 20: [19, 19], 8: [8, 8] }, QUIET);
    const events: AdndEvent[] = [];
    for (let i = 0; i < 100 && sys.pending(s); i++) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
    const hits = events.filter((e) => e.type === 'attack').map((e) => [e.attacker, e.target, e.segment, e.hit, (e.damage as { total: number }).total]);
    expect(hits).toEqual([
      ['a1', 'b1', 5, true, 8],
      ['b1', 'a1', 5, true, 8],
    ]);
    expect(s.figures.map((f) => [f.id, f.hp <= 0])).toEqual([
      ['a1', true],
      ['b1', true],
    ]);
    const fell = events.filter((e) => e.type === 'state').map((e) => [e.figure, e.segment]);
    // b1 falls to the first blow of segment 5 and still strikes in it
    expect(fell).toEqual([
      ['b1', 5],
      ['a1', 5],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'end', segment: 5, winner: null });
  });
});

describe("monster attack forms (3380eb42)", () => {
  it('3380eb42: a monster attack form with its own speed factor (butt, SF 3) strikes in 3, 6, 9', () => {
    const bull = {
      id: 'bull',
      side: 'b',
      hd: 6,
      hp: 500,
      ac: 6,
      weapons: [{ id: 'butt', name: 'butt', sf: 3, damage: '2d4' }],
      script: [{ type: 'attack', target: 'post' }, { type: 'attack', target: 'post' }, { type: 'attack', target: 'post' }],
    };
    const post = { id: 'post', side: 'a', hd: 1, hp: 500, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 200 }] };
    const s = sys.setup({ system: 'adnd', figures: [post, bull] });
    const dice = new QueueDice({}, QUIET);
    const events: AdndEvent[] = [];
    for (let i = 0; i < 100 && sys.pending(s) && s.now <= 10; i++) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
    const blows = events.filter((e) => e.type === 'attack' && e.attacker === 'bull' && e.segment <= 10).map((e) => e.segment);
    expect(blows).toEqual([3, 6, 9]);
  });
});

describe('the AI parries when it pays (R-A8 with R-A1)', () => {
  // every d20 a 2: all blows miss, so the timing shows
  const play = (a: object, b: object, until: number) => playUntil({ system: 'adnd', figures: [a, b] }, new QueueDice({}, QUIET), until).events;

  it('R-A1/R-A8: with its own blow landing in the same segment it strikes instead of parrying', () => {
    const events = play(fighter('a1', 'a', 'longsword'), fighter('b1', 'b', 'longsword'), 15);
    expect(events.filter((e) => e.type === 'parry')).toEqual([]);
    const blows = events.filter((e) => e.type === 'attack' && e.segment <= 15).map((e) => [e.attacker, e.segment]);
    expect(blows).toEqual([
      ['a1', 5],
      ['b1', 5],
      ['a1', 10],
      ['b1', 10],
      ['a1', 15],
      ['b1', 15],
    ]);
  });

  it('R-A8: a blow that could kill it, with its own blow still to come, is parried', () => {
    // the two-handed sword (SF 10) would land in 10; the long sword (1d8 against 3 hp) lands in 5
    const events = play(fighter('a1', 'a', 'longsword'), fighter('b1', 'b', 'two-handed-sword'), 5);
    expect(events.filter((e) => e.type === 'parry').map((e) => [e.figure, e.segment])).toEqual([['b1', 5]]);
  });
});
