import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { CommandRejected, InputError } from '../../core/errors.ts';
import type { Ledger } from '../../core/ledger.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import { criticalRow, figureState } from './combat.ts';
import { armourClass } from './tohit.ts';
import type { AdndEvent, AdndState, Command } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { QueueDice, QUIET, fighter, playUntil } from './testing.ts';


type Raw = Record<string, unknown>;
/** testing.ts's fighter (named from its id) with 50 hp and dexterity 12: `over` sets any field, its id too. */
const hero = (over: Raw = {}): Raw => fighter(String(over.id ?? 'hero'), 'a', { hp: 50, dex: 12, ...over });
const dummy = (over: Raw = {}): Raw => ({ id: 'dummy', side: 'b', hd: 1, hp: 500, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 200 }], ...over });
const scenario = (figs: Raw[], extra: Raw = {}) => ({ system: 'adnd', figures: figs, ...extra });

const attackSegments = (events: AdndEvent[], who = 'hero') => events.filter((e) => e.type === 'attack' && e.attacker === who).map((e) => e.segment);

describe('the clock (R-A1, R-A2)', () => {
  it('R-A2: a ready long sword strikes in 5 and every 5 segments [3380eb42]', () => {
    const { events } = playUntil(scenario([hero(), dummy()]), new QueueDice({}, QUIET), 21);
    expect(attackSegments(events)).toEqual([5, 10, 15, 20]);
  });

  it('R-A2: drawing the long sword takes 1 segment: first attack in 6, then every 5 [3380eb42]', () => {
    const { events } = playUntil(scenario([hero({ wield: [] }), dummy()]), new QueueDice({}, QUIET), 17);
    const d = events.find((e) => e.type === 'declare' && e.figure === 'hero')!;
    expect(d.action).toMatchObject({ kind: 'draw', weapons: ['longsword'] });
    expect(d.lands).toBe(1);
    expect(attackSegments(events)).toEqual([6, 11, 16]);
  });

  it('R-A2: longbow 2 + arrow 3: shots in 5, 8, 11, 14 [3380eb42]', () => {
    const bow = hero({ weapons: [{ weapon: 'longbow', ammo: 10 }], wield: [], proficiencies: { longbow: 1 } });
    const { events } = playUntil(scenario([bow, dummy()]), new QueueDice({}, QUIET), 15);
    expect(events.find((e) => e.type === 'ready')!.segment).toBe(2);
    expect(attackSegments(events)).toEqual([5, 8, 11, 14]);
  });

  it('R-A2: a fully readied (nocked) missile goes in segment 1, then every missile SF [3380eb42]', () => {
    const bow = hero({ weapons: [{ weapon: 'longbow', ammo: 10, nocked: true }], wield: ['longbow'], proficiencies: { longbow: 1 } });
    const { events } = playUntil(scenario([bow, dummy()]), new QueueDice({}, QUIET), 8);
    expect(attackSegments(events)).toEqual([1, 4, 7]);
  });

  it('3380eb42 R-A2: readying a launcher nocks no missile ("two segments to ready the bow for use and three more to pick an arrow, nock it and aim"): a bow dropped with its arrow nocked, or listed nocked but not in hand, shoots in 2 + 3 = 5 once readied, not 3', () => {
    const dropped = hero({ weapons: [{ weapon: 'longbow', ammo: 10, nocked: true }], wield: ['longbow'], proficiencies: { longbow: 1 }, script: [{ type: 'drop', weapon: 'longbow' }, { type: 'ready', weapon: 'longbow' }] });
    const slung = hero({ weapons: [{ weapon: 'longbow', ammo: 10, nocked: true }], wield: [], proficiencies: { longbow: 1 } });
    for (const bow of [dropped, slung]) {
      const { events, s } = playUntil(scenario([bow, dummy()]), new QueueDice({}, QUIET), 9);
      expect(events.find((e) => e.type === 'ready')!.segment).toBe(2);
      const shot = events.find((e) => e.type === 'declare' && e.figure === 'hero' && e.segment === 2)!;
      expect([(shot.action as { kind: string }).kind, shot.lands]).toEqual(['attack', 5]);
      expect(attackSegments(events)).toEqual([5, 8]);
      expect(s.figures[0].weapons[0].nocked).toBe(false);
    }
  });

  it('R-A2: dropping takes no time; picking up / drawing again takes 1', () => {
    const h = hero({ weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], script: [{ type: 'drop', weapon: 'longsword' }, { type: 'draw', weapons: ['dagger'] }] });
    const { events, s } = playUntil(scenario([h, dummy()]), new QueueDice({}, QUIET), 4);
    expect(events.find((e) => e.type === 'drop')!.segment).toBe(0);
    expect(events.find((e) => e.type === 'draw')!.segment).toBe(1);
    expect(attackSegments(events)).toEqual([3]); // dagger SF 2 after the draw in 1
    expect(s.figures[0].weapons[0].dropped).toBe(true);
  });

  it('R-A6: haste halves the speed factor rounding up (long sword 5 -> 3) [3380eb42]', () => {
    const { events } = playUntil(scenario([hero({ hasted: 5 }), dummy()]), new QueueDice({}, QUIET), 10);
    expect(attackSegments(events)).toEqual([3, 6, 9]);
    const d = events.find((e) => e.type === 'declare' && e.figure === 'hero')!;
    expect((d.timing as Ledger).entries.map((e) => [e.delta, e.rule])).toEqual([
      [0, 'R-A1'],
      [5, 'R-A2'],
      [-2, 'R-A6'],
    ]);
  });

  it('R-A6: slow doubles the speed factor (short sword 3 -> 6) [3380eb42]', () => {
    const h = hero({ slowed: 5, weapons: [{ weapon: 'short-sword' }], proficiencies: { 'short-sword': 1 } });
    const { events } = playUntil(scenario([h, dummy()]), new QueueDice({}, QUIET), 19);
    expect(attackSegments(events)).toEqual([6, 12, 18]);
  });

  it('R-A6: the haste spell (casting time 3) speeds a friend from the next declaration', () => {
    const mage = { id: 'mage', side: 'a', class: 'magic-user', level: 5, hp: 10, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { haste: 1 }, script: [{ type: 'cast', spell: 'haste', target: 'hero' }, { type: 'wait', until: 200 }] };
    const { events, s } = playUntil(scenario([hero(), mage, dummy()]), new QueueDice({}, QUIET), 12);
    expect(s.figures[0].hastedUntil).toBe(3 + (3 + 5) * 10);
    // hero: 5 (declared before the haste), then 5 + 3 = 8, 11
    expect(attackSegments(events)).toEqual([5, 8, 11]);
  });
});

