// The dying at the table (seed 82345e2a, R-T2, R-T3) read from the real engine: Pat dying beside
// Doc (a Physicker), Mara (a Master Physicker) two hexes off, an orc far away.
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import { type Obj, figureViews } from './view.ts';
import { rollWords, threadLine, threadViews } from './thread.ts';
import { medicEvening, toActionOf } from './thread.test-util.ts';

const tft = systems.tft;

const views = (s: Obj) => {
  const report = tft.explain(s as never) as unknown as { figures: Obj[] };
  return threadViews(figureViews(s, report as unknown as Obj), new Map(report.figures.map((f) => [String(f.id), f])));
};

describe('a dying figure at the table', () => {
  it('before a medic starts: its thread roll at the end of the turn and the chance it survives it; the medics, one not beside it', () => {
    const [pat] = views(medicEvening());
    expect(pat).toMatchObject({ id: 'pat', state: 'dying', next: 1, stab: null });
    expect(rollWords(pat)).toBe('1d6 ≤ ST 10');
    expect(pat.medics.map((m) => [m.name, m.dice, m.iq, m.adjacent])).toEqual([
      ['Doc', 4, 12, true],
      ['Mara', 3, 14, false],
    ]);
    expect(threadLine(pat)).toBe('Pat is dying: thread roll 1d6 ≤ ST 10 at the end of the turn, survives it 100.0%.');
  });

  it('while Doc works: the turns done, no thread roll meanwhile, and the roll to come at the end (R-T3)', () => {
    const s = medicEvening();
    const order = (s as { actionOrder?: string[] }).actionOrder ?? [];
    expect(order[0]).toBe('doc');
    tft.apply(s as never, tft.parseCommand({ type: 'stabilize', figure: 'doc', target: 'pat' }), new SeededDice(seedRng(4)), null);
    const [pat] = views(s);
    expect(pat.stab).toEqual({ medic: 'doc', medicName: 'Doc', done: 1, needed: 60, work: 'done', why: 'Doc worked on Pat this turn' });
    // This turn's work is done: another choice is a later turn's.
    expect(threadLine(pat)).toBe(
      "Pat is dying; Doc is stabilizing: 1 of 60 turns done, this turn's included, no thread roll meanwhile. At the end Doc rolls 4d6 ≤ IQ 12 (33.6%). If Doc does anything else in a later turn, the work stops: Pat rolls 1d6 ≤ ST 10 at the end of that turn.",
    );
    // Once the fight is over there is no turn to roll at the end of.
    expect(threadLine(pat, true)).toBe('Pat is dying; Doc is stabilizing: 1 of 60 turns done, no thread roll meanwhile. At the end Doc rolls 4d6 ≤ IQ 12 (33.6%).');
  });

  it('next turn: the work counts if Doc stabilizes; once Doc has acted otherwise (passed, or a rewind to after its attack) the work stops at the end of this turn (R-T3 "doing nothing else")', () => {
    const s = medicEvening();
    const dice = new SeededDice(seedRng(4));
    const run = (c: Obj) => tft.apply(s as never, tft.parseCommand(c), dice, null);
    run({ type: 'stabilize', figure: 'doc', target: 'pat' });
    toActionOf(s, 'doc', dice);
    expect(tft.pending(s as never)).toMatchObject({ kind: 'action', figures: ['doc'] });
    const [open] = views(s);
    expect(open.stab?.work).toBe('open');
    expect(threadLine(open)).toBe(
      'Pat is dying; Doc is stabilizing: 1 of 60 turns done, no thread roll meanwhile. At the end Doc rolls 4d6 ≤ IQ 12 (33.6%). If Doc does anything else, the work stops: Pat rolls 1d6 ≤ ST 10 at the end of the turn.',
    );
    run({ type: 'pass', figure: 'doc' });
    const [stops] = views(s);
    expect(stops.stab).toMatchObject({ work: 'stops', why: 'Doc has already acted this turn' });
    expect(threadLine(stops)).toBe('Pat is dying; Doc was stabilizing (1 of 60 turns done), but Doc has already acted this turn: the work stops at the end of this turn, and Pat rolls 1d6 ≤ ST 10 then.');
  });

  it('once the fight is over: no more thread rolls, and what the GM can do instead (R-T2, R-T3)', () => {
    const [pat] = views(medicEvening());
    expect(threadLine(pat, true)).toBe('Pat is dying. The fight is over: no more thread rolls. Pat stays dying until a medic stabilizes it; a medic beside Pat can run the 5 minutes at once (finish stabilizing) or give first aid.');
  });

  it('reads nothing it does not know as a number or a name (a medic without IQ, no survival odds)', () => {
    const t = { id: 'x', name: 'X', state: 'dying', next: 2, against: null, survival: [], medics: [], choices: [], stab: null };
    expect(threadLine(t)).toBe('X is dying: thread roll 2d6 at the end of the turn.');
    expect(threadLine({ ...t, next: null })).toBe('X is dying.');
    expect(threadLine({ ...t, stab: { medic: null, medicName: null, done: 3, needed: 60, work: null, why: null } })).toBe(
      'X is dying; a medic is stabilizing: 3 of 60 turns done, no thread roll meanwhile. If the medic does anything else, the work stops: X rolls 2d6 at the end of the turn.',
    );
  });
});
