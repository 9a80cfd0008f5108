// The lobby: examples, upload with the server's validation shown field by field, the editor
// with its messages next to the fields, opening the built encounter, and the list of tables
// this browser holds (reopen after a reload).
import { describe, expect, it } from 'vitest';
import { fileHarness, pageOverflow } from './harness.ts';

const h = fileHarness();

describe('the lobby', () => {
  it('lists examples, shows upload and editor errors next to their fields, opens and reopens tables', async () => {
    const { page } = await h.page({ width: 1280, height: 900 });
    await page.goto('/');
    await page.locator('[data-example="tft/duel"]').waitFor();
    expect(await page.locator('[data-example]').count()).toBeGreaterThanOrEqual(4);
    await h.shot(page, 'lobby');

    // Upload: the server rejects a scenario with a bad field and says which and why.
    await page.getByRole('tab', { name: 'Upload a scenario' }).click();
    await page.getByLabel('Scenario text').fill('system: tft\nfigures:\n  - { id: a, side: x, st: 10, dx: high, at: [1, 1] }\n');
    await page.getByRole('button', { name: 'Open the table' }).click();
    const err = page.getByRole('alert').first();
    await err.waitFor();
    expect(await err.textContent()).toMatch(/figures.*dx/);

    // Editor: local checks next to the field, then a valid encounter from the tables.
    await page.getByRole('tab', { name: 'Build one' }).click();
    const dx = page.locator('fieldset.fig-edit').first().locator('label.field', { hasText: 'DX' }).locator('input');
    await dx.fill('high');
    await page.getByRole('button', { name: 'Open the table' }).click();
    const fieldErr = page.locator('fieldset.fig-edit').first().locator('label.field.invalid .field-error');
    await expect.poll(() => fieldErr.first().textContent()).toMatch(/DX must be a whole number/);
    await h.shot(page, 'editor-validation');
    await dx.fill('13');
    const weapons = page.locator('fieldset.fig-edit').first().locator('label.field', { hasText: 'Weapons' }).locator('select');
    await weapons.selectOption(['broadsword']);
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    expect(await page.locator('[data-testid^="figure-"]').count()).toBe(2);

    // Back in the lobby the table is listed and reopens.
    await page.goto('/');
    await page.getByText('Arena fight').first().waitFor();
    await page.getByText('Arena fight').first().click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    // The only console message is Chromium's note of the one deliberate 400 (the bad upload).
    expect(h.errors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
    expect(h.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it("shows every tab at 390 px, and the server's problem next to the field it names, that field brought into view", async () => {
    const { page } = await h.page({ width: 390, height: 700, mobile: true });
    await page.goto('/');
    // At 390 px every tab is on the screen, whole (the third was cut at "Bu").
    for (const name of ['From an example', 'Upload a scenario', 'Build one']) {
      const tab = (await page.getByRole('tab', { name }).boundingBox())!;
      expect(tab.x).toBeGreaterThanOrEqual(0);
      expect(tab.x + tab.width, name).toBeLessThanOrEqual(390);
      await page.getByRole('tab', { name }).click();
      expect(await pageOverflow(page), name).toBeLessThanOrEqual(0);
    }
    await page.getByRole('tab', { name: 'Build one' }).click();
    // Figure 2: ST 8 with a greatsword (ST 16): only the server knows the weapon table's rule.
    const second = page.locator('fieldset.fig-edit').nth(1);
    await second.locator('label.field', { hasText: 'ST' }).first().locator('input').fill('8');
    await second.locator('label.field', { hasText: 'Weapons' }).locator('select').selectOption(['greatsword']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Open the table' }).click();

    // The message sits in the Weapons field of figure 2 (the server's path: figures[1].weapons[0]).
    const weapons = second.locator('label.field', { hasText: 'Weapons' });
    await expect.poll(() => weapons.locator('.field-error').textContent()).toMatch(/Greatsword needs ST 16/);
    expect(await weapons.getAttribute('class')).toMatch(/invalid/);
    // ...and it is on the screen with the cursor in it, not only in the summary at the top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('label.field')?.textContent ?? '')).toMatch(/Weapons/);
    const box = await weapons.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(700);
    await h.shot(page, 'editor-server-error-390');
    expect(h.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
