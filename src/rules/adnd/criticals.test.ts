// The R-A10 switch (a project ruling, option `criticals`): 'seed' plays the seed's critical hits
// (3380eb42, "critical hits and fumbles"); 'off' is plain 1e, where a natural 20 just hits. One
// test decides it (combat.ts criticalsOn) for the engine's swing, explain's odds, the lab's sheets
// and `fray odds --no-crits`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Ledger } from '../../core/ledger.ts';
import { displayNames } from '../../engine/names.ts';
import { adndAttackOdds } from '../../lab/odds.ts';
import { cloneState } from './clone.ts';
import { CRITICALS_OFF, meanDamage } from './combat.ts';
import { swingOdds } from './explain.ts';
import type { AdndState } from './model.ts';
import { attackSheets, sheetFacts, sheetText } from './sheet.ts';
import { adndSystem as sys } from './system.ts';
import { QUIET, QueueDice, fighter, playUntil, refusal } from './testing.ts';

type Raw = Record<string, unknown>;

/** Fighter 5, dexterity 17 (threshold (17 + 5) / 2 = 11), strength 16 (+1 damage), long sword: a natural 20 confirmed on d20 <= 11. */
const hero = fighter('hero', 'a', { level: 5, dex: 17, str: 16, hp: 50 });
const dummy = { id: 'dummy', side: 'b', hd: 1, hp: 500, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 200 }] };
const duel = (options: Raw = {}) => ({ system: 'adnd', options, figures: [hero, dummy] });

/** The hero's blows in segments 5 and 10: d20s 20, 11, 19 (with criticals: the natural 20, its confirmation and the third roll), then 2s; d8 3. */
const blows = (options: Raw) =>
  playUntil(duel(options), new QueueDice({ 20: [20, 11, 19], 8: [3, 3] }, QUIET), 10).events.filter((e) => e.type === 'attack' && e.attacker === 'hero');

