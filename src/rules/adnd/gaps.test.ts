// Issue 7 lines not covered elsewhere: disarm and entangle in both outcomes, getting free,
// death at -10 played through, the monk's open hand, a parrying weapon beside an attacking one.
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/ledger.ts';
import type { AdndEvent } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { saveNeed, toHitAC0 } from './tables.ts';
import { QueueDice, QUIET, playUntil } from './testing.ts';


type Raw = Record<string, unknown>;
const hero = (over: Raw = {}): Raw => ({ id: 'hero', side: 'a', class: 'fighter', level: 5, hp: 50, ac: 5, dex: 12, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], ...over });
const foe = (over: Raw = {}): Raw => ({ id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 40, ac: 5, str: 16, dex: 16, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: { hit: 1, dmg: 2 } }], ...over });
const waiter = (over: Raw = {}): Raw => ({ id: 'waiter', side: 'b', hd: 1, hp: 500, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 300 }], ...over });
const scenario = (figs: Raw[], extra: Raw = {}) => ({ system: 'adnd', figures: figs, ...extra });


describe('disarm and entangle, both outcomes (R-A9) [3380eb42]', () => {
  it('R-A9: a disarm the opponent saves against leaves the weapon in hand', () => {
    const h = hero({ str: '18/00', dex: 17, weapons: [{ weapon: 'longsword', magic: 2 }], script: [{ type: 'attack', target: 'foe', mode: 'disarm' }] });
    // attack d20 13 + 1 + 2 = 16 vs 16 hits AC 0; save d20 13 + 0 (str 16) + 0 (dex 16 hand) + 2 (better of +1/+2) = 15 vs 15: saved
    const { events, s } = playUntil(scenario([h, foe({ script: [{ type: 'wait', until: 200 }] })]), new QueueDice({ 20: [13, 13] }, QUIET), 5);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect([a.hit, (a.save as { saved: boolean }).saved, a.disarmed]).toEqual([true, true, false]);
    expect(s.figures[1].hands).toEqual(['longsword']);
  });

  it('R-A9: an axe disarms a sword by hooking; the blow the disarmed had declared is lost and picking the sword up takes 1 segment', () => {
    const h = hero({ proficiencies: { 'battle-axe': 1 }, weapons: [{ weapon: 'battle-axe' }], script: [{ type: 'attack', target: 'foe', mode: 'disarm' }] });
    // d20s: foe's blow in 5 misses (2); hero's hook in 7 (axe SF 7) hits AC 0 (16 vs 16); foe's save 3 + 0 + 0 + 2 = 5 < 15
    const { events, s } = playUntil(scenario([h, foe({ script: [] })]), new QueueDice({ 20: [2, 16, 3] }, QUIET), 8);
    expect(events.find((e) => e.type === 'disarm')).toMatchObject({ segment: 7, figure: 'foe', weapon: 'longsword', by: 'hero' });
    const decl = events.filter((e) => e.type === 'declare' && e.figure === 'foe');
    expect(decl.map((e) => [e.segment, (e.action as { kind: string }).kind, e.lands])).toEqual([
      [0, 'attack', 5],
      [5, 'attack', 10],
      [7, 'draw', 8],
      [8, 'attack', 13],
    ]);
    expect((decl[2].timing as Ledger).entries.map((e) => [e.source, e.delta])).toEqual([
      ['disarmed in round 1 segment 7', 7],
      ['pick up long sword', 1],
    ]);
    expect(s.figures[1].hands).toEqual(['longsword']);
    expect(events.some((e) => e.type === 'attack' && e.attacker === 'foe' && e.segment === 10)).toBe(false);
  });

  it('R-A9: a whip hit the target saves against does not entangle', () => {
    const h = hero({ level: 1, weapons: [{ weapon: 'whip' }], proficiencies: { whip: 1 } });
    // d20 18 hits (16 needed); save d20 14 + 1 (dexterity 16 defensive) = 15 vs 15: saved
    const { events, s } = playUntil(scenario([h, foe({ script: [{ type: 'wait', until: 200 }] })]), new QueueDice({ 20: [18, 14] }, QUIET), 4);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect([a.hit, (a.save as { saved: boolean }).saved, a.entangled]).toEqual([true, true, false]);
    expect(s.figures[1].entangled).toBe(false);
  });

  it('R-A9: the entangled struggle (3 segments, a save vs petrification) and then fight again', () => {
    const h = hero({ level: 1, weapons: [{ weapon: 'whip' }], proficiencies: { whip: 1 } });
    // segment 4: whip hits (18), save 10 + 1 < 15: entangled (its blow of segment 5 is lost); the
    // struggle lands in 7: save 15 frees; then the foe attacks again (SF 5: 12)
    const { events, s } = playUntil(scenario([h, foe({ script: [] })]), new QueueDice({ 20: [18, 10, 15] }, QUIET), 12);
    expect(events.find((e) => e.type === 'entangle')!.segment).toBe(4);
    const st = events.find((e) => e.type === 'struggle')!;
    expect([st.segment, st.free]).toEqual([7, true]);
    expect(s.figures[1].entangled).toBe(false);
    expect(events.filter((e) => e.type === 'attack' && e.attacker === 'foe').map((e) => e.segment)).toEqual([12]);
  });
});

