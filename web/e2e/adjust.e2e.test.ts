// The GM's adjustment of a figure at the table (the `adjust` command): in the duel the GM opens
// Bjorn's Adjust form in the Status panel, gives 3 hits "Fireball"; the GM's and the player's
// logs show the GM's line and the wounds within a second; the player's page has no Adjust
// control; a refused adjustment shows the server's reason by the form. AD&D on a phone: the GM
// takes hp from a combatant of the surprise example, the form fitting 390 px. Screenshots:
// gm-adjust-form, adnd-adjust-390 (see harness.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, atTable, fileHarness, joinAsPlayer, opensByKeyboard, pageOverflow, playerLink } from './harness.ts';

const h = fileHarness();

/** The text of a roster cell of `figure` (column `n`, from 1: TFT 4 = wounds; AD&D 3 = hp). */
const cell = (page: Page, figure: string, n: number) => page.locator(`tr[data-roster="${figure}"] > td:nth-child(${n})`).first().textContent();

/** Fills the open Adjust form and applies it. */
async function fillAndApply(page: Page, amount: string, reason: string): Promise<void> {
  const form = page.locator('form.adjust-form');
  await form.getByLabel(/^(Hits|hp lost)/).fill(amount);
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Apply' }).click();
}

describe("the GM's adjustment of a figure", () => {
  it('TFT duel: the GM gives Bjorn 3 hits "Fireball" from the Status panel; both logs and rosters show it within a second; players have no Adjust; a refusal is shown by the form', async () => {
    const { page: gm, id, token: gmToken, api } = await atTable(h, 'tft/duel', { size: { width: 1280, height: 860 }, begin: true });

    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, gmToken, ['cedric']));
    await player.locator('[data-tab="status"]').click();
    await player.locator('tr[data-roster="bjorn"]').first().waitFor();
    // Players never see the control.
    expect(await player.locator('[data-adjust], form.adjust-form').count()).toBe(0);
    expect(await player.getByRole('button', { name: /^Adjust/ }).count()).toBe(0);

    await gm.locator('[data-tab="status"]').click();
    expect(await cell(gm, 'bjorn', 4)).toBe('0');
    const open = gm.getByRole('button', { name: 'Adjust Bjorn' });
    // By keyboard: Enter opens the form with the amount ready for typing; Escape closes it, the focus back on the button.
    await opensByKeyboard(gm, open, gm.locator('form.adjust-form'), gm.locator('[data-adjust-field="amount"]'));
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const form = gm.getByRole('form', { name: 'Adjust Bjorn' });
    await form.waitFor();
    // A refusal (dice the engine cannot read) is shown by the form, in the server's words; nothing is stored.
    await fillAndApply(gm, '2x', 'Fireball');
    await expect.poll(() => gm.getByTestId('adjust-refused').textContent()).toMatch(/damage/);
    expect((await api.view()).view.seq).toBe(1);

    await form.getByLabel('Hits').fill('3');
    await h.shot(gm, 'gm-adjust-form');
    await player.locator('[data-tab="log"]').click();
    const line = 'GM: Bjorn is hit (Fireball).';
    const sent = Date.now();
    await form.getByRole('button', { name: 'Apply' }).click();
    // Within a second on both pages: the GM's roster (its form closed) and the player's log.
    await gm.waitForFunction(() => document.querySelector('tr[data-roster="bjorn"] > td:nth-child(4)')?.textContent === '3', undefined, { timeout: 1000 });
    await player.waitForFunction((l) => document.querySelector('[data-testid="log"]')?.textContent?.includes(l), line, { timeout: Math.max(1, 1000 - (Date.now() - sent)) });
    expect(await gm.locator('form.adjust-form').count()).toBe(0);
    await api.seqIs(2);
    // The GM's log says it too; the player's roster shows the wounds.
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.getByTestId('log').textContent()).toContain(line);
    await player.locator('[data-tab="status"]').click();
    expect(await cell(player, 'bjorn', 4)).toBe('3');
    expect(await player.locator('[data-adjust]').count()).toBe(0);
    // The same decision is still pending (the adjustment took no game time).
    expect((await api.view()).view.pending?.kind).toBe('initiative');
    expect(h.errors).toEqual([]);
  });

  it('AD&D on a phone: the GM takes 4 hp from Gorm ("fall") in the Combatants tab; the form fits 390 px; the log and the hp show it', async () => {
    const { page: gm, api } = await atTable(h, 'adnd/surprise', { size: PHONE, begin: true, tab: 'status' });
    const before = (await cell(gm, 'gorm', 3)) ?? '';
    const [hp, max] = before.split('/').map(Number);
    expect(hp).toBeGreaterThan(4);
    await gm.getByRole('button', { name: 'Adjust Gorm' }).click();
    const form = gm.getByRole('form', { name: 'Adjust Gorm' });
    await form.waitFor();
    // AD&D's form: no armor box, no fatigue.
    expect(await form.getByLabel('armor stops it').count()).toBe(0);
    expect(await form.getByLabel('Fatigue').count()).toBe(0);
    await form.getByLabel('hp lost').fill('4');
    await form.getByLabel('Reason').fill('fall');
    await form.scrollIntoViewIfNeeded();
    // Nothing of the form runs off a phone's screen.
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await h.shot(gm, 'adnd-adjust-390');
    // Enter in a field applies it, as a form does.
    await form.getByLabel('Reason').press('Enter');
    await api.seqIs(2);
    await expect.poll(() => cell(gm, 'gorm', 3)).toBe(`${hp - 4}/${max}`);
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.getByTestId('log').textContent()).toContain('GM: Gorm loses 4 hp (fall)');
    expect(h.errors).toEqual([]);
  });
});