describe('spells (R-A7)', () => {
  const mage = (over: Raw = {}): Raw => ({ id: 'mage', side: 'a', class: 'magic-user', level: 3, hp: 10, ac: 9, weapons: [{ weapon: 'dagger' }], proficiencies: { dagger: 1 }, spells: { 'magic-missile': 3 }, ...over });

  it('R-A7: casting time is the speed factor; after an offensive spell no spell for 10 segments [3380eb42]', () => {
    const m = mage({ script: [{ type: 'cast', spell: 'magic-missile', target: 'dummy' }] });
    const s = sys.setup(scenario([m, dummy()]));
    const dice = new QueueDice({}, QUIET);
    const events: AdndEvent[] = [];
    while (!(s.now === 1 && s.phase === 'declare')) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
    // lands in segment 1 (casting time 1); magic missile: 2 missiles at level 3, 1d4+1 each
    const cast = events.find((e) => e.type === 'cast')!;
    expect([cast.segment, cast.pauseUntil]).toEqual([1, 11]);
    expect(events.filter((e) => e.type === 'spell-damage').map((e) => (e.damage as Ledger).total)).toEqual([2, 2]);
    expect(() => sys.apply(s, { type: 'cast', figure: 'mage', spell: 'magic-missile', target: 'dummy' }, dice, null)).toThrow(/pausing after an offensive spell until segment 11 \(R-A7\)/);
    // physically attacking is allowed during the pause
    sys.apply(s, { type: 'attack', figure: 'mage', target: 'dummy' }, dice, null);
    expect(s.figures[0].next).toBe(3);
  });

  it('3380eb42 R-A7: during the pause after an offensive spell drawing and readying are refused (until segment 11); attacking is allowed', () => {
    const m = mage({ weapons: [{ weapon: 'dagger' }, { weapon: 'short-sword' }, { weapon: 'shortbow', ammo: 10 }], wield: ['dagger'], script: [{ type: 'cast', spell: 'magic-missile', target: 'dummy' }] });
    const s = sys.setup(scenario([m, dummy()]));
    const dice = new QueueDice({}, QUIET);
    while (!(s.now === 1 && s.phase === 'declare')) sys.apply(s, sys.decide(s), dice, null);
    expect(() => sys.apply(s, { type: 'draw', figure: 'mage', weapons: ['short-sword'] }, dice, null)).toThrow(
      'is pausing after an offensive spell until segment 11: no drawing a weapon before then, only attacking, defending, retreating or directing the spell (R-A7)',
    );
    expect(() => sys.apply(s, { type: 'ready', figure: 'mage', weapon: 'shortbow' }, dice, null)).toThrow(
      'is pausing after an offensive spell until segment 11: no readying a launcher before then, only attacking, defending, retreating or directing the spell (R-A7)',
    );
    // physically attacking is allowed: the dagger (SF 2) lands in 3
    sys.apply(s, { type: 'attack', figure: 'mage', target: 'dummy' }, dice, null);
    expect(s.figures[0].next).toBe(3);
  });

  it('3380eb42 R-A7 (Fray): struggling free of an entanglement is allowed during the pause (defending / retreating), a draw is not', () => {
    const m = mage({ weapons: [{ weapon: 'dagger' }, { weapon: 'short-sword' }], wield: ['dagger'], script: [{ type: 'cast', spell: 'magic-missile', target: 'dummy' }] });
    const s = sys.setup(scenario([m, dummy()]));
    const dice = new QueueDice({}, QUIET);
    while (!(s.now === 1 && s.phase === 'declare')) sys.apply(s, sys.decide(s), dice, null);
    s.figures[0].entangled = true;
    expect(() => sys.apply(s, { type: 'draw', figure: 'mage', weapons: ['short-sword'] }, dice, null)).toThrow('until segment 11: no drawing a weapon before then');
    const events: AdndEvent[] = [];
    sys.apply(s, { type: 'struggle', figure: 'mage' }, dice, (e) => events.push(e));
    const d = events.find((e) => e.type === 'declare' && e.figure === 'mage')!;
    expect([d.action, d.segment, d.lands]).toEqual([{ kind: 'struggle' }, 1, 4]);
  });

  it('3380eb42 R-A7: the pause ends in segment 11: a draw in 10 is refused, in 11 it lands in 12', () => {
    const cast = { type: 'cast', spell: 'magic-missile', target: 'dummy' };
    const draw = { type: 'draw', weapons: ['short-sword'] };
    const weapons = [{ weapon: 'dagger' }, { weapon: 'short-sword' }];
    const early = mage({ weapons, wield: [], script: [cast, { type: 'wait', until: 10 }, draw] });
    const s = sys.setup(scenario([early, dummy()]));
    const dice = new QueueDice({}, QUIET);
    for (let i = 0; i < 200 && !(s.now === 10 && s.phase === 'declare' && s.queue[0] === 'mage'); i++) sys.apply(s, sys.decide(s), dice, null);
    expect([s.now, s.queue[0]]).toEqual([10, 'mage']);
    expect(() => sys.apply(s, { type: 'draw', figure: 'mage', weapons: ['short-sword'] }, dice, null)).toThrow('until segment 11: no drawing a weapon before then');
    // Its scripted draw, refused there, is passed over: the AI decides (it never draws in the pause).
    expect(sys.decide(s)).not.toMatchObject({ type: 'draw' });
    const onTime = mage({ weapons, wield: [], script: [cast, { type: 'wait', until: 11 }, draw, { type: 'wait', until: 200 }] });
    const { events } = playUntil(scenario([onTime, dummy()]), new QueueDice({}, QUIET), 12);
    const d = events.find((e) => e.type === 'declare' && e.figure === 'mage' && (e.action as { kind: string }).kind === 'draw')!;
    expect([d.segment, d.lands]).toEqual([11, 12]);
  });

  it('3380eb42 R-A7: the AI never draws during the pause: an empty-handed caster waits until 11, draws (lands 12), then attacks (14)', () => {
    const m = mage({ spells: { 'magic-missile': 1 }, wield: [], script: [{ type: 'cast', spell: 'magic-missile', target: 'dummy' }] });
    const { events } = playUntil(scenario([m, dummy()]), new QueueDice({}, QUIET), 14);
    const decl = events.filter((e) => e.type === 'declare' && e.figure === 'mage').map((e) => [(e.action as { kind: string }).kind, e.segment, e.lands]);
    expect(decl.slice(0, 4)).toEqual([
      ['cast', 0, 1],
      ['wait', 1, 11],
      ['draw', 11, 12],
      ['attack', 12, 14],
    ]);
  });

  it('R-A7 option: clerics and druids pause 5 segments', () => {
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 3, hp: 20, ac: 5, weapons: [{ weapon: 'footmans-mace' }], spells: { 'hold-person': 1 }, script: [{ type: 'cast', spell: 'hold-person', target: 'dummy' }] };
    const raw = scenario([cleric, dummy({ hd: 2 })], { options: { spellPause: { cleric: 5, druid: 5 } } });
    const { events, s } = playUntil(raw, new QueueDice({ 20: [1] }, QUIET), 6);
    const cast = events.find((e) => e.type === 'cast')!;
    expect([cast.segment, cast.pause, cast.pauseUntil]).toEqual([5, 5, 10]);
    // the dummy failed its save (1): held for 4 + 3 rounds
    expect(s.figures[1].heldUntil).toBe(5 + 70);
  });

  it('R-A8: the parry delay applies to spells as well [3380eb42]', () => {
    // The mage parries the dummy's blow in segment 3, then casts magic missile: 3 + 1 + 2 = 6.
    const m = mage({ script: [{ type: 'wait', until: 5 }, { type: 'parry', against: 'dummy', at: 3 }, { type: 'cast', spell: 'magic-missile', target: 'dummy' }] });
    const d = dummy({ weapons: [{ id: 'claw', sf: 3, damage: '1' }], script: [] });
    const { events } = playUntil(scenario([m, d]), new QueueDice({}, QUIET), 6);
    const decl = events.find((e) => e.type === 'declare' && e.figure === 'mage' && (e.action as { kind: string }).kind === 'cast')!;
    expect([decl.segment, decl.lands]).toEqual([3, 6]);
    expect((decl.timing as Ledger).entries.map((e) => [e.delta, e.rule])).toEqual([
      [3, 'R-A1'],
      [1, 'R-A7'],
      [2, 'R-A8'],
    ]);
    expect(events.find((e) => e.type === 'cast')!.segment).toBe(6);
  });

  it('R-A7: non-offensive spells may be cast one after another', () => {
    const cure = { type: 'cast', spell: 'cure-light-wounds', target: 'cleric' };
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 3, hp: 20, maxHp: 30, ac: 5, weapons: [{ weapon: 'footmans-mace' }], spells: { 'cure-light-wounds': 2 }, script: [cure, cure] };
    const { events, s } = playUntil(scenario([cleric, dummy()]), new QueueDice({ 8: [3, 4] }, QUIET), 10);
    expect(events.filter((e) => e.type === 'cast').map((e) => [e.segment, e.pauseUntil])).toEqual([
      [5, null],
      [10, null],
    ]);
    expect(s.figures[0].hp).toBe(27);
  });

  it('adnd-1e reference (1e PHB): fireball and lightning bolt roll a d6 per caster level with no maximum (level 12: 12d6, not the 2nd-edition 10d6) [3380eb42]', () => {
    const m = mage({ level: 12, spells: { fireball: 1, 'lightning-bolt': 1 }, script: [{ type: 'cast', spell: 'fireball', target: 'dummy' }, { type: 'wait', until: 13 }, { type: 'cast', spell: 'lightning-bolt', target: 'dummy' }] });
    // every d6 a 1, every d20 a 2 (the dummy fails its saves): fireball lands in 3, the bolt after the pause (13 + 3 = 16)
    const { events } = playUntil(scenario([m, dummy()]), new QueueDice({}, QUIET), 16);
    const hits = events.filter((e) => e.type === 'spell-damage');
    expect(hits.map((e) => [e.segment, e.spell, (e.damage as Ledger).entries[0].source.split(' ')[1], (e.damage as Ledger).total])).toEqual([
      [3, 'fireball', '12d6', 12],
      [16, 'lightning-bolt', '12d6', 12],
    ]);
  });

  it("spell damage names its caster (the event's `caster`): each magic missile, and each figure a fireball strikes on the target's side", () => {
    const m = mage({ spells: { 'magic-missile': 1, fireball: 1 }, script: [{ type: 'cast', spell: 'magic-missile', target: 'dummy' }, { type: 'wait', until: 11 }, { type: 'cast', spell: 'fireball', target: 'dummy' }] });
    const { events } = playUntil(scenario([m, dummy(), dummy({ id: 'other' })]), new QueueDice({}, QUIET), 14);
    expect(events.filter((e) => e.type === 'spell-damage').map((e) => [e.segment, e.spell, e.figure, e.caster])).toEqual([
      [1, 'magic-missile', 'dummy', 'mage'],
      [1, 'magic-missile', 'dummy', 'mage'],
      [14, 'fireball', 'dummy', 'mage'],
      [14, 'fireball', 'other', 'mage'],
    ]);
  });

  it('adnd-1e reference (1e PHB): slow allows no saving throw (a d20 of 20 would have saved); hold person is still negated by a save vs spell [3380eb42]', () => {
    const m = mage({ level: 5, spells: { slow: 1 }, script: [{ type: 'cast', spell: 'slow', target: 'dummy' }] });
    const slow = playUntil(scenario([m, dummy()]), new QueueDice({ 20: [20] }, QUIET), 3).events;
    // slow lands in 3 (casting time 3) and lasts 3 + 5 rounds: through segment 83
    expect(slow.filter((e) => e.type === 'status' && e.figure === 'dummy').map((e) => [e.segment, e.status, e.until])).toEqual([[3, 'slowed', 83]]);
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 3, hp: 20, ac: 5, weapons: [{ weapon: 'footmans-mace' }], spells: { 'hold-person': 1 }, script: [{ type: 'cast', spell: 'hold-person', target: 'dummy' }] };
    const hold = playUntil(scenario([cleric, dummy()]), new QueueDice({ 20: [20] }, QUIET), 5).events;
    expect(hold.filter((e) => e.type === 'status' && e.figure === 'dummy').map((e) => [e.segment, e.status])).toEqual([[5, 'resists hold person']]);
  });
});

