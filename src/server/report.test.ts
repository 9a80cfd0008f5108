// The Markdown fight report names sides as the table does: by the scenario's names; a figure
// the GM took out of the fight stands with its reason.
import { describe, expect, it } from 'vitest';
import type { EncounterView } from './protocol.ts';
import { markdownReport } from './report.ts';

const view = (sideNames: Record<string, string> | undefined): EncounterView =>
  ({
    encounter: { id: 'e', name: 'Duel at the ford', system: 'tft', createdAt: '', updatedAt: '', seq: 0, over: true, winner: 'north', winnerName: null },
    role: 'gm',
    figures: [],
    settings: { enteredDice: 'off', hiddenFigures: [], hideEnemyStats: false, notes: [] },
    view: { seq: 0, state: { sideNames }, pending: null, summary: { figures: [{ id: 'bjorn', name: 'Bjorn', side: 'north', state: 'healthy', st: 12, wounds: 2, fatigue: 0 }] }, over: true },
  }) as EncounterView;

describe('the Markdown report', () => {
  it("the winner and each figure's side by the scenario's side names, as the table shows them", () => {
    const md = markdownReport(view({ north: 'House Bjorn', south: 'the ford keepers' }), []);
    expect(md).toContain('- Status: over, won by House Bjorn');
    expect(md).toContain('| Bjorn | House Bjorn | healthy |');
  });
  it('sides without names keep their ids', () => {
    const md = markdownReport(view(undefined), []);
    expect(md).toContain('- Status: over, won by north');
    expect(md).toContain('| Bjorn | north | healthy |');
  });

  it("a figure that left the fight (the summary's `left`) stands with its last state and why, after those still in it", () => {
    const v = view(undefined);
    const gone = { id: 'cedric', name: 'Cedric', side: 'south', state: 'reeling', st: 12, wounds: 6, fatigue: 0, left: 'flees' };
    (v.view.summary as { figures: unknown[] }).figures.push(gone);
    const md = markdownReport(v, []);
    expect(md).toContain('| Bjorn | north | healthy | 12 | 2 | 0 |  |');
    expect(md).toContain('| Cedric | south | reeling, left the fight: flees | 12 | 6 | 0 |  |');
  });
});
