// Explain's "Not now" (not-now.ts): the core's reasons are the engine's own (each one also
// refuses the command through apply), no choice is both open and "not now", and a reason never
// gives away a figure the viewer does not see.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayNames } from '../../engine/names.ts';
import { viewExplain } from '../../server/views.ts';
import type { NotNow } from './hooks.ts';
import { sameChoice } from './not-now.ts';
import { explainTft } from './system.ts';
import { type FigureSpec, acting, fig, notNowOf, refusal, setup } from './testing.ts';

const A: FigureSpec = { id: 'a', side: 'x', at: [2, 2], facing: 0, weapons: ['broadsword', 'dagger'] };

describe('not now: the core', () => {
  it('an attack with no enemy in a front hex says so, and every attack at the enemies there is refused for their place', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [1, 2] }, { id: 'c', side: 'y', at: [6, 6] }]);
    acting(s, 'a');
    expect(notNowOf(s, 'a').filter((e) => e.action === 'attack')).toEqual([{ action: 'attack', label: 'melee attack with Broadsword', reason: 'no enemy in a front hex', rule: 'tft-core' }]);
    expect(refusal(s, { type: 'attack', figure: 'a', target: 'b' })).toContain("b is not in a's front hexes");
    expect(refusal(s, { type: 'attack', figure: 'a', target: 'c' })).toContain('c is not adjacent and Broadsword cannot be thrown');
  });

  it('an attack by a figure that is down gives the engine reason; standing, it is offered and not listed; unable to act, nothing is', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [3, 2] }]);
    acting(s, 'a');
    expect(notNowOf(s, 'a').filter((e) => e.action === 'attack' || e.action === 'ready')).toEqual([]);
    fig(s, 'a').prone = true;
    const reason = 'a is down: it may only stand up';
    expect(notNowOf(s, 'a').find((e) => e.action === 'attack')?.reason).toBe(reason);
    expect(refusal(s, { type: 'attack', figure: 'a', target: 'b' })).toContain(reason);
    fig(s, 'a').woundFx.canAct = false;
    expect(explainTft(s).figures.find((f) => f.id === 'a')).not.toHaveProperty('notNow');
  });

  it('a figure that is down: the reason names it by its name, as the refusal does, not by its id', () => {
    const s = setup([{ ...A, id: 'bjorn', name: 'Bjorn' }, { id: 'biff', name: 'Biff', side: 'y', at: [3, 2] }]);
    acting(s, 'bjorn');
    fig(s, 'bjorn').prone = true;
    const reason = 'Bjorn is down: it may only stand up';
    expect(notNowOf(s, 'bjorn').find((e) => e.action === 'attack')).toEqual({ action: 'attack', label: 'melee attack with Broadsword', reason, rule: 'tft-core' });
    expect(refusal(s, { type: 'attack', figure: 'bjorn', target: 'biff' })).toContain(reason);
  });

  it('an attack after moving more than half MA gives the reason once, in notNow; the pass option no longer repeats it', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [3, 2] }]);
    acting(s, 'a', 6);
    const reason = 'a moved 6 hexes, more than half its MA (5): no attack (tft-core)';
    const rep = explainTft(s).figures.find((f) => f.id === 'a') ?? { notNow: [], options: [] };
    expect((rep.notNow as NotNow[]).find((e) => e.action === 'attack')?.reason).toBe(reason);
    expect((rep.options as { label: string }[]).map((o) => o.label)).toEqual(['do nothing']);
    expect(refusal(s, { type: 'attack', figure: 'a', target: 'b' })).toContain(reason);
  });

  it('tft-core options: dodge and drop, a disengaged figure\'s options, are listed with the engine\'s reason while it has been engaged since the turn began', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [3, 2], facing: 3 }]);
    acting(s, 'a');
    const listed = () => notNowOf(s, 'a').filter((e) => e.action === 'dodge' || e.action === 'drop');
    // Engaged only since this turn (an enemy moved up): both are still its options.
    expect(listed()).toEqual([]);
    fig(s, 'a').turn.startedEngaged = true;
    const entries = listed();
    expect(entries.map((e) => [e.action, e.label])).toEqual([['dodge', 'dodge'], ['drop', 'drop to the ground']]);
    for (const e of entries) {
      expect(e.reason).toMatch(/^a has been engaged since the start of the turn: .+ is an option of a disengaged figure \(tft-core options\)$/);
      expect(refusal(s, { type: e.action, figure: 'a' } as never)).toContain(e.reason);
    }
  });

  it('a missile attack after moving 2 hexes gives the engine reason', () => {
    const s = setup([{ ...A, weapons: ['longbow'] }, { id: 'b', side: 'y', at: [6, 2] }]);
    acting(s, 'a', 2);
    const reason = 'a moved 2 hexes: a missile attack allows at most 1 (tft-core)';
    expect(notNowOf(s, 'a').find((e) => e.action === 'attack')).toEqual({ action: 'attack', label: 'missile attack with Longbow', reason, rule: 'tft-core' });
    expect(refusal(s, { type: 'attack', figure: 'a', target: 'b' })).toContain(reason);
  });

  it('readying another weapon after moving 2 hexes gives the engine reason', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [8, 8] }]);
    acting(s, 'a', 2);
    const reason = 'a moved 2 hexes: readying a weapon allows at most 1 (tft-core)';
    expect(notNowOf(s, 'a').filter((e) => e.action === 'ready')).toEqual([{ action: 'ready', label: 'ready Dagger', reason, rule: 'tft-core', command: { type: 'ready', figure: 'a', weapon: 'a.dagger' } }]);
    expect(refusal(s, { type: 'ready', figure: 'a', weapon: 'a.dagger' })).toContain(reason);
  });

  it('picking up a weapon after moving 2 hexes gives the engine reason', () => {
    const s = setup([A, { id: 'b', side: 'y', at: [8, 8], weapons: ['broadsword', 'mace'] }]);
    const mace = fig(s, 'b').weapons.pop()!;
    s.items.push({ pos: { q: 3, r: 2 }, weapon: mace });
    acting(s, 'a', 2);
    const reason = 'a moved 2 hexes: picking up allows at most 1';
    expect(notNowOf(s, 'a').filter((e) => e.action === 'pick-up')).toEqual([{ action: 'pick-up', label: 'pick up Mace', reason, command: { type: 'pick-up', figure: 'a', weapon: mace.uid } }]);
    expect(refusal(s, { type: 'pick-up', figure: 'a', weapon: mace.uid })).toContain(reason);
  });

});