describe('extra attacks (R-A5)', () => {
  it('R-A5: 5% x level, +5% for a true fighter; rolled each round; d10 gives the segment [3380eb42]', () => {
    const figs = [hero({ level: 5 }), hero({ id: 'pal', class: 'paladin', level: 5 }), hero({ id: 'rng', class: 'ranger', level: 3 }), dummy()];
    const { events } = playUntil(scenario(figs), new QueueDice({ 100: [30, 26, 16], 10: [4] }, QUIET), 6);
    const rolls = events.filter((e) => e.type === 'extra-roll' && e.round === 1);
    expect(rolls.map((e) => [e.figure, (e.chance as Ledger).total, e.roll, e.at])).toEqual([
      ['hero', 30, 30, 4],
      ['pal', 25, 26, 0],
      ['rng', 15, 16, 0],
    ]);
    expect(attackSegments(events)).toEqual([4, 5]);
  });

  it('R-A5 option: the true fighter bonus per level (fighter 5: 50%)', () => {
    const raw = scenario([hero({ level: 5 }), dummy()], { options: { trueFighterBonus: 'per-level' } });
    const { events } = playUntil(raw, new QueueDice({ 100: [50], 10: [5] }, QUIET), 6);
    const r = events.find((e) => e.type === 'extra-roll')!;
    expect([(r.chance as Ledger).total, r.at]).toEqual([50, 5]);
    // the extra attack may fall in the same segment as a regular one
    expect(attackSegments(events)).toEqual([5, 5]);
  });

  it("3380eb42 R-A5: the roll is made at the beginning of each round (segments 1 and 11), and the extra attack may go in the same segment as a regularly scheduled one (d10 5: two long sword blows in 5)", () => {
    // Fighter 5: 25 + 5 = 30. Round 1 rolls 30 (an extra attack, d10 5), round 2 rolls 31 (none).
    const { events } = playUntil(scenario([hero({ level: 5 }), dummy()]), new QueueDice({ 100: [30, 31], 10: [5] }, QUIET), 20);
    const rolls = events.filter((e) => e.type === 'extra-roll');
    expect(rolls.map((e) => [e.segment, (e.chance as Ledger).total, e.roll, e.d10, e.at])).toEqual([
      [1, 30, 30, 5, 5],
      [11, 30, 31, null, 0],
    ]);
    // Each round's roll comes before any blow of that round.
    const firstBlow = (from: number) => events.findIndex((e) => e.type === 'attack' && e.segment >= from);
    expect(events.indexOf(rolls[0])).toBeLessThan(firstBlow(1));
    expect(events.indexOf(rolls[1])).toBeLessThan(firstBlow(11));
    // The regular blows in 5, 10, 15, 20 and the extra one in 5 beside the regular one.
    expect(attackSegments(events)).toEqual([5, 5, 10, 15, 20]);
  });

  it('R-A5: monsters and other classes never roll', () => {
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 9, hp: 20, ac: 5, weapons: [{ weapon: 'footmans-mace' }] };
    const { events } = playUntil(scenario([cleric, dummy()]), new QueueDice({}, QUIET), 12);
    expect(events.filter((e) => e.type === 'extra-roll')).toEqual([]);
  });
});

