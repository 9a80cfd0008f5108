// The lobby: examples, upload with the server's validation shown field by field, the editor
// with its messages next to the fields, opening the built encounter, and the list of tables
// this browser holds (reopen after a reload).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

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
});
