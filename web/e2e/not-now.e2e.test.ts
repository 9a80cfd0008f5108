// "Not now" at the table: the action panel lists, under a figure's options, what it would
// expect to do but cannot, with the engine's reason. A HiTech gunner whose magazine is empty
// and who has no spare clip sees why it cannot fire, reload or overwatch (R-H10).
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { apiGet, fileHarness, openGmTable, rawCommand } from './harness.ts';

const h = fileHarness();

describe('not now', () => {
  it('shows the reason an empty magazine gives, under the gunner\'s options', async () => {
    const scenario = {
      system: 'tft',
      name: 'empty magazine',
      options: { hitech: true, thread: 'off' },
      map: { width: 12, height: 8 },
      figures: [
        { id: 'g', name: 'Gunner', side: 'a', st: 11, dx: 13, talents: ['rifle'], weapons: [{ weapon: 'assault-rifle', house: { hitech: { loaded: 0, spare: {} } } }], at: { q: 1, r: 3 }, facing: 0 },
        { id: 'b', name: 'Brute', side: 'b', st: 12, dx: 11, weapons: ['broadsword'], at: { q: 10, r: 3 }, facing: 3 },
      ],
    };
    const created = (await (await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) })).json()) as { encounter: { id: string }; gm: { token: string } };
    const id = created.encounter.id;
    const token = created.gm.token;
    // Begin, let each side stay where it is, and pass the Brute's action until the Gunner acts.
    expect((await rawCommand(h.base, id, token, { type: 'begin' })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const p = (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token)).view.pending as { kind: string; figures: string[] } | null;
      if (!p) throw new Error('the fight ended');
      if (p.kind === 'action' && p.figures.includes('g')) break;
      const f = p.figures[0];
      const command = p.kind === 'initiative' ? { type: 'initiative', figure: f, choice: 'first' } : p.kind === 'move' ? { type: 'move', figure: f, path: [] } : { type: 'pass', figure: f };
      expect((await rawCommand(h.base, id, token, command)).status).toBe(200);
    }
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await openGmTable(gm, id, token);
    await gm.getByTestId('figure-g').click();
    const list = gm.getByTestId('not-now');
    await list.waitFor();
    // A labelled region a screen reader announces, each line the choice and its reason in words.
    expect(await list.getAttribute('aria-label')).toBe('Not now');
    const lines = await list.locator('li').allTextContents();
    expect(lines).toContain("fire assault rifle: assault rifle's magazine is empty: reload first [R-H10]");
    expect(lines).toContain('reload assault rifle: Gunner has no spare standard clip for the assault rifle [R-H10]');
    // Secondary to the options: after them, and no button in it.
    expect(await gm.locator('.actions ol.options + .not-now').count()).toBe(1);
    expect(await list.locator('button').count()).toBe(0);
    await h.shot(gm, 'not-now-empty-magazine');
    expect(h.errors).toEqual([]);
  });
});