describe('disarm and entangle (R-A9)', () => {
  const swordsman = (over: Raw = {}) => hero({ id: 'foe', side: 'b', str: 16, dex: 16, weapons: [{ weapon: 'longsword', magic: { hit: 1, dmg: 2 } }], script: [{ type: 'wait', until: 200 }], ...over });

  it('disarm: hit AC 0 with dexterity and weapon plusses only; the opponent saves vs petrification with strength, dexterity and the better weapon bonus [3380eb42]', () => {
    const h = hero({ level: 5, str: '18/00', dex: 17, weapons: [{ weapon: 'longsword', magic: 2 }], script: [{ type: 'attack', target: 'foe', mode: 'disarm' }] });
    // attack d20 13: 13 + 1 dex + 2 magic = 16 vs 16 (fighter 5 against AC 0); save d20 8 + 3 (strength 18/00
    // to hit) + 1 (dexterity 17) + 2 (the better of +1 / +2) = 14 < 15 (fighter 1)
    const { events, s } = playUntil(scenario([h, swordsman({ str: '18/00', dex: 17 })]), new QueueDice({ 20: [13, 8] }, QUIET), 5);
    const a = events.find((e) => e.type === 'attack')!;
    expect((a.bonus as Ledger).entries.map((e) => [e.source, e.delta])).toEqual([
      ['dexterity 17 (hand)', 1],
      ['weapon magic long sword', 2],
    ]);
    expect((a.need as Ledger).total).toBe(16);
    const save = a.save as { roll: number; need: number; mods: Ledger; saved: boolean };
    expect(save.mods.entries.map((e) => e.delta)).toEqual([3, 1, 2]);
    expect([save.roll, save.need, save.saved]).toEqual([8, 15, false]);
    expect(a.damage).toBeNull();
    const foe = s.figures[1];
    expect(foe.hands).toEqual([]);
    expect(foe.weapons[0].dropped).toBe(true);
  });

  it('disarm: a weapon that cannot disarm is rejected by name', () => {
    const h = hero({ weapons: [{ weapon: 'footmans-mace' }] });
    const s = sys.setup(scenario([h, swordsman()]));
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    const attempt = () => sys.apply(s, { type: 'attack', figure: 'hero', target: 'foe', mode: 'disarm' }, new QueueDice({}, QUIET), null);
    expect(attempt).toThrow(CommandRejected);
    expect(attempt).toThrow("footman's mace cannot disarm: it has no disarming method in the weapon capabilities table (R-A9)");
  });

  it('3380eb42 R-A9: a weapon that can disarm is refused against a weapon not disarmable by its method, and against an unarmed target (messages name both)', () => {
    // A long sword disarms by bind; a footman's mace can be disarmed only by hook or entangle.
    const s = sys.setup(scenario([hero(), swordsman({ weapons: [{ weapon: 'footmans-mace' }] })]));
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    const attempt = () => sys.apply(s, { type: 'attack', figure: 'hero', target: 'foe', mode: 'disarm' }, new QueueDice({}, QUIET), null);
    expect(attempt).toThrow("long sword disarms by bind; Foe's footman's mace cannot be disarmed that way (weapon capabilities, R-A9)");
    // Unarmed: the foe fights with a natural claw and holds nothing.
    const u = sys.setup(scenario([hero(), swordsman({ weapons: [{ id: 'claw', sf: 3, damage: '1d3' }], proficiencies: {} })]));
    sys.apply(u, { type: 'begin' }, new QueueDice({}, QUIET), null);
    expect(() => sys.apply(u, { type: 'attack', figure: 'hero', target: 'foe', mode: 'disarm' }, new QueueDice({}, QUIET), null)).toThrow('Foe holds no weapon for long sword to disarm (R-A9)');
    // The same long sword against a long sword (disarmable by bind) is accepted.
    const ok = sys.setup(scenario([hero(), swordsman()]));
    sys.apply(ok, { type: 'begin' }, new QueueDice({}, QUIET), null);
    sys.apply(ok, { type: 'attack', figure: 'hero', target: 'foe', mode: 'disarm' }, new QueueDice({}, QUIET), null);
    expect(ok.figures[0].declared).toMatchObject({ kind: 'attack', mode: 'disarm', target: 'foe' });
  });

  it('3380eb42 R-A9: "the opponent is holding/using a weapon appropriate to that method": a long sword may bind the main gauche of a foe whose primary is a mace; the save counts the main gauche\'s bonus and only it is knocked away', () => {
    // The foe (dexterity 16) holds a +3 footman's mace (hook or entangle only) and a +1 main gauche (bind).
    const pair = swordsman({ weapons: [{ weapon: 'footmans-mace', magic: 3 }, { weapon: 'main-gauche', magic: 1 }], wield: ['footmans-mace', 'main-gauche'], proficiencies: { 'footmans-mace': 1, 'main-gauche': 1 } });
    const h = hero({ level: 5, script: [{ type: 'attack', target: 'foe', mode: 'disarm' }] });
    // attack d20 18 vs 16 (fighter 5 against AC 0); save d20 5 + 0 (strength 16) + 0 (dexterity 16, hand) + 1 (the main gauche, not the mace's 3) = 6 < 15
    const { events, s } = playUntil(scenario([h, pair]), new QueueDice({ 20: [18, 5] }, QUIET), 6);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect(a.mode).toBe('disarm');
    const save = a.save as { roll: number; need: number; mods: Ledger; saved: boolean };
    expect(save.mods.entries.map((e) => [e.source, e.delta])).toEqual([
      ['strength 16', 0],
      ['dexterity 16', 0],
      ['main gauche: better of magic to-hit / damage', 1],
    ]);
    expect([save.roll, save.need, save.saved]).toEqual([5, 15, false]);
    expect(events.find((e) => e.type === 'disarm')).toMatchObject({ segment: 5, figure: 'foe', by: 'hero', weapon: 'main-gauche' });
    expect(s.figures[1].hands).toEqual(['footmans-mace']);
    // Neither of two maces can be bound: refused, naming both.
    const maces = sys.setup(scenario([hero(), swordsman({ weapons: [{ weapon: 'footmans-mace' }, { weapon: 'horsemans-mace' }], wield: ['footmans-mace', 'horsemans-mace'] })]));
    sys.apply(maces, { type: 'begin' }, new QueueDice({}, QUIET), null);
    expect(() => sys.apply(maces, { type: 'attack', figure: 'hero', target: 'foe', mode: 'disarm' }, new QueueDice({}, QUIET), null)).toThrow(
      "long sword disarms by bind; Foe's footman's mace and horseman's mace cannot be disarmed that way (weapon capabilities, R-A9)",
    );
  });

  it('entangle: a whip hit entangles unless the target saves vs petrification with its dexterity; the entangled struggle [3380eb42]', () => {
    const h = hero({ weapons: [{ weapon: 'whip' }], proficiencies: { whip: 1 } });
    // whip SF 4: d20 18 vs 16 (fighter 1 against AC 5 - 1 dexterity) hits; save d20 10 + 1 (dexterity 16) = 11 < 15
    const { events, s } = playUntil(scenario([h, swordsman({ script: [] })]), new QueueDice({ 20: [18, 10] }, QUIET), 4);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    const save = a.save as { roll: number; need: number; mods: Ledger; saved: boolean };
    expect(save.mods.entries).toEqual([{ source: 'dexterity 16 (defensive adjustment)', delta: 1, rule: '3380eb42' }]);
    expect([save.roll, save.need, save.saved]).toEqual([10, 15, false]);
    expect(s.figures[1].entangled).toBe(true);
    const next = events.filter((e) => e.type === 'declare' && e.figure === 'foe').at(-1)!;
    expect(next.action).toEqual({ kind: 'struggle' });
    expect(() => sys.apply(s, { type: 'attack', figure: 'foe', target: 'hero' }, new QueueDice({}, QUIET), null)).toThrow();
  });
});

