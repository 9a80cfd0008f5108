// The one filter of what each role sees, on real TFT states, events and explain reports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceForSeq, step } from '../engine/encounter.ts';
import type { GameEvent } from '../engine/types.ts';
import { EncounterSettings } from './protocol.ts';
import { TEST_SEED, duelScenario, tft } from './test-helpers.ts';
import { type Viewer, viewEvents, viewExplain, viewSettings, viewState, viewValue } from './views.ts';

/** The duel after `n` AI steps, with every event. */
function played(n: number) {
  let state = tft.setup(duelScenario());
  const events: GameEvent[] = [];
  for (let i = 1; i <= n && tft.pending(state); i++) {
    const r = step(tft, state, tft.decide(state), diceForSeq(TEST_SEED, i));
    state = r.state;
    events.push(...r.events);
  }
  return { state, events: events as unknown as Record<string, unknown>[] };
}

const settings = (o: Partial<EncounterSettings> = {}) => EncounterSettings.parse(o);
const gm: Viewer = { role: 'gm', figures: [] };
const bjornSeat: Viewer = { role: 'player', figures: ['bjorn'] };
const spectator: Viewer = { role: 'spectator', figures: [] };

describe('views', () => {
  const { state, events } = played(12);

  it('the GM sees everything unchanged', () => {
    const s = settings({ hiddenFigures: ['cedric'], hideEnemyStats: true, notes: [{ id: 'n', text: 'x', hidden: true }] });
    expect(viewState(state, s, gm)).toBe(state);
    expect(viewEvents(events, state, s, gm)).toEqual(events);
    expect(viewSettings(s, gm)).toBe(s);
  });

  it('with nothing hidden, players and spectators see the same state as the GM', () => {
    expect(viewState(state, settings(), bjornSeat)).toEqual(state);
    expect(viewState(state, settings(), spectator)).toEqual(state);
    expect(viewEvents(events, state, settings(), spectator)).toEqual(events);
  });

  it('a hidden figure vanishes from state, events, summary and explain for other roles', () => {
    const s = settings({ hiddenFigures: ['cedric'] });
    const v = viewState(state, s, bjornSeat) as { figures: { id: string }[] };
    expect(v.figures.map((f) => f.id)).toEqual(['bjorn']);
    const ev = viewEvents(events, state, s, spectator);
    expect(events.some((e) => JSON.stringify(e).includes('cedric'))).toBe(true);
    expect(ev.length).toBeLessThan(events.length);
    expect(JSON.stringify(ev)).not.toContain('cedric');
    const sum = viewValue(tft.summary(state), state, s, spectator) as { figures: { id: string }[] };
    expect(sum.figures.map((f) => f.id)).toEqual(['bjorn']);
    const ex = viewExplain(tft.explain(state) as unknown as Record<string, unknown>, state, s, spectator);
    expect(JSON.stringify(ex)).not.toContain('cedric');
  });

  it("a player always sees its own figure, even when the GM marks it hidden", () => {
    const s = settings({ hiddenFigures: ['bjorn', 'cedric'] });
    const v = viewState(state, s, bjornSeat) as { figures: { id: string }[] };
    expect(v.figures.map((f) => f.id)).toEqual(['bjorn']);
    expect(viewSettings(s, bjornSeat).hiddenFigures).toEqual(['bjorn']);
  });

  it("hideEnemyStats removes the other side's ST, wounds and fatigue but keeps one's own", () => {
    const s = settings({ hideEnemyStats: true });
    const v = viewState(state, s, bjornSeat) as { figures: Record<string, unknown>[] };
    const [b, c] = ['bjorn', 'cedric'].map((id) => v.figures.find((f) => f.id === id) as Record<string, unknown>);
    expect(b.st).toBe(12);
    expect('wounds' in b).toBe(true);
    expect(c.st).toBeUndefined();
    expect(c.wounds).toBeUndefined();
    expect(c.fatigue).toBeUndefined();
    expect(c.dx).toBe(11);
    // Spectators have no side: nobody's stats.
    const sv = viewState(state, s, spectator) as { figures: Record<string, unknown>[] };
    expect(sv.figures.every((f) => f.st === undefined)).toBe(true);
  });

  it('players see only their own figures options in explain', () => {
    const ex = viewExplain(tft.explain(state) as unknown as Record<string, unknown>, state, settings(), bjornSeat) as {
      figures: { id: string; options: unknown[] }[];
    };
    const full = tft.explain(state) as unknown as { figures: { id: string; options: unknown[] }[] };
    expect(ex.figures.find((f) => f.id === 'cedric')?.options).toEqual([]);
    expect(ex.figures.find((f) => f.id === 'bjorn')?.options).toEqual(full.figures.find((f) => f.id === 'bjorn')?.options);
  });

  it('hidden notes, and notes about hidden figures, are removed', () => {
    const s = settings({
      hiddenFigures: ['cedric'],
      notes: [
        { id: 'a', text: 'open', hidden: false },
        { id: 'b', text: 'secret', hidden: true },
        { id: 'c', text: 'about cedric', figure: 'cedric', hidden: false },
      ],
    });
    expect(viewSettings(s, spectator).notes.map((n) => n.id)).toEqual(['a']);
    expect(viewSettings(s, spectator).hiddenFigures).toEqual([]);
  });

  it('property: whatever the GM hides, the hidden ids appear nowhere in what others receive', () => {
    const ids = ['bjorn', 'cedric'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.subarray(ids, { minLength: 1 }),
        fc.constantFrom<Viewer>(spectator, bjornSeat, { role: 'player', figures: ['cedric'] }),
        (n, hidden, viewer) => {
          const p = played(n);
          const s = settings({ hiddenFigures: hidden });
          const out = JSON.stringify([
            viewState(p.state, s, viewer),
            viewEvents(p.events, p.state, s, viewer),
            viewValue(tft.summary(p.state), p.state, s, viewer),
            viewExplain(tft.explain(p.state) as unknown as Record<string, unknown>, p.state, s, viewer),
            viewSettings(s, viewer),
          ]);
          for (const id of hidden) if (!viewer.figures.includes(id)) expect(out).not.toContain(`"${id}"`);
        },
      ),
      { numRuns: 40 },
    );
  });
});