describe('death at 0 hp, or at -10 as an option (issue 7; Fray states)', () => {
  const victim = { id: 'victim', side: 'b', hd: 1, hp: 2, ac: 10, weapons: [{ id: 'claw', sf: 3, damage: '1d2' }] };
  const strike = (deathAt: 0 | -10) => {
    const h = hero({ script: [{ type: 'attack', target: 'victim' }, { type: 'wait', until: 300 }] });
    // the victim's claw in 3 misses (d20 2); the long sword in 5 hits (15), d8 5: hp 2 -> -3
    return playUntil(scenario([h, victim, waiter()], { options: { deathAt } }), new QueueDice({ 20: [2, 15], 8: [5] }, QUIET), 80);
  };

  it('default: at 0 hp or less a figure is dead and never acts again', () => {
    const { events, s } = strike(0);
    expect(events.find((e) => e.type === 'state' && e.figure === 'victim')).toMatchObject({ segment: 5, from: 'healthy', to: 'dead', hp: -3 });
    expect(s.figures[1].hp).toBe(-3);
    expect(events.some((e) => e.type === 'state' && e.why === 'bleeding')).toBe(false);
  });

  it('option deathAt -10: dying at -1..-9 loses 1 hp each round, dead at -10; it never acts meanwhile', () => {
    const { events, s } = strike(-10);
    const states = events.filter((e) => e.type === 'state' && e.figure === 'victim').map((e) => [e.round, e.to, e.hp]);
    expect(states).toEqual([
      [1, 'dying', -3],
      [8, 'dead', -10],
    ]);
    expect(s.figures[1].hp).toBe(-10);
    expect(events.some((e) => e.segment > 5 && ((e.type === 'attack' && e.attacker === 'victim') || (e.type === 'declare' && e.figure === 'victim')))).toBe(false);
    expect(sys.summary(s).figures[1].state).toBe('dead');
  });
});

describe('the monk (issue 7: classes)', () => {
  const monk = (over: Raw = {}): Raw => ({ id: 'kwan', side: 'a', class: 'monk', level: 11, hp: 40, ac: 3, dex: 17, proficiencies: { 'open-hand': 1 }, weapons: [{ weapon: 'open-hand' }], ...over });

  it('reference: a monk attacks on the cleric matrix and saves as a thief (Fray: thief saves)', () => {
    expect(toHitAC0({ cls: 'monk', level: 11, monster: false, hd: 0 }).value).toBe(14);
    expect(saveNeed({ cls: 'monk', level: 11, monster: false, hd: 0 }, 'petrification').value).toBe(10);
  });

  it('open hand: speed factor 1 (a blow every segment), 1d2 by default; a scenario may give the monk its own open-hand damage', () => {
    const d = playUntil(scenario([monk(), waiter()]), new QueueDice({ 20: [19, 19, 19] }, QUIET), 3);
    const hits = d.events.filter((e) => e.type === 'attack' && e.attacker === 'kwan');
    expect(hits.map((e) => e.segment)).toEqual([1, 2, 3]);
    expect((hits[0].damage as Ledger).entries[0].source).toBe('open hand 1d2 rolled [1]');
    const own = playUntil(scenario([monk({ weapons: [{ weapon: 'open-hand', damage: '2-8' }] }), waiter()]), new QueueDice({ 20: [19], 4: [3, 4] }, QUIET), 1);
    const a = own.events.find((e) => e.type === 'attack')!;
    // "2-8" is the core notation's AD&D range: 2d4
    expect((a.damage as Ledger).entries[0]).toMatchObject({ source: 'open hand 2-8 rolled [3, 4]', delta: 7 });
  });
});