describe('two weapons (R-A4)', () => {
  it('3380eb42 R-A4: a sling and a dagger in hand are not two weapons (the sling never swings beside the dagger): the dagger strikes alone with the hand column, AC is not worsened, and dexterity 9 may hold both', () => {
    const slinger = (dex: number) => hero({ dex, weapons: [{ weapon: 'sling', ammo: 10 }, { weapon: 'dagger' }], wield: ['sling', 'dagger'], proficiencies: { sling: 1, dagger: 1 }, script: [{ type: 'attack', weapon: 'dagger', target: 'dummy' }] });
    const { events, s } = playUntil(scenario([slinger(17), dummy()]), new QueueDice({}, QUIET), 2);
    const blow = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect([blow.segment, blow.weapon, blow.role]).toEqual([2, 'dagger', 'alone']);
    expect((blow.bonus as Ledger).entries.find((e) => e.rule === 'R-A4' && e.source.startsWith('dexterity'))).toEqual({ source: 'dexterity 17 (hand)', delta: 1, rule: 'R-A4' });
    expect(armourClass(s.figures[0], null).entries.map((e) => e.source)).toEqual(['armour class 5', 'dexterity 17 AC adjustment']);
    expect(() => sys.setup(scenario([slinger(9), dummy()]))).not.toThrow();
  });

  it('3380eb42 R-A4: two weapons "not allowed" at dexterity 3-9: dexterity 9 is refused (draw, wield) with the message; dexterity 10 fights with both', () => {
    const pair = (dex: number, over: Raw = {}) => hero({ dex, weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], proficiencies: { longsword: 1, dagger: 1 }, wield: [], ...over });
    const s9 = sys.setup(scenario([pair(9), dummy()]));
    sys.apply(s9, { type: 'begin' }, new QueueDice({}, QUIET), null);
    expect(() => sys.apply(s9, { type: 'draw', figure: 'hero', weapons: ['longsword', 'dagger'] }, new QueueDice({}, QUIET), null)).toThrow("Hero's dexterity does not allow two weapons (R-A4)");
    let issues: string[] = [];
    try {
      sys.setup(scenario([pair(9, { wield: ['longsword', 'dagger'] }), dummy()]));
    } catch (e) {
      issues = (e as InputError).issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toEqual(['figures[0].wield: dexterity 8-9 does not allow two weapons (R-A4)']);
    // Dexterity 10 (row 10-15: -6 / -8): both drawn (1 segment each, lands 2), then both strike in 7 (long sword SF 5).
    const script = [{ type: 'draw', weapons: ['longsword', 'dagger'] }, { type: 'attack', target: 'dummy' }];
    const { events } = playUntil(scenario([pair(10, { script }), dummy()]), new QueueDice({}, QUIET), 7);
    const decl = events.filter((e) => e.type === 'declare' && e.figure === 'hero').map((e) => e.action as { kind: string; twoWeapons?: boolean });
    expect(decl[0]).toMatchObject({ kind: 'draw', weapons: ['longsword', 'dagger'] });
    expect(decl[1]).toMatchObject({ kind: 'attack', twoWeapons: true, weapon: 'longsword', offhand: 'dagger' });
    expect(events.filter((e) => e.type === 'declare' && e.figure === 'hero').map((e) => e.lands).slice(0, 2)).toEqual([2, 7]);
    const bonuses = events.filter((e) => e.type === 'attack' && e.attacker === 'hero').map((e) => (e.bonus as Ledger).entries.find((x) => x.rule === 'R-A4' && x.source.startsWith('dexterity'))!.delta);
    expect(bonuses).toEqual([-6, -8]);
  });

  it('3380eb42 R-A4 note 1 (Fray): the Two Weapons skill shifts dexterity 8-9 to the 10-15 row, so it fights with two weapons at -6 / -8; 6-7 shifts to 8-9, still "not allowed"', () => {
    const pair = (dex: number) => hero({ dex, twoWeapons: true, weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], proficiencies: { longsword: 1, dagger: 1 }, wield: ['longsword', 'dagger'], script: [{ type: 'attack', target: 'dummy' }] });
    const { events } = playUntil(scenario([pair(9), dummy()]), new QueueDice({}, QUIET), 5);
    const dex = events.filter((e) => e.type === 'attack' && e.attacker === 'hero').map((e) => (e.bonus as Ledger).entries.find((x) => x.source.startsWith('dexterity'))!);
    expect(dex.map((x) => [x.source, x.delta])).toEqual([
      ['dexterity 9 two weapons, Two Weapons skill: row 10-15 (primary)', -6],
      ['dexterity 9 two weapons, Two Weapons skill: row 10-15 (secondary)', -8],
    ]);
    let issues: string[] = [];
    try {
      sys.setup(scenario([pair(7), dummy()]));
    } catch (e) {
      issues = (e as InputError).issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toEqual(['figures[0].wield: dexterity 6-7 does not allow two weapons (R-A4)']);
  });
});