describe('R-A10 switch: critical hits as the seed says, or none (plain 1e)', () => {
  it("the option is `seed` unless set: every scenario without it plays the seed's criticals; another value is refused naming options.criticals", () => {
    expect(sys.setup(duel()).options.criticals).toBe('seed');
    expect(sys.setup(duel({ criticals: 'off' })).options.criticals).toBe('off');
    const bad = refusal(() => sys.setup(duel({ criticals: 'none' })));
    expect(bad.issues.map((i) => i.path)).toEqual(['options.criticals']);
    expect(bad.issues[0].message).toMatch(/seed.*off/);
  });

  it("3380eb42 R-A10: with the seed's criticals a natural 20 confirmed (11 <= 11) and a third roll of 19 does five times the maximum, 45", () => {
    const [first, second] = blows({});
    expect(first.critical).toMatchObject({ confirm: 11, threshold: 11, third: 19, multiplier: 5 });
    expect((first.damage as Ledger).total).toBe(45);
    expect(second.roll).toBe(2);
  });

  it("R-A10 off (plain 1e): the natural 20 is a normal hit (1d8 3 + 1 strength = 4), no confirmation is rolled: the next d20 (11) is the next blow's", () => {
    const [first, second] = blows({ criticals: 'off' });
    expect(first).toMatchObject({ roll: 20, hit: true, natural: 'hit', critical: null });
    expect((first.damage as Ledger).total).toBe(4);
    expect(second.roll).toBe(11);
  });

  it("R-A10 switch: a state saved before the option existed (none in its options) plays the seed's criticals", () => {
    const s = sys.setup(duel());
    delete (s.options as Partial<AdndState['options']>).criticals;
    const events: { type: string; critical?: unknown }[] = [];
    const dice = new QueueDice({ 20: [20, 11, 19], 8: [3] }, QUIET);
    while (sys.pending(s) && s.now <= 5) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
    expect(events.find((e) => e.type === 'attack')?.critical).toMatchObject({ multiplier: 5 });
  });

  it("explain: with criticals off the swing's odds count no critical and its expected damage is P(hit) x a normal hit; the figure's `critical` is null and its line says why", () => {
    for (const criticals of ['seed', 'off'] as const) {
      const s = sys.setup(duel({ criticals }));
      const [a, t] = s.figures;
      const o = swingOdds(s, a, t, a.weapons[0], 'alone');
      if (criticals === 'off') {
        expect(o.critical).toBe(0);
        expect(o.expectedDamage).toBeCloseTo(o.hit * meanDamage(a, a.weapons[0], t.size), 12);
      } else {
        expect(o.critical).toBeCloseTo((1 / 20) * (11 / 20), 12);
        expect(o.expectedDamage).toBeGreaterThan(o.hit * meanDamage(a, a.weapons[0], t.size));
      }
      const report = sys.explain(s) as unknown as { figures: { critical: unknown }[]; text: string[] };
      if (criticals === 'off') {
        expect(report.figures[0].critical).toBeNull();
        expect(report.text).toContain(`  critical: ${CRITICALS_OFF}`);
      } else {
        expect(report.figures[0].critical).toMatchObject({ faces: 11 });
        expect(report.text).toContain('  critical: a natural 20 that hits, then d20 <= 11 (threshold 8.5 half of dexterity 17 [R-A10] + 2.5 half of level 5 [R-A10] = 11)');
      }
    }
  });

  it("`fray odds` (the lab's adndAttackOdds, --no-crits for off) gives the expected damage explain gives the same swing, with the seed's criticals and without", () => {
    for (const criticals of ['seed', 'off'] as const) {
      const s = sys.setup(duel({ criticals }));
      const [a, t] = s.figures;
      const o = swingOdds(s, a, t, a.weapons[0], 'alone');
      const lab = adndAttackOdds({ need: o.need.total, bonus: o.bonus.total, damage: '1d8+1', dex: 17, level: 5, criticals });
      expect(lab.critical.on).toBe(criticals === 'seed');
      expect(lab.critical.p).toBeCloseTo(o.critical, 12);
      expect(lab.expected).toBeCloseTo(o.expectedDamage, 12);
    }
    const bad = refusal(() => adndAttackOdds({ need: 10, damage: '1d8', criticals: false as never }));
    expect(bad.issues).toEqual([{ path: 'criticals', message: "must be 'seed' or 'off' (R-A10), got false" }]);
  });

  it("the lab's sheets: with criticals off each figure reads 'no critical hits', and a grid point that turns them off says so", () => {
    const raw = parse(readFileSync('examples/lab/adnd-criticals-duel.yaml', 'utf8'));
    const off = sys.setup({ ...raw, options: { criticals: 'off' } });
    const names = displayNames(off.figures);
    const sheets = attackSheets(off, names);
    expect(sheets.map((x) => x.critical)).toEqual([null, null]);
    expect(sheetText(sheets, names).filter((l) => l.includes('critical'))).toEqual([`    critical: ${CRITICALS_OFF}`, `    critical: ${CRITICALS_OFF}`]);
    expect(sheetFacts(sheets, names).Bors).toContain('no critical hits');
    const seed = sys.setup(raw);
    expect(sheetFacts(attackSheets(seed, names), names).Bors).toContain('critical d20 <= 10 (threshold 10)');
  });

  it('the AI weighs a normal hit (its mean, and "a blow that could kill" by a normal maximum), so it decides the same with criticals on or off', () => {
    const s = sys.setup(parse(readFileSync('examples/adnd/melee.yaml', 'utf8')));
    const dice = new QueueDice({}, { ...QUIET, 20: 11, 8: 4, 6: 3 });
    let compared = 0;
    for (let i = 0; i < 300 && sys.pending(s); i++) {
      const c = sys.decide(s);
      const off = cloneState(s);
      off.options = { ...off.options, criticals: 'off' };
      expect(sys.decide(off)).toEqual(c);
      compared++;
      sys.apply(s, c, dice, null);
    }
    expect(compared).toBeGreaterThan(50);
  });
});