describe('a parrying weapon beside an attacking weapon (seed 3380eb42, parrying; Fray data)', () => {
  it('the main gauche parries (proficiency + parry bonus) and the long sword still strikes on time', () => {
    const h = hero({
      dex: 17,
      proficiencies: { longsword: 1, 'main-gauche': 1 },
      weapons: [{ weapon: 'longsword' }, { weapon: 'main-gauche' }],
      wield: ['longsword', 'main-gauche'],
      script: [{ type: 'parry', against: 'waiter', at: 3 }],
    });
    const w = waiter({ weapons: [{ id: 'claw', sf: 3, damage: '1' }], script: [{ type: 'attack', target: 'hero' }, { type: 'wait', until: 300 }] });
    const { events } = playUntil(scenario([h, w]), new QueueDice({}, QUIET), 5);
    const p = events.find((e) => e.type === 'parry')!;
    expect([p.segment, p.weapon, (p.ac as Ledger).total, p.keepsAttack, p.delay]).toEqual([3, 'main-gauche', 2, true, 0]);
    // the attack declared in 0 (two weapons, slower SF 5) lands in 5 as planned
    expect(events.filter((e) => e.type === 'attack' && e.attacker === 'hero').map((e) => [e.segment, e.weapon])).toEqual([
      [5, 'longsword'],
      [5, 'main-gauche'],
    ]);
  });
});

describe('a parrying weapon: its parry ledger (seed 3380eb42, parrying; R-A9 data)', () => {
  it("the main gauche's parry: 1 proficiency + 0 to-hit magic + 1 parrying weapon bonus [R-A9] = 2; no delay, as the option said and the event says", () => {
    const h = hero({ dex: 17, proficiencies: { longsword: 1, 'main-gauche': 1 }, weapons: [{ weapon: 'longsword' }, { weapon: 'main-gauche' }], wield: ['longsword', 'main-gauche'] });
    const w = waiter({ weapons: [{ id: 'claw', sf: 3, damage: '1' }], script: [{ type: 'attack', target: 'hero' }, { type: 'wait', until: 300 }] });
    const s = sys.setup(scenario([h, w]));
    const dice = new QueueDice({}, QUIET);
    while (!(s.phase === 'react' && s.queue.includes('hero'))) sys.apply(s, sys.decide(s), dice, null);
    const o = (sys.explain(s).figures[0].options as { kind: string; command: unknown; ledgers: Record<string, Ledger> }[]).find((x) => x.kind === 'parry')!;
    expect(o.ledgers).toEqual({
      acImprovement: {
        entries: [
          { source: 'proficiency in main gauche', delta: 1, rule: 'R-A8' },
          { source: 'main gauche to-hit magic', delta: 0, rule: 'R-A8' },
          { source: 'parrying weapon bonus', delta: 1, rule: 'R-A9' },
        ],
        total: 2,
      },
      nextDelay: { entries: [{ source: 'parrying weapon beside an attacking weapon: no delay, not counted', delta: 0, rule: '3380eb42' }], total: 0 },
    });
    const events: AdndEvent[] = [];
    sys.apply(s, sys.parseCommand(o.command), dice, (e) => events.push(e));
    const p = events.find((e) => e.type === 'parry')!;
    expect([p.ac, p.delay, p.delayLedger]).toEqual([o.ledgers.acImprovement, 0, o.ledgers.nextDelay]);
  });
});

describe('a parry guards against one attacker only (R-A8) [3380eb42]', () => {
  it('R-A8: the AC is better against the parried attacker, normal against the other', () => {
    // A +1 to hit / +3 damage sword: 3380eb42 "no adjustment is made for the Damage bonus".
    const h = hero({ proficiencies: { longsword: 2 }, weapons: [{ weapon: 'longsword', magic: { hit: 1, dmg: 3 } }], script: [{ type: 'parry', against: 'a1', at: 3 }] });
    const claw = (id: string) => ({ id, side: 'b', hd: 1, hp: 20, ac: 10, weapons: [{ id: 'claw', sf: 3, damage: '1' }], script: [{ type: 'attack', target: 'hero' }, { type: 'wait', until: 300 }] });
    const { events } = playUntil(scenario([h, claw('a1'), claw('a2')]), new QueueDice({}, QUIET), 3);
    const ac = (who: string) => (events.find((e) => e.type === 'attack' && e.attacker === who)!.ac as Ledger).total;
    // AC 5, parry with two proficiencies and the +1 to hit (not the +3 damage): 2 against a1, 5 against a2
    expect([ac('a1'), ac('a2')]).toEqual([2, 5]);
  });
});