describe('critical hits (R-A10)', () => {
  it('R-A10: every row of the third-roll table [3380eb42]', () => {
    const m = Array.from({ length: 20 }, (_, i) => criticalRow(i + 1, { criticalTable: null }).multiplier);
    expect(m).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 5]);
    expect(Array.from({ length: 20 }, (_, i) => criticalRow(i + 1, { criticalTable: null }).special)).toEqual([...Array(19).fill(false), true]);
  });

  it('R-A10 option: a user-supplied critical table', () => {
    const t = [{ min: 1, max: 10, multiplier: 1 }, { min: 11, max: 20, multiplier: 2, special: true, label: 'severed' }];
    expect(criticalRow(11, { criticalTable: t })).toEqual({ multiplier: 2, special: true, label: 'severed' });
  });

  const critRun = (confirm: number, third: number, over: Raw = {}, opts: Raw = {}) => {
    // fighter 5, dexterity 17: threshold (17 + 5) / 2 = 11; long sword +0, strength 16 (+1 damage): max 8 + 1 = 9
    const h = hero({ level: 5, dex: 17, str: 16, ...over });
    const { events } = playUntil(scenario([h, dummy()], opts), new QueueDice({ 20: [20, confirm, third], 8: [3] }, QUIET), 5);
    return events.find((e) => e.type === 'attack')!;
  };

  it.each([
    [1, 1, 9],
    [11, 1, 9],
    [12, 2, 18],
    [15, 2, 18],
    [16, 3, 27],
    [17, 3, 27],
    [18, 4, 36],
    [19, 5, 45],
    [20, 5, 45],
  ])('R-A10: third roll %i -> x%i maximum = %i damage', (third, mult, dmg) => {
    const a = critRun(11, third);
    expect(a.critical).toMatchObject({ confirm: 11, threshold: 11, third, multiplier: mult, special: third === 20 });
    expect((a.damage as Ledger).total).toBe(dmg);
  });

  it('R-A10: a confirm roll above the average of dexterity and level gives normal damage', () => {
    const a = critRun(12, 19);
    expect(a.critical).toMatchObject({ confirm: 12, third: null, multiplier: 1 });
    expect((a.damage as Ledger).total).toBe(3 + 1);
  });

  it('R-A10: a monster uses hit dice and dexterity 11 when none is given', () => {
    const mon = { id: 'mon', side: 'b', hd: 5, hp: 30, ac: 5, weapons: [{ id: 'bite', sf: 5, damage: '1d6' }] };
    const { events } = playUntil(scenario([hero({ script: [{ type: 'wait', until: 200 }] }), mon]), new QueueDice({ 20: [20, 8, 12] }, QUIET), 5);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'mon')!;
    expect(a.critical).toMatchObject({ threshold: 8, confirm: 8, multiplier: 2 });
    expect((a.damage as Ledger).total).toBe(12);
  });

  it("R-A10: drains are never multiplied (the seed's vampire: triple damage 30, two levels lost)", () => {
    const vamp = { id: 'vampire', side: 'b', hd: 8, dex: 14, hp: 60, ac: 1, weapons: [{ id: 'touch', sf: 5, damage: '1d6+4', drain: { kind: 'level', amount: 2 } }] };
    const victim = hero({ level: 9, hp: 80, script: [{ type: 'wait', until: 200 }] });
    // threshold (8 + 14) / 2 = 11; third roll 17: triple maximum (10) = 30
    const { events, s } = playUntil(scenario([victim, vamp]), new QueueDice({ 20: [20, 5, 17] }, QUIET), 5);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'vampire')!;
    expect((a.damage as Ledger).total).toBe(30);
    expect(a.drain).toEqual({ kind: 'level', amount: 2 });
    expect(s.figures[0].level).toBe(7);
    expect(s.figures[0].hp).toBe(50);
  });
});

