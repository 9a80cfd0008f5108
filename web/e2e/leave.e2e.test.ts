// The GM takes one figure out of the fight at the table (the `leave` command): in the TFT
// skirmish the figure whose decision is pending leaves ("flees"), opened by keyboard first
// (Escape closes it, the focus back on "Leaves…"), told a reason is needed; it goes from the map
// on the GM's page and on its player's, both rosters show it under "Left the fight" with
// "left: flees", both logs say so, the player has no control, and the fight goes on with the
// next figure's decision. AD&D on a phone: an orc of the melee surrenders, the form fits 390 px,
// the timeline drops it. Screenshot: gm-leave-fight (see harness.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, atTable, fileHarness, joinAsPlayer, opensByKeyboard, pageOverflow, playerLink } from './harness.ts';

const h = fileHarness();

/** What the page's roster lists under "Left the fight" (empty when nothing). */
async function goneText(page: Page): Promise<string> {
  const gone = page.getByTestId('gone');
  return (await gone.count()) === 0 ? '' : ((await gone.textContent()) ?? '');
}

describe('a figure leaves the fight', () => {
  it('TFT skirmish: the figure whose decision is pending flees; it goes from the map and stands under "Left the fight" on the GM\'s and its player\'s pages, the logs say so, the fight goes on', async () => {
    const { page: gm, id, token: gmToken, api } = await atTable(h, 'tft/skirmish', { size: { width: 1280, height: 860 }, begin: true });
    const before = (await api.view()).view;
    const leaver = String((before.pending as { figures: string[] }).figures[0]);
    const name = String((before.state as { figures: { id: string; name: string }[] }).figures.find((f) => f.id === leaver)?.name);

    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, gmToken, [leaver]));
    await player.getByTestId(`figure-${leaver}`).waitFor();
    await player.locator('[data-tab="status"]').click();
    await player.locator(`tr[data-roster="${leaver}"]`).first().waitFor();
    expect(await player.locator('button[data-leave]').count()).toBe(0);

    await gm.getByTestId(`figure-${leaver}`).waitFor();
    await gm.locator('[data-tab="status"]').click();
    const open = gm.locator(`button[data-leave="${leaver}"]`);
    expect(await open.getAttribute('aria-label')).toBe(`${name} leaves…`);
    // By keyboard: Enter opens it with the reason focused; Escape closes it, the focus back on the button.
    await opensByKeyboard(gm, open, gm.locator('form[data-leave-form]'), gm.locator('[data-leave-field="reason"]'));

    await open.click();
    const form = gm.getByRole('form', { name: `${name} leaves the fight` });
    await form.waitFor();
    // No reason: the form says so by the field, and nothing is sent.
    await form.getByRole('button', { name: 'Leaves the fight' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/say why/);
    expect(await form.getByLabel('Why').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Why').fill('flees');
    await h.shot(gm, 'gm-leave-fight');
    await form.getByRole('button', { name: 'Leaves the fight' }).click();
    await api.seqIs(2);
    // Its row's buttons went with it: the cursor is on its "left: flees" mark, not lost to the page.
    await expect.poll(() => gm.evaluate(() => document.activeElement?.getAttribute('data-left'))).toBe(leaver);
    const after = (await api.view()).view;
    const pending = after.pending as { figures: string[]; kind: string } | null;
    expect(after.over).toBe(false);
    expect(pending?.figures.length).toBeGreaterThan(0);
    expect(pending?.figures).not.toContain(leaver);
    expect((after.state as { gone: { id: string; left: { reason: string } }[] }).gone).toMatchObject([{ id: leaver, left: { reason: 'flees' } }]);

    const narration = `GM: ${name} leaves the fight (flees).`;
    for (const page of [gm, player]) {
      // Off the map; on the roster under "Left the fight", with why; in the log.
      await expect.poll(() => page.getByTestId(`figure-${leaver}`).count()).toBe(0);
      await expect.poll(() => goneText(page)).toMatch(new RegExp(`^Left the fight${name}.*left: flees`));
      expect(await page.locator(`[data-testid="gone"] tr[data-roster="${leaver}"]`).count()).toBe(1);
      expect(await page.locator(`tbody:not(.gone) tr[data-roster="${leaver}"]`).count()).toBe(0);
      await page.locator('[data-tab="log"]').click();
      expect(await page.getByTestId('log').textContent()).toContain(narration);
    }
    expect(await gm.locator(`button[data-leave="${leaver}"]`).count()).toBe(0);
    expect(await gm.locator(`button[data-adjust="${leaver}"]`).count()).toBe(0);
    // The player whose figure left has nothing to do: no control, not its turn.
    await player.locator('[data-tab="actions"]').click();
    expect(await player.locator('button[data-leave], button[data-adjust]').count()).toBe(0);
    expect(await player.getByTestId('auto-play').count()).toBe(0);

    // The fight goes on: the engine plays the next decision, someone else's.
    await gm.locator('[data-tab="actions"]').click();
    await gm.getByTestId('auto-play').click();
    await api.seqIs(3);
    expect((await api.view()).view.over).toBe(false);
    expect(h.errors).toEqual([]);
  });

  it('AD&D on a phone: an orc of the melee surrenders; the form fits 390 px, Enter sends it; the orc leaves the timeline for "Left the fight"', async () => {
    const { page: gm, api } = await atTable(h, 'adnd/melee', { size: PHONE, begin: true });
    await expect.poll(() => gm.getByTestId('segments').textContent()).toContain('Orc (orc2)');
    await gm.locator('[data-tab="status"]').click();
    await gm.locator('button[data-leave="orc2"]').click();
    const form = gm.getByRole('form', { name: 'Orc (orc2) leaves the fight' });
    await form.waitFor();
    await form.getByLabel('Why').fill('surrenders');
    await form.scrollIntoViewIfNeeded();
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Enter in the reason sends it, as a form does.
    await form.getByLabel('Why').press('Enter');
    await api.seqIs(2);
    const v = (await api.view()).view;
    expect(v.over).toBe(false);
    expect((v.state as { gone: { id: string }[] }).gone.map((f) => f.id)).toEqual(['orc2']);
    await expect.poll(() => goneText(gm)).toMatch(/^Left the fightOrc \(orc2\).*left: surrenders/);
    await expect.poll(() => gm.getByTestId('segments').textContent()).not.toContain('Orc (orc2)');
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.getByTestId('log').textContent()).toContain('GM: Orc (orc2) leaves the fight (surrenders)');
    expect(h.errors).toEqual([]);
  });
});