describe('not now: hidden figures', () => {
  it('a reason never names or counts a figure hidden from the viewer (names, and the server view)', () => {
    // h (hidden from the player of a) stands in a's front hex; c (seen) stands in another.
    const s = setup(
      [
        { id: 'a', side: 'x', st: 16, at: [2, 2], facing: 0, weapons: ['greatsword'] },
        { id: 'h', name: 'Lurker', side: 'y', at: [3, 2] },
        { id: 'c', name: 'Orc', side: 'y', at: [3, 1] },
      ],
      { sweep: 'new' },
    );
    acting(s, 'a');
    // The GM sees both: the sweep at c and h is open, so no "not now" for it.
    expect(notNowOf(s, 'a').map((e) => e.action)).toEqual([]);
    const names = displayNames([
      { id: 'a', name: 'a' },
      { id: 'c', name: 'Orc' },
    ]);
    const mine = notNowOf(s, 'a', names);
    expect(mine.map((e) => e.reason)).toEqual(['a sweeping blow needs at least 2 enemy targets, got 1 (R-S2: one target is an ordinary attack)']);
    const report = viewExplain(explainTft(s, names) as unknown as Record<string, unknown>, s, { enteredDice: 'off', hiddenFigures: ['h'], hideEnemyStats: false, notes: [] }, { role: 'player', figures: ['a'] });
    const a = (report.figures as { id: string; notNow?: NotNow[] }[]).find((f) => f.id === 'a');
    expect(a?.notNow).toEqual(mine);
    expect(JSON.stringify(a?.notNow)).not.toMatch(/\bh\b|Lurker/);
  });
});

describe('not now: property', () => {
  const WEAPONS = ['broadsword', 'dagger', 'mace', 'spear', 'longbow', 'light-crossbow', 'two-handed-sword', 'halberd'];
  const spec = fc.record({
    weapons: fc.array(fc.constantFrom(...WEAPONS), { minLength: 1, maxLength: 2 }),
    q: fc.integer({ min: 0, max: 5 }),
    r: fc.integer({ min: 0, max: 5 }),
    facing: fc.integer({ min: 0, max: 5 }),
    hexes: fc.integer({ min: 0, max: 8 }),
    prone: fc.boolean(),
  });
  it('for random states no choice is both among the options and in notNow', () => {
    let runs = 0;
    let listed = 0;
    fc.assert(
      fc.property(fc.array(spec, { minLength: 2, maxLength: 5 }), fc.constantFrom('new', 'classic', 'off'), (figs, sweep) => {
        runs++;
        const seen = new Set<string>();
        const specs = figs.filter((f) => !seen.has(`${f.q},${f.r}`) && seen.add(`${f.q},${f.r}`));
        if (specs.length < 2) return;
        const s = setup(
          specs.map((f, i) => ({ id: `f${i}`, side: i % 2 ? 'y' : 'x', st: 18, at: [f.q, f.r] as [number, number], facing: f.facing, weapons: f.weapons })),
          { sweep },
        );
        specs.forEach((f, i) => {
          const x = fig(s, `f${i}`);
          x.turn.hexes = f.hexes;
          x.prone = f.prone;
        });
        s.phase = 'action';
        for (const f of explainTft(s).figures) {
          listed += ((f.notNow as NotNow[] | undefined) ?? []).length;
          for (const e of (f.notNow as NotNow[] | undefined) ?? []) {
            const both = (f.options as Parameters<typeof sameChoice>[1][]).filter((o) => sameChoice(e, o));
            expect(both, `${f.id}: ${e.label}`).toEqual([]);
          }
        }
      }),
      { numRuns: 150 },
    );
    // Random states hold plenty to say "not now" about (long moves, figures down, no foe in front).
    expect(listed).toBeGreaterThan(runs);
  });
});