describe('to hit and damage (R-A11)', () => {
  it('R-A11: natural 20 always hits, natural 1 always misses; off as an option', () => {
    // fighter 1 (20 vs AC 0) against AC -8: need 23
    const h = hero({ script: [{ type: 'attack', target: 'dummy' }] });
    const tough = dummy({ ac: -8 });
    const on = playUntil(scenario([h, tough]), new QueueDice({ 20: [20, 5] }, QUIET), 5).events.find((e) => e.type === 'attack')!;
    expect([(on.need as Ledger).total, on.hit, on.natural]).toEqual([23, true, 'hit']);
    const off = playUntil(scenario([h, tough], { options: { naturalRolls: false } }), new QueueDice({ 20: [20] }, QUIET), 5).events.find((e) => e.type === 'attack')!;
    expect(off.hit).toBe(false);
    const strong = hero({ level: 17, str: '18/00', weapons: [{ weapon: 'longsword', magic: 5 }] });
    const one = playUntil(scenario([strong, dummy()]), new QueueDice({ 20: [1] }, QUIET), 5).events.find((e) => e.type === 'attack')!;
    expect([one.hit, one.natural]).toEqual([false, 'miss']);
  });

  it('3380eb42 R-A10 with the R-A11 option off (Fray): a natural 20 that misses is no critical; no confirmation d20 is rolled, so the next d20 (7) is the next blow', () => {
    // Fighter 1 against AC -8 needs 23: a natural 20 misses once naturals are off.
    const h = hero({ script: [{ type: 'attack', target: 'dummy' }, { type: 'attack', target: 'dummy' }] });
    const { events } = playUntil(scenario([h, dummy({ ac: -8 })], { options: { naturalRolls: false } }), new QueueDice({ 20: [20, 7] }, QUIET), 10);
    const blows = events.filter((e) => e.type === 'attack');
    expect(blows.map((e) => [e.segment, e.roll, e.hit, e.critical])).toEqual([
      [5, 20, false, null],
      [10, 7, false, null],
    ]);
  });

  it('non-proficiency penalty per class (magic-user -5, druid -4, thief -3)', () => {
    const s = sys.setup(scenario([
      { id: 'mu', side: 'a', class: 'magic-user', level: 1, hp: 5, ac: 9, weapons: [{ weapon: 'longsword' }] },
      { id: 'dr', side: 'a', class: 'druid', level: 1, hp: 5, ac: 9, weapons: [{ weapon: 'longsword' }] },
      { id: 'th', side: 'a', class: 'thief', level: 1, hp: 5, ac: 9, weapons: [{ weapon: 'longsword' }] },
      dummy(),
    ]));
    const x = sys.explain(s);
    const prof = (id: string) => ((x.figures.find((f) => f.id === id)!.toHit as { rows: { bonus: Ledger }[] }[])[0].rows[0].bonus.entries.find((e) => e.rule === 'R-A4' && e.source.startsWith('not'))!.delta);
    expect([prof('mu'), prof('dr'), prof('th')]).toEqual([-5, -4, -3]);
  });

  it('damage by target size: long sword 1d8 against S-M, 1d12 against L', () => {
    const big = dummy({ size: 'L' });
    const a = playUntil(scenario([hero(), big]), new QueueDice({ 20: [15], 12: [11] }, QUIET), 5).events.find((e) => e.type === 'attack')!;
    expect((a.damage as Ledger).entries[0].source).toBe('long sword 1d12 rolled [11]');
  });

  it('states: hp <= 0 dead by default; option -10: 0 unconscious, -1..-9 dying, -10 dead', () => {
    const f = (hp: number) => ({ hp }) as never;
    expect([figureState(f(1), { deathAt: 0 }), figureState(f(0), { deathAt: 0 })]).toEqual(['healthy', 'dead']);
    expect([0, -1, -9, -10].map((hp) => figureState(f(hp), { deathAt: -10 }))).toEqual(['unconscious', 'dying', 'dying', 'dead']);
  });
});

describe('explain: the schedule says who acts in each segment and why', () => {
  it('orders the coming segments with each step of the sum', () => {
    const bow = hero({ id: 'archer', weapons: [{ weapon: 'longbow', ammo: 10 }], wield: [], proficiencies: { longbow: 1 } });
    const s = sys.setup(scenario([hero({ wield: [] }), bow, dummy()]));
    const dice = new QueueDice({}, QUIET);
    sys.apply(s, { type: 'begin' }, dice, null);
    sys.apply(s, sys.decide(s), dice, null);
    sys.apply(s, sys.decide(s), dice, null);
    const sched = (sys.explain(s) as unknown as { schedule: { segment: number; figure: string; action: string; why: { delta: number }[]; projected: boolean }[] }).schedule;
    const firm = sched.filter((x) => !x.projected && x.figure !== 'dummy');
    expect(firm.map((x) => [x.segment, x.figure, x.action])).toEqual([
      [1, 'hero', 'draw long sword'],
      [2, 'archer', 'ready long bow'],
    ]);
    for (const x of sched) if (!x.projected) expect(x.why.reduce((t, e) => t + e.delta, 0)).toBe(x.segment);
  });

  it('attack options carry exact hit chances from the d20 (naturals included)', () => {
    const s = sys.setup(scenario([hero(), dummy()]));
    const opt = (sys.explain(s).figures[0].options as { kind: string; swings: { hit: number; need: Ledger; bonus: Ledger }[] }[]).find((o) => o.kind === 'attack')!;
    // fighter 1 vs AC 10: need 10, bonus 0: faces 10..20 = 11/20
    expect(opt.swings[0].need.total).toBe(10);
    expect(opt.swings[0].hit).toBeCloseTo(11 / 20, 12);
  });
});

