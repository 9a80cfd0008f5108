// Players at the table, from the player's chair on a phone: whose turn it is said with the
// player's own figures as the ones deciding, and every number on a card opening its ledger on a
// tap (or Enter), as the ▸ does.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { apiGet, atTable, fileHarness, joinAsPlayer, pageOverflow, playerLink, waitForLog } from './harness.ts';

const h = fileHarness();

/**
 * The GM's page plays (AI, or the begin step) until `figure` is pending with `kind`; `player`
 * has its own figure wait (or pass up an extra attack) when it is asked first.
 */
async function playUntil(gm: Page, player: Page, base: string, id: string, token: string, figure: string, kind: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const v = await apiGet<EncounterView>(base, `/api/encounters/${encodeURIComponent(id)}`, token);
    const p = v.view.pending;
    if (!p) {
      const log = await apiGet<{ entries: { descriptions?: string[] }[] }>(base, `/api/encounters/${encodeURIComponent(id)}/log`, token);
      throw new Error(`the fight ended before ${figure} had a ${kind}: ${log.entries.flatMap((e) => e.descriptions ?? []).join(' | ')}`);
    }
    if (p.kind === kind && p.figures.includes(figure)) return;
    // The player's figure waits (an attack of its own could end the fight first: a critical did).
    if (p.figures.includes(figure)) {
      // Its own step's cards: under CI load the player's page still showed the step before's (no wait among them).
      await waitForLog(player, v.view.seq);
      await player.locator('[data-option="wait"], [data-option="pass"]').first().waitFor();
      const kinds = await player.locator('[data-option]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
      await player.getByTestId(`do-${kinds.findIndex((k) => k === 'wait' || k === 'pass')}`).click();
    } else await gm.keyboard.press(p.figures.length === 0 ? 'b' : 'p');
    await waitForLog(gm, v.view.seq + 1);
  }
  throw new Error(`${figure} never had a ${kind}`);
}

describe("the player's chair", () => {
  it("AD&D: the turn line names the player's own figure as the one declaring, the Minotaur after ('Frito the Fighter and Minotaur declare' read as if the player declared for both)", async () => {
    const { id, token } = await atTable(h, 'adnd/frito-parries', { begin: true });
    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['frito']));
    await expect.poll(() => player.getByTestId('turn-line').textContent()).toBe('Your turn. Frito the Fighter declares an action; at the same time: Minotaur.');
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);
    expect(h.errors).toEqual([]);
  });

  it("a tap (or Enter) on a parry card's number opens the card's ledger, as its ▸ does ('ac improvement 3' did nothing on a tap)", async () => {
    const { page: gm, id, token } = await atTable(h, 'adnd/frito-parries', { begin: true });
    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['frito']));
    await playUntil(gm, player, h.base, id, token, 'frito', 'parry');
    const card = player.locator('[data-option="parry"]').first();
    const chip = card.locator('[data-odds="acImprovement"]');
    await chip.waitFor();
    expect(await card.locator('.option-detail').count()).toBe(0);
    await chip.tap();
    await card.locator('.option-detail').waitFor();
    expect(await card.locator('.option-detail').textContent()).toMatch(/AC/i);
    expect(await chip.getAttribute('aria-expanded')).toBe('true');
    expect(await card.locator('button.expand').getAttribute('aria-expanded')).toBe('true');
    await h.shot(player, 'player-parry-ledger');
    // The delay's chip closes it again; Enter on it opens it.
    const delay = card.locator('[data-odds="nextDelay"]');
    await delay.tap();
    await expect.poll(() => card.locator('.option-detail').count()).toBe(0);
    await delay.focus();
    await player.keyboard.press('Enter');
    await card.locator('.option-detail').waitFor();
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);
    expect(h.errors).toEqual([]);
  });
});
