// The weapon a hit to disarm is aimed at (seed 3380eb42, disarming; R-A9): "the opponent is
// holding/using a weapon appropriate to that method of disarming". The attacker picks which:
// the attack command's `aim`; without it, the first in the target's hands, as before.
import { describe, expect, it } from 'vitest';
import { CommandRejected, InputError } from '../../core/errors.ts';
import type { Ledger } from '../../core/ledger.ts';
import { describeEvent } from './describe.ts';
import type { AdndEvent, AdndState, Command } from './model.ts';
import { AIM_WITHOUT_DISARM } from './plan.ts';
import { adndSystem as sys } from './system.ts';
import { QUIET, QueueDice, fighter, playUntil, refusal } from './testing.ts';

type Raw = Record<string, unknown>;
type DisarmOption = { label: string; command?: Command; aimedAt?: string; hit?: number; saveChance?: number; disarmChance?: number; ledgers?: Record<string, Ledger> };

// Gorm (strength 16, dexterity 16: no save bonus) holds a +3 long sword and a plain dagger; both can be bound.
const gorm = (over: Raw = {}): Raw =>
  fighter('gorm', 'b', { hp: 40, str: 16, dex: 16, proficiencies: { longsword: 1, dagger: 1 }, weapons: [{ weapon: 'longsword', magic: 3 }, { weapon: 'dagger' }, { weapon: 'spear' }], wield: ['longsword', 'dagger'], script: [{ type: 'wait', until: 200 }], ...over });
// The hero's +2 long sword binds (fighter 5: 16 to hit AC 0; dexterity 17 +1, magic +2).
const hero = (script: unknown[] = []): Raw => fighter('hero', 'a', { level: 5, hp: 50, dex: 17, weapons: [{ weapon: 'longsword', magic: 2 }], script });
const scenario = (figs: Raw[]) => ({ system: 'adnd', figures: figs });
const disarmAt = (aim?: string) => ({ type: 'attack', target: 'gorm', mode: 'disarm', ...(aim === undefined ? {} : { aim }) });
const begun = (raw: unknown): AdndState => {
  const s = sys.setup(raw);
  sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
  return s;
};
/** The CommandRejected `f` throws, as [path, message]; fails the test when it throws none. */
const rejected = (f: () => unknown): [string, string] => {
  try {
    f();
  } catch (e) {
    if (e instanceof CommandRejected) return [e.issues[0].path, e.issues[0].message];
    throw e;
  }
  throw new Error('not rejected');
};

