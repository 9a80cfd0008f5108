// The GM ends the fight at the table (the `end` command): in the TFT duel, its sides named, the
// GM plays an exchange, opens "End the fight…" in the Status panel (by keyboard first: Escape
// closes it), is told a reason is needed, then ends it for the ford keepers because "Bjorn
// flees"; the log shows the narration, the banner the winner and the GM's reason, on the GM's
// page and a player's; the player never has the button; the lobby lists "over: the ford keepers
// won". AD&D on a phone: the form fits 390 px, "No one" wins, the lobby says "over: no winner".
// Screenshot: gm-end-fight (see harness.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, ROOT, atTable, duelToActionPhase, encounterApi, fileHarness, joinAsPlayer, opensByKeyboard, pageOverflow, playerLink, tableIdOf, tokenOf } from './harness.ts';

const h = fileHarness();

/** The lobby's line of progress for encounter `id` ("step 4", "over: … won"). */
async function listed(page: Page, id: string): Promise<string | null> {
  await page.goto('/');
  const progress = page.locator(`li[data-encounter="${id}"] [data-testid="progress"]`);
  await progress.waitFor();
  return progress.textContent();
}

describe('the GM ends the fight', () => {
  it('TFT duel: after an exchange the GM ends it for the ford keepers ("Bjorn flees"); the log, the banner and a player\'s page show it; the lobby lists the winner by name', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    // The duel with its sides named, uploaded as a GM would.
    const duel = `${readFileSync(join(ROOT, 'examples', 'tft', 'duel.yaml'), 'utf8')}\nsides:\n  - { id: north, name: House Bjorn }\n  - { id: south, name: the ford keepers }\n`;
    await gm.goto('/');
    await gm.getByRole('tab', { name: 'Upload a scenario' }).click();
    await gm.getByLabel('Scenario text').fill(duel);
    await gm.getByRole('button', { name: 'Open the table' }).click();
    await gm.waitForURL(/\/table\//);
    await expect.poll(() => gm.getByTestId('role').textContent()).toBe('gm');
    const id = tableIdOf(gm);
    const gmToken = tokenOf(gm);
    const api = encounterApi(h.base, id, gmToken);
    await duelToActionPhase(gm, api.seqIs);

    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, gmToken, ['bjorn']));
    await player.locator('[data-tab="status"]').click();
    await player.locator('tr[data-roster="bjorn"]').first().waitFor();
    expect(await player.getByRole('button', { name: /End the fight/ }).count()).toBe(0);

    await gm.locator('[data-tab="status"]').click();
    const open = gm.getByRole('button', { name: 'End the fight…' });
    // By keyboard: Enter opens it with the choice of winner focused; Escape closes it, the focus back on the button.
    await opensByKeyboard(gm, open, gm.getByTestId('end-form'), gm.locator('[data-end-field="winner"]'));

    await open.click();
    const form = gm.getByRole('form', { name: 'End the fight' });
    await form.waitFor();
    expect(await form.getByLabel('Who won').locator('option').allTextContents()).toEqual(['choose…', 'House Bjorn', 'the ford keepers', 'No one']);
    await form.getByLabel('Who won').selectOption({ label: 'the ford keepers' });
    // No reason: the form says so by the field, and nothing is sent.
    await form.getByRole('button', { name: 'End the fight' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/say why/);
    expect(await form.getByLabel('Why').getAttribute('aria-invalid')).toBe('true');
    expect(await gm.evaluate(() => document.activeElement?.getAttribute('data-end-field'))).toBe('reason');
    await form.getByLabel('Why').fill('Bjorn flees');
    await h.shot(gm, 'gm-end-fight');
    await form.getByRole('button', { name: 'End the fight' }).click();
    await api.seqIs(5);
    const v = (await api.view()).view;
    expect(v).toMatchObject({ over: true, pending: null, summary: { winner: 'south' } });

    const banner = 'The fight is over: the ford keepers won. The GM ended it: Bjorn flees';
    const narration = 'GM ends the fight: Bjorn flees. Won by the ford keepers.';
    await expect.poll(() => gm.getByTestId('banner').textContent()).toBe(banner);
    expect(await gm.getByTestId('end-form').count()).toBe(0);
    expect(await gm.getByTestId('end-open').count()).toBe(0);
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.getByTestId('log').textContent()).toContain(narration);
    // The player's page: the same end, the same words; still no button.
    await expect.poll(() => player.getByTestId('banner').textContent()).toBe(banner);
    expect(await player.getByTestId('end-open').count()).toBe(0);
    await player.locator('[data-tab="log"]').click();
    expect(await player.getByTestId('log').textContent()).toContain(narration);

    // Back in the lobby: over, the winner by its side's name.
    expect(await listed(gm, id)).toBe('over: the ford keepers won');
    expect(h.errors).toEqual([]);
  });

  it('AD&D on a phone: the form fits 390 px; the GM ends the fight with no winner; the lobby says "over: no winner"', async () => {
    const { page: gm, id, api } = await atTable(h, 'adnd/surprise', { size: PHONE, begin: true, tab: 'status' });
    await gm.getByRole('button', { name: 'End the fight…' }).click();
    const form = gm.getByRole('form', { name: 'End the fight' });
    await form.waitFor();
    await form.getByLabel('Who won').selectOption({ label: 'No one' });
    await form.getByLabel('Why').fill('both sides part');
    await form.scrollIntoViewIfNeeded();
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Enter in the reason ends it, as a form does.
    await form.getByLabel('Why').press('Enter');
    await api.seqIs(2);
    expect((await api.view()).view).toMatchObject({ over: true, pending: null });
    await expect.poll(() => gm.getByTestId('banner').textContent()).toBe('The fight is over. The GM ended it: both sides part');
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.getByTestId('log').textContent()).toContain('GM ends the fight: both sides part. Nobody wins');
    expect(await listed(gm, id)).toBe('over: no winner');
    expect(h.errors).toEqual([]);
  });
});
