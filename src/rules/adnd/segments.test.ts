// Segment facts of the seed [3380eb42] that docs/rules/adnd.md had no direct test for: R-A1
// actions landing in one segment resolve together (a figure felled in it still strikes), and a
// monster's attack form keeps its own speed factor.
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/ledger.ts';
import { displayNames } from '../../engine/names.ts';
import { describeEvent } from './describe.ts';
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

describe('the segment narrated (R-A1)', () => {
  it("R-A1: a figure felled by a segment's first blow is told down once, after the segment's last blow (its own blow and the other blow at it come first), with its hp after them all [3380eb42]", () => {
    // h1, the ogre and h2 all land in 5 (SF 5); the d20s roll 19 (all hit), the long swords 8
    // each on the d12 (S-M 1d8, L 1d12): 5 - 8 = -3, dead, then - 8 = -11; the club deals 4.
    const hero = (id: string) => ({ ...fighter(id, 'a', 'longsword', [{ type: 'attack', target: 'ogre' }, { type: 'pass', at: 5 }]), hp: 10 });
    const ogre = { id: 'ogre', name: 'Ogre', side: 'b', hd: '4+1', size: 'L', hp: 5, ac: 5, weapons: [{ id: 'club', sf: 5, damage: '4' }], script: [{ type: 'attack', target: 'h1' }] };
    const raw = { system: 'adnd', figures: [hero('h1'), ogre, hero('h2')] };
    const dice = () => new QueueDice({ 12: [8, 8] }, { ...QUIET, 20: 19 });
    const { s, events } = playUntil(raw, dice(), 5);
    const told = events
      .filter((e) => e.segment === 5 && ['attack', 'state', 'end'].includes(e.type))
      .map((e) => (e.type === 'attack' ? `${e.attacker} strikes ${e.target}` : e.type === 'state' ? `${e.figure} ${e.from} -> ${e.to} (hp ${e.hp})` : 'end'));
    // Before: "ogre healthy -> dead (hp -3)" right after h1's blow, then the dead ogre striking and struck.
    expect(told).toEqual(['h1 strikes ogre', 'ogre strikes h1', 'h2 strikes ogre', 'ogre healthy -> dead (hp -11)', 'end']);
    const line = events.find((e) => e.type === 'state')!;
    expect(describeEvent(line, displayNames(sys.summary(s).figures))).toBe('[r1 s5] Ogre is dead (hp -11)');
    // Narration only: the same fight with the log off ends the same.
    const quiet = sys.setup(raw);
    const d = dice();
    for (let i = 0; i < 100 && sys.pending(quiet); i++) sys.apply(quiet, sys.decide(quiet), d, null);
    expect(quiet.figures.map((f) => f.hp)).toEqual(s.figures.map((f) => f.hp));
    expect(s.figures.map((f) => f.hp)).toEqual([6, -11, 10]);
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

describe('free segments, simultaneous blows and the parry (audit fixes) [3380eb42]', () => {
  type Raw = Record<string, unknown>;
  const play = (figs: Raw[], dice: QueueDice, until: number, extra: Raw = {}) => playUntil({ system: 'adnd', figures: figs, ...extra }, dice, until);
  /** Per-figure end facts, keyed by id so that two figure orders compare equal. */
  const facts = (s: { figures: { id: string; hp: number; hands: string[]; parries: number; parry: unknown; next: number }[] }) =>
    Object.fromEntries(s.figures.map((f) => [f.id, { hp: f.hp, hands: f.hands, parries: f.parries, parry: f.parry, next: f.next }]));

  it('3380eb42 R-A3/R-A5: an extra attack falling in a surprised segment is lost (surprised 4: none in 4); one in 5 strikes', () => {
    const f = { id: 'f', side: 'a', class: 'fighter', level: 20, hp: 50, ac: 5, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] };
    const m = { id: 'm', side: 'b', hd: 3, hp: 500, ac: 5, weapons: [{ id: 'claw', sf: 20, damage: '1d2' }] };
    // surprise d100 21: 33 - 21 = 12 -> 4 segments; extra-attack d100 1 (level 20: always), d10 gives the segment
    const run = (d10: number) => play([f, m], new QueueDice({ 100: [21, 1], 10: [d10] }, QUIET), 9, { surprise: [{ side: 'a' }] }).events;
    const in4 = run(4);
    expect(in4.some((e) => e.type === 'attack' && e.attacker === 'f' && e.segment === 4)).toBe(false);
    expect(in4.find((e) => e.type === 'attack-lost')).toMatchObject({ segment: 4, figure: 'f', extra: true, why: 'surprised through round 1 segment 4: no blow before round 1 segment 5 (3380eb42, R-A3)' });
    // the seed's first regular blow still comes in 9
    expect(in4.filter((e) => e.type === 'attack' && e.attacker === 'f').map((e) => e.segment)).toEqual([9]);
    expect(run(5).filter((e) => e.type === 'attack' && e.attacker === 'f').map((e) => e.segment)).toEqual([5, 9]);
  });

  it('R-A1/R-A9: a blow landing in the segment of the disarm strikes with the weapon (primary, off hand, extra); it is gone from the next segment (both figure orders) [3380eb42]', () => {
    // a (thief: no extra-attack roll) hooks b's long sword in 5; b's two-weapon blow and its extra attack land in 5 too
    const a = { id: 'a', side: 'x', class: 'thief', level: 9, hp: 200, ac: 5, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], script: [{ type: 'attack', target: 'b', mode: 'disarm' }, { type: 'wait', until: 200 }] };
    const b = { id: 'b', side: 'y', class: 'fighter', level: 1, hp: 200, ac: 5, dex: 17, proficiencies: { longsword: 1, dagger: 1 }, weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], wield: ['longsword', 'dagger'], script: [{ type: 'attack', target: 'a' }, { type: 'pass', at: 5 }] };
    // d100 1, d10 5: b's extra attack in segment 5. d20: a hits AC 0 (19), b fails its save (2); b's three blows 15.
    const run = (order: Raw[], d20: number[]) => play(order, new QueueDice({ 100: [1], 10: [5], 20: d20 }, QUIET), 7);
    const ab = run([a, b], [19, 2, 15, 15, 15]);
    const ba = run([b, a], [15, 15, 15, 19, 2]);
    for (const { events } of [ab, ba]) {
      const blows = events.filter((e) => e.type === 'attack' && e.attacker === 'b' && e.segment === 5).map((e) => [e.weapon, e.role, e.roll]);
      expect(blows).toEqual([
        ['longsword', 'primary', 15],
        ['dagger', 'secondary', 15],
        ['longsword', 'primary', 15], // the extra attack, with the weapon in hand at the segment's start
      ]);
      expect(events.some((e) => e.type === 'attack-lost')).toBe(false);
      expect(events.find((e) => e.type === 'disarm')).toMatchObject({ segment: 5, figure: 'b', by: 'a', weapon: 'longsword' });
      // from segment 6 on only the dagger is in hand: b's next blow (dagger SF 2) lands in 7
      expect(events.filter((e) => e.type === 'attack' && e.attacker === 'b' && e.segment > 5).map((e) => [e.segment, e.weapon, e.role])).toEqual([[7, 'dagger', 'alone']]);
    }
    expect(facts(ab.s)).toEqual(facts(ba.s));
    expect(ab.s.figures[1].hands).toEqual(['dagger']);
  });

  it('R-A8: a wait is not an action: parry in 3, wait until 4, attack -> lands in 11 (4 + 5 + 2 delay); the parry holds through the wait [3380eb42]', () => {
    const f = { id: 'f', side: 'a', class: 'fighter', level: 1, hp: 50, ac: 5, proficiencies: { longsword: 2 }, weapons: [{ weapon: 'longsword', magic: 1 }], script: [{ type: 'attack', target: 'm' }, { type: 'parry', against: 'm', at: 3 }, { type: 'wait', until: 4 }, { type: 'attack', target: 'm' }] };
    const m = { id: 'm', side: 'b', hd: 3, hp: 50, ac: 5, weapons: [{ id: 'claw', sf: 3, damage: '1d2' }], script: [{ type: 'attack', target: 'f' }, { type: 'attack', target: 'f' }, { type: 'attack', target: 'f' }] };
    const { events, s } = play([f, m], new QueueDice({}, QUIET), 11);
    const decl = events.filter((e) => e.type === 'declare' && e.figure === 'f');
    expect(decl.map((e) => [e.segment, (e.action as { kind: string }).kind, e.lands])).toEqual([
      [0, 'attack', 5],
      [3, 'wait', 4],
      [4, 'attack', 11],
      [11, 'attack', 16],
    ]);
    expect((decl[2].timing as Ledger).entries.map((e) => [e.source, e.delta])).toEqual([
      ['wait ended in round 1 segment 4', 4],
      ['long sword speed factor 5', 5],
      ['parry delay: 1 consecutive parry', 2],
    ]);
    // AC 5, parry 2 proficiencies + 1 magic: 2 against the claw in 3, 6 and 9 (the wait does not end it); it ends with the attack in 11
    expect(events.filter((e) => e.type === 'attack' && e.attacker === 'm').map((e) => [e.segment, (e.ac as Ledger).total])).toEqual([
      [3, 2],
      [6, 2],
      [9, 2],
    ]);
    expect(events.find((e) => e.type === 'parry-end')).toMatchObject({ segment: 11, figure: 'f', against: 'm' });
    expect([s.figures[0].parries, s.figures[0].parry]).toEqual([0, null]);
  });

  describe('R-A8: a parry and the parrier\'s own blows in one segment (both figure orders)', () => {
    const f = (script: object[]) => ({ id: 'f', side: 'a', class: 'fighter', level: 10, hp: 50, ac: 5, proficiencies: { longsword: 2 }, weapons: [{ weapon: 'longsword', magic: 1 }], script });
    const m = (script: object[]) => ({ id: 'm', side: 'b', hd: 3, hp: 80, ac: 5, weapons: [{ id: 'claw', sf: 3, damage: '1d2' }], script });

    it('3380eb42 R-A8: a figure that parries in a segment loses its extra attack there ("may only defend during that segment"); the parry holds against a later-listed attacker', () => {
      const F = f([{ type: 'attack', target: 'm' }, { type: 'attack', target: 'm', at: 3 }, { type: 'parry', against: 'm', at: 3 }]);
      const M = m([{ type: 'attack', target: 'f' }, { type: 'wait', until: 40 }]);
      const results = [[F, M], [M, F]].map((order) => play(order, new QueueDice({ 100: [1], 10: [3] }, QUIET), 10));
      for (const { events } of results) {
        expect(events.filter((e) => e.segment === 3 && ['extra-attack', 'parry', 'attack', 'attack-lost'].includes(e.type)).map((e) => [e.type, e.figure ?? e.attacker])).toEqual(
          expect.arrayContaining([
            ['extra-attack', 'f'],
            ['parry', 'f'],
            ['attack', 'm'],
            ['attack-lost', 'f'],
          ]),
        );
        expect(events.some((e) => e.type === 'attack' && e.attacker === 'f' && e.segment === 3)).toBe(false);
        expect(events.find((e) => e.type === 'attack-lost')).toMatchObject({ extra: true, why: 'f parried this segment and may only defend in it (3380eb42, R-A8)' });
        // AC 5 - (2 proficiencies + 1 magic) against the claw, whoever is listed first
        expect((events.find((e) => e.type === 'attack' && e.attacker === 'm' && e.segment === 3)!.ac as Ledger).total).toBe(2);
      }
      expect(facts(results[0].s)).toEqual(facts(results[1].s));
      for (const { events } of results) {
        // the lost extra attack is no action: the parry and its count go on (next attack 3 + 5 + 2) until f strikes in 10
        expect(events.filter((e) => e.type === 'declare' && e.figure === 'f').map((e) => [e.segment, e.lands])).toEqual([
          [0, 5],
          [3, 10],
          [10, 15],
        ]);
        expect(events.find((e) => e.type === 'parry-end')).toMatchObject({ segment: 10, figure: 'f', against: 'm' });
      }
    });

    it('R-A8/R-A1: a parry ended by the parrier\'s own attack still guards against a blow of that same segment [3380eb42]', () => {
      // parry in 3 -> f's attack lands in 10; the minotaur's claw lands in 10 too (waits until 7, SF 3)
      const F = f([{ type: 'attack', target: 'm' }, { type: 'parry', against: 'm', at: 3 }, { type: 'attack', target: 'm' }]);
      const M = m([{ type: 'attack', target: 'f' }, { type: 'wait', until: 7 }, { type: 'attack', target: 'f' }, { type: 'wait', until: 40 }]);
      const results = [[F, M], [M, F]].map((order) => play(order, new QueueDice({}, QUIET), 10));
      for (const { events } of results) {
        expect(events.filter((e) => e.type === 'attack').map((e) => [e.segment, e.attacker])).toEqual(expect.arrayContaining([[10, 'f'], [10, 'm']]));
        expect(events.filter((e) => e.type === 'attack' && e.attacker === 'm').map((e) => [e.segment, (e.ac as Ledger).total])).toEqual([
          [3, 2],
          [10, 2],
        ]);
        expect(events.find((e) => e.type === 'parry-end')).toMatchObject({ segment: 10, figure: 'f', against: 'm', consecutive: 0 });
      }
      expect(facts(results[0].s)).toEqual(facts(results[1].s));
    });
  });
});