describe('the hit to disarm aimed at a chosen weapon (R-A9) [3380eb42]', () => {
  it("3380eb42 R-A9: aimed at Gorm's second weapon (aim: dagger), the dagger is the one knocked away and the save counts its magic (none), not the long sword's +3; without aim the first in hand, as before", () => {
    // attack d20 18 + 3 vs 16: hit; save d20 13 + 0 strength + 0 dexterity + 0 dagger = 13 < 15: disarmed.
    const aimed = playUntil(scenario([hero([disarmAt('dagger')]), gorm()]), new QueueDice({ 20: [18, 13] }, QUIET), 5);
    const a = aimed.events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect(a.aim).toBe('dagger');
    expect((a.save as { mods: Ledger }).mods.entries.map((e) => [e.source, e.delta])).toEqual([
      ['strength 16', 0],
      ['dexterity 16', 0],
      ['dagger: better of magic to-hit / damage', 0],
    ]);
    expect(a.save).toMatchObject({ roll: 13, need: 15, saved: false });
    expect(aimed.events.find((e) => e.type === 'disarm')).toMatchObject({ segment: 5, figure: 'gorm', by: 'hero', weapon: 'dagger' });
    expect(aimed.s.figures[1].hands).toEqual(['longsword']);
    // No aim: the long sword, first in hand; the same save d20 13 + 3 = 16 makes it, nothing is lost.
    const first = playUntil(scenario([hero([disarmAt()]), gorm()]), new QueueDice({ 20: [18, 13] }, QUIET), 5);
    const b = first.events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
    expect((b.save as { mods: Ledger }).mods.entries[2]).toMatchObject({ source: 'long sword: better of magic to-hit / damage', delta: 3 });
    expect(b.save).toMatchObject({ roll: 13, saved: true });
    expect(first.s.figures[1].hands).toEqual(['longsword', 'dagger']);
    // ... and it is the long sword that goes on a failed save (11 + 3 = 14); the declaration and the blow carry no aim, as they always did.
    const lost = playUntil(scenario([hero([disarmAt()]), gorm()]), new QueueDice({ 20: [18, 11] }, QUIET), 5);
    expect(lost.events.find((e) => e.type === 'disarm')).toMatchObject({ figure: 'gorm', weapon: 'longsword' });
    expect(Object.keys(lost.events.find((e) => e.type === 'declare' && e.figure === 'hero')!.action as object)).not.toContain('aim');
    expect(Object.keys(lost.events.find((e) => e.type === 'attack')!)).not.toContain('aim');
  });

  it("3380eb42 R-A9: `aim` is refused naming command.aim: without mode 'disarm', a weapon Gorm does not carry, one it carries but does not hold, one the long sword's bind cannot disarm; and on an extra attack (R-A5)", () => {
    const s = begun(scenario([hero(), gorm()]));
    const attack = (c: Raw) => () => sys.apply(s, { type: 'attack', figure: 'hero', target: 'gorm', ...c } as Command, new QueueDice({}, QUIET), null);
    expect(rejected(attack({ aim: 'dagger' }))).toEqual(['command.aim', AIM_WITHOUT_DISARM]);
    expect(rejected(attack({ mode: 'normal', aim: 'dagger' }))).toEqual(['command.aim', "aim names the weapon a hit to disarm is aimed at: give it with mode 'disarm' only (R-A9)"]);
    expect(rejected(attack({ mode: 'disarm', aim: 'axe' }))).toEqual(['command.aim', "Gorm carries no weapon 'axe'"]);
    expect(rejected(attack({ mode: 'disarm', aim: 'spear' }))).toEqual(['command.aim', 'Gorm does not hold spear: a hit to disarm aims at a weapon in hand (R-A9)']);
    const mace = begun(scenario([hero(), gorm({ weapons: [{ weapon: 'longsword' }, { weapon: 'footmans-mace' }], wield: ['longsword', 'footmans-mace'] })]));
    const atMace = () => sys.apply(mace, { type: 'attack', figure: 'hero', target: 'gorm', mode: 'disarm', aim: 'footmans-mace' }, new QueueDice({}, QUIET), null);
    expect(rejected(atMace)).toEqual(['command.aim', "long sword disarms by bind; Gorm's footman's mace cannot be disarmed that way (weapon capabilities, R-A9)"]);
    // Nothing was declared by a refused command; the dagger is accepted.
    expect(s.figures[0].declared).toBeNull();
    attack({ mode: 'disarm', aim: 'dagger' })();
    expect(s.figures[0].declared).toEqual({ kind: 'attack', target: 'gorm', mode: 'disarm', twoWeapons: false, weapon: 'longsword', offhand: null, aim: 'dagger' });
    // An extra attack (d100 30 of fighter 5's 30%, d10 3: segment 3) strikes with the weapon in hand, at no chosen weapon.
    const x = sys.setup(scenario([hero([{ type: 'wait', until: 200 }]), gorm()]));
    const dice = new QueueDice({ 100: [30], 10: [3] }, QUIET);
    for (let i = 0; i < 100 && x.phase !== 'extra'; i++) sys.apply(x, sys.decide(x), dice, null);
    expect([x.phase, x.queue]).toEqual(['extra', ['hero']]);
    expect(rejected(() => sys.apply(x, { type: 'attack', figure: 'hero', target: 'gorm', aim: 'dagger' }, dice, null))).toEqual(['command.aim', AIM_WITHOUT_DISARM]);
  });

  it('3380eb42 R-A9 (reading): the dagger aimed at leaves Gorm\'s hand before the blow lands (dropped in segment 2): the hit to disarm is lost, not turned on the long sword', () => {
    const dropper = gorm({ script: [{ type: 'drop', figure: 'gorm', weapon: 'dagger', at: 2 }, { type: 'wait', until: 200 }] });
    const { events, s } = playUntil(scenario([hero([disarmAt('dagger')]), dropper]), new QueueDice({ 20: [18, 1] }, QUIET), 5);
    expect(events.find((e) => e.type === 'drop')).toMatchObject({ segment: 2, figure: 'gorm', weapon: 'dagger' });
    expect(events.find((e) => e.type === 'attack-lost')).toMatchObject({ segment: 5, figure: 'hero', why: 'Gorm no longer holds the dagger the hit to disarm was aimed at (R-A9)' });
    expect(events.filter((e) => e.type === 'attack' || e.type === 'disarm')).toEqual([]);
    expect(s.figures[1].hands).toEqual(['longsword']);
  });

  it("3380eb42 R-A9: a script's attack may carry aim; a bad one is refused at setup naming figures[0].script[0].aim (no disarm, no target, a weapon the target does not carry, not an id)", () => {
    const issues = (entry: Raw) => refusal(() => sys.setup(scenario([hero([entry]), gorm()]))).issues;
    expect(issues({ type: 'attack', target: 'gorm', aim: 'dagger' })).toEqual([{ path: 'figures[0].script[0].aim', message: AIM_WITHOUT_DISARM }]);
    expect(issues({ type: 'attack', mode: 'disarm', aim: 'dagger' })).toEqual([{ path: 'figures[0].script[0].aim', message: 'aim needs the figure whose weapon it names: give the attack a target' }]);
    expect(issues(disarmAt('axe'))).toEqual([{ path: 'figures[0].script[0].aim', message: "Gorm carries no weapon 'axe'" }]);
    expect(issues(disarmAt(7 as unknown as string)).map((i) => i.path)).toEqual(['figures[0].script[0].aim']);
    expect(refusal(() => sys.parseCommand({ type: 'attack', figure: 'hero', aim: '' }))).toBeInstanceOf(InputError);
    // A weapon it carries but does not hold yet (the spear) is the declaration's to check, when it comes.
    expect(sys.setup(scenario([hero([disarmAt('spear')]), gorm()])).figures[0].script).toEqual([{ type: 'attack', target: 'gorm', mode: 'disarm', aim: 'spear', figure: 'hero' }]);
  });

  it("3380eb42 R-A9: the words say the weapon aimed at: \"Hero declares: hit to disarm Gorm's dagger with long sword\", \"Hero tries to disarm Gorm's dagger with long sword\", explain's declared action and schedule the same; without aim, as before", () => {
    const { events, s } = playUntil(scenario([hero([disarmAt('dagger')]), gorm()]), new QueueDice({ 20: [18, 13] }, QUIET), 5);
    const line = (type: string) => describeEvent(events.find((e) => e.type === type && (e.figure === 'hero' || e.attacker === 'hero'))!);
    expect(line('declare')).toMatch(/^\[before r1 s1\] hero declares: hit to disarm gorm's dagger with long sword; acts in round 1 segment 5 /);
    expect(line('attack')).toMatch(/^\[r1 s5\] hero tries to disarm gorm's dagger with long sword: d20 18 \+ 3 .*: hit on AC 0; save vs petrification 13 \+ 0 vs 15: failed: disarmed!$/);
    const mid = playUntil(scenario([hero([disarmAt('dagger')]), gorm()]), new QueueDice({}, QUIET), 1).s;
    const report = sys.explain(mid) as unknown as { figures: { id: string; declared: string | null }[]; schedule: { figure: string; action: string }[] };
    expect(report.figures[0].declared).toBe("hit to disarm Gorm's dagger with long sword");
    expect(report.schedule.find((x) => x.figure === 'hero')!.action).toBe("hit to disarm Gorm's dagger with long sword");
    // Without aim the words are as they were.
    const plain = { type: 'declare', figure: 'hero', action: { kind: 'attack', mode: 'disarm', target: 'gorm', weapon: 'longsword' }, turn: 1, segment: 0, round: 1, segmentOfRound: 0, landsRound: 1, landsSegment: 5, timing: { entries: [], total: 5 } } as AdndEvent;
    expect(describeEvent(plain)).toMatch(/^\[before r1 s1\] hero declares: hit to disarm gorm with long sword;/);
    expect(s.figures[1].hands).toEqual(['longsword']);
  });

  it("3380eb42 R-A9: explain offers one hit to disarm per weapon Gorm holds that the long sword can bind, each with its own save and odds (long sword +3: saves 45%, disarmed 22%; dagger: saves 30%, disarmed 28%) and a command naming it; the engine counts the same (every pair of d20s)", () => {
    const raw = scenario([hero(), gorm()]);
    const options = (sys.explain(begun(raw)).figures[0].options as DisarmOption[]).filter((o) => o.command?.type === 'attack' && o.command.mode === 'disarm');
    expect(options.map((o) => [o.aimedAt, o.command!.type === 'attack' && o.command.aim, o.hit, o.saveChance])).toEqual([
      ['longsword', 'longsword', 0.4, 0.45],
      ['dagger', 'dagger', 0.4, 0.3],
    ]);
    expect(options.map((o) => o.label)).toEqual([
      "hit to disarm Gorm's long sword with long sword (bind): d20 + 3 vs 16 (40%), then its save vs petrification d20 + 3 vs 15 (45%): disarmed 22%",
      "hit to disarm Gorm's dagger with long sword (bind): d20 + 3 vs 16 (40%), then its save vs petrification d20 + 0 vs 15 (30%): disarmed 28%",
    ]);
    expect(options[1].ledgers!.disarmSave.entries.map((e) => [e.source, e.delta])).toEqual([
      ['strength 16', 0],
      ['dexterity 16', 0],
      ['dagger: better of magic to-hit / damage', 0],
    ]);
    for (const o of options) {
      let disarmed = 0;
      for (let a = 1; a <= 20; a++) {
        for (let b = 1; b <= 20; b++) {
          const s = begun(raw);
          const events: AdndEvent[] = [];
          const dice = new QueueDice({ 20: [a, b] }, QUIET);
          sys.apply(s, o.command!, dice, (e) => events.push(e));
          while (s.now <= 5 && sys.pending(s)) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
          if (events.some((e) => e.type === 'disarm' && e.weapon === o.aimedAt)) disarmed++;
        }
      }
      expect(disarmed / 400).toBeCloseTo(o.disarmChance!, 12);
    }
    expect(options.map((o) => o.disarmChance)).toEqual([0.4 * (1 - 0.45), 0.4 * (1 - 0.3)]);
  });
});
