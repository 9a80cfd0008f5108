// A game night with a hidden figure, from the player's chair: the GM hides Cedric, seats Bjorn's
// player and plays on; when the unseen Cedric strikes, the player's log says something struck
// Bjorn, and with what, without who, or Cedric's roll; the GM's log says it all.
import { describe, expect, it } from 'vitest';
import type { LogEntryView } from '../../src/server/protocol.ts';
import { getSystem } from '../../src/rules/index.ts';
import { PHONE, apiGet, fileHarness, joinAsPlayer, openGmTable, pageOverflow, playerLink, rawCommand } from './harness.ts';

const h = fileHarness();
const tft = getSystem('tft');

/**
 * The duel (examples/tft/duel.yaml) at close quarters, both sides too strong to fall in a few
 * turns of the server's random dice: the GM hides Cedric and plays (the AI's commands) until
 * Cedric has struck at Bjorn. Its id and the GM's token.
 */
async function duelWithHiddenCedric() {
  const fighter = { iq: 8, armor: 'leather', shield: 'small-shield', st: 30 };
  const scenario = {
    system: 'tft',
    name: 'Duel at the ford',
    map: { width: 10, height: 8 },
    options: { ruleset: 'legacy' },
    figures: [
      { ...fighter, id: 'bjorn', name: 'Bjorn', side: 'north', dx: 12, weapons: ['broadsword'], at: [2, 3], facing: 0 },
      { ...fighter, id: 'cedric', name: 'Cedric', side: 'south', dx: 14, weapons: ['war-ax'], at: [3, 3], facing: 3 },
    ],
  };
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario, settings: { hiddenFigures: ['cedric'] } }) });
  expect(r.status).toBe(201);
  const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  const path = `/api/encounters/${encodeURIComponent(encounter.id)}`;
  const struck = (log: LogEntryView[]) => log.some((e) => (e.events ?? []).some((x) => x.type === 'attack' && x.figure === 'cedric'));
  for (let i = 0; i < 40; i++) {
    if (struck((await apiGet<{ entries: LogEntryView[] }>(h.base, `${path}/log`, gm.token)).entries)) return { id: encounter.id, gm: gm.token };
    const { view } = await apiGet<{ view: { state: never; pending: { kind: string; figures: string[] } | null } }>(h.base, path, gm.token);
    const command = view.pending?.kind === 'initiative' ? { type: 'initiative', figure: view.pending.figures[0], choice: 'first' } : tft.decide(view.state);
    expect((await rawCommand(h.base, encounter.id, gm.token, command)).status).toBe(200);
  }
  throw new Error('Cedric never struck');
}

describe('a hidden figure strikes a player\'s figure', () => {
  it("the player reads 'An unseen figure attacks Bjorn with War ax' in its log (it read nothing: the blow was dropped whole), no step heads an empty button, and Cedric is named nowhere on its page, at a desk or a phone's width; the GM reads 'Cedric attacks Bjorn' with the roll", async () => {
    const { id, gm } = await duelWithHiddenCedric();
    const link = await playerLink(h.base, id, gm, ['bjorn']);
    for (const size of [{ width: 1280, height: 860 }, PHONE]) {
      const { page } = await joinAsPlayer(h, link, size);
      await page.locator('[data-tab="log"]').click();
      const blow = page.locator('.ev-attack .ev-text', { hasText: 'An unseen figure attacks Bjorn with War ax (melee): ' }).first();
      await blow.waitFor();
      expect(await blow.textContent()).not.toMatch(/3d6|adjDX/);
      expect(await page.locator('.entry-title').evaluateAll((els) => els.filter((el) => (el.textContent ?? '').trim() === '').length)).toBe(0);
      // Its text, tooltips and attributes alike.
      expect(await page.content()).not.toMatch(/cedric/i);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await h.shot(page, `hidden-player-log-${size.width}`);
    }
    const { page: gmPage } = await h.page({ width: 1280, height: 860 });
    await openGmTable(gmPage, id, gm);
    await gmPage.locator('[data-tab="log"]').click();
    await gmPage.locator('.ev-attack .ev-text', { hasText: /Cedric attacks Bjorn with War ax \(melee\): 3d6 = / }).first().waitFor();
    expect(await gmPage.locator('.ev-text', { hasText: 'unseen' }).count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});