describe('bad input', () => {
  it('names the field: unknown weapon, bad dexterity, wrong class, unknown figure in a script', () => {
    const bad = (figs: Raw[]) => {
      try {
        sys.setup(scenario(figs));
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).issues.map((i) => i.path);
      }
      return [];
    };
    expect(bad([hero({ weapons: [{ weapon: 'lightsaber' }] }), dummy()])).toContain('figures[0].weapons[0].weapon');
    expect(bad([hero({ dex: 'high' }), dummy()])).toContain('figures[0].dex');
    expect(bad([hero({ class: 'bard' }), dummy()])).toContain('figures[0].class');
    expect(bad([hero({ script: [{ type: 'attack', target: 'nobody' }] }), dummy()])).toContain('figures[0].script[0].target');
    expect(bad([hero({ dex: 8, weapons: [{ weapon: 'longsword' }, { weapon: 'dagger' }], wield: ['longsword', 'dagger'] }), dummy()])).toContain('figures[0].wield');
    expect(bad([hero()])).toContain('figures');
  });

  it('a weapon, proficiency or spell named like an inherited object key (__proto__, constructor, toString) is unknown, not a crash', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(() => sys.setup(scenario([hero({ weapons: [{ weapon: name }] }), dummy()]))).toThrow(new RegExp(`figures\\[0\\]\\.weapons\\[0\\]\\.weapon: unknown weapon '${name}'`));
    }
  });

  it('rejects illegal commands with the reason and changes nothing', () => {
    const s = sys.setup(scenario([hero(), hero({ id: 'friend' }), dummy()]));
    expect(() => sys.apply(s, { type: 'attack', figure: 'hero', target: 'dummy' }, new QueueDice({}, QUIET), null)).toThrow(/not begun/);
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    const before = JSON.stringify(s);
    const tries: Command[] = [
      { type: 'attack', figure: 'hero', target: 'friend' },
      { type: 'parry', figure: 'hero', against: 'dummy' },
      { type: 'cast', figure: 'hero', spell: 'fireball', target: 'dummy' },
      { type: 'ready', figure: 'hero', weapon: 'longsword' },
      { type: 'attack', figure: 'hero', target: 'dummy', at: 4 },
      { type: 'attack', figure: 'ghost', target: 'dummy' },
    ];
    for (const c of tries) expect(() => sys.apply(s, c, new QueueDice({}, QUIET), null)).toThrow(CommandRejected);
    expect(JSON.stringify(s)).toBe(before);
    expect(() => sys.parseCommand({ type: 'attack' })).toThrow(/command\.figure/);
  });
});

describe('properties', () => {
  const party = (n: number): Raw[] => [
    hero({ id: 'f1', level: 1 + (n % 6), str: '18/50', dex: 15 + (n % 4) }),
    hero({ id: 'f2', class: 'ranger', level: 2, wield: [], weapons: [{ weapon: 'longbow', ammo: 6 }, { weapon: 'short-sword' }], proficiencies: { longbow: 1 } }),
    { id: 'm1', side: 'a', class: 'magic-user', level: 3, hp: 9, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { 'magic-missile': 1 } },
    { id: 'o1', side: 'b', hd: 1, hp: 7, ac: 6, weapons: [{ id: 'axe', weapon: 'battle-axe' }] },
    { id: 'o2', side: 'b', hd: '1+1', hp: 9, ac: 6, weapons: [{ id: 'spear', weapon: 'spear' }] },
    { id: 'og', side: 'b', hd: '4+1', size: 'L', hp: 22, ac: 5, weapons: [{ id: 'club', sf: 6, damage: '1d10' }] },
  ];

  it('every fight ends; the fallen never act; timing ledgers add up; hp loss equals damage dealt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 5 }), fc.boolean(), (seed, n, deep) => {
        const raw = scenario(party(n), { options: { deathAt: deep ? -10 : 0 }, surprise: [{ side: n % 2 ? 'a' : 'b' }] });
        const s: AdndState = sys.setup(raw);
        const start = new Map(s.figures.map((f) => [f.id, f.hp]));
        const dealt = new Map<string, number>();
        const fell = new Map<string, number>();
        const events: AdndEvent[] = [];
        const r = runToEnd(sys, s, new SeededDice(seedRng(seed)), (e) => {
          events.push(e);
          if (e.type === 'state' && e.from === 'healthy') fell.set(e.figure as string, e.segment);
          if (e.type === 'attack' && e.damage) dealt.set(e.target as string, (dealt.get(e.target as string) ?? 0) + (e.damage as Ledger).total);
          if (e.type === 'spell-damage') dealt.set(e.figure as string, (dealt.get(e.figure as string) ?? 0) + (e.damage as Ledger).total);
          if (e.type === 'state' && e.why === 'bleeding') dealt.set(e.figure as string, (dealt.get(e.figure as string) ?? 0) + 1);
          if ((e.type === 'attack' || e.type === 'declare') && fell.has((e.attacker ?? e.figure) as string)) {
            // simultaneous blows of the segment it fell in still land (R-A1); nothing after
            expect(e.segment).toBe(fell.get((e.attacker ?? e.figure) as string));
            expect(e.type).toBe('attack');
          }
          if (e.type === 'declare') expect((e.timing as Ledger).total).toBe(e.lands);
        });
        expect(r.ended).toBe(true);
        for (const f of s.figures) {
          if (!deep) expect(start.get(f.id)! - f.hp).toBe(dealt.get(f.id) ?? 0);
        }
        const sum = sys.summary(s);
        if (sum.winner) expect(sum.figures.some((f) => f.side === sum.winner && f.state === 'healthy')).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('explain once the fight is over', () => {
  it('R-A1: explain lists no options (nor previews) once the fight is over, and each figure\'s options while it goes on', () => {
    const s = sys.setup(scenario([hero(), dummy({ hp: 6 })]));
    const dice = new SeededDice(seedRng(3));
    expect(sys.explain(s).figures.every((f) => f.options.length > 0)).toBe(true);
    runToEnd(sys, s, dice, null);
    const end = sys.explain(s);
    expect(end.pending).toBeNull();
    expect(end.figures.map((f) => f.options.length)).toEqual(end.figures.map(() => 0));
  });
});
